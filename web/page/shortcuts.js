// The page's keyboard shortcuts (the help popover, #help, lists them):
// Alt+L copies a link, Alt+J / Alt+K select the next / previous step,
// Alt+1 … Alt+4 show a result tab (these two in the Single apply mode
// only). event.code, not event.key: Alt+J types
// a character on some layouts (macOS), but the key position is the same.

import { byId } from '../dom.js';

const TAB_KEYS = { Digit1: 'tab-steps', Digit2: 'tab-patch', Digit3: 'tab-result', Digit4: 'tab-diff' };

/**
 * Whether the mode shown has the single apply's steps and tabs, which
 * Alt+J/K and Alt+1 … 4 act on: not the Timeline or Kustomize mode, which
 * hide them (the footer and the help leave those keys out there too).
 * @param {string|undefined} view the root's data-view
 */
export function panesShown(view) {
  return !view || view === 'single';
}

/**
 * @param {object} page
 * @param {() => void} page.copyLink
 * @param {{current(): string, show(tabId: string): void}} page.tabs
 * @param {{next(): void, previous(): void}} page.steps
 */
export function setupShortcuts({ copyLink, tabs, steps }) {
  document.addEventListener('keydown', (e) => {
    if (!e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.code === 'KeyL') {
      e.preventDefault();
      if (!e.repeat) copyLink();
    } else if (!panesShown(document.documentElement.dataset.view)) {
      // Leaves Alt+J, Alt+1 … to the browser and the mode shown.
    } else if (e.code === 'KeyJ' || e.code === 'KeyK') {
      e.preventDefault();
      if (tabs.current() !== 'tab-steps') tabs.show('tab-steps');
      if (e.code === 'KeyJ') steps.next();
      else steps.previous();
    } else if (TAB_KEYS[e.code]) {
      e.preventDefault();
      tabs.show(TAB_KEYS[e.code]);
      byId(TAB_KEYS[e.code]).focus();
    }
  });
}
