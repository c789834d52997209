// The engines' side of the page that is not the round trip: the engine
// worker index.html started before the page's script (adopted once), the
// on-demand engines started ahead of need, and the engine's state above
// the results (#engine-state: loading, failed with Retry) and the Jsonnet
// evaluator's beside the format selector.

import { assets } from '../workers/assets.js';
import { engineForAddress, prestart, prestartOnIntent } from '../workers/prestart.js';
import { byId } from '../dom.js';

/**
 * The engine's worker: the one index.html started before this script
 * loaded (early.js), the first time; a new one after that.
 * @returns {{worker: Worker, messages: any[]}}
 */
export function createWorker() {
  const early = globalThis.applylensEarly;
  if (early && early.worker) {
    const { worker, messages } = early;
    early.worker = undefined;
    early.messages = undefined;
    return { worker, messages: messages || [] };
  }
  return { worker: new Worker(new URL(assets.worker, document.baseURI)), messages: [] };
}

/**
 * Starts an on-demand engine the address will need, and one whose control
 * a pointer or focus is on (workers/prestart.js). Never in an embed, whose
 * frames out of sight download nothing.
 */
export function prestartEngines() {
  const onDemand = { timeline: assets.timelineWorker, serverside: assets.serversideWorker };
  const needed = engineForAddress(location.hash);
  if (needed) prestart(new URL(onDemand[needed], document.baseURI).href);
  prestartOnIntent(byId('mode-timeline'), new URL(assets.timelineWorker, document.baseURI).href);
  prestartOnIntent(byId('apply-switch'), new URL(assets.serversideWorker, document.baseURI).href);
}

/**
 * The engine's state above the results: #engine-state with its message,
 * and Retry after a load failure. Stopping is the results' to say.
 * @param {import('../workers/engine-client.js').EngineState} state
 * @param {string} [detail]
 */
export function showEngineBanner(state, detail = '') {
  if (state === 'stopped') return;
  const banner = byId('engine-state');
  const message = byId('engine-message');
  banner.dataset.state = state;
  byId('btn-retry').hidden = state !== 'failed';
  switch (state) {
    case 'loading':
      banner.hidden = false;
      message.textContent = 'Loading the engine…';
      break;
    case 'ready':
      performance.mark('applylens:engine-ready');
      banner.hidden = true;
      message.textContent = '';
      break;
    case 'failed':
      banner.hidden = false;
      message.textContent = `The engine could not be loaded: ${detail}. Check your connection and retry.`;
      break;
  }
}

/** What the format selector says while Jsonnet loads, is ready or failed. */
const JSONNET_STATE_TEXT = { loading: 'Loading Jsonnet…', ready: '', failed: 'Jsonnet could not be loaded' };

/**
 * The Jsonnet evaluator's state, beside the format selector. Its errors
 * (time-outs, crashes, load failures) come as answers: see JsonnetStage.
 * @param {import('../workers/engine-client.js').EngineState} state
 * @param {string} [detail]
 */
export function showJsonnetState(state, detail = '') {
  // timeout, crashed: the worker is already being replaced ('loading').
  if (!Object.hasOwn(JSONNET_STATE_TEXT, state)) return;
  const text = JSONNET_STATE_TEXT[state];
  const formatState = byId('file-format-state');
  byId('pane-file').dataset.jsonnet = state;
  formatState.dataset.state = state;
  formatState.textContent = text;
  formatState.hidden = text === '';
  if (state === 'failed') console.warn(`applylens: the Jsonnet evaluator could not be loaded: ${detail}`);
}
