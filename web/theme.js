// Light and dark themes. Without a stored choice the page follows
// prefers-color-scheme (and its changes); the toggle stores a choice.

import { setDark } from './cm/setup.js';

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

/** @param {HTMLButtonElement} button */
export function setupTheme(button) {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const effective = () => stored() || (media.matches ? 'dark' : 'light');

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
    if (!stored()) apply();
  });
  apply();
}
