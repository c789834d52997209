// Accessible tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move
// between tabs; only the selected tab is in the Tab order.

/**
 * @param {HTMLElement} tablist
 * @param {{onShow?: (tabId: string) => void}} [opts]
 * @returns {{show(tabId: string): void, current(): string}}
 */
export function setupTabs(tablist, { onShow = () => {} } = {}) {
  const tabs = /** @type {HTMLElement[]} */ ([...tablist.querySelectorAll('[role="tab"]')]);
  let current = '';

  function show(tabId, focus = false) {
    for (const tab of tabs) {
      const selected = tab.id === tabId;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      const panel = document.getElementById(tab.getAttribute('aria-controls') || '');
      if (panel) panel.hidden = !selected;
      if (selected && focus) tab.focus();
    }
    current = tabId;
    onShow(tabId);
  }

  tablist.addEventListener('click', (event) => {
    const tab = /** @type {HTMLElement} */ (event.target).closest('[role="tab"]');
    if (tab) show(tab.id);
  });
  tablist.addEventListener('keydown', (event) => {
    const i = tabs.findIndex((t) => t.id === current);
    let next = -1;
    if (event.key === 'ArrowRight') next = (i + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (i - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    event.preventDefault();
    show(tabs[next].id, true);
  });

  const initial = tabs.find((t) => t.getAttribute('aria-selected') === 'true') || tabs[0];
  show(initial.id);
  return { show: (id) => show(id), current: () => current };
}
