// The page's side of share links and drafts (the format is share.js):
// "Copy link" (and Alt+L), opening a link on load and when the address
// bar's fragment changes, the tab's draft in sessionStorage, and what the
// page says about them: link-status, link-error, btn-link-undo.
//
// Which state the page opens with:
//   a share fragment whose draft exists  the draft (the link plus what the
//                                        user changed since: a reload)
//   another share fragment               the link; a draft of this tab,
//                                        if any, stays restorable (Undo)
//   a link that cannot be read           link-error, then as without one
//   no share fragment                    the draft, else the walkthrough

import { byId, h } from '../dom.js';
import {
  LIMITS, LinkError, encodeState, decodeFragment, fragmentVersion, fragmentKey, draftText, parseDraft, sameState,
} from './share.js';

/** @typedef {import('./share.js').ShareState} ShareState */

/** The sessionStorage key of the tab's draft. */
export const DRAFT_KEY = 'applylens-draft';
/** Quiet time after a change before the draft is saved. */
const SAVE_MS = 500;

const UNDO_LABEL = 'Undo: restore your previous panes';
const REDO_LABEL = "Back to the link's panes";

/** sessionStorage, or null where the browser refuses it. */
function sessionStore() {
  try {
    return globalThis.sessionStorage || null;
  } catch {
    return null;
  }
}

/** @param {number} n */
const count = (n) => n.toLocaleString('en-US');

/** Runs a function when the page is idle (a save of large panes then delays no keystroke). */
const idle = typeof requestIdleCallback === 'function'
  ? { start: (fn) => requestIdleCallback(fn, { timeout: 2000 }), stop: (id) => cancelIdleCallback(id) }
  : { start: (fn) => setTimeout(fn, 0), stop: (id) => clearTimeout(id) };

export class Sharing {
  /**
   * @param {object} page
   * @param {() => ShareState} page.getState what the page shows
   * @param {(state: ShareState) => void} page.setState loads a state (panes, flags, tab) and computes it
   * @param {() => void} page.showWalkthrough loads the documentation's walkthrough
   * @param {() => void} page.focusPanes gives the focus back to the inputs
   * @param {(state: ShareState) => string} [page.address] a shorter fragment
   *   (without '#') standing for the state, or '': an unchanged example's
   *   own address, example=<id>
   * @param {() => void} [page.onChange] told of each change the draft follows (the autosave: saves-ui.js)
   */
  constructor({ getState, setState, showWalkthrough, focusPanes, address = () => '', onChange = () => {} }) {
    this.address = address;
    this.onChange = onChange;
    this.getState = getState;
    this.setState = setState;
    this.showWalkthrough = showWalkthrough;
    this.focusPanes = focusPanes;
    this.storage = sessionStore();
    this.status = byId('link-status');
    this.undoButton = /** @type {HTMLButtonElement} */ (byId('btn-link-undo'));
    this.documentsButton = /** @type {HTMLButtonElement} */ (byId('btn-copy-documents'));
    this.error = byId('link-error');
    this.errorMessage = byId('link-error-message');
    /** False until start(): the page setting itself up is no change. */
    this.started = false;
    /** True while the page loads a state itself: not a change to save. */
    this.applying = false;
    /** Whether a change waits to be saved, and its timer and idle callback. */
    this.pending = false;
    /** 0: none. @type {ReturnType<typeof setTimeout>|0} */
    this.timer = 0;
    /** 0: none. @type {ReturnType<typeof idle.start>|0} */
    this.idleId = 0;
    /** The draft text last stored, to skip storing it again. */
    this.saved = '';
    /** Whether the last save failed (storage full or refused). */
    this.unsaved = false;
    /** fragmentKey of the link the page last opened or made. */
    this.linkKey = '';
    /** The page as the last opened link left it, before any change. @type {ShareState|null} */
    this.opened = null;
    /** What the undo button brings back. @type {ShareState|null} */
    this.restorable = null;
    /** After Undo of a page action (replace): the button's label and what redoing says; null after a link. @type {{label: string, done: string}|null} */
    this.redo = null;

    byId('btn-copy-link').addEventListener('click', () => this.copyLink());
    this.undoButton.addEventListener('click', () => this.undo());
    this.documentsButton.addEventListener('click', () => this.copyDocuments());
    byId('btn-link-error-dismiss').addEventListener('click', () => {
      this.hideError();
      this.focusPanes();
    });
    window.addEventListener('hashchange', () => this.onHashChange());
    // A reload, a closed or discarded tab: what changed in the last
    // half second is stored too.
    window.addEventListener('pagehide', () => this.flush());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') this.flush();
    });
  }

  /**
   * Loads what the page starts with (see the top of this file). Never
   * throws; a link is decoded asynchronously, the rest at once.
   * @returns {Promise<void>}
   */
  async start() {
    this.started = true;
    const hash = location.hash;
    const draft = this.readDraft();
    // early.js took a link over the limit out of the address at once.
    const refused = globalThis.applylensEarly?.refusedLinkChars;
    if (refused) {
      this.showError(new LinkError('too-long', `its data has ${count(refused)} characters, over the limit of ${count(LIMITS.linkChars)}.`),
        draft ? 'This tab\'s draft is shown instead.' : 'The documentation\'s walkthrough is shown instead.');
    }
    if (!fragmentVersion(hash) || (draft && draft.link === fragmentKey(hash))) {
      if (fragmentVersion(hash)) this.linkKey = fragmentKey(hash);
      if (draft) this.apply(draft.state);
      else this.showWalkthrough();
      return;
    }
    try {
      const state = await decodeFragment(hash);
      this.open(state, hash, draft && draft.state);
    } catch (err) {
      this.showError(err, draft ? 'This tab\'s draft is shown instead.' : 'The documentation\'s walkthrough is shown instead.');
      if (draft) this.apply(draft.state);
      else this.showWalkthrough();
    }
  }

  /**
   * Call after every change of the page's state: the draft is saved after
   * SAVE_MS without changes, when the page is idle.
   */
  changed() {
    if (this.applying || !this.started) return;
    this.onChange();
    if (this.status.dataset.kind === 'copied') this.say('', '');
    this.cancelSave();
    this.pending = true;
    this.timer = setTimeout(() => {
      this.timer = 0;
      this.idleId = idle.start(() => this.save());
    }, SAVE_MS);
  }

  /** Saves a pending change now. */
  flush() {
    if (this.pending) this.save();
  }

  /** @private */
  cancelSave() {
    clearTimeout(this.timer);
    if (this.idleId) idle.stop(this.idleId);
    this.timer = 0;
    this.idleId = 0;
  }

  /** Stores the page's state as the tab's draft. */
  save() {
    this.cancelSave();
    this.pending = false;
    if (!this.storage) return;
    const text = draftText(this.getState(), fragmentKey(location.hash));
    if (text === this.saved) return;
    try {
      this.storage.setItem(DRAFT_KEY, text);
      this.saved = text;
      if (this.unsaved) this.say('', '');
      this.unsaved = false;
    } catch {
      // Full (or refused): typing goes on; say it once.
      if (!this.unsaved) this.say('These panes are too large for this tab\'s storage: a reload would bring back an older draft, or the walkthrough.', 'unsaved');
      this.unsaved = true;
    }
  }

  /** @returns {{link: string, state: ShareState}|null} */
  readDraft() {
    try {
      return parseDraft(this.storage ? this.storage.getItem(DRAFT_KEY) : null);
    } catch {
      return null;
    }
  }

  /**
   * Makes a link to the page as it is, puts it in the address bar and
   * copies it.
   */
  async copyLink() {
    let fragment = this.address(this.getState());
    try {
      if (!fragment) fragment = await encodeState(this.getState());
    } catch (err) {
      this.say(`No link made: ${reason(err)}`, 'refused');
      return;
    }
    const url = `${location.href.split('#')[0]}#${fragment}`;
    if (url.length > LIMITS.linkChars) {
      this.say(`No link made: it would have ${count(url.length)} characters, over the limit of ${count(LIMITS.linkChars)}. A link holds the three panes: make them smaller.`, 'refused');
      return;
    }
    history.replaceState(history.state, '', url);
    this.linkKey = fragmentKey(location.hash);
    this.save();
    const copied = await copyText(url);
    const isLong = url.length > LIMITS.longLinkChars;
    const size = isLong
      ? ` The link has ${count(url.length)} characters, more than the ${count(LIMITS.longLinkChars)} that chat tools and issue trackers accept: they may cut it. Copy the documents instead (as YAML) where it does not fit.`
      : ` The link has ${count(url.length)} characters.`;
    const own = fragmentVersion(fragment) ? '' : ` (the example's own address, #${fragment})`;
    this.say(`${copied ? 'Link copied' : 'Link made: copy it from the address bar (the browser did not allow copying)'}${own}. It opens the page as it is now.${size}`, 'copied');
    this.status.dataset.long = String(isLong);
    this.documentsButton.hidden = !isLong;
  }

  /** Copies the three documents as one YAML stream (documents-bundle.js). */
  async copyDocuments() {
    const { documentsBundle } = await import('./documents-bundle.js');
    const copied = await copyText(documentsBundle(this.getState()));
    this.say(copied
      ? 'The documents are copied, as YAML separated by ---, each named by a comment: paste them where the link would not fit.'
      : 'The browser did not allow copying the documents.', copied ? 'copied' : 'refused');
  }

  /** @private */
  async onHashChange() {
    const hash = location.hash;
    // Not a link (the skip link's #outputs), or back to the link on screen.
    if (!fragmentVersion(hash) || fragmentKey(hash) === this.linkKey) return;
    let state;
    try {
      state = await decodeFragment(hash);
    } catch (err) {
      if (location.hash === hash) this.showError(err, 'The panes are unchanged.');
      return;
    }
    if (location.hash !== hash) return; // a newer link came meanwhile
    this.flush();
    this.open(state, hash, this.getState());
  }

  /**
   * Shows a link's state. What the page showed before stays restorable
   * unless it was an earlier link, unchanged (then what was restorable
   * stays so). Also used for an example's address (example-open.js).
   * @param {ShareState} state
   * @param {string} hash
   * @param {ShareState|null} before
   * @param {string} [opened] what link-status says
   * @param {'single'|'timeline'|'kustomize'} [view] the mode the line is about (an
   *   example's: the line shows in that mode only); none: both modes
   */
  open(state, hash, before, opened = 'Opened the link.', view = undefined) {
    this.apply(state);
    const now = this.getState();
    if (before && !sameState(before, now) && !sameState(before, this.opened)) this.restorable = before;
    if (sameState(this.restorable, now)) this.restorable = null;
    this.opened = now;
    this.linkKey = fragmentKey(hash);
    this.hideError();
    this.redo = null;
    this.undoButton.textContent = UNDO_LABEL;
    this.undoButton.hidden = !this.restorable;
    this.say(this.restorable ? `${opened} Your previous panes are kept: Undo brings them back.` : opened, 'opened', view);
  }

  /**
   * Shows a state one of the page's own actions made (Example, Clear, a
   * timeline's apply opened in the panes), as a change of the user's: what
   * the page showed stays restorable with Undo, as when a link opens.
   * @param {ShareState} state
   * @param {string} done what link-status says, like "Cleared the panes."
   * @param {string} redoLabel what the button says once undone, like "Redo: clear the panes"
   */
  replace(state, done, redoLabel) {
    this.flush();
    const before = this.getState();
    this.apply(state);
    const now = this.getState();
    if (!sameState(before, now)) this.restorable = before;
    this.opened = null;
    this.hideError();
    this.redo = { label: redoLabel, done };
    this.undoButton.textContent = UNDO_LABEL;
    this.undoButton.hidden = !this.restorable;
    this.say(this.restorable ? `${done} Your previous panes are kept: Undo brings them back.` : done, 'replaced');
    this.changed();
  }

  /**
   * Another part of the page (the Saves panel, with an Undo of its own)
   * replaced the panes: what link-status said of them, and its Undo, are
   * about panes no longer shown.
   */
  superseded() {
    this.restorable = null;
    this.opened = null;
    this.redo = null;
    this.undoButton.hidden = true;
    if (this.status.dataset.kind !== 'unsaved') this.say('', '');
  }

  /** Swaps the page and the restorable state: nothing is lost either way. @private */
  undo() {
    const back = this.restorable;
    if (!back) return;
    this.restorable = this.getState();
    this.opened = null;
    this.apply(back);
    const undone = this.undoButton.textContent === UNDO_LABEL;
    this.undoButton.textContent = undone ? (this.redo ? this.redo.label : REDO_LABEL) : UNDO_LABEL;
    const again = this.redo ? this.redo.done : 'The link\'s panes are back.';
    this.say(undone ? 'Your previous panes are back.' : again, 'undo');
    this.changed();
  }

  /** @private @param {ShareState} state */
  apply(state) {
    this.applying = true;
    try {
      this.setState(state);
    } finally {
      this.applying = false;
    }
  }

  /** @private @param {string} text @param {string} kind @param {'single'|'timeline'|'kustomize'} [view] */
  say(text, kind, view = undefined) {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
    if (view) this.status.dataset.view = view;
    else delete this.status.dataset.view;
    this.status.dataset.long = 'false';
    this.documentsButton.hidden = true;
  }

  /** @private @param {unknown} err @param {string} fallback */
  showError(err, fallback) {
    this.errorMessage.textContent = `This link could not be opened: ${reason(err)} ${fallback}`;
    this.error.dataset.code = err instanceof LinkError ? err.code : 'unsupported';
    this.error.hidden = false;
  }

  /** @private */
  hideError() {
    this.error.hidden = true;
    this.errorMessage.textContent = '';
  }
}

/** @param {unknown} err */
function reason(err) {
  if (err instanceof LinkError) return err.message;
  return `this browser cannot read links (${err instanceof Error ? err.message : String(err)}).`;
}

/**
 * Copies text: the Clipboard API, else a hidden text area and the copy
 * command. False when neither is allowed.
 * @param {string} text
 */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No Clipboard API (insecure context), or no permission.
  }
  const active = document.activeElement;
  const area = /** @type {HTMLTextAreaElement} */ (h('textarea', { className: 'offscreen', attrs: { readonly: true, 'aria-hidden': 'true', tabindex: '-1' } }));
  area.value = text;
  document.body.append(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  if (active instanceof HTMLElement) active.focus({ preventScroll: true });
  return ok;
}
