// The Result tab: the object as it is after the apply.

import { byId } from '../dom.js';
import { createEditor, baseExtensions, setText } from '../cm/setup.js';
import { lineHighlight, showSpan } from '../cm/line-highlight.js';
import { ACTION_WORDS } from './format.js';

export class ResultView {
  constructor() {
    this.view = createEditor(byId('editor-result'), '', [
      ...baseExtensions({ label: 'Object after the apply (read-only)', readOnly: true }),
      lineHighlight(),
    ]);
    this.badge = byId('result-action');
  }

  /** @param {import('../api-types.js').Result} result */
  render(result) {
    setText(this.view, result.objectYAML || '');
    this.badge.textContent = ACTION_WORDS[result.action] || result.action;
    this.badge.className = `badge action-${result.action}`;
    this.badge.hidden = false;
  }

  highlight(span, scroll = true) {
    showSpan(this.view, span, scroll);
  }

  clear() {
    setText(this.view, '');
    this.badge.hidden = true;
  }
}
