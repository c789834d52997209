// Light and dark themes. Without a stored choice the page follows
// prefers-color-scheme (and its changes); the toggle stores a choice.

import { setDark } from '../editor/cm/setup.js';

const KEY = 'applylens-theme';

function stored() {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : null;
  } catch {
    return null; // storage disabled: the toggle still works for this visit
  }
}

function store(value) {
  try {
    localStorage.setItem(KEY, value);
  } catch {
    // ignored, see stored()
  }
}

/**
 * @param {HTMLButtonElement} button
 * @param {'auto'|'light'|'dark'} [choice] an embed's theme option: it
 *   wins over the stored choice ('auto': the system's preference)
 */
export function setupTheme(button, choice) {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const system = () => (media.matches ? 'dark' : 'light');
  const effective = () => (choice === 'light' || choice === 'dark' ? choice : (choice ? null : stored()) || system());

  function apply() {
    const theme = effective();
    const root = document.documentElement;
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
    // A toggle with a fixed name: "Dark theme", pressed or not.
    button.setAttribute('aria-pressed', String(theme === 'dark'));
    setDark(theme === 'dark');
  }

  button.addEventListener('click', () => {
    store(effective() === 'dark' ? 'light' : 'dark');
    apply();
  });
  media.addEventListener('change', () => {
    if (choice === 'auto' || (!choice && !stored())) apply();
  });
  apply();
}
