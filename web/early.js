// Runs first, as a classic script in <head> (a file, not inline: the
// page's Content-Security-Policy allows no inline script). It applies the
// stored theme before the first paint and starts the engine worker, so
// that the wasm downloads and compiles while the page's module loads;
// web/main.js adopts the worker and the messages it sent meanwhile
// (globalThis.applylensEarly). An embed (?embed, docs/embedding.md) is laid
// out as one from the first frame and starts its worker only once in
// sight, so that frames out of sight download nothing. An address that
// opens a timeline or a server-side example starts that engine's worker
// here as well (web/workers/prestart.js).

import { assets } from './workers/assets.js';
import { overLongLink } from './share/link-limit.js';
import { engineForAddress, startWorker, workerForAddress } from './workers/prestart.js';

// A link over the page's limit is refused before anything reads it: left
// in the address, every URL the page resolves (its modules, workers and
// wasm are parsed against the document's address) and every history
// change handles a megabyte, and the first result took five times as
// long. The address keeps the page without the fragment; share-ui.js
// says why (applylensEarly.refusedLinkChars).
const refusedLinkChars = overLongLink(location.hash);
if (refusedLinkChars) history.replaceState(history.state, '', location.pathname + location.search);

try {
  const theme = localStorage.getItem('applylens-theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
} catch {
  // No storage (a sandboxed frame, privacy settings): the system's theme.
}

const embed = /[?&]embed(?:[=&]|$)/.test(location.search);
if (embed) document.documentElement.dataset.embed = '';

if (!embed) try {
  globalThis.applylensEarly = { refusedLinkChars };
  // The on-demand engine an address opens (a timeline or a server-side
  // example) starts now too, not when the page's module has loaded: on a
  // slow phone that is seconds earlier (web/prestart.js adopts it). Such
  // an address starts that engine alone: main.js starts the single
  // apply's engine once the timeline has played or the server-side view
  // has answered (page/engine.js's EngineStart), so that a slow phone's
  // one core first goes to what is shown.
  const url = workerForAddress(location.hash, document.baseURI);
  const made = url && startWorker(url);
  if (made) globalThis.applylensEarly.started = { [url]: made };
  if (!engineForAddress(location.hash)) {
    const worker = new Worker(assets.worker);
    /** @type {any[]} */
    const messages = [];
    worker.onmessage = (e) => messages.push(e.data);
    worker.onerror = (e) => messages.push({ type: 'failed', message: e.message || 'the worker script failed' });
    globalThis.applylensEarly.worker = worker;
    globalThis.applylensEarly.messages = messages;
  }
} catch {
  // main.js starts the worker itself.
  globalThis.applylensEarly = { refusedLinkChars };
}
if (embed) globalThis.applylensEarly = { refusedLinkChars };
