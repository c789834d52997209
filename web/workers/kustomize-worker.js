// The Kustomize mode's Web Worker: the kustomize wasm (wasm/kustomize:
// engine/kustomize behind engine/kustomizeapi) behind
// globalThis.applylens.apply (see wasm-worker.js for the messages).
// Started when the Kustomize mode is first shown, so that no other visit
// downloads kustomize; a worker of its own, so a long build never delays
// the panes.

import { assets } from './assets.js';
import { serveWasm } from './wasm-worker.js';

// While the user reads, the worker builds the last tree again (op
// "warmup") so that the browser optimizes the wasm before the next edit.
serveWasm({ wasm: assets.kustomizeWasm, wasmExec: assets.wasmExec, bridge: 'applylens', method: 'apply', warmUp: '{"op":"warmup"}' });
