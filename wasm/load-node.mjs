// Loads an applylens wasm in node as its worker does, for the bridges'
// node tests: builds the package first when no file is given, runs it
// with Go's wasm_exec.js and waits for its ready callback.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * @param {object} opts
 * @param {string|undefined} opts.wasmPath a built wasm, or undefined to build pkg
 * @param {string} opts.pkg the Go package, e.g. './wasm/timeline'
 * @param {string} [opts.ready] the callback the program calls when ready (default onApplylensReady)
 */
export async function loadWasm({ wasmPath, pkg, ready = 'onApplylensReady' }) {
  if (!wasmPath) {
    wasmPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'applylens-')), `${path.basename(pkg)}.wasm`);
    execFileSync('go', ['build', '-trimpath', '-ldflags=-s -w', '-o', wasmPath, pkg], {
      cwd: root,
      env: { ...process.env, GOOS: 'js', GOARCH: 'wasm' },
      stdio: 'inherit',
    });
  }
  const goroot = execFileSync('go', ['env', 'GOROOT'], { encoding: 'utf8' }).trim();
  await import(pathToFileURL(path.join(goroot, 'lib', 'wasm', 'wasm_exec.js')).href);
  const isReady = new Promise((resolve) => { globalThis[ready] = resolve; });
  const go = new globalThis.Go();
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmPath), go.importObject);
  go.run(instance);
  await isReady;
}
