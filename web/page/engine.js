// The engines' side of the page that is not the round trip: the engine
// worker index.html started before the page's script (adopted once), the
// on-demand engines started ahead of need, and the engine's state above
// the results (#engine-state: loading, failed with Retry) and the Jsonnet
// evaluator's beside the format selector.

import { assets } from '../workers/assets.js';
import { engineForAddress, prestart, prestartOnIntent, workerForAddress } from '../workers/prestart.js';
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
 * Starts an on-demand engine the address will need (early.js started it:
 * kept until its mode adopts it), and one whose control a pointer or
 * focus is on (workers/prestart.js). Never in an embed, whose frames out
 * of sight download nothing.
 */
export function prestartEngines() {
  const needed = workerForAddress(location.hash, document.baseURI);
  if (needed) prestart(needed);
  prestartOnIntent(byId('mode-timeline'), new URL(assets.timelineWorker, document.baseURI).href);
  prestartOnIntent(byId('mode-kustomize'), new URL(assets.kustomizeWorker, document.baseURI).href);
  prestartOnIntent(byId('apply-switch'), new URL(assets.serversideWorker, document.baseURI).href);
}

/**
 * When the single apply's engine starts. At once, except in an embed (it
 * starts once in sight, web/embed) and for an address that opens an
 * on-demand engine, so that on a slow phone that engine has the core to
 * itself (early.js started it alone):
 * - the Timeline mode (a timeline example or link): once the timeline has
 *   played or its engine gave up, or when the single apply is shown;
 * - a server-side example (its answer is all the single apply shows: the
 *   client-side results are hidden while the switch is not on
 *   client-side, and "both" is the server-side engine's to compute): once
 *   the server-side view has answered or failed, or when the switch goes
 *   to client-side. Measured at half a core, the single apply's engine
 *   starting beside it delayed the server-side answer by a second.
 */
export class EngineStart {
  /**
   * @param {{start(): void, starts: number}} client the single apply's engine
   * @param {{embed: boolean}} opts
   */
  constructor(client, { embed }) {
    this.client = client;
    /** The on-demand engine the single apply's waits for. @type {'timeline'|'serverside'|'kustomize'|null} */
    this.waitsFor = embed ? null : engineForAddress(location.hash);
    this.deferred = this.waitsFor !== null;
    /** Whether the page has opened what its address asked for (then the deferred engine follows the mode shown). */
    this.opened = false;
    if (!embed && !this.deferred) client.start();
  }

  /** @private Starts the engine held back, once. */
  startDeferred() {
    if (this.deferred && this.client.starts === 0) this.client.start();
  }

  /** The timeline answered, or its engine gave up. */
  timelineSettled() {
    this.startDeferred();
  }

  /** The server-side view answered (a result or an error), or could not load. */
  serverSideSettled() {
    this.startDeferred();
  }

  /** The mode shown changed. @param {string} view */
  viewShown(view) {
    if (this.opened && view === 'single' && this.waitsFor === 'timeline') this.startDeferred();
  }

  /** The apply switch changed. @param {string} kind 'client', 'server' or 'both' */
  applyShown(kind) {
    if (this.opened && kind === 'client') this.startDeferred();
  }

  /**
   * The page opened what its address asked for; an address that was to
   * open a timeline or the server-side view and did not (an unknown
   * example, a broken link) leaves the single apply shown, whose engine
   * then starts.
   * @param {string} current the mode shown
   * @param {string} apply the apply switch's kind
   */
  addressOpened(current, apply) {
    this.opened = true;
    if (this.waitsFor === 'timeline' ? current !== 'timeline' : apply === 'client') this.startDeferred();
  }
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
