// The configuration file pane's format: "yaml" (YAML or JSON, read by the
// engine) or "jsonnet" (evaluated to JSON first, by the Jsonnet wasm in a
// worker of its own, loaded the first time it is needed).

import { EngineClient } from '../workers/engine-client.js';

/** @typedef {'yaml'|'jsonnet'} FileFormat */

/** The localStorage key of the chosen format, beside the theme's. */
export const FORMAT_KEY = 'applylens-file-format';

/**
 * The stored format; YAML when none is stored or storage is off.
 * @param {Pick<Storage, 'getItem'>} [storage]
 * @returns {FileFormat}
 */
export function storedFormat(storage = globalThis.localStorage) {
  try {
    return storage.getItem(FORMAT_KEY) === 'jsonnet' ? 'jsonnet' : 'yaml';
  } catch {
    return 'yaml';
  }
}

/**
 * @param {FileFormat} format
 * @param {Pick<Storage, 'setItem'>} [storage]
 */
export function storeFormat(format, storage = globalThis.localStorage) {
  try {
    storage.setItem(FORMAT_KEY, format);
  } catch {
    // storage disabled: the choice holds for this visit
  }
}

/**
 * The scenario's configuration file in a format.
 * @param {{file: string, fileJsonnet: string}} scenario
 * @param {FileFormat} format
 */
export function scenarioFile(scenario, format) {
  return format === 'jsonnet' ? scenario.fileJsonnet : scenario.file;
}

/**
 * The file pane's text after the format changes: the example's file
 * becomes the example's file in the new format; anything else is kept as
 * it is (JSON is Jsonnet already; YAML is not converted: that would drop
 * its comments behind the user's back).
 * @param {string} text
 * @param {FileFormat} from
 * @param {FileFormat} to
 * @param {{file: string, fileJsonnet: string}} scenario
 */
export function textAfterSwitch(text, from, to, scenario) {
  if (from !== to && text === scenarioFile(scenario, from)) return scenarioFile(scenario, to);
  return text;
}

/**
 * An engine error about the file computed from the Jsonnet's output: its
 * line and column are in JSON the user never sees, so they are dropped,
 * and the message says the problem is in the output (with the field
 * path, which does mean something in the Jsonnet).
 * @param {import('../workers/api-types.js').ApiError} error
 * @returns {import('../workers/api-types.js').ApiError}
 */
export function fromJsonnetOutput(error) {
  if (error.pane !== 'file') return error;
  const { line: _line, column: _column, path, ...rest } = error;
  return { ...rest, message: `In the Jsonnet's output${path ? ` (${path})` : ''}: ${error.message}` };
}

/**
 * @typedef {object} JsonnetResponse
 * @property {string} version
 * @property {string} [json] the object, when the evaluation worked
 * @property {import('../workers/api-types.js').ApiError & {reason?: string}} [error]
 */

/** @param {string} message @returns {JsonnetResponse} */
const fileError = (message) => ({ version: '', error: { kind: 'input', pane: 'file', message } });

/**
 * Evaluates the file pane's Jsonnet in its own worker, started on the
 * first request. Like EngineClient (which it uses): only the newest
 * request is answered, a stuck evaluation is stopped after the time limit
 * and its worker replaced. Time-outs, crashes and load failures are
 * answered as errors of the file pane. The last answer is remembered, so
 * edits of the other panes do not evaluate the same text again.
 */
export class JsonnetStage {
  /**
   * @param {object} opts
   * @param {() => Worker} opts.createWorker
   * @param {(state: import('../workers/engine-client.js').EngineState, detail?: string) => void} [opts.onState]
   * @param {number} [opts.timeoutMs]
   * @param {number} [opts.loadTimeoutMs]
   */
  constructor({ createWorker, onState = () => {}, timeoutMs = 4000, loadTimeoutMs = 30000 }) {
    this.createWorker = createWorker;
    this.onState = onState;
    this.timeoutMs = timeoutMs;
    this.loadTimeoutMs = loadTimeoutMs;
    /** @type {EngineClient|null} */
    this.client = null;
    this.failed = false;
    /** @type {{source: string, done: (r: JsonnetResponse) => void}|null} */
    this.waiting = null;
    /** @type {{source: string, response: JsonnetResponse}|null} */
    this.cache = null;
  }

  /** True once the worker was asked for: the evaluator is (being) loaded. */
  get started() {
    return this.client !== null;
  }

  /**
   * Evaluates source; done gets the answer unless a newer request or
   * cancel() comes first. A text evaluated last time is answered at once.
   * @param {string} source
   * @param {(r: JsonnetResponse) => void} done
   */
  request(source, done) {
    if (this.cache && this.cache.source === source) {
      this.cancel();
      done(this.cache.response);
      return;
    }
    this.waiting = { source, done };
    if (!this.client) {
      this.client = new EngineClient({
        createWorker: this.createWorker,
        onResponse: (response) => this.answer(/** @type {any} */ (response)),
        onState: (state, detail) => this.state(state, detail),
        timeoutMs: this.timeoutMs,
        loadTimeoutMs: this.loadTimeoutMs,
      });
      this.client.start();
    } else if (this.failed) {
      this.failed = false;
      this.client.start();
    }
    this.client.request(/** @type {any} */ ({ source }));
  }

  /** Forgets the waiting request. */
  cancel() {
    this.waiting = null;
    this.client?.cancel();
  }

  /** Stops the worker (for tests). */
  stop() {
    this.cancel();
    this.client?.stopWorker();
  }

  /** @private @param {JsonnetResponse} response */
  answer(response) {
    const waiting = this.waiting;
    if (!waiting) return;
    this.waiting = null;
    // An internal error (a bug) is not the text's fault: try it again next time.
    if (!(response.error && response.error.kind === 'internal')) this.cache = { source: waiting.source, response };
    waiting.done(response);
  }

  /**
   * @private
   * @param {import('../workers/engine-client.js').EngineState} state
   * @param {string} [detail]
   */
  state(state, detail = '') {
    this.onState(state, detail);
    const waiting = this.waiting;
    switch (state) {
      case 'failed':
        this.failed = true;
        this.waiting = null;
        waiting?.done(fileError(`The Jsonnet evaluator could not be loaded: ${detail}. Edit the file to try again.`));
        break;
      case 'timeout':
        this.waiting = null;
        waiting?.done(fileError(`The Jsonnet evaluation ran longer than ${detail} and was stopped (an endless loop, or a very large computation?); the evaluator was restarted.`));
        break;
      case 'crashed':
        // The client runs the newest request once more in the fresh
        // worker: its answer still comes, so the request keeps waiting.
        // Its runtime is gone (out of stack or memory, or a Go "fatal
        // error"); EngineClient has already replaced the worker.
        waiting?.done(fileError(`The Jsonnet evaluator crashed (${detail}) and was restarted; your text is kept. A text that nests very deep or builds very large values can do this: make it smaller, or split it.`));
        break;
      default:
        break;
    }
  }
}
