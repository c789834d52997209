// Starts an on-demand engine's worker before its mode asks for it, when
// the page can tell it will be needed: an address that opens a timeline or
// a server-side example, or a pointer or focus on the control that shows
// it. The wasm then downloads, compiles and prepares while the learner
// reads or the first result renders: on a slow phone that is seconds the
// first answer no longer waits for. The mode's EngineClient adopts the
// worker and the messages it sent meanwhile (createWorker may return
// {worker, messages}), as main.js adopts early.js's engine worker. The
// engine an address opens is started by early.js, before the page's
// module has loaded (on a slow phone that module takes seconds):
// globalThis.applylensEarly.started holds it by its URL.

import { assets } from './assets.js';

/** @typedef {{worker: Worker, messages: any[]}} Started */

/** @type {Map<string, Started>} */
const started = new Map();

/**
 * A new worker of the script at url, whose messages are kept until the
 * mode adopts it; null when the browser refuses it (the mode then starts
 * it itself and reports what fails).
 * @param {string} url
 * @returns {Started|null}
 */
export function startWorker(url) {
  let worker;
  try {
    worker = new Worker(url);
  } catch {
    return null;
  }
  /** @type {any[]} */
  const messages = [];
  worker.onmessage = (e) => messages.push(e.data);
  worker.onerror = (e) => messages.push({ type: 'failed', message: e.message || 'the worker script failed' });
  return { worker, messages };
}

/**
 * The worker early.js started for url, taken (a second call finds none).
 * @param {string} url
 * @returns {Started|undefined}
 */
function takeEarly(url) {
  const early = /** @type {{started?: Record<string, Started>}|undefined} */ (globalThis.applylensEarly)?.started;
  const found = early?.[url];
  if (found) delete early[url];
  return found;
}

/**
 * Starts the worker of the script at url, once.
 * @param {string} url
 */
export function prestart(url) {
  if (started.has(url)) return;
  const made = takeEarly(url) || startWorker(url);
  if (made) started.set(url, made);
}

/**
 * The worker prestart (or early.js) started for url, with the messages it
 * sent so far (taken: a second call starts a new one), else a new worker.
 * @param {string} url
 * @returns {Worker | Started}
 */
export function adopt(url) {
  const early = started.get(url) || takeEarly(url);
  if (!early) return new Worker(url);
  started.delete(url);
  return early;
}

/**
 * The absolute URL of the on-demand engine's worker the address opens at
 * once (see engineForAddress), or null.
 * @param {string} hash
 * @param {string} base the document's base URI
 * @returns {string|null}
 */
export function workerForAddress(hash, base) {
  const needed = engineForAddress(hash);
  const name = needed === 'timeline' ? assets.timelineWorker : needed === 'serverside' ? assets.serversideWorker
    : needed === 'kustomize' ? assets.kustomizeWorker : '';
  // A bundle that was not told the worker's name (scripts/bundle.mjs) starts none.
  if (!name) return null;
  return new URL(name, base).href;
}

/**
 * Which on-demand engine an address opens at once, if the address tells:
 * '#example=timeline-…' and a timeline link ('#s2=') the timeline's,
 * '#example=ssa-…' the server-side apply's, '#example=kustomize-…' and a
 * Kustomize link ('#s4=') the Kustomize mode's.
 * @param {string} hash
 * @returns {'timeline'|'serverside'|'kustomize'|null}
 */
export function engineForAddress(hash) {
  if (/^#example=timeline-/.test(hash) || /^#s2=/.test(hash)) return 'timeline';
  if (/^#example=kustomize-/.test(hash) || /^#s4=/.test(hash)) return 'kustomize';
  if (/^#example=ssa-/.test(hash)) return 'serverside';
  return null;
}

/**
 * Starts the worker at url when the element is pointed at or focused
 * (the first time only).
 * @param {Element} element
 * @param {string} url
 */
export function prestartOnIntent(element, url) {
  const go = () => prestart(url);
  element.addEventListener('pointerenter', go, { once: true });
  element.addEventListener('focusin', go, { once: true });
}
