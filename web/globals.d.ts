// Names the page's scripts use that no module declares, for the type
// check (tsc --checkJs, jsconfig.json); nothing here is bundled.

/**
 * The content-hashed file names, defined by scripts/bundle.mjs when it
 * bundles (web/workers/assets.js falls back to the unhashed names).
 */
declare const __APPLYLENS_ASSETS__: {
  worker: string; wasm: string; wasmExec: string;
  jsonnetWorker: string; jsonnetWasm: string;
  timelineWorker: string; timelineWasm: string;
  serversideWorker: string; serversideWasm: string;
  kustomizeWorker: string; kustomizeWasm: string;
  storeWasm: string; samples: string;
};

/** One Go program's runtime (wasm_exec.js's Go class). */
interface GoRuntime {
  importObject: WebAssembly.Imports;
  run(instance: WebAssembly.Instance): Promise<void>;
}

/** Go's wasm runtime, defined by wasm_exec.js (loaded with importScripts or a script element). */
declare var Go: { new (): GoRuntime };
