// "Embed" on the full page: a panel (#embed-code) with the embed options
// and the ready <iframe> snippet of the page as it is (snippet.js), and
// "Copy embed code". A chunk of its own: loaded on the first click.

import { byId, h } from '../dom.js';
import { encodeState } from '../share/share.js';
import { copyText } from '../share/share-ui.js';
import { PANES } from './options.js';
import { embedAddress, embedSnippet } from './snippet.js';
import { pageAddress } from './embed.js';

/** @typedef {import('../share/share.js').ShareState} ShareState */

const PANE_LABELS = { 'last-applied': 'last-applied', file: 'file', live: 'live', results: 'results' };

/**
 * @typedef {object} CodePage
 * @property {() => ShareState} getState what the page shows
 * @property {() => number} selectedStep the selected step (0-based), -1 for none: the
 *   Steps list's, or in the Timeline mode the timeline's
 * @property {() => string} applyView in the Timeline mode, the view each apply shows
 * @property {(state: ShareState) => string} exampleAddress 'example=<id>' when the page shows an example unchanged, else ''
 */

/** @type {EmbedCode|null} */
let panel = null;

/** Opens the panel (made on first use) or closes it. @param {CodePage} page */
export function toggleEmbedCode(page) {
  if (!panel) panel = new EmbedCode(page);
  panel.toggle();
}

class EmbedCode {
  /** @param {CodePage} page */
  constructor(page) {
    this.page = page;
    /** Counts refreshes: a slower, older one must not overwrite a newer. */
    this.version = 0;
    this.button = byId('btn-embed-code');
    /** @param {string} id @param {string} label @param {boolean} checked */
    const check = (id, label, checked) => h('label', { className: 'check' },
      h('input', { type: 'checkbox', id, checked, onchange: () => this.refresh() }), ` ${label}`);
    this.stepLabel = h('span', { text: 'start at the selected step' });
    /** The user's choice for "start at the selected step": ticked only while a step is selected. */
    this.stepWanted = true;
    this.readonlyLabel = h('span', { text: 'read-only editors' });
    this.text = /** @type {HTMLTextAreaElement} */ (h('textarea', {
      id: 'embed-code-text', readOnly: true, rows: 9, spellcheck: false, attrs: { 'aria-label': 'Embed code' },
    }));
    this.status = h('span', { id: 'embed-code-status', className: 'copy-status', attrs: { role: 'status' } });
    this.theme = /** @type {HTMLSelectElement} */ (h('select', { id: 'embed-theme', onchange: () => this.refresh() },
      h('option', { value: 'auto', text: 'the reader\'s system' }),
      h('option', { value: 'light', text: 'light' }),
      h('option', { value: 'dark', text: 'dark' })));
    this.section = h('section', { id: 'embed-code', className: 'embed-code', attrs: { 'aria-labelledby': 'embed-code-title' }, hidden: true },
      h('h2', { id: 'embed-code-title', text: 'Embed this example in a page' }),
      this.hint = h('p', { className: 'panel-hint' }),
      this.panes = h('fieldset', { className: 'embed-options' },
        h('legend', { text: 'Show' }),
        ...PANES.map((p) => check(`embed-pane-${p}`, PANE_LABELS[p], true))),
      h('div', { className: 'embed-options' },
        h('label', { className: 'check' }, h('input', { type: 'checkbox', id: 'embed-readonly', onchange: () => this.refresh() }), ' ', this.readonlyLabel),
        h('label', { className: 'check' }, h('input', {
          type: 'checkbox', id: 'embed-step', checked: true,
          onchange: (e) => { this.stepWanted = /** @type {HTMLInputElement} */ (e.target).checked; this.refresh(); },
        }), ' ', this.stepLabel),
        h('label', { className: 'check' }, 'theme ', this.theme)),
      this.text,
      h('div', { className: 'embed-actions' },
        h('button', { type: 'button', id: 'btn-embed-copy', text: 'Copy embed code', onclick: () => this.copy() }),
        h('button', { type: 'button', id: 'btn-embed-close', className: 'small', text: 'Close', onclick: () => this.toggle(false) }),
        this.status));
    byId('help').before(this.section);
  }

  /** @param {boolean} [open] */
  toggle(open = this.section.hidden === true) {
    this.section.hidden = !open;
    this.button.setAttribute('aria-expanded', String(open));
    if (open) this.refresh().then(() => { this.text.setSelectionRange(0, 0); this.text.focus(); this.text.scrollTop = 0; });
    else this.button.focus();
  }

  /** Writes the snippet for the page as it is now. */
  async refresh() {
    const version = ++this.version;
    const checked = (id) => /** @type {HTMLInputElement} */ (byId(id)).checked;
    const step = this.page.selectedStep();
    const state = this.page.getState();
    // In the Timeline mode the embed shows the timeline, in the Kustomize
    // mode the kustomization: their panes are not the three.
    const kustomize = state.view === 'kustomize';
    const timeline = state.view === 'timeline' || kustomize;
    this.panes.hidden = timeline;
    this.hint.textContent = `An <iframe> showing ${kustomize ? 'this kustomization' : timeline ? 'this timeline' : 'these panes'}, and a few lines of script that size it to its content (without them it is 600 px high and scrolls). See docs/embedding.md.`;
    this.readonlyLabel.textContent = timeline ? 'read-only (files)' : 'read-only editors';
    this.stepLabel.textContent = step >= 0 ? `start at the selected step (${step + 1})` : 'start at the selected step (none selected)';
    // With no step selected there is nothing to start at: not ticked, not tickable.
    const stepBox = /** @type {HTMLInputElement} */ (byId('embed-step'));
    stepBox.disabled = step < 0;
    stepBox.checked = step >= 0 && this.stepWanted;
    const tab = kustomize ? 'steps' : timeline ? this.page.applyView() : state.tab;
    const options = {
      view: kustomize ? /** @type {const} */ ('kustomize') : timeline ? /** @type {const} */ ('timeline') : null,
      panes: timeline ? [...PANES] : PANES.filter((p) => checked(`embed-pane-${p}`)),
      tab: tab === 'steps' ? null : /** @type {any} */ (tab),
      step: !kustomize && checked('embed-step') && step >= 0 ? step + 1 : 0,
      readonly: checked('embed-readonly'),
      theme: /** @type {'auto'|'light'|'dark'} */ (this.theme.value),
    };
    if (options.panes.length === 0) options.panes = [...PANES];
    this.status.textContent = '';
    try {
      const fragment = this.page.exampleAddress(state) || await encodeState(state);
      if (version === this.version) this.text.value = embedSnippet(embedAddress(pageAddress(), options, fragment), location.origin);
    } catch (err) {
      if (version !== this.version) return;
      this.text.value = '';
      this.status.textContent = `No embed code: ${err instanceof Error ? err.message : String(err)}`;
    }
  }

  /** @private */
  async copy() {
    await this.refresh();
    if (!this.text.value) return;
    const copied = await copyText(this.text.value);
    this.status.textContent = copied ? 'Embed code copied.' : 'Select the code and copy it (the browser did not allow copying).';
    if (!copied) this.text.select();
  }
}
