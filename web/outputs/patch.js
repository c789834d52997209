// The Patch tab: the patch kubectl sends, as YAML or JSON, with each
// directive marked and explained, the patch type and why, and the
// equivalent `kubectl patch` command. Filled only while its tab is shown
// (see LazyView).

import { h, clear, byId } from '../dom.js';
import { createEditor, baseExtensions, setText } from '../editor/cm/setup.js';
import { lineHighlight, showSpan } from '../editor/cm/line-highlight.js';
import { directiveMarks, placeByLines, placeByText, showDirectives } from '../editor/cm/directives.js';
import { PATCH_TYPE_WORDS } from './format.js';
import { LazyView } from './lazy.js';
import { Compartment } from '@codemirror/state';
import { yaml } from '@codemirror/lang-yaml';
import { json } from '@codemirror/lang-json';

/** @typedef {import('../workers/api-types.js').Result} Result */

export class PatchView extends LazyView {
  constructor() {
    super();
    this.format = 'yaml';
    /** @type {Result|null} */
    this.result = null;
    /** What the meta, command and directive list show, to skip unchanged DOM. */
    this.shown = { meta: '', command: null, directives: '' };
    this.language = new Compartment();
    /** The editor, made when first needed (see view). @type {import('@codemirror/view').EditorView|null} */
    this.editor = null;
    this.meta = byId('patch-meta');
    this.directiveList = byId('patch-directives');
    this.command = byId('kubectl-patch');
    this.copyButton = /** @type {HTMLButtonElement} */ (byId('btn-copy-patch'));
    this.copyStatus = byId('copy-status');
    this.yamlButton = byId('patch-format-yaml');
    this.jsonButton = byId('patch-format-json');
    this.yamlButton.addEventListener('click', () => this.setFormat('yaml'));
    this.jsonButton.addEventListener('click', () => this.setFormat('json'));
    this.copyButton.addEventListener('click', () => this.copy());
  }

  /**
   * The tab's editor, made when the tab first shows an answer or its
   * format changes, not with the page: the tab is hidden on a first visit,
   * and at half a core each editor made before the first result delays it
   * (docs/performance.md, "A slow device").
   */
  get view() {
    if (!this.editor) {
      this.editor = createEditor(byId('editor-patch'), '', [
        ...baseExtensions({ label: 'Patch kubectl sends (read-only)', readOnly: true, placeholder: 'No patch.' }),
        this.language.of([]),
        lineHighlight(),
        directiveMarks(),
      ]);
    }
    return this.editor;
  }

  /** @param {'yaml'|'json'} format */
  setFormat(format) {
    this.format = format;
    this.yamlButton.setAttribute('aria-pressed', String(format === 'yaml'));
    this.jsonButton.setAttribute('aria-pressed', String(format === 'json'));
    this.view.dispatch({ effects: this.language.reconfigure(format === 'json' ? json() : yaml()) });
    if (this.result) this.invalidate();
  }

  /** @param {Result} result */
  render(result) {
    this.result = result;
    this.invalidate();
  }

  clear() {
    this.result = null;
    this.invalidate();
  }

  /** @protected */
  update() {
    const result = this.result;
    this.renderMeta(result);
    const command = result ? result.kubectlPatch || '' : '';
    if (this.shown.command !== command) {
      this.shown.command = command;
      this.command.textContent = command;
      this.copyButton.disabled = !command;
      this.copyStatus.textContent = '';
    }
    const directives = result ? result.directives || [] : [];
    const key = JSON.stringify(directives);
    if (this.shown.directives !== key) {
      this.shown.directives = key;
      clear(this.directiveList);
      byId('patch-directives-block').hidden = directives.length === 0;
      for (const d of directives) {
        this.directiveList.append(
          h('dt', {}, h('code', { text: d.name }), d.path ? h('span', { className: 'dir-path', text: ` at ${d.path}` }) : null),
          h('dd', { text: d.meaning }));
      }
    }
    const text = !result ? '' : this.format === 'json' ? result.patchJSON || '' : result.patchYAML || '';
    setText(this.view, text);
    const placed = this.format === 'json'
      ? placeByText(text, directives)
      : placeByLines(this.view.state.doc, directives);
    showDirectives(this.view, placed);
  }

  /** @private @param {Result|null} result */
  renderMeta(result) {
    const key = result ? JSON.stringify([result.action, result.patchType, result.patchTypeWhy]) : '';
    if (this.shown.meta === key) return;
    this.shown.meta = key;
    clear(this.meta);
    if (!result) return;
    const type = PATCH_TYPE_WORDS[result.patchType] || result.patchType || '';
    if (result.action === 'create') {
      this.meta.append(h('p', {}, h('strong', { text: 'No patch: ' }), 'the object does not exist yet, so kubectl creates it instead of patching.'));
    } else {
      this.meta.append(
        h('p', {}, h('strong', { text: 'Patch type: ' }), h('span', { id: 'patch-type', text: type })),
        result.patchTypeWhy ? h('p', { className: 'why', id: 'patch-type-why', text: result.patchTypeWhy }) : null,
      );
      if (result.action === 'unchanged') {
        this.meta.append(h('p', { text: 'The patch is empty ({}), so kubectl sends no request and reports "unchanged".' }));
      }
    }
  }

  /** Marks a step's lines; spans refer to the YAML form only. @protected */
  showHighlight(span, scroll) {
    // No editor yet: nothing is marked in it.
    if (!this.editor && !span) return;
    showSpan(this.view, this.format === 'yaml' ? span : null, scroll);
  }

  async copy() {
    const text = this.command.textContent || '';
    if (!text) return;
    let ok = false;
    try {
      await navigator.clipboard.writeText(text);
      ok = true;
    } catch {
      // Clipboard API refused (no permission, insecure context): fall back
      // to selecting the text so the user can copy it themselves.
      const range = document.createRange();
      range.selectNodeContents(this.command);
      const sel = window.getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
      try {
        ok = document.execCommand('copy');
      } catch {
        ok = false;
      }
    }
    this.copyStatus.textContent = ok ? 'Copied.' : 'Selected: press Ctrl+C to copy.';
  }
}
