// The Web Worker that evaluates Jsonnet: the separate Jsonnet wasm behind
// globalThis.applylensJsonnet.evaluate (see wasm-worker.js for the
// messages). The page starts it only when the file pane's format is
// Jsonnet, so nobody else downloads the evaluator.
//
// A worker of its own rather than a second wasm in the engine's worker:
// a runaway evaluation is stopped by terminating this worker, and the
// engine, already compiled, keeps its state and answers at once; each
// worker's load and time limits stay independent (downloading the
// evaluator does not count against a computation's 4 s).

import { assets } from './assets.js';
import { serveWasm } from './wasm-worker.js';

serveWasm({ wasm: assets.jsonnetWasm, wasmExec: assets.wasmExec, bridge: 'applylensJsonnet', method: 'evaluate' });
