// The Timeline mode, loaded when first shown: its modules (the view, the
// step and diff rendering) are a chunk of their own, outside the first
// visit. Until then this holds the timeline a link, the draft or a sample
// gave, so the page's state is complete either way.

import { emptyTimeline, copyTimeline } from './model.js';

export class LazyTimeline {
  /** @param {ConstructorParameters<typeof import('./view.js').TimelineMode>[0]} opts */
  constructor(opts) {
    this.opts = opts;
    /** @type {import('./view.js').TimelineMode|null} */
    this.mode = null;
    this.timeline = emptyTimeline();
    this.visible = false;
    /** @type {Promise<void>|null} */
    this.loading = null;
    /** The view each apply shows first, until the mode is loaded. @type {'steps'|'patch'|'result'|'diff'|undefined} */
    this.wantedApplyView = undefined;
  }

  /** @returns {import('./model.js').TimelineState} */
  state() {
    return this.mode ? this.mode.state() : copyTimeline(this.timeline);
  }

  /** @param {import('./model.js').TimelineState} state */
  load(state) {
    if (this.mode) this.mode.load(state);
    else this.timeline = copyTimeline(state);
  }

  /** Lets the mode's engine start (an embed's, once in sight: the deferStart option). */
  startEngine() {
    this.opts = { ...this.opts, deferStart: false };
    if (this.mode) this.mode.startEngine();
  }

  /** The view each apply shows first. @param {'steps'|'patch'|'result'|'diff'} view */
  setApplyView(view) {
    this.wantedApplyView = view;
    if (this.mode) this.mode.setApplyView(view);
  }

  /** The view each apply shows (Steps, Patch, Result, Diff). @returns {string} */
  applyViewShown() {
    return this.mode ? this.mode.applyView : (this.wantedApplyView || 'steps');
  }

  /** @param {boolean} visible */
  setVisible(visible) {
    this.visible = visible;
    if (this.mode) this.mode.setVisible(visible);
    else if (visible) this.ensure();
  }

  /** Loads the mode's modules once; a failure can be retried by showing the mode again. @returns {Promise<void>} */
  ensure() {
    if (!this.loading) {
      const host = this.opts.host;
      host.dataset.state = 'loading';
      host.textContent = 'Loading the Timeline mode…';
      this.loading = import('./view.js').then(({ TimelineMode }) => {
        this.mode = new TimelineMode(this.opts);
        if (this.wantedApplyView) this.mode.setApplyView(this.wantedApplyView);
        this.mode.load(this.timeline);
        this.mode.setVisible(this.visible);
      }).catch((err) => {
        this.loading = null;
        host.dataset.state = 'failed';
        host.textContent = `The Timeline mode could not be loaded (${err.message}). Check your connection, then choose Timeline again.`;
      });
    }
    return this.loading;
  }
}
