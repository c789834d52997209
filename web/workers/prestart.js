// Starts an on-demand engine's worker before its mode asks for it, when
// the page can tell it will be needed: an address that opens a timeline or
// a server-side example, or a pointer or focus on the control that shows
// it. The wasm then downloads, compiles and prepares while the learner
// reads or the first result renders: on a slow phone that is seconds the
// first answer no longer waits for. The mode's EngineClient adopts the
// worker and the messages it sent meanwhile (createWorker may return
// {worker, messages}), as main.js adopts early.js's engine worker.

/** @type {Map<string, {worker: Worker, messages: any[]}>} */
const started = new Map();

/**
 * Starts the worker of the script at url, once.
 * @param {string} url
 */
export function prestart(url) {
  if (started.has(url)) return;
  let worker;
  try {
    worker = new Worker(url);
  } catch {
    return; // The mode starts it itself and reports what fails.
  }
  /** @type {any[]} */
  const messages = [];
  worker.onmessage = (e) => messages.push(e.data);
  worker.onerror = (e) => messages.push({ type: 'failed', message: e.message || 'the worker script failed' });
  started.set(url, { worker, messages });
}

/**
 * The worker prestart started for url, with the messages it sent so far
 * (taken: a second call starts a new one), else a new worker.
 * @param {string} url
 * @returns {Worker | {worker: Worker, messages: any[]}}
 */
export function adopt(url) {
  const early = started.get(url);
  if (!early) return new Worker(url);
  started.delete(url);
  return early;
}

/**
 * Which on-demand engine an address opens at once, if the address tells:
 * '#example=timeline-…' and a timeline link ('#s2=') the timeline's,
 * '#example=ssa-…' the server-side apply's.
 * @param {string} hash
 * @returns {'timeline'|'serverside'|null}
 */
export function engineForAddress(hash) {
  if (/^#example=timeline-/.test(hash) || /^#s2=/.test(hash)) return 'timeline';
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
