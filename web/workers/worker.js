// The Web Worker that runs the engine: the applylens wasm behind
// globalThis.applylens.apply (see wasm-worker.js for the messages).

import { assets } from './assets.js';
import { serveWasm } from './wasm-worker.js';

serveWasm({ wasm: assets.wasm, wasmExec: assets.wasmExec, bridge: 'applylens', method: 'apply', warmUp: '{"op":"warmup"}' });
