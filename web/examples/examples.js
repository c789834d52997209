// The examples: the sample scenarios of samples/ (the documentation's
// walkthrough, the merge tables, lists, traps, workloads, custom
// resources), fetched as one JSON file the first time they are wanted (the
// gallery opened or pointed at, an #example= address), so they cost the
// first visit nothing. Also the note that says which example the page
// holds (#sample-description): shown only in the mode the example belongs
// to (a single apply's in the three panes, a timeline's in the Timeline
// mode), so it never describes what the other mode shows.

import { assets } from '../workers/assets.js';
import { byId } from '../dom.js';
import { validateKustomize } from '../kustomize/model.js';

/** @typedef {import('./link.js').Sample} Sample */

export class Examples {
  /**
   * @param {(url: string) => Promise<Response>} [fetcher]
   */
  constructor(fetcher = (url) => fetch(url)) {
    this.description = byId('sample-description');
    this.fetcher = fetcher;
    /** @type {Map<string, Sample>} */
    this.samples = new Map();
    /** @type {Promise<Map<string, Sample>>|null} */
    this.loading = null;
    /** The mode shown (ModeSwitch): the description shows in its example's mode only. */
    this.view = 'single';
  }

  /**
   * Fetches the samples once; a failure rejects, and the next call tries
   * again.
   * @returns {Promise<Map<string, Sample>>}
   */
  load() {
    if (!this.loading) {
      this.loading = this.fetcher(assets.samples)
        .then((res) => {
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
          return res.json();
        })
        .then((list) => this.fill(list))
        .catch((err) => {
          this.loading = null;
          throw err;
        });
    }
    return this.loading;
  }

  /** @private @param {unknown} list */
  fill(list) {
    this.samples.clear();
    for (const s of Array.isArray(list) ? list : []) {
      if (!s || typeof s.id !== 'string') continue;
      // A single apply's sample has a file; a Timeline sample
      // (samples/timelines) has its commands instead, a Kustomize sample
      // its file tree (checked as a link's: a sample that fails is left out).
      if (s.kustomize !== undefined) {
        try {
          this.samples.set(s.id, { ...s, kustomize: validateKustomize(s.kustomize) });
        } catch {
          // not offered
        }
        continue;
      }
      const isTimeline = typeof s.timeline === 'object' && s.timeline !== null;
      if (!isTimeline && typeof s.file !== 'string') continue;
      this.samples.set(s.id, s);
    }
    return this.samples;
  }

  /** The samples in display order (empty until loaded). @returns {Sample[]} */
  list() {
    return [...this.samples.values()];
  }

  /** Says which example the page holds. @param {Sample} sample */
  show(sample) {
    this.description.textContent = sample.description ? `${sample.title}: ${sample.description}` : sample.title || '';
    this.description.dataset.example = sample.id;
    this.description.dataset.view = sample.kustomize ? 'kustomize' : sample.timeline ? 'timeline' : 'single';
    this.refresh();
  }

  /** The mode now shown. @param {'single'|'timeline'|'kustomize'} view */
  setView(view) {
    this.view = view;
    this.refresh();
  }

  /** The id of the example the mode shown holds ('' when none). */
  current() {
    const d = this.description;
    return d.dataset.example && d.dataset.view === this.view ? d.dataset.example : '';
  }

  /** @private */
  refresh() {
    this.description.hidden = !this.description.textContent || this.description.dataset.view !== this.view;
  }

  /** Forgets the current example (the page no longer holds one). */
  reset() {
    this.description.hidden = true;
    this.description.textContent = '';
    delete this.description.dataset.example;
    delete this.description.dataset.view;
  }
}
