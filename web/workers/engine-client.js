// EngineClient owns the worker: it sends one request at a time, keeps only
// the newest waiting request (a replaced one never reaches the worker),
// drops answers to requests that are no longer the newest, abandons a
// long computation whose answer nobody wants any more (a newer request, or
// stop()), and replaces a worker whose computation runs too long. It also
// asks where a step of the result it holds is written (op "where"),
// between computations.

import { applyDelta } from './result-delta.js';

/** @typedef {import('./api-types.js').Request} Request */
/** @typedef {import('./api-types.js').Response} Response */
/**
 * A where() question: step index of result seq.
 * @typedef {{seq: number, index: number, resolve: (where: import('./api-types.js').Where|null) => void}} Query
 */

/**
 * Engine states, as reported to onState:
 *   loading  the worker is fetching and starting the wasm
 *   ready    the engine answers requests
 *   failed   the engine could not be loaded (detail: the reason)
 * and one event that is not a lasting state:
 *   timeout  a computation ran past the limit; the worker was replaced
 *   crashed  the Go runtime threw; the worker was replaced
 *   stopped  stop() ended the computation; the worker was replaced
 * @typedef {'loading'|'ready'|'failed'|'timeout'|'crashed'|'stopped'} EngineState
 */

/**
 * Every engine client the page made (the engine's, the Jsonnet evaluator's,
 * the timeline's, the server-side apply's), for tests: applylensPage.engines
 * sums their answers and time-outs (docs/page.md).
 * @type {Set<EngineClient>}
 */
export const engineClients = new Set();

/**
 * How many times the time limit a worker's first computation gets: it
 * pays for compiling the code it runs first (see startTimer).
 */
export const FIRST_COMPUTATION_FACTOR = 3;

export class EngineClient {
  /**
   * @param {object} opts
   * @param {() => Worker | {worker: Worker, messages: any[]}} opts.createWorker
   *   a new worker, or one already running with the messages it has sent
   *   so far (index.html starts the first worker early)
   * @param {(response: Response, id: number) => void} opts.onResponse
   * @param {(state: EngineState, detail?: string) => void} opts.onState
   * @param {number} [opts.timeoutMs] abandon a computation after this long
   * @param {number} [opts.loadTimeoutMs] give up loading after this long
   * @param {number} [opts.abandonAfterMs] a computation that a newer
   *   request replaces is abandoned (its worker replaced) once it has run
   *   this long: a fresh worker starts faster than a long computation ends
   */
  constructor({ createWorker, onResponse, onState, timeoutMs = 4000, loadTimeoutMs = 30000, abandonAfterMs = 500 }) {
    this.createWorker = createWorker;
    this.onResponse = onResponse;
    this.onState = onState;
    this.timeoutMs = timeoutMs;
    this.loadTimeoutMs = loadTimeoutMs;
    this.abandonAfterMs = abandonAfterMs;
    /** When the computation in flight was sent (performance.now()). */
    this.sentAt = 0;
    /**
     * Computations the time limit stopped (for tests: a slow device must
     * never see one on a gallery example).
     */
    this.timeouts = 0;
    /** Answers delivered to onResponse (for tests). */
    this.answers = 0;
    /** Whether the current worker has answered a computation (see startTimer). */
    this.answered = false;
    engineClients.add(this);
    /**
     * The ids of the applies the workers said they received, newest last
     * (at most 200): for tests, which check that a replaced request never
     * reaches the engine (docs/page.md, applylensPage.engineLog).
     * @type {number[]}
     */
    this.received = [];
    /** Workers started so far (for tests: a replaced worker counts). */
    this.starts = 0;
    /** When start() last made or adopted a worker, in ms since the epoch. */
    this.startedAt = 0;
    /**
     * The current worker's start, phase by phase (its 'ready' message's
     * timings, and started), for tests and traces. @type {Record<string, number|string>|null}
     */
    this.startTimings = null;
    /**
     * The current worker's first answer: when it arrived (ms since the
     * epoch) and how long its computation took in the worker.
     * @type {{at: number, ms: number}|null}
     */
    this.firstAnswer = null;
    /** The worker's wasm memory at its last answer, in bytes (for tests). */
    this.memoryBytes = 0;
    /** @type {Worker|null} */
    this.worker = null;
    this.ready = false;
    this.version = '';
    this.lastId = 0;
    /**
     * What the worker is computing: an apply, or a where() question
     * (query set, negative id).
     * @type {{id: number, request?: Request, retried?: boolean, query?: Query}|null}
     */
    this.inflight = null;
    /** @type {{id: number, request: Request, retried?: boolean}|null} */
    this.pending = null;
    this.timer = undefined;
    this.loadTimer = undefined;
    /** The last whole result received (see resolve) and its seq. @type {import('./api-types.js').Result|null} */
    this.held = null;
    this.heldSeq = 0;
    /** The newest question of where(), not sent yet. @type {Query|null} */
    this.query = null;
    this.lastQueryId = 0;
  }

  /** Starts (or restarts) the worker. */
  start() {
    this.stopWorker();
    this.ready = false;
    this.answered = false;
    this.startTimings = null;
    this.firstAnswer = null;
    // A new worker holds no result to send deltas from, nor to locate
    // steps in.
    this.held = null;
    this.heldSeq = 0;
    this.answerQuery(null);
    this.onState('loading');
    this.starts++;
    this.startedAt = performance.timeOrigin + performance.now();
    const made = this.createWorker();
    const worker = 'worker' in made ? made.worker : made;
    const early = 'worker' in made ? made.messages : [];
    this.worker = worker;
    worker.onmessage = (event) => {
      if (this.worker === worker) this.handle(event.data);
    };
    worker.onerror = (event) => {
      if (this.worker !== worker) return;
      if (event && typeof event.preventDefault === 'function') event.preventDefault();
      const message = event && event.message ? event.message : 'the worker script failed';
      if (this.ready) this.replace('crashed', message);
      else this.fail(message);
    };
    this.loadTimer = setTimeout(() => {
      if (this.worker === worker && !this.ready) this.fail(`the engine did not start within ${Math.round(this.loadTimeoutMs / 1000)} s`);
    }, this.loadTimeoutMs);
    for (const msg of early) {
      if (this.worker === worker) this.handle(msg);
    }
  }

  /**
   * Asks for a computation. Returns its id; only the newest id's answer is
   * delivered.
   * @param {Request} request
   * @returns {number}
   */
  request(request) {
    const id = ++this.lastId;
    this.pending = { id, request };
    const running = this.inflight;
    if (running && !running.query && this.ready && performance.now() - this.sentAt >= this.abandonAfterMs) {
      // Its answer would be dropped anyway; waiting for it would delay
      // the newest request by the rest of a long computation.
      this.abandon();
      return id;
    }
    this.flush();
    return id;
  }

  /** True while an apply is being computed or waits to be sent. */
  get busy() {
    return this.pending !== null || (this.inflight !== null && !this.inflight.query);
  }

  /**
   * Stops the computation in flight (its worker is replaced) and forgets
   * the waiting request; nothing is retried. Reports 'stopped' when there
   * was a computation to stop or one waiting.
   */
  stop() {
    const wasBusy = this.busy;
    this.cancel();
    const running = this.inflight && !this.inflight.query;
    if (wasBusy) this.onState('stopped');
    if (running) this.abandon();
  }

  /**
   * Replaces the worker of a computation nobody waits for; the waiting
   * request runs in the fresh one.
   * @private
   */
  abandon() {
    this.inflight = null;
    this.start();
  }

  /**
   * Where step index of the result last delivered is written in each
   * text. Resolves null when that cannot be told any more: a newer
   * question was asked, a newer result arrived first, or the worker was
   * replaced. Asked between computations, never delaying one.
   * @param {number} index
   * @returns {Promise<import('./api-types.js').Where|null>}
   */
  where(index) {
    this.answerQuery(null);
    if (!this.heldSeq) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.query = { seq: this.heldSeq, index, resolve };
      this.flush();
    });
  }

  /** @private @param {import('./api-types.js').Where|null} where */
  answerQuery(where) {
    const q = this.query;
    this.query = null;
    if (q) q.resolve(where);
  }

  /** Forgets any waiting or running request's answer. */
  cancel() {
    this.lastId++;
    this.pending = null;
  }

  /** @private */
  flush() {
    if (!this.ready || this.inflight || !this.worker) return;
    if (!this.pending) {
      if (this.query) this.ask();
      return;
    }
    const item = this.pending;
    this.pending = null;
    this.send(item, this.heldSeq ? { ...item.request, base: this.heldSeq } : item.request);
  }

  /** Sends the waiting where() question. @private */
  ask() {
    const q = /** @type {Query} */ (this.query);
    if (!q.seq || q.seq !== this.heldSeq) {
      this.answerQuery(null);
      return;
    }
    this.query = null;
    // Negative ids: they never match an apply's.
    this.send({ id: -++this.lastQueryId, query: q }, { op: 'where', base: q.seq, step: q.index });
  }

  /**
   * Hands item's request to the worker. The time limit starts when the
   * worker says the computation started (see handle): the wait for the
   * worker's thread, the wasm's start and a warm-up call in progress are
   * not the computation's time, and on a slow phone they are seconds.
   * @private
   * @param {NonNullable<EngineClient['inflight']>} item
   * @param {Request | {op: 'where', base: number, step: number}} request
   */
  send(item, request) {
    this.inflight = item;
    this.sentAt = performance.now();
    /** @type {Worker} */ (this.worker).postMessage({ type: 'apply', id: item.id, request: JSON.stringify(request) });
  }

  /**
   * The worker started item's computation: it is abandoned past the time
   * limit from now.
   * @private
   * @param {NonNullable<EngineClient['inflight']>} item
   */
  startTimer(item) {
    clearTimeout(this.timer);
    // A worker's first computation also runs code the browser compiles on
    // its first call: on a slow phone seconds that the engine's start
    // owes, not the computation.
    const limit = this.answered ? this.timeoutMs : this.timeoutMs * FIRST_COMPUTATION_FACTOR;
    this.timer = setTimeout(() => {
      if (this.inflight !== item) return;
      this.timeouts++;
      this.replace('timeout', `${limit / 1000} s`);
    }, limit);
  }

  /** @private */
  handle(msg) {
    if (!msg || typeof msg !== 'object') return;
    switch (msg.type) {
      case 'ready':
        clearTimeout(this.loadTimer);
        this.ready = true;
        this.version = String(msg.version || '');
        if (msg.timings && typeof msg.timings === 'object') this.startTimings = { ...msg.timings, started: this.startedAt };
        this.onState('ready', this.version);
        this.flush();
        break;
      case 'failed':
        this.fail(String(msg.message || 'unknown error'));
        break;
      case 'started':
        if (this.inflight && msg.id === this.inflight.id) this.startTimer(this.inflight);
        break;
      case 'received':
        if (msg.id > 0) {
          this.received.push(msg.id);
          if (this.received.length > 200) this.received.shift();
        }
        break;
      case 'response': {
        if (!this.inflight || msg.id !== this.inflight.id) return;
        clearTimeout(this.timer);
        if (!this.answered) this.firstAnswer = { at: performance.timeOrigin + performance.now(), ms: Number(msg.ms) || 0 };
        this.answered = true;
        if (typeof msg.memoryBytes === 'number') this.memoryBytes = msg.memoryBytes;
        const { query } = this.inflight;
        this.inflight = null;
        if (query) {
          let where = null;
          try {
            const r = JSON.parse(msg.response);
            if (r.where && r.seq === query.seq && query.seq === this.heldSeq) where = r.where;
          } catch {
            // An unreadable answer locates nothing.
          }
          query.resolve(where);
        } else if (msg.id === this.lastId) {
          let response;
          try {
            response = this.resolve(JSON.parse(msg.response));
          } catch (err) {
            response = { version: this.version, error: { kind: 'internal', message: `unreadable engine response: ${err.message}` } };
          }
          this.answers++;
          this.onResponse(response, msg.id);
        }
        this.flush();
        break;
      }
      case 'crashed':
        if (this.inflight && msg.id === this.inflight.id) this.replace('crashed', String(msg.message || ''));
        break;
      default:
        break;
    }
  }

  /**
   * Abandons the current worker and its computation, reports why, and
   * starts a fresh one; a newer waiting request survives and runs there.
   * @private
   * @param {'timeout'|'crashed'} why
   * @param {string} detail
   */
  replace(why, detail) {
    let lost = this.inflight;
    this.inflight = null;
    if (lost && lost.query) {
      lost.query.resolve(null);
      lost = null;
    }
    this.onState(why, detail);
    // A crash may have been caused by an earlier request (the runtime was
    // already dead), so the newest request gets one more try in the fresh
    // worker. A timeout is not retried: it would most likely time out again.
    if (why === 'crashed' && lost && !lost.retried && !this.pending && lost.id === this.lastId) {
      this.pending = { id: lost.id, request: /** @type {Request} */ (lost.request), retried: true };
    }
    this.start();
  }

  /**
   * Turns a delta into the whole result and remembers the result, which
   * the next request names as its base.
   * @private
   * @param {Response} response
   * @returns {Response}
   */
  resolve(response) {
    if (response.delta) {
      const { delta, ...rest } = response;
      if (!this.held || delta.base !== this.heldSeq) {
        throw new Error(`a delta from result ${delta.base}, but the page holds ${this.heldSeq}`);
      }
      response = { ...rest, result: applyDelta(this.held, delta) };
    }
    if (response.result && response.seq) {
      this.held = response.result;
      this.heldSeq = response.seq;
    }
    return response;
  }

  /** @private */
  fail(message) {
    this.stopWorker();
    this.ready = false;
    this.onState('failed', message);
  }

  /** Ends the worker, if any, without a state change (fail, start, and tests). */
  stopWorker() {
    clearTimeout(this.timer);
    clearTimeout(this.loadTimer);
    this.inflight = null;
    if (this.worker) {
      this.worker.onmessage = null;
      this.worker.onerror = null;
      this.worker.terminate();
      this.worker = null;
    }
  }
}

/**
 * Returns fn delayed until calls stop for ms milliseconds. A call may say
 * when the activity it reports began (`debounced.since(start, ...args)`,
 * on the performance.now() clock): the wait then counts from there, so
 * that the time an editor spends handling a key is not added to it.
 * @template {any[]} A
 * @param {(...args: A) => void} fn
 * @param {number} ms
 * @param {() => number} [now]
 * @returns {((...args: A) => void) & {since(start: number, ...args: A): void, cancel(): void, flush(): void}}
 */
export function debounce(fn, ms, now = () => performance.now()) {
  let timer;
  let lastArgs = null;
  const run = () => {
    timer = undefined;
    const args = lastArgs;
    lastArgs = null;
    if (args) fn(...args);
  };
  /** @param {number} start @param {A} args */
  const since = (start, ...args) => {
    lastArgs = args;
    clearTimeout(timer);
    const t = now();
    // A start in the future, or longer ago than the wait, is the present.
    const from = start <= t && t - start < ms ? start : t;
    timer = setTimeout(run, Math.max(0, from + ms - t));
  };
  /** @param {A} args */
  const debounced = (...args) => since(now(), ...args);
  debounced.since = since;
  debounced.cancel = () => {
    clearTimeout(timer);
    lastArgs = null;
  };
  debounced.flush = () => {
    clearTimeout(timer);
    run();
  };
  return debounced;
}
