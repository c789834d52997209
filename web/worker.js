// The Web Worker that runs the engine: it loads Go's wasm_exec.js and the
// applylens wasm, then answers one request at a time. Long computations
// block only this thread; the page abandons the worker when one runs too
// long (see engine-client.js).
//
// Messages in:  {type: 'apply', id, request: string (api.Request JSON)}
// Messages out: {type: 'ready', version}
//               {type: 'failed', message}            the engine did not load
//               {type: 'response', id, response: string (api.Response JSON)}
//               {type: 'crashed', id, message}        the Go runtime threw

import { assets } from './assets.js';

/* global Go */

// Start the download before anything else: compiling streams while the
// rest of the worker boots.
const wasmURL = new URL(assets.wasm, self.location.href).href;
const wasmFetch = fetch(wasmURL);

async function compile() {
  const response = await wasmFetch;
  if (!response.ok) throw new Error(`${assets.wasm}: HTTP ${response.status}`);
  try {
    return await WebAssembly.compileStreaming(Promise.resolve(response.clone()));
  } catch (err) {
    // A host that serves .wasm without application/wasm breaks streaming
    // compilation only; the bytes are still good.
    if (!(err instanceof TypeError)) throw err;
    return WebAssembly.compile(await response.arrayBuffer());
  }
}

/** @returns {Promise<{apply(req: string): string, version(): string}>} */
async function load() {
  const compiling = compile();
  importScripts(new URL(assets.wasmExec, self.location.href).href);
  const module = await compiling;
  const go = new Go();
  const instance = await WebAssembly.instantiate(module, go.importObject);
  const ready = new Promise((resolve, reject) => {
    self.onApplylensReady = resolve;
    go.run(instance).then(
      () => {
        exited = true;
        reject(new Error('the Go program exited before it was ready'));
      },
      (err) => {
        exited = true;
        reject(err);
      },
    );
    if (self.applylensReady) resolve();
  });
  await ready;
  if (!self.applylens || typeof self.applylens.apply !== 'function') {
    throw new Error('the wasm did not register globalThis.applylens');
  }
  return self.applylens;
}

/** Set when the Go program ends (a panic does that): no call works after. */
let exited = false;

const engine = load();

engine.then(
  (api) => self.postMessage({ type: 'ready', version: String(api.version()) }),
  (err) => self.postMessage({ type: 'failed', message: String(err && err.message ? err.message : err) }),
);

self.onmessage = async (event) => {
  const msg = event.data;
  if (!msg || msg.type !== 'apply') return;
  let api;
  try {
    api = await engine;
  } catch {
    return; // 'failed' was already posted
  }
  try {
    const response = exited ? undefined : api.apply(msg.request);
    // A Go panic inside the call ends the program and the call returns
    // undefined instead of throwing.
    if (typeof response !== 'string') throw new Error(exited || response === undefined ? 'the Go program exited' : 'the engine returned no text');
    self.postMessage({ type: 'response', id: msg.id, response });
  } catch (err) {
    self.postMessage({ type: 'crashed', id: msg.id, message: String(err && err.message ? err.message : err) });
  }
};
