// Loads applylens wasms in node as their workers do, for the bridges'
// node tests: builds a package first when no file is given, runs it with
// Go's wasm_exec.js and waits for its ready callback; and runs named
// checks, printing each as ok or FAIL.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository's root. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Returns wasmPath, or builds pkg into a temporary file and returns that.
 * @param {string|undefined} wasmPath a built wasm, or undefined to build pkg
 * @param {string} pkg the Go package, e.g. './wasm/timeline'
 * @param {string} [name] the built file's name (default the package's base name)
 */
export function buildWasm(wasmPath, pkg, name = `${path.basename(pkg)}.wasm`) {
  if (wasmPath) return wasmPath;
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'applylens-')), name);
  execFileSync('go', ['build', '-trimpath', '-ldflags=-s -w', '-o', out, pkg], {
    cwd: root,
    env: { ...process.env, GOOS: 'js', GOARCH: 'wasm' },
    stdio: 'inherit',
  });
  return out;
}

/** @type {Promise<unknown>|undefined} */
let runtime;

/** Loads Go's wasm_exec.js (globalThis.Go), once. */
export function loadGoRuntime() {
  if (!runtime) {
    const goroot = execFileSync('go', ['env', 'GOROOT'], { encoding: 'utf8' }).trim();
    runtime = import(pathToFileURL(path.join(goroot, 'lib', 'wasm', 'wasm_exec.js')).href);
  }
  return runtime;
}

/**
 * Runs the wasm file and resolves when it calls globalThis[ready], with
 * a state whose exited turns true if the program ends.
 * @param {string} file a built wasm
 * @param {string} ready the callback the program calls when ready
 * @param {number} [timeoutMs] reject when not ready by then (default: wait)
 * @returns {Promise<{exited: boolean}>}
 */
export async function startWasm(file, ready, timeoutMs) {
  await loadGoRuntime();
  const isReady = new Promise((resolve) => { globalThis[ready] = resolve; });
  const go = new globalThis.Go();
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(file), go.importObject);
  const state = { exited: false };
  go.run(instance).then(() => { state.exited = true; });
  if (timeoutMs === undefined) {
    await isReady;
  } else {
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error(`${file}: not ready after ${timeoutMs / 1000} s`)), timeoutMs).unref());
    await Promise.race([isReady, timeout]);
  }
  return state;
}

/**
 * Builds (when no file is given) and starts one wasm, waiting for it.
 * @param {object} opts
 * @param {string|undefined} opts.wasmPath a built wasm, or undefined to build pkg
 * @param {string} opts.pkg the Go package, e.g. './wasm/timeline'
 * @param {string} [opts.ready] the callback the program calls when ready (default onApplylensReady)
 */
export async function loadWasm({ wasmPath, pkg, ready = 'onApplylensReady' }) {
  await startWasm(buildWasm(wasmPath, pkg), ready);
}

/**
 * A runner of named checks: check runs one (a failure is printed with
 * its stack and counted, and the next check runs); failures counts them.
 */
export function checks() {
  let failures = 0;
  return {
    /**
     * @param {string} name
     * @param {() => unknown} fn
     */
    async check(name, fn) {
      try {
        await fn();
        console.log(`ok   ${name}`);
      } catch (err) {
        failures++;
        console.log(`FAIL ${name}\n     ${String(err && err.stack ? err.stack : err).replace(/\n/g, '\n     ')}`);
      }
    },
    failures: () => failures,
  };
}
