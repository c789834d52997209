// A small handle for browser tests and the console, globalThis.applylensPage
// (documented in docs/page.md): typing through it is the same as typing in
// the pane. It only reads the page or does what a user can do, besides
// the engines' time limits.

import { Transaction } from '@codemirror/state';
import { engineClients } from '../workers/engine-client.js';

const PANES = { 'last-applied': 'lastApplied', file: 'file', live: 'live' };

/**
 * @param {object} page
 * @param {import('../editor/inputs.js').Inputs} page.inputs
 * @param {import('../outputs/patch.js').PatchView} page.patchView
 * @param {import('../outputs/result.js').ResultView} page.resultView
 * @param {HTMLSelectElement} page.formatSelect
 * @param {import('../workers/engine-client.js').EngineClient} page.client
 * @param {import('../editor/file-format.js').JsonnetStage} page.jsonnet
 * @param {import('../serverside/switch.js').ApplySwitch} page.applySwitch
 */
export function installTestHandle({ inputs, patchView, resultView, formatSelect, client, jsonnet, applySwitch }) {
  globalThis.applylensPage = {
    /**
     * @param {'last-applied'|'file'|'live'} pane @param {string} text
     * @param {{history?: boolean}} [opts] history false: the edit stays out of
     *   the undo history (TestMemory: the history keeps 100 to 120 whole texts by design)
     */
    setText(pane, text, opts = {}) {
      const view = inputs.views[PANES[pane]];
      if (!view) throw new Error(`unknown pane ${pane}`);
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        userEvent: 'input',
        annotations: opts.history === false ? Transaction.addToHistory.of(false) : [],
      });
    },
    /** @param {'last-applied'|'file'|'live'|'patch'|'result'} pane */
    getText(pane) {
      // A tab out of sight may not hold the last answer yet: bring it up to date.
      if (pane === 'patch') return (patchView.flush(), patchView.view.state.doc.toString());
      if (pane === 'result') return (resultView.flush(), resultView.view.state.doc.toString());
      const view = inputs.views[PANES[pane]];
      if (!view) throw new Error(`unknown pane ${pane}`);
      return view.state.doc.toString();
    },
    mode: () => inputs.mode,
    /** The file pane's format: 'yaml' or 'jsonnet'. */
    format: () => inputs.format,
    /** Chooses the file pane's format as the selector does. @param {'yaml'|'jsonnet'} format */
    setFormat(format) {
      formatSelect.value = format;
      formatSelect.dispatchEvent(new Event('change'));
    },
    /** The engine's time limit, in ms (default 4000), for tests. @param {number} ms */
    setTimeLimit(ms) {
      client.timeoutMs = ms;
      jsonnet.timeoutMs = ms;
      if (jsonnet.client) jsonnet.client.timeoutMs = ms;
    },
    /** The ids of the applies requested (the newest) and those the worker received. */
    engineLog: () => ({ lastId: client.lastId, received: [...client.received], starts: client.starts, memoryBytes: client.memoryBytes }),
    /**
     * Every engine's answers and time-outs so far, and whether one computes
     * or has a request waiting (the engine, Jsonnet, timeline, server-side).
     */
    engines() {
      let answers = 0;
      let timeouts = 0;
      let busy = false;
      for (const c of engineClients) {
        answers += c.answers;
        timeouts += c.timeouts;
        busy ||= c.busy;
      }
      // Each worker's start, phase by phase, on the page's clock (ms since
      // navigation): workers/wasm-worker.js's timings, and its first answer.
      const page = (/** @type {number|string} */ t) => (typeof t === 'number' ? Math.round(t - performance.timeOrigin) : t);
      const startTimings = [...engineClients].filter((c) => c.startTimings).map((c) => ({
        ...Object.fromEntries(Object.entries(c.startTimings || {}).map(([k, v]) => [k, page(v)])),
        ...(c.firstAnswer ? { firstAnswer: page(c.firstAnswer.at), firstAnswerMs: Math.round(c.firstAnswer.ms) } : {}),
      }));
      return { answers, timeouts, busy, startTimings };
    },
    /** How many times the server-side worker started (0 until the switch leaves client-side). */
    serverSideStarts: () => applySwitch.starts(),
    /** How long a replaced computation runs before its worker is replaced (default 500 ms). @param {number} ms */
    setAbandonAfter(ms) {
      client.abandonAfterMs = ms;
    },
  };
}
