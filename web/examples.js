// The examples menu: the sample scenarios of samples/ (the documentation's
// walkthrough and the known traps), fetched as one JSON file the first time
// the menu is used, so they cost the first visit nothing.

import { assets } from './assets.js';
import { byId } from './dom.js';

/**
 * A sample of the single-apply mode (file set), or of the Timeline mode
 * (timeline set: samples/timelines).
 * @typedef {{id: string, title: string, description: string, shows?: string[],
 *   lastApplied?: string, file?: string, live?: string, overwrite?: boolean,
 *   timeline?: import('./timeline/model.js').TimelineState}} Sample
 */

export class Examples {
  /**
   * @param {(sample: Sample) => void} onPick called with the chosen sample
   * @param {(url: string) => Promise<Response>} [fetcher]
   */
  constructor(onPick, fetcher = (url) => fetch(url)) {
    this.select = /** @type {HTMLSelectElement} */ (byId('sample-picker'));
    this.description = byId('sample-description');
    this.onPick = onPick;
    this.fetcher = fetcher;
    /** @type {Map<string, Sample>} */
    this.samples = new Map();
    /** @type {Promise<void>|null} */
    this.loading = null;
    // Load on the first sign of interest, before the list is opened.
    for (const ev of ['focus', 'pointerdown', 'mouseenter']) {
      this.select.addEventListener(ev, () => this.load(), { once: true });
    }
    this.select.addEventListener('change', () => this.pick(this.select.value));
  }

  /** Fetches the samples once; a failure can be retried. @returns {Promise<void>} */
  load() {
    if (!this.loading) {
      this.setPlaceholder('Loading examples…');
      this.loading = this.fetcher(assets.samples)
        .then((res) => {
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
          return res.json();
        })
        .then((list) => this.fill(list))
        .catch((err) => {
          this.loading = null;
          this.setPlaceholder('Examples could not be loaded: retry');
          console.warn(`applylens: loading the examples failed: ${err.message}`);
          this.select.addEventListener('focus', () => this.load(), { once: true });
        });
    }
    return this.loading;
  }

  /** @private @param {Sample[]} list */
  fill(list) {
    this.samples.clear();
    this.setPlaceholder('More examples…');
    /** @type {HTMLOptGroupElement|null} */
    let timelines = null;
    for (const s of list) {
      if (!s || typeof s.id !== 'string') continue;
      const isTimeline = typeof s.timeline === 'object' && s.timeline !== null;
      if (!isTimeline && typeof s.file !== 'string') continue;
      this.samples.set(s.id, s);
      const option = document.createElement('option');
      option.value = s.id;
      option.textContent = s.title || s.id;
      if (isTimeline) {
        if (!timelines) {
          timelines = document.createElement('optgroup');
          timelines.label = 'Timelines';
        }
        timelines.append(option);
      } else {
        this.select.append(option);
      }
    }
    if (timelines) this.select.append(timelines);
    /** The "Timelines" group, removed with the options. @type {HTMLOptGroupElement|null} */
    this.timelineGroup = timelines;
  }

  /** @private @param {string} text */
  setPlaceholder(text) {
    while (this.select.options.length > 0) this.select.remove(0);
    if (this.timelineGroup) {
      this.timelineGroup.remove();
      this.timelineGroup = null;
    }
    const option = document.createElement('option');
    option.value = '';
    option.textContent = text;
    this.select.append(option);
  }

  /** Loads the sample with this id, once the list is there. @param {string} id */
  async pick(id) {
    if (!id) return;
    await this.load();
    const sample = this.samples.get(id);
    if (!sample) return;
    this.select.value = id;
    this.description.textContent = sample.description || '';
    this.description.hidden = !sample.description;
    this.onPick(sample);
  }

  /** Forgets the current choice (the panes no longer hold a sample). */
  reset() {
    this.select.value = '';
    this.description.hidden = true;
    this.description.textContent = '';
  }
}
