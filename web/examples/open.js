// The page's side of example addresses (`#example=<id>`, example-link.js):
// opening one on load and when the address bar's fragment changes, loading
// an example chosen in the gallery (which puts its address in the address
// bar), and #example-error for an address naming no example.
//
// Nothing typed is lost: an example opens like a share link (share-ui.js),
// so the panes it replaces stay restorable with btn-link-undo, and a
// reload after editing an opened example keeps the edits (the tab's draft
// was saved with that address in the address bar).

import { byId } from '../dom.js';
import { exampleHash, exampleIdFromHash, resolveExample, sampleState } from './link.js';
import { fragmentKey, sameState } from '../share/share.js';

/** @typedef {import('./link.js').Sample} Sample */

export class ExampleLinks {
  /**
   * @param {object} opts
   * @param {import('./examples.js').Examples} opts.examples
   * @param {import('../share/share-ui.js').Sharing} opts.sharing
   * @param {{open(opts?: {query?: string}): void}} opts.gallery
   */
  constructor({ examples, sharing, gallery }) {
    this.examples = examples;
    this.sharing = sharing;
    this.gallery = gallery;
    this.error = byId('example-error');
    this.errorMessage = byId('example-error-message');
    /** fragmentKey of the example address the page last opened or set. */
    this.key = '';
    /** What the last unknown address was, for the gallery's search. */
    this.unknownId = '';
    byId('btn-example-error-gallery').addEventListener('click', () => {
      this.hideError();
      this.gallery.open({ query: this.unknownId });
    });
    byId('btn-example-error-dismiss').addEventListener('click', () => this.hideError());
    window.addEventListener('hashchange', () => this.onHashChange());
  }

  /**
   * Opens the address in the address bar, if it is an example's; call
   * after sharing.start() has put the draft or the walkthrough on screen.
   * A reload after edits keeps the edits.
   * @returns {Promise<void>}
   */
  async start() {
    const hash = location.hash;
    if (exampleIdFromHash(hash) === null) return;
    const draft = this.sharing.readDraft();
    this.key = fragmentKey(hash);
    if (draft && draft.link === this.key) return;
    await this.openHash(hash, draft ? draft.state : null,
      draft ? 'This tab\'s panes are shown instead.' : 'The documentation\'s walkthrough is shown instead.');
  }

  /** @private */
  async onHashChange() {
    const hash = location.hash;
    if (exampleIdFromHash(hash) === null || fragmentKey(hash) === this.key) return;
    this.key = fragmentKey(hash);
    this.sharing.flush();
    await this.openHash(hash, this.sharing.getState(), 'Your panes are unchanged.');
  }

  /**
   * @private
   * @param {string} hash
   * @param {import('../share/share.js').ShareState|null} before what the example replaces (kept for Undo)
   * @param {string} otherwise what the page shows when the example cannot be opened
   */
  async openHash(hash, before, otherwise) {
    const id = /** @type {string} */ (exampleIdFromHash(hash));
    let samples;
    try {
      samples = await this.examples.load();
    } catch (err) {
      this.showError(id, `The example “${id}” could not be opened: the examples did not load (${err instanceof Error ? err.message : String(err)}). ${otherwise}`);
      return;
    }
    if (location.hash !== hash) return; // a newer address came meanwhile
    const found = resolveExample(hash, samples);
    if (found.kind === 'found') {
      this.show(found.sample, hash, before, 'steps');
    } else if (found.kind === 'unknown') {
      this.showError(found.id, found.id
        ? `There is no example “${found.id}”: the link may be mistyped or cut short. ${otherwise} The gallery lists every example.`
        : `This link names no example (#example= is empty). ${otherwise} The gallery lists every example.`);
    }
  }

  /**
   * Loads an example chosen in the gallery and puts its address in the
   * address bar (no new history entry). The panes it replaces stay
   * restorable.
   * @param {string} id
   */
  pick(id) {
    const sample = this.examples.samples.get(id);
    if (!sample) return;
    const hash = exampleHash(id);
    history.replaceState(history.state, '', `${location.href.split('#')[0]}${hash}`);
    this.key = fragmentKey(hash);
    const now = this.sharing.getState();
    this.show(sample, hash, now, now.tab);
  }

  /**
   * The example's own address (without '#') when the page shows an
   * example unchanged, on the Steps tab where it opens; else ''. Copy link
   * then gives this short, stable address instead of the panes' data.
   * @param {import('../share/share.js').ShareState} state
   */
  address(state) {
    const id = this.examples.description.dataset.example;
    const sample = id ? this.examples.samples.get(id) : undefined;
    if (!sample || !sameState(state, sampleState(sample, 'steps', state))) return '';
    return exampleHash(sample.id).slice(1);
  }

  /**
   * @private
   * @param {Sample} sample
   * @param {string} hash
   * @param {import('../share/share.js').ShareState|null} before
   * @param {import('../share/share.js').ShareState['tab']} tab
   */
  show(sample, hash, before, tab) {
    this.hideError();
    this.sharing.open(sampleState(sample, tab, before), hash, before, `Loaded the example “${sample.title}”.`, sample.kustomize ? 'kustomize' : sample.timeline ? 'timeline' : 'single');
    this.examples.show(sample);
  }

  /** @private @param {string} id @param {string} text */
  showError(id, text) {
    this.unknownId = id;
    this.errorMessage.textContent = text;
    this.error.dataset.id = id;
    this.error.hidden = false;
  }

  /** @private */
  hideError() {
    this.error.hidden = true;
    this.errorMessage.textContent = '';
    delete this.error.dataset.id;
  }
}
