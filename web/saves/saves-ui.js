// The saved work's side of the page: the "Saves" panel (save as, the list
// with search, open, rename, duplicate, delete with undo, export and
// import), the autosave of the working state as the user types, the offer
// of unsaved work on a fresh start, and the notice when the browser gives
// no storage. The store is wasm/store (IndexedDB through go-indexeddb),
// loaded into the page by this module; what it does is
// engine/savedwork's. Pure parts: saved-work.js. This module is a lazy
// chunk: saves.js imports it when the page is idle after its first result.
//
// Autosaves go with share-ui.js's draft: both follow the same changes
// (Sharing calls onChange), so opening a link is no change and this tab's
// autosave keeps the work the link replaced, as the draft does.

import { assets } from '../workers/assets.js';
import { compileWasm, runGo } from '../workers/wasm-loader.js';
import { byId, h, clear } from '../dom.js';
import { sameState, validateState, toPlain4, TIMELINE_VERSION, FLAGS_VERSION, KUSTOMIZE_VERSION } from '../share/share.js';
import {
  StoreClient, Autosaver, describeTime, describeImport, exportFileName, unavailableMessage, splitStep, STEP_FIELD,
} from './saved-work.js';
import { sessionId } from './session.js';

/** @typedef {import('./saved-work.js').SaveItem} SaveItem */
/** @typedef {import('./saved-work.js').StoreResponse} StoreResponse */

/** How long the store's program may take to start. */
const READY_TIMEOUT_MS = 20000;
const SEARCH_MS = 120;
/** Largest file Import reads (engine/savedwork.MaxImportLen). */
const MAX_IMPORT_BYTES = 64 << 20;

const idle = typeof requestIdleCallback === 'function'
  ? (fn) => requestIdleCallback(() => fn(), { timeout: 2000 })
  : (fn) => setTimeout(fn, 0);

/**
 * Starts wasm/store in the page: Go's wasm_exec.js (already cached by the
 * engine's worker), then the wasm (workers/wasm-loader.js, as the workers
 * start theirs). Resolves with its bridge.
 * @returns {Promise<{call: (request: string) => Promise<string>}>}
 */
export async function loadStoreBridge() {
  const wasmURL = new URL(assets.storeWasm, document.baseURI).href;
  const fetching = fetch(wasmURL);
  if (typeof globalThis.Go !== 'function') {
    await new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = new URL(assets.wasmExec, document.baseURI).href;
      script.onload = resolve;
      script.onerror = () => reject(new Error(`${assets.wasmExec} did not load`));
      document.head.append(script);
    });
  }
  const module = await compileWasm(fetching, assets.storeWasm);
  const { api } = await runGo(module, {
    bridge: 'applylensStore',
    endedMessage: 'the store program ended',
    readyTimeoutMs: READY_TIMEOUT_MS,
    timeoutMessage: 'the store program did not start',
  });
  return api;
}

export class SavedWork {
  /**
   * @param {object} page
   * @param {() => object} page.getState the page's state (pageState())
   * @param {(state: any) => void} page.setState shows a state and computes it (applyState())
   * @param {() => void} page.changed tells the page the user changed its state (the draft follows)
   * @param {() => void} page.focusPanes gives the focus back to the inputs
   * @param {() => import('./saved-work.js').StepRef|null} page.getStep the selected step
   * @param {(step: import('./saved-work.js').StepRef) => void} page.setStep selects a step once the next answer is shown
   * @param {boolean} fresh the tab started without a draft: unsaved work is offered
   */
  constructor({ getState, setState, changed, focusPanes, getStep, setStep }, fresh) {
    /**
     * The page's state as links and drafts store it (toPlain4: no derived
     * last-applied text; the mode shown, the timeline, the flags set and
     * the Kustomize mode's tree), and the selected step beside it.
     */
    this.getState = () => {
      const state = toPlain4(/** @type {any} */ (getState()));
      const step = getStep();
      return step ? { ...state, [STEP_FIELD]: step } : state;
    };
    this.setStep = setStep;
    this.readPage = getState;
    this.setState = setState;
    this.pageChanged = changed;
    this.focusPanes = focusPanes;
    this.session = sessionId();
    this.autosaveId = `autosave:${this.session}`;
    this.fresh = fresh;
    this.client = new StoreClient(loadStoreBridge);
    this.autosaver = new Autosaver({
      write: (state) => this.client.call({ op: 'autosave', session: this.session, state, at: Date.now() }),
      getState: () => this.getState(),
      onWritten: (response) => {
        if (response.error) this.storageFailed(response.error);
      },
      whenIdle: idle,
    });
    /** True once the store is being loaded; changes before wait for it. */
    this.begun = false;
    this.changedEarly = false;
    /** Set once the page said that saving is off (said once). */
    this.off = false;
    /** The named save the page shows, for "Save to …". @type {SaveItem|null} */
    this.current = null;
    /** What Undo does, if anything. @type {(() => Promise<void>)|null} */
    this.undoAction = null;
    /** The last export's text (for tests: docs/page.md). */
    this.lastExport = '';
    /** 0: none. @type {ReturnType<typeof setTimeout>|0} */
    this.searchTimer = 0;
    /** @type {Promise<void>} */
    this.ready = new Promise((resolve) => {
      this.resolveReady = resolve;
    });

    this.build();
  }

  /** The user changed the page's state: autosave it (once the store was asked for). */
  changed() {
    if (this.off) return;
    if (!this.begun) {
      this.changedEarly = true;
      return;
    }
    this.autosaver.changed();
  }

  /** Writes what is pending (the page is being left). */
  flush() {
    this.autosaver.flush();
  }

  /** Loads the store, checks it works, offers unsaved work. */
  async begin() {
    if (this.begun) return this.ready;
    this.begun = true;
    const list = await this.client.call({ op: 'list' });
    if (list.error) {
      this.storageFailed(list.error);
    } else {
      if (this.changedEarly) this.autosaver.changed();
      if (this.fresh) await this.offer(list.autosaves || []);
      if (!this.panel.hidden) this.showList(list);
    }
    this.resolveReady();
    return this.ready;
  }

  /**
   * The browser refused to store: say so once; saving stops unless the
   * storage is only full.
   * @private
   * @param {import('./saved-work.js').StoreError} error
   */
  storageFailed(error) {
    if (error.kind !== 'quota' && error.kind !== 'unavailable') {
      console.warn(`applylens: the autosave failed: ${error.message}`);
      return;
    }
    if (error.kind === 'unavailable') {
      this.autosaver.stop();
      this.panel.dataset.state = 'unavailable';
    }
    if (this.off) return;
    this.off = error.kind === 'unavailable';
    this.notice.textContent = unavailableMessage(error);
    this.notice.dataset.kind = error.kind;
    this.notice.hidden = false;
    this.unavailableNote.textContent = unavailableMessage(error);
    this.unavailableNote.hidden = false;
  }

  /**
   * Offers the newest autosave of another tab or visit, unless it is
   * what the page shows.
   * @private
   * @param {SaveItem[]} autosaves newest first
   */
  async offer(autosaves) {
    const newest = autosaves.find((a) => a.id !== this.autosaveId);
    if (!newest) return;
    const got = await this.client.call({ op: 'get', id: newest.id });
    const state = got.record && readState(got.record.state);
    if (!state || sameState(state, /** @type {any} */ (this.getState()))) return;
    clear(this.offerText);
    this.offerText.append(`Unsaved work from ${describeTime(newest.updated)}${newest.summary ? ` (${newest.summary})` : ''}, from another tab or an earlier visit, is kept.`);
    this.offerItem = { ...newest, state };
    this.offerBox.hidden = false;
  }

  /** @private */
  build() {
    const toggle = byId('btn-saves');
    this.toggleButton = toggle;
    this.panel = byId('saves');
    toggle.addEventListener('click', () => this.toggle());

    // The bar under the header: the unavailable notice, the offer.
    this.notice = h('p', { id: 'saves-notice', className: 'saves-notice', hidden: true, attrs: { role: 'status' } });
    this.offerText = h('span', { id: 'saves-offer-text' });
    this.offerBox = h('div', { id: 'saves-offer', className: 'saves-offer', hidden: true, attrs: { role: 'region', 'aria-label': 'Unsaved work' } },
      this.offerText,
      h('button', { type: 'button', id: 'btn-saves-restore', className: 'small', text: 'Restore it', onclick: () => this.restoreOffer() }),
      h('button', { type: 'button', id: 'btn-saves-offer-dismiss', className: 'small', text: 'Dismiss', onclick: () => { this.offerBox.hidden = true; } }));
    const bar = h('div', { id: 'saves-bar', className: 'saves-bar' }, this.notice, this.offerBox);
    byId('link-error').after(bar);

    this.nameInput = /** @type {HTMLInputElement} */ (h('input', { id: 'saves-name', type: 'text', maxLength: 200, attrs: { placeholder: 'Name of this work', autocomplete: 'off', 'aria-label': 'Name for the new save' } }));
    this.saveButton = h('button', { type: 'button', id: 'btn-save', hidden: true, onclick: () => this.saveCurrent() });
    this.searchInput = /** @type {HTMLInputElement} */ (h('input', { id: 'saves-search', type: 'search', attrs: { placeholder: 'Search saves', 'aria-label': 'Search saves', autocomplete: 'off' } }));
    this.list = h('ul', { id: 'saves-list', className: 'saves-list', attrs: { 'aria-label': 'Saves' } });
    this.empty = h('p', { id: 'saves-empty', className: 'saves-empty', hidden: true });
    this.autoList = h('ul', { id: 'saves-autosaves', className: 'saves-list', attrs: { 'aria-label': 'Unsaved work' } });
    this.autoHeading = h('h3', { className: 'small-heading', text: 'Unsaved work (autosaved, one per tab)' });
    this.status = h('span', { id: 'saves-status', attrs: { role: 'status', 'aria-live': 'polite' } });
    this.undoButton = h('button', { type: 'button', id: 'btn-saves-undo', className: 'small', text: 'Undo', hidden: true, onclick: () => this.undo() });
    this.unavailableNote = h('p', { id: 'saves-unavailable', className: 'saves-unavailable', hidden: true });
    this.importInput = /** @type {HTMLInputElement} */ (h('input', { id: 'saves-import', type: 'file', className: 'offscreen', attrs: { accept: '.json,application/json', tabindex: '-1' } }));
    this.importInput.addEventListener('change', () => this.importFile());

    clear(this.panel);
    this.panel.append(
      h('div', { className: 'saves-head' },
        h('h2', { id: 'saves-title', text: 'Saved work' }),
        h('p', { className: 'saves-hint', text: 'Kept in this browser only. Your work is also autosaved as you type.' }),
        h('button', { type: 'button', id: 'btn-saves-close', className: 'small', text: 'Close', onclick: () => this.toggle(false) })),
      this.unavailableNote,
      h('form', { id: 'saves-form', className: 'saves-form', onsubmit: (e) => { e.preventDefault(); this.saveAs(); } },
        this.nameInput,
        h('button', { type: 'submit', id: 'btn-save-as', text: 'Save as' }),
        this.saveButton),
      this.searchInput,
      this.list,
      this.empty,
      this.autoHeading,
      this.autoList,
      h('div', { className: 'saves-foot' },
        h('button', { type: 'button', id: 'btn-saves-export', text: 'Export all', onclick: () => this.exportAll() }),
        h('button', { type: 'button', id: 'btn-saves-import', text: 'Import…', onclick: () => this.importInput.click() }),
        this.importInput),
      h('p', { className: 'saves-status-line' }, this.status, this.undoButton));

    this.searchInput.addEventListener('input', () => {
      clearTimeout(this.searchTimer);
      this.searchTimer = setTimeout(() => this.refresh(), SEARCH_MS);
    });
    this.panel.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && !(e.target instanceof HTMLInputElement && e.target.classList.contains('saves-rename'))) {
        this.toggle(false);
        this.toggleButton.focus();
      }
    });
    this.list.addEventListener('click', (e) => this.onListClick(e));
    this.autoList.addEventListener('click', (e) => this.onListClick(e));
  }

  /** Opens or closes the panel. @param {boolean} [open] */
  async toggle(open = this.panel.hidden === true) {
    this.panel.hidden = !open;
    this.toggleButton.setAttribute('aria-expanded', String(open));
    if (!open) return;
    this.nameInput.focus();
    await this.begin();
    await this.refresh();
  }

  /** Reads the list again (with the search) and shows it. */
  async refresh() {
    if (this.off) return;
    const list = await this.client.call({ op: 'list', query: this.searchInput.value });
    if (list.error) {
      this.say(list.error.message, 'error');
      return;
    }
    this.showList(list);
  }

  /** @private @param {StoreResponse} list */
  showList(list) {
    const saves = list.saves || [];
    const autos = list.autosaves || [];
    clear(this.list);
    for (const item of saves) this.list.append(this.saveRow(item));
    const query = this.searchInput.value.trim();
    this.empty.textContent = query ? `No save matches “${query}”.` : 'No saves yet: name this work above and press Save as.';
    this.empty.hidden = saves.length > 0;
    clear(this.autoList);
    for (const item of autos) this.autoList.append(this.autosaveRow(item));
    this.autoHeading.hidden = autos.length === 0;
    this.panel.dataset.saves = String(saves.length);
    if (this.current) {
      const still = saves.find((s) => s.id === this.current.id);
      if (still) this.current = still;
    }
    this.showCurrent();
  }

  /** @private @param {SaveItem} item */
  saveRow(item) {
    return h('li', { className: 'save', dataset: { id: item.id } },
      h('span', { className: 'save-name', text: item.name || '' }),
      h('span', { className: 'save-meta', text: [item.summary, `saved ${describeTime(item.updated)}`].filter(Boolean).join(' · ') }),
      h('span', { className: 'save-actions' },
        rowButton('open', 'Open', item), rowButton('rename', 'Rename', item),
        rowButton('duplicate', 'Duplicate', item), rowButton('delete', 'Delete', item)));
  }

  /** @private @param {SaveItem} item */
  autosaveRow(item) {
    const mine = item.id === this.autosaveId;
    const label = `Unsaved work from ${describeTime(item.updated)}${mine ? ' (this tab)' : ''}`;
    return h('li', { className: 'save autosave', dataset: { id: item.id, mine: String(mine) } },
      h('span', { className: 'save-name', text: label }),
      h('span', { className: 'save-meta', text: item.summary || '' }),
      h('span', { className: 'save-actions' },
        mine ? null : rowButton('open', 'Open', { ...item, name: label }),
        mine ? null : rowButton('discard', 'Discard', { ...item, name: label })));
  }

  /** @private @param {MouseEvent} e */
  onListClick(e) {
    const button = e.target instanceof Element ? e.target.closest('button[data-action]') : null;
    if (!(button instanceof HTMLButtonElement)) return;
    const row = button.closest('li');
    const id = row ? row.dataset.id || '' : '';
    const name = button.dataset.name || '';
    switch (button.dataset.action) {
      case 'open': this.open(id, name); break;
      case 'rename': this.startRename(/** @type {HTMLElement} */ (row), id); break;
      case 'duplicate': this.duplicate(id); break;
      case 'delete': case 'discard': this.remove(id, name); break;
    }
  }

  /** @private */
  async saveAs() {
    const typed = this.nameInput.value.trim() || 'Untitled';
    const r = await this.client.call({ op: 'saveAs', name: typed, state: this.getState(), at: Date.now() });
    if (this.failed(r) || !r.item) return;
    this.current = r.item;
    this.nameInput.value = '';
    const renamed = r.item.name !== typed ? ` (a save named “${typed}” exists; both are kept)` : '';
    this.say(`Saved as “${r.item.name}”${renamed}.`, 'saved');
    await this.refresh();
  }

  /** Saves the page into the named save it came from. @private */
  async saveCurrent() {
    if (!this.current) return;
    const r = await this.client.call({ op: 'update', id: this.current.id, state: this.getState(), at: Date.now() });
    if (this.failed(r) || !r.item) return;
    this.current = r.item;
    this.say(`Saved “${r.item.name}”.`, 'saved');
    await this.refresh();
  }

  /** @private */
  showCurrent() {
    this.saveButton.hidden = !this.current;
    if (this.current) {
      this.saveButton.textContent = `Save to “${this.current.name}”`;
      this.saveButton.title = this.saveButton.textContent;
    }
  }

  /** @private @param {string} id @param {string} name */
  async open(id, name) {
    const r = await this.client.call({ op: 'get', id });
    if (this.failed(r) || !r.record) return;
    const state = readState(r.record.state);
    if (!state) {
      this.say(`“${name}” cannot be opened: its state is not one this page reads.`, 'error');
      return;
    }
    this.current = r.record.kind === 'named' ? r.record : null;
    this.showCurrent();
    this.show(state, `Opened “${name}”. Undo brings back what you had.`);
  }

  /** @private */
  restoreOffer() {
    const item = this.offerItem;
    this.offerBox.hidden = true;
    if (!item) return;
    this.current = null;
    this.show(item.state, `Restored the unsaved work from ${describeTime(item.updated)}. Undo brings back what you had.`);
    this.focusPanes();
  }

  /**
   * Shows a state as the user's change (the draft and the autosave
   * follow), keeping what the page showed for Undo.
   * @private
   * @param {object} state
   * @param {string} message
   */
  show(state, message) {
    const before = this.readPage();
    const { step, ...page } = /** @type {any} */ (state);
    this.setState(page);
    if (step) this.setStep(step);
    this.pageChanged();
    if (sameState(/** @type {any} */ (before), /** @type {any} */ (this.getState()))) {
      this.say(message.replace(/ Undo brings back what you had\.$/, ''), 'opened');
      return;
    }
    this.say(message, 'opened', async () => {
      this.setState(before);
      this.pageChanged();
      this.say('Your previous panes are back.', 'undo');
    });
  }

  /** @private @param {HTMLElement} row @param {string} id */
  startRename(row, id) {
    const nameEl = row.querySelector('.save-name');
    if (!nameEl) return;
    const old = nameEl.textContent || '';
    const input = /** @type {HTMLInputElement} */ (h('input', { type: 'text', className: 'saves-rename', value: old, maxLength: 200, attrs: { 'aria-label': `New name for ${old}` } }));
    nameEl.replaceWith(input);
    input.focus();
    input.select();
    let done = false;
    const finish = async (commit) => {
      if (done) return;
      done = true;
      const name = input.value.trim();
      if (!commit || name === old || !name) {
        input.replaceWith(nameEl);
        return;
      }
      const r = await this.client.call({ op: 'rename', id, name });
      if (this.failed(r)) {
        input.replaceWith(nameEl);
        return;
      }
      if (this.current && this.current.id === id && r.item) this.current = r.item;
      this.say(`Renamed “${old}” to “${name}”.`, 'renamed');
      await this.refresh();
    };
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') finish(true);
      else if (e.key === 'Escape') {
        e.stopPropagation();
        finish(false);
      }
    });
    input.addEventListener('blur', () => finish(true));
  }

  /** @private @param {string} id */
  async duplicate(id) {
    const r = await this.client.call({ op: 'duplicate', id, at: Date.now() });
    if (this.failed(r) || !r.item) return;
    this.say(`Made a copy: “${r.item.name}”.`, 'duplicated');
    await this.refresh();
  }

  /** Deletes a save (or discards an autosave), with Undo. @private @param {string} id @param {string} name */
  async remove(id, name) {
    const r = await this.client.call({ op: 'delete', id });
    if (this.failed(r) || !r.record) return;
    const record = r.record;
    if (this.current && this.current.id === id) this.current = null;
    this.say(`Deleted “${name}”.`, 'deleted', async () => {
      const back = await this.client.call({ op: 'restore', record });
      if (this.failed(back)) return;
      this.say(`“${name}” is back.`, 'undo');
      await this.refresh();
    });
    await this.refresh();
    this.undoButton.focus();
  }

  /** Downloads every named save as one JSON file. @private */
  async exportAll() {
    const at = Date.now();
    const r = await this.client.call({ op: 'export', at });
    if (this.failed(r) || r.file === undefined) return;
    this.lastExport = r.file;
    const url = URL.createObjectURL(new Blob([r.file], { type: 'application/json' }));
    const link = h('a', { href: url, attrs: { download: exportFileName(at) }, className: 'offscreen' });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    const count = JSON.parse(r.file).saves.length;
    this.say(`Exported ${count} save${count === 1 ? '' : 's'} to ${exportFileName(at)}.`, 'exported');
  }

  /** Imports the chosen export file, merging. @private */
  async importFile() {
    const file = this.importInput.files && this.importInput.files[0];
    this.importInput.value = '';
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      this.say(`“${file.name}” is too large to import (over 64 MiB).`, 'error');
      return;
    }
    let text;
    try {
      text = await file.text();
    } catch (err) {
      this.say(`“${file.name}” could not be read (${err instanceof Error ? err.message : String(err)}).`, 'error');
      return;
    }
    const r = await this.client.call({ op: 'import', file: text, at: Date.now() });
    if (r.error) {
      this.say(`“${file.name}” was not imported: ${r.error.message}.`, 'error');
      return;
    }
    if (r.report) this.say(describeImport(r.report), 'imported');
    await this.refresh();
  }

  /** @private */
  async undo() {
    const action = this.undoAction;
    this.undoAction = null;
    this.undoButton.hidden = true;
    if (action) await action();
  }

  /**
   * Says what happened; with an undo action, shows Undo.
   * @private
   * @param {string} text
   * @param {string} kind
   * @param {(() => Promise<void>)|null} [undo]
   */
  say(text, kind, undo = null) {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
    this.undoAction = undo;
    this.undoButton.hidden = !undo;
  }

  /** Says a request's error; true when there was one. @private @param {StoreResponse} r */
  failed(r) {
    if (!r.error) return false;
    if (r.error.kind === 'unavailable' || r.error.kind === 'quota') this.storageFailed(r.error);
    this.say(r.error.kind === 'unavailable' ? unavailableMessage(r.error) : `${capitalize(r.error.message)}.`, 'error');
    return true;
  }
}

/** @param {string} action @param {string} label @param {SaveItem} item */
function rowButton(action, label, item) {
  return h('button', { type: 'button', className: 'small', text: label, dataset: { action, name: item.name || '' }, attrs: { 'aria-label': `${label} ${item.name || ''}` } });
}

/**
 * A stored state checked as a link's is (it may come from an imported
 * file), with the selected step kept beside it.
 * @param {unknown} value
 * @returns {(import('../share/share.js').ShareState & {step: import('./saved-work.js').StepRef|null})|null}
 */
function readState(value) {
  const { page, step } = splitStep(value);
  try {
    // Saves carry the mode shown and the timeline (link version 2),
    // when set, the flags (version 3), and the Kustomize mode's tree
    // (version 4); a state without them is read as a version 1 link is.
    const has = (key) => !!page && typeof page === 'object' && Object.hasOwn(page, key);
    const version = has('kustomize') ? KUSTOMIZE_VERSION : has('flags') ? FLAGS_VERSION : has('view') ? TIMELINE_VERSION : 1;
    return { ...validateState(page, { version }), step };
  } catch {
    return null;
  }
}

/** @param {string} s */
function capitalize(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
