// The server-side apply's Web Worker: the server-side wasm
// (wasm/serverside: the engine plus engine/serverside and the schema of
// every built-in kind) behind globalThis.applylens.apply (see
// wasm-worker.js for the messages). Started when the page's apply switch
// first leaves client-side, so the first visit never downloads it.

import { assets } from './assets.js';
import { serveWasm } from './wasm-worker.js';

serveWasm({ wasm: assets.serversideWasm, wasmExec: assets.wasmExec, bridge: 'applylens', method: 'apply' });
