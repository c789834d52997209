// The Timeline mode's Web Worker: the timeline wasm (wasm/timeline: the
// engine plus the simulated cluster) behind globalThis.applylens.apply
// (see wasm-worker.js for the messages). Started when the Timeline mode
// is first shown, so the single-apply page never downloads the cluster;
// a worker of its own, so a long timeline never delays the panes.

import { assets } from './assets.js';
import { serveWasm } from './wasm-worker.js';

// While the user reads, the worker replays the step shown last (op
// "timeline" with warmUp) so that the browser optimizes the wasm before
// the next edit.
serveWasm({ wasm: assets.timelineWasm, wasmExec: assets.wasmExec, bridge: 'applylens', method: 'apply', warmUp: '{"op":"timeline","warmUp":true}' });
