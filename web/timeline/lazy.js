// The Timeline mode, loaded when first shown (../page/lazy-mode.js): its
// modules (the view, the step and diff rendering) are a chunk of their
// own, outside the first visit. Until then this holds the timeline a link,
// the draft or a sample gave, and the view each apply shows first.

import { LazyMode } from '../page/lazy-mode.js';
import { emptyTimeline, copyTimeline } from './model.js';

/** @typedef {ConstructorParameters<typeof import('./view.js').TimelineMode>[0]} TimelineOptions */

/** @extends {LazyMode<import('./model.js').TimelineState, import('./view.js').TimelineMode, TimelineOptions>} */
export class LazyTimeline extends LazyMode {
  /** @param {TimelineOptions} opts */
  constructor(opts) {
    super(opts, {
      title: 'Timeline',
      initial: emptyTimeline(),
      copy: copyTimeline,
      load: () => import('./view.js').then(({ TimelineMode }) => (o) => new TimelineMode(o)),
    });
    /** The view each apply shows first, until the mode is loaded. @type {'steps'|'patch'|'result'|'diff'|undefined} */
    this.wantedApplyView = undefined;
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

  /**
   * The commands as typed, without copying their files (state() copies
   * them all): what the footer reads on each edit.
   * @returns {string[]}
   */
  commandLines() {
    return (this.mode ? this.mode.timeline : this.held).commands.map((c) => c.command);
  }

  /** @param {import('./view.js').TimelineMode} mode */
  prepare(mode) {
    if (this.wantedApplyView) mode.setApplyView(this.wantedApplyView);
  }
}
