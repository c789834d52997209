// The body of a Web Worker that runs one Go wasm: it streams and compiles
// the wasm, loads Go's wasm_exec.js, waits for the program to register its
// bridge, then answers one call at a time. Long calls block only this
// thread; the page abandons the worker when one runs too long (see
// engine-client.js). Both the engine's worker and the Jsonnet worker are
// this, with another wasm and bridge.
//
// Messages in:  {type: 'apply', id, request: string}   call the bridge's method
// Messages out: {type: 'received', id}                 a request arrived (for tests: docs/page.md)
//               {type: 'started', id}                  its computation starts now: the
//                   page's time limit counts from here, so neither the
//                   engine's start nor a warm-up call is counted
//               {type: 'ready', version, timings}    timings: when each phase of the
//                   start ended, in ms since the epoch (performance.timeOrigin
//                   + now(), so the page can place them on its own clock):
//                   {wasm, worker, fetch, response, compiled, instantiated, prepare,
//                   ready} (see startTimings)
//               {type: 'failed', message}              the wasm did not load
//               {type: 'response', id, response: string, ms, memoryBytes}
//                   ms: the call's time; memoryBytes: the wasm's linear memory
//               {type: 'crashed', id, message}         the Go runtime threw

import { compileWasm, runGo } from './wasm-loader.js';

/**
 * @param {object} opts
 * @param {string} opts.wasm the wasm's file name, relative to the worker
 * @param {string} opts.wasmExec Go's wasm_exec.js, relative to the worker
 * @param {string} opts.bridge the global the Go program registers, e.g.
 *   'applylens': it sets `${bridge}Ready` and calls `on${Bridge}Ready`
 * @param {string} opts.method the bridge's function that answers a request
 * @param {string} [opts.warmUp] a request that makes the bridge run its last
 *   computation again without changing what later requests see (see
 *   warmUp below)
 */
export function serveWasm({ wasm, wasmExec, bridge, method, warmUp }) {
  // Start the download before anything else: compiling streams while the
  // rest of the worker boots.
  const timings = startTimings(wasm);
  const wasmFetch = fetch(new URL(wasm, self.location.href).href);
  wasmFetch.then(() => timings.mark('response'), () => {});

  /** Set when the Go program ends (a panic does that): no call works after. */
  let exited = false;
  /** The wasm's linear memory (Go's heap lives in it; it only grows). @type {WebAssembly.Memory|null} */
  let memory = null;

  async function load() {
    const compiling = compileWasm(wasmFetch, wasm);
    importScripts(new URL(wasmExec, self.location.href).href);
    const module = await compiling;
    timings.mark('compiled');
    const started = await runGo(module, {
      onInstantiated: () => timings.mark('instantiated'),
      bridge,
      method,
      endedMessage: 'the Go program exited before it was ready',
      onExit: () => { exited = true; },
    });
    memory = started.memory;
    return started.api;
  }

  const loaded = load();

  loaded.then(
    (api) => {
      timings.mark('ready');
      self.postMessage({ type: 'ready', version: String(typeof api.version === 'function' ? api.version() : ''), timings: timings.done() });
    },
    (err) => self.postMessage({ type: 'failed', message: String(err && err.message ? err.message : err) }),
  );

  // Browsers first run wasm with a baseline compiler and optimize a
  // function once it has run enough: a typical apply takes ~8 ms for its
  // first hundred runs and ~1 ms after. So while the page waits for the
  // user, the worker repeats the last computation (engine/api's warm-up
  // op) until it is optimized, one call per task so a request waits at
  // most one call. Inputs whose computation is long run enough code in
  // their own calls: no warm-up for them.
  const WARM_UP_CALLS = 150;
  const WARM_UP_MS = 2000;
  const WARM_UP_MAX_CALL_MS = 40;
  let warmCalls = 0;
  let warmMs = 0;
  let warmTimer;
  function scheduleWarmUp(api, lastCallMs) {
    clearTimeout(warmTimer);
    if (!warmUp || exited || lastCallMs > WARM_UP_MAX_CALL_MS || warmCalls >= WARM_UP_CALLS || warmMs >= WARM_UP_MS) return;
    warmTimer = setTimeout(() => {
      const started = performance.now();
      try {
        api[method](warmUp);
      } catch {
        return; // the next real request reports a dead runtime
      }
      const ms = performance.now() - started;
      warmCalls++;
      warmMs += ms;
      scheduleWarmUp(api, ms);
    }, 0);
  }

  self.onmessage = async (event) => {
    const msg = event.data;
    if (!msg || msg.type !== 'apply') return;
    self.postMessage({ type: 'received', id: msg.id });
    clearTimeout(warmTimer);
    let api;
    try {
      api = await loaded;
    } catch {
      return; // 'failed' was already posted
    }
    try {
      self.postMessage({ type: 'started', id: msg.id });
      const started = performance.now();
      const response = exited ? undefined : api[method](msg.request);
      const ms = performance.now() - started;
      // A Go panic inside the call ends the program and the call returns
      // undefined instead of throwing.
      if (typeof response !== 'string') throw new Error(exited || response === undefined ? 'the Go program exited' : 'the wasm returned no text');
      self.postMessage({ type: 'response', id: msg.id, response, ms, memoryBytes: memory ? memory.buffer.byteLength : 0 });
      scheduleWarmUp(api, ms);
    } catch (err) {
      self.postMessage({ type: 'crashed', id: msg.id, message: String(err && err.message ? err.message : err) });
    }
  };
}

/**
 * When each phase of a worker's start ended, for the page's tests and
 * traces (applylensPage.engines().startTimings): worker (its global
 * was made: performance.timeOrigin), fetch (its script ran and asked for
 * the wasm), response (its headers arrived),
 * compiled, instantiated, prepare (the Go program's packages are
 * initialized and its engine's preparation starts: the bridge's
 * performance mark 'applylens-prepare', see wasm/internal/bridge), ready.
 * Times are in ms since the epoch.
 * @param {string} wasm
 */
function startTimings(wasm) {
  const now = () => performance.timeOrigin + performance.now();
  /** @type {Record<string, number|string>} */
  const t = { wasm, worker: performance.timeOrigin, fetch: now() };
  return {
    /** @param {string} name */
    mark(name) {
      t[name] = now();
    },
    done() {
      const prepare = typeof performance.getEntriesByName === 'function' ? performance.getEntriesByName('applylens-prepare') : [];
      if (prepare.length > 0) t.prepare = performance.timeOrigin + prepare[prepare.length - 1].startTime;
      return { ...t };
    },
  };
}
