// The page's two modes: "Single apply" (the three panes) and "Timeline"
// (kubectl commands on a simulated cluster). A pair of toggle buttons;
// the mode not shown is hidden, not destroyed, so nothing typed is lost.

import { byId } from '../dom.js';

/** @typedef {'single'|'timeline'} View */

export class ModeSwitch {
  /** @param {{onShow: (view: View) => void}} opts */
  constructor({ onShow }) {
    this.onShow = onShow;
    /** @type {View} */
    this.current = 'single';
    this.buttons = { single: byId('mode-single'), timeline: byId('mode-timeline') };
    this.panels = { single: byId('single-apply'), timeline: byId('timeline') };
    for (const view of /** @type {View[]} */ (['single', 'timeline'])) {
      this.buttons[view].addEventListener('click', () => this.show(view));
    }
  }

  /** @param {View} view */
  show(view) {
    this.current = view;
    for (const v of /** @type {View[]} */ (['single', 'timeline'])) {
      this.buttons[v].setAttribute('aria-pressed', String(v === view));
      this.panels[v].hidden = v !== view;
    }
    document.documentElement.dataset.view = view;
    this.onShow(view);
  }
}
