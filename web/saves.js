// What the first visit loads of the saved work: a few lines that take
// note of changes and, when the page is idle after its first result (or
// when "Saves" is pressed), import saves-ui.js, a lazy chunk that loads
// the store's wasm. So the first visit pays for neither.

import { byId } from './dom.js';
import { DRAFT_KEY } from './share-ui.js';

/** Past this, the saved work is loaded even without a first result (the engine failed, say). */
const LOAD_FALLBACK_MS = 8000;

const idle = typeof requestIdleCallback === 'function'
  ? (fn) => requestIdleCallback(() => fn(), { timeout: 2000 })
  : (fn) => setTimeout(fn, 0);

/**
 * Sets up the saved work. Call before the page loads its first state.
 * @param {ConstructorParameters<typeof import('./saves-ui.js').SavedWork>[0]} page
 * @returns {{changed: () => void}} told of every change the user makes
 */
export function setupSaves(page) {
  // Read now, before the draft is first written: a tab without one is a
  // fresh start, when the newest unsaved work is offered.
  const fresh = !hasDraft();
  let changedEarly = false;
  /** @type {import('./saves-ui.js').SavedWork|null} */
  let saved = null;
  /** @type {Promise<import('./saves-ui.js').SavedWork>|null} */
  let loading = null;

  const load = () => {
    if (!loading) {
      loading = import('./saves-ui.js').then(({ SavedWork }) => {
        saved = new SavedWork(page, fresh);
        if (changedEarly) saved.changedEarly = true;
        saved.begin();
        return saved;
      });
    }
    return loading;
  };

  const button = byId('btn-saves');
  button.addEventListener('click', () => {
    // The panel's own button takes over once loaded.
    if (!saved) load().then((s) => s.toggle(true));
  }, { once: true });

  const start = () => idle(() => load());
  const fallback = setTimeout(start, LOAD_FALLBACK_MS);
  try {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('applylens:first-result').length === 0) return;
      observer.disconnect();
      clearTimeout(fallback);
      start();
    });
    observer.observe({ type: 'mark', buffered: true });
  } catch {
    // No PerformanceObserver: the fallback loads it.
  }
  window.addEventListener('pagehide', () => saved && saved.flush());

  // For tests and the console (docs/page.md).
  globalThis.applylensSaves = {
    /** Loads the saved work now; resolves once the store answered (or failed). */
    ready: () => load().then((s) => s.ready),
    /** Resolves when every autosave was written. */
    idle: () => load().then((s) => s.autosaver.idle()),
    /** The text of the last export. */
    lastExport: () => (saved ? saved.lastExport : ''),
  };

  return {
    changed() {
      if (saved) saved.changed();
      else changedEarly = true;
    },
  };
}

function hasDraft() {
  try {
    return !!globalThis.sessionStorage.getItem(DRAFT_KEY);
  } catch {
    return false;
  }
}
