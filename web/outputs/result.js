// The Result tab: the object as it is after the apply. Filled only while
// its tab is shown: a hidden editor is brought up to date when the tab
// opens (see LazyView).

import { byId } from '../dom.js';
import { createEditor, baseExtensions, setText } from '../editor/cm/setup.js';
import { lineHighlight, showSpan } from '../editor/cm/line-highlight.js';
import { ACTION_WORDS } from './format.js';
import { LazyView } from './lazy.js';

export class ResultView extends LazyView {
  constructor() {
    super();
    /** The editor, made when first needed (see view). @type {import('@codemirror/view').EditorView|null} */
    this.editor = null;
    this.badge = byId('result-action');
    /** @type {import('../workers/api-types.js').Result|null} */
    this.result = null;
  }

  /**
   * The tab's editor, made when the tab first shows an answer, not with
   * the page: the tab is hidden on a first visit, and at half a core each
   * editor made before the first result delays it (docs/performance.md,
   * "A slow device").
   */
  get view() {
    if (!this.editor) {
      this.editor = createEditor(byId('editor-result'), '', [
        ...baseExtensions({ label: 'Object after the apply (read-only)', readOnly: true }),
        lineHighlight(),
      ]);
    }
    return this.editor;
  }

  /** @param {import('../workers/api-types.js').Result} result */
  render(result) {
    this.result = result;
    // The badge sits on the tab itself: always shown.
    const words = ACTION_WORDS[result.action] || result.action;
    if (this.badge.textContent !== words) this.badge.textContent = words;
    const className = `badge action-${result.action}`;
    if (this.badge.className !== className) this.badge.className = className;
    this.badge.hidden = false;
    this.invalidate();
  }

  /** @protected */
  update() {
    setText(this.view, this.result ? this.result.objectYAML || '' : '');
  }

  /** @protected */
  showHighlight(span, scroll) {
    // No editor yet: nothing is marked in it.
    if (!this.editor && !span) return;
    showSpan(this.view, span, scroll);
  }

  clear() {
    this.result = null;
    this.badge.hidden = true;
    this.invalidate();
  }
}
