// Names of the files the build content-hashes. scripts/bundle.mjs defines
// __APPLYLENS_ASSETS__ when it bundles; the fallback names are the
// unhashed ones, for a bundle made without the build script.

/* global __APPLYLENS_ASSETS__ */

/** @type {{worker: string, wasm: string, wasmExec: string, jsonnetWorker: string, jsonnetWasm: string, timelineWorker: string, timelineWasm: string, serversideWorker: string, serversideWasm: string, kustomizeWorker: string, kustomizeWasm: string, storeWasm: string, samples: string}} */
export const assets =
  typeof __APPLYLENS_ASSETS__ !== 'undefined'
    ? __APPLYLENS_ASSETS__
    : { worker: 'worker.js', wasm: 'applylens.wasm', wasmExec: 'wasm_exec.js', jsonnetWorker: 'jsonnet-worker.js', jsonnetWasm: 'applylens-jsonnet.wasm', timelineWorker: 'timeline-worker.js', timelineWasm: 'applylens-timeline.wasm', serversideWorker: 'serverside-worker.js', serversideWasm: 'applylens-serverside.wasm', kustomizeWorker: 'kustomize-worker.js', kustomizeWasm: 'applylens-kustomize.wasm', storeWasm: 'applylens-store.wasm', samples: 'samples.json' };
