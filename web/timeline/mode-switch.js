// The page's modes: "Single apply" (the three panes), "Timeline" (kubectl
// commands on a simulated cluster) and "Kustomize" (a kustomization built
// as kubectl kustomize builds it). A group of toggle buttons; the modes
// not shown are hidden, not destroyed, so nothing typed is lost.

import { byId } from '../dom.js';

/** @typedef {'single'|'timeline'|'kustomize'} View */

/** Every mode, in the switch's order. @type {View[]} */
export const VIEWS = ['single', 'timeline', 'kustomize'];

export class ModeSwitch {
  /** @param {{onShow: (view: View) => void}} opts */
  constructor({ onShow }) {
    this.onShow = onShow;
    /** @type {View} */
    this.current = 'single';
    this.buttons = { single: byId('mode-single'), timeline: byId('mode-timeline'), kustomize: byId('mode-kustomize') };
    this.panels = { single: byId('single-apply'), timeline: byId('timeline'), kustomize: byId('kustomize') };
    for (const view of VIEWS) {
      this.buttons[view].addEventListener('click', () => this.show(view));
    }
  }

  /** @param {View} view */
  show(view) {
    this.current = view;
    for (const v of VIEWS) {
      this.buttons[v].setAttribute('aria-pressed', String(v === view));
      this.panels[v].hidden = v !== view;
    }
    document.documentElement.dataset.view = view;
    this.onShow(view);
  }
}
