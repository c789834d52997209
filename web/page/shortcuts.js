// The page's keyboard shortcuts (the help popover, #help, lists them):
// Alt+L copies a link, Alt+J / Alt+K select the next / previous step,
// Alt+1 … Alt+4 show a result tab. event.code, not event.key: Alt+J types
// a character on some layouts (macOS), but the key position is the same.

import { byId } from '../dom.js';

const TAB_KEYS = { Digit1: 'tab-steps', Digit2: 'tab-patch', Digit3: 'tab-result', Digit4: 'tab-diff' };

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
