// What the first visit loads of the saved work: a few lines that take
// note of changes and, when the page is idle after its first result (or
// when "Saves" is pressed), import saves-ui.js, a lazy chunk that loads
// the store's wasm. So the first visit pays for neither.

import { byId } from '../dom.js';
import { DRAFT_KEY } from '../share/share-ui.js';
import { sessionId, newSessionId } from './session.js';

/** Past this, the saved work is loaded even without a first result (the engine failed, say). */
const LOAD_FALLBACK_MS = 8000;
/**
 * Wait after the first result before loading (then also for idle): the
 * first seconds belong to the engine's warm-up and the user's first
 * actions, and the first visit's bytes end with the first result.
 */
const LOAD_DELAY_MS = 1000;

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
  claimSession();
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

  const start = () => setTimeout(() => idle(() => load()), LOAD_DELAY_MS);
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
    /** This tab's session id (its autosave is autosave:<id>). */
    session: () => sessionId(),
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

/**
 * Makes this tab's session id its own. A duplicated tab starts with a
 * copy of the original's sessionStorage, hence its session id: asked on
 * a BroadcastChannel, a live tab holding the id answers, and this tab
 * takes a new one, long before its first autosave. Every tab answers
 * for its own id.
 */
function claimSession() {
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel('applylens-sessions');
  const nonce = Math.random().toString(36).slice(2);
  channel.onmessage = (e) => {
    const m = e.data || {};
    const mine = sessionId();
    if (m.type === 'hello' && m.id === mine && m.nonce !== nonce) channel.postMessage({ type: 'taken', id: mine, nonce: m.nonce });
    else if (m.type === 'taken' && m.nonce === nonce && m.id === mine) newSessionId();
  };
  channel.postMessage({ type: 'hello', id: sessionId(), nonce });
}

function hasDraft() {
  try {
    return !!globalThis.sessionStorage.getItem(DRAFT_KEY);
  } catch {
    return false;
  }
}
