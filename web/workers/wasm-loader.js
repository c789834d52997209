// Starting a Go wasm program, for a worker (wasm-worker.js: the engine,
// Jsonnet, the timeline, the server-side apply) and for the page itself
// (saves/saves-ui.js: the saved work's store, which needs the page's
// IndexedDB): compile the fetched bytes, run the program, wait until it
// has registered its bridge. Go's wasm_exec.js (the global Go) must be
// loaded before runGo: a worker loads it with importScripts, the page with
// a script element.

/**
 * Compiles a fetched wasm while it downloads. A host that serves .wasm
 * without application/wasm breaks streaming compilation only; the bytes
 * are still good, so they are compiled whole instead.
 * @param {Promise<Response>} fetching
 * @param {string} name the file's name, for errors
 * @returns {Promise<WebAssembly.Module>}
 */
export async function compileWasm(fetching, name) {
  const response = await fetching;
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  try {
    return await WebAssembly.compileStreaming(Promise.resolve(response.clone()));
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    return WebAssembly.compile(await response.arrayBuffer());
  }
}

/**
 * Runs a compiled Go program and resolves with its bridge once it says it
 * is ready: the program sets globalThis[`${bridge}Ready`] and calls
 * globalThis[`on${Bridge}Ready`] when it has registered globalThis[bridge].
 * @param {WebAssembly.Module} module
 * @param {object} opts
 * @param {string} opts.bridge the global the program registers, e.g. 'applylens'
 * @param {string} [opts.method] a function the bridge must have (checked)
 * @param {string} opts.endedMessage the error when the program ends before it is ready
 * @param {number} [opts.readyTimeoutMs] give up when it is not ready by then (absent: wait)
 * @param {string} [opts.timeoutMessage] the error then
 * @param {() => void} [opts.onInstantiated] called once the module is instantiated, before
 *   the program runs (the start's timings)
 * @param {() => void} [opts.onExit] called when the program ends, ready or not
 *   (a Go panic ends it): no call works after
 * @returns {Promise<{api: any, memory: WebAssembly.Memory|null}>} memory: the
 *   wasm's linear memory (Go's heap lives in it; it only grows)
 */
export async function runGo(module, { bridge, method, endedMessage, readyTimeoutMs, timeoutMessage = 'the program did not start', onInstantiated = () => {}, onExit = () => {} }) {
  const go = new Go();
  const instance = await WebAssembly.instantiate(module, go.importObject);
  onInstantiated();
  const memory = /** @type {WebAssembly.Memory} */ (instance.exports.mem) || null;
  const readyFlag = `${bridge}Ready`;
  const readyCallback = `on${bridge[0].toUpperCase()}${bridge.slice(1)}Ready`;
  let timer;
  /** @type {Promise<void>} */
  const ready = new Promise((resolve, reject) => {
    globalThis[readyCallback] = resolve;
    go.run(instance).then(
      () => {
        onExit();
        reject(new Error(endedMessage));
      },
      (err) => {
        onExit();
        reject(err);
      },
    );
    if (globalThis[readyFlag]) resolve();
    if (readyTimeoutMs !== undefined) {
      timer = setTimeout(() => reject(new Error(timeoutMessage)), readyTimeoutMs);
    }
  });
  try {
    await ready;
  } finally {
    clearTimeout(timer);
  }
  const api = globalThis[bridge];
  if (method !== undefined && (!api || typeof api[method] !== 'function')) {
    throw new Error(`the wasm did not register globalThis.${bridge}.${method}`);
  }
  return { api, memory };
}
