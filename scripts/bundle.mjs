// Bundles the page into a static site: content-hashed file names, .br and
// .gz siblings, and index.html rewritten to point at them. Called by
// scripts/build after it has built the wasms; all URLs are relative, so the
// site works from any folder of any static host.
//
//   node scripts/bundle.mjs --wasm PATH --jsonnet-wasm PATH --timeline-wasm PATH --store-wasm PATH --serverside-wasm PATH --kustomize-wasm PATH --samples PATH --wasm-exec PATH [--out dist] [--budget BYTES] [--compress full|none]
//
// The Jsonnet evaluator (its wasm and worker) loads only when a visitor
// picks the Jsonnet format, the Timeline mode's engine (its wasm and
// worker) only when a visitor opens the Timeline mode: they are reported
// in asset-manifest.json under onDemand, outside the first-visit budget.
// The Kustomize mode's engine likewise (onDemandKustomize), with a budget
// of its own: 2.5 MB brotli (docs/kustomize.md).
// So is the saved work's wasm (IndexedDB), which the page loads after its
// first result, when idle: under afterFirstResult.
//
// The same inputs give byte-identical output: esbuild, zlib and brotli are
// deterministic, names depend only on content, and nothing records a time.
// Compression (scripts/compress.mjs) is cached by content, so a build that
// changed one file compresses one file.

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';
import { compressOnce, pruneCache } from './compress.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: {
    wasm: { type: 'string' },
    'jsonnet-wasm': { type: 'string' },
    'timeline-wasm': { type: 'string' },
    'serverside-wasm': { type: 'string' },
    'store-wasm': { type: 'string' },
    'kustomize-wasm': { type: 'string' },
    samples: { type: 'string' },
    'wasm-exec': { type: 'string' },
    out: { type: 'string', default: 'dist' },
    // The first visit (html, js, css, wasm) must stay under 1.4 MB as sent
    // (brotli). A build over it fails rather than ship a slow page.
    budget: { type: 'string', default: String(1.4 * 1000 * 1000) },
    // full: .br and .gz siblings (the deployable site); none: no siblings,
    // for serving on this machine (scripts/serve), where bytes are free.
    compress: { type: 'string', default: 'full' },
    // The Kustomize mode's engine (wasm and worker), fetched when the mode
    // is first shown: at most 2.5 MB as sent (brotli).
    'kustomize-budget': { type: 'string', default: String(2.5 * 1000 * 1000) },
  },
});
if (!args.wasm || !args['jsonnet-wasm'] || !args['timeline-wasm'] || !args['store-wasm'] || !args['serverside-wasm'] || !args['kustomize-wasm'] || !args.samples || !args['wasm-exec']) {
  console.error('usage: node scripts/bundle.mjs --wasm PATH --jsonnet-wasm PATH --timeline-wasm PATH --store-wasm PATH --serverside-wasm PATH --kustomize-wasm PATH --samples PATH --wasm-exec PATH [--out dist] [--budget BYTES]');
  process.exit(2);
}
if (args.compress !== 'full' && args.compress !== 'none') {
  console.error(`bundle.mjs: --compress is full or none, not ${JSON.stringify(args.compress)}`);
  process.exit(2);
}
const outDir = resolve(root, args.out);

const HASH_LEN = 10;
/** @param {Uint8Array|string} data */
const hashOf = (data) => createHash('sha256').update(data).digest('hex').slice(0, HASH_LEN);
/** @param {string} base @param {string} ext @param {Uint8Array|string} data */
const hashedName = (base, ext, data) => `${base}.${hashOf(data)}${ext}`;

/** @type {Map<string, Buffer>} */
const files = new Map();
const add = (name, data) => files.set(name, Buffer.isBuffer(data) ? data : Buffer.from(data));

// 1. The wasms and Go's loader, copied as they are.
const wasm = readFileSync(resolve(args.wasm));
const wasmName = hashedName('applylens', '.wasm', wasm);
add(wasmName, wasm);
const jsonnetWasm = readFileSync(resolve(args['jsonnet-wasm']));
const jsonnetWasmName = hashedName('applylens-jsonnet', '.wasm', jsonnetWasm);
add(jsonnetWasmName, jsonnetWasm);
const timelineWasm = readFileSync(resolve(args['timeline-wasm']));
const timelineWasmName = hashedName('applylens-timeline', '.wasm', timelineWasm);
add(timelineWasmName, timelineWasm);
const serversideWasm = readFileSync(resolve(args['serverside-wasm']));
const serversideWasmName = hashedName('applylens-serverside', '.wasm', serversideWasm);
add(serversideWasmName, serversideWasm);
const kustomizeWasm = readFileSync(resolve(args['kustomize-wasm']));
const kustomizeWasmName = hashedName('applylens-kustomize', '.wasm', kustomizeWasm);
add(kustomizeWasmName, kustomizeWasm);
const storeWasm = readFileSync(resolve(args['store-wasm']));
const storeWasmName = hashedName('applylens-store', '.wasm', storeWasm);
add(storeWasmName, storeWasm);
// The sample scenarios, fetched by the gallery (or an #example= address) on first use.
const samples = readFileSync(resolve(args.samples));
const samplesName = hashedName('samples', '.json', samples);
add(samplesName, samples);
// Each sample also on its own, examples/<id>.json, for embeds that name
// one (#example=<id>, docs/embedding.md): a frame fetches its example, a
// few hundred bytes, not every sample. Not hashed: the id is the address.
const exampleFiles = [];
for (const sample of JSON.parse(samples.toString('utf8'))) {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(sample.id)) throw new Error(`sample id ${JSON.stringify(sample.id)} cannot be a file name`);
  const name = `examples/${sample.id}.json`;
  add(name, JSON.stringify(sample));
  exampleFiles.push(name);
}
const wasmExec = readFileSync(resolve(args['wasm-exec']));
const wasmExecName = hashedName('wasm_exec', '.js', wasmExec);
add(wasmExecName, wasmExec);

const common = {
  absWorkingDir: root,
  bundle: true,
  minify: true,
  write: false,
  target: ['es2022'],
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
};

/** @param {esbuild.BuildOptions} options */
async function one(options) {
  const result = await esbuild.build({ ...common, ...options });
  if (result.outputFiles.length !== 1) throw new Error(`expected one output for ${options.entryPoints}`);
  return result.outputFiles[0].contents;
}

// 2. The workers: classic scripts, because they load wasm_exec.js with
// importScripts. They learn the hashed names through a define, each only
// the names it uses, so that one wasm's change does not rename the other's
// worker.
const noAssets = { worker: '', wasm: '', wasmExec: wasmExecName, jsonnetWorker: '', jsonnetWasm: '', timelineWorker: '', timelineWasm: '', serversideWorker: '', serversideWasm: '', kustomizeWorker: '', kustomizeWasm: '', storeWasm: '', samples: '' };
const worker = await one({
  entryPoints: ['web/workers/worker.js'],
  format: 'iife',
  outfile: 'worker.js',
  define: { __APPLYLENS_ASSETS__: JSON.stringify({ ...noAssets, wasm: wasmName }) },
});
const workerName = hashedName('worker', '.js', worker);
add(workerName, worker);
const jsonnetWorker = await one({
  entryPoints: ['web/workers/jsonnet-worker.js'],
  format: 'iife',
  outfile: 'jsonnet-worker.js',
  define: { __APPLYLENS_ASSETS__: JSON.stringify({ ...noAssets, jsonnetWasm: jsonnetWasmName }) },
});
const jsonnetWorkerName = hashedName('jsonnet-worker', '.js', jsonnetWorker);
add(jsonnetWorkerName, jsonnetWorker);
const timelineWorker = await one({
  entryPoints: ['web/workers/timeline-worker.js'],
  format: 'iife',
  outfile: 'timeline-worker.js',
  define: { __APPLYLENS_ASSETS__: JSON.stringify({ ...noAssets, timelineWasm: timelineWasmName }) },
});
const timelineWorkerName = hashedName('timeline-worker', '.js', timelineWorker);
add(timelineWorkerName, timelineWorker);
const serversideWorker = await one({
  entryPoints: ['web/workers/serverside-worker.js'],
  format: 'iife',
  outfile: 'serverside-worker.js',
  define: { __APPLYLENS_ASSETS__: JSON.stringify({ ...noAssets, serversideWasm: serversideWasmName }) },
});
const serversideWorkerName = hashedName('serverside-worker', '.js', serversideWorker);
add(serversideWorkerName, serversideWorker);
const kustomizeWorker = await one({
  entryPoints: ['web/workers/kustomize-worker.js'],
  format: 'iife',
  outfile: 'kustomize-worker.js',
  define: { __APPLYLENS_ASSETS__: JSON.stringify({ ...noAssets, kustomizeWasm: kustomizeWasmName }) },
});
const kustomizeWorkerName = hashedName('kustomize-worker', '.js', kustomizeWorker);
add(kustomizeWorkerName, kustomizeWorker);

// The early script (web/early.js): a classic script in <head> that
// starts the engine worker, and the on-demand engine's worker an address
// opens; it knows only those workers' names.
const early = await one({
  entryPoints: ['web/early.js'],
  format: 'iife',
  outfile: 'early.js',
  define: { __APPLYLENS_ASSETS__: JSON.stringify({ ...noAssets, worker: workerName, timelineWorker: timelineWorkerName, serversideWorker: serversideWorkerName, kustomizeWorker: kustomizeWorkerName }) },
});
const earlyName = hashedName('early', '.js', early);
add(earlyName, early);

// 3. The page: the entry and the chunks it imports at once, plus chunks
// it imports only when needed (the diff view). esbuild names them by a
// hash of their content and links them with relative paths.
const appBuild = await esbuild.build({
  ...common,
  entryPoints: ['web/main.js'],
  format: 'esm',
  splitting: true,
  outdir: 'out-app',
  entryNames: 'app.[hash]',
  chunkNames: 'chunk.[hash]',
  metafile: true,
  define: { __APPLYLENS_ASSETS__: JSON.stringify({ ...noAssets, worker: workerName, wasm: wasmName, jsonnetWorker: jsonnetWorkerName, jsonnetWasm: jsonnetWasmName, timelineWorker: timelineWorkerName, timelineWasm: timelineWasmName, serversideWorker: serversideWorkerName, serversideWasm: serversideWasmName, kustomizeWorker: kustomizeWorkerName, kustomizeWasm: kustomizeWasmName, storeWasm: storeWasmName, samples: samplesName }) },
});
const appOutputs = new Map(appBuild.outputFiles.map((f) => [f.path.slice(resolve(root, 'out-app').length + 1), f.contents]));
const appName = [...appOutputs.keys()].find((n) => n.startsWith('app.'));
for (const [name, data] of appOutputs) add(name, data);
// Chunks the entry imports statically load with the page; the others
// only on demand.
const staticChunks = new Set();
const visit = (name) => {
  for (const imp of appBuild.metafile.outputs[`out-app/${name}`].imports) {
    const chunk = imp.path.replace(/^out-app\//, '');
    if (imp.kind === 'import-statement' && !staticChunks.has(chunk)) {
      staticChunks.add(chunk);
      visit(chunk);
    }
  }
};
visit(appName);
const lazyChunks = [...appOutputs.keys()].filter((n) => n !== appName && !staticChunks.has(n)).sort();
const lazy = [...lazyChunks, samplesName];

const css = await one({ entryPoints: ['web/style.css'], outfile: 'style.css', loader: { '.css': 'css' } });
const cssName = hashedName('style', '.css', css);
add(cssName, css);

// 4. index.html, pointing at the hashed names. A reference that is not
// found means the template changed: fail instead of shipping a page that
// loads nothing.
let html = readFileSync(join(root, 'index.html'), 'utf8');
// The chunks the entry imports at once are announced beside it
// (modulepreload): the browser fetches them with the entry instead of
// after parsing it, one round trip sooner on the first visit.
const preloads = [...staticChunks].sort().map((c) => `<link rel="modulepreload" href="${c}">`).join('\n');
const replacements = [
  ['href="web/style.css"', `href="${cssName}"`],
  ['<script type="module" src="web/main.js"></script>', `<script type="module" src="${appName}"></script>${preloads ? `\n${preloads}` : ''}`],
  ['src="web/early.js"', `src="${earlyName}"`],
];
for (const [from, to] of replacements) {
  const count = html.split(from).length - 1;
  if (count !== 1) throw new Error(`index.html: expected ${from} once, found it ${count} times`);
  html = html.replace(from, to);
}
add('index.html', html);

// 5. Write, with compressed siblings (see compress below).
mkdirSync(outDir, { recursive: true });
// Empty the folder in place (not rm+mkdir): a running devserver keeps a
// handle on the folder itself and goes on serving the new files.
for (const entry of readdirSync(outDir)) rmSync(join(outDir, entry), { recursive: true, force: true });

// What a visitor downloads before the first result is compressed at
// brotli's highest quality: it decides the first visit. The rest (the
// on-demand engines, about 45 MB of wasm) at quality 10, about 4% larger
// in half the time. Every file is compressed at most once per content:
// the results are cached by hash (scripts/compress.mjs).
const firstVisit = ['index.html', earlyName, appName, ...[...staticChunks].sort(), cssName, workerName, wasmExecName, wasmName];
const highest = new Set(firstVisit);
const sizes = {};
const names = [...files.keys()].sort();
pruneCache();
const compressed = await Promise.all(names.map((name) => compressOnce(name, files.get(name), { compress: args.compress, best: highest.has(name) })));
for (const [i, name] of names.entries()) {
  const data = files.get(name);
  const { gz, br } = compressed[i];
  mkdirSync(dirname(join(outDir, name)), { recursive: true });
  writeFileSync(join(outDir, name), data);
  if (gz) writeFileSync(join(outDir, `${name}.gz`), gz);
  if (br) writeFileSync(join(outDir, `${name}.br`), br);
  sizes[name] = { raw: data.length, gzip: gz ? gz.length : data.length, br: br ? br.length : data.length };
}

const onDemand = [jsonnetWorkerName, jsonnetWasmName];
const onDemandTimeline = [timelineWorkerName, timelineWasmName];
const onDemandServerSide = [serversideWorkerName, serversideWasmName];
const onDemandKustomize = [kustomizeWorkerName, kustomizeWasmName];
const afterFirstResult = [storeWasmName];
const sum = (names, key) => names.reduce((n, name) => n + sizes[name][key], 0);
const total = (key) => sum(firstVisit, key);
const manifest = {
  assets: {
    app: appName, early: earlyName, css: cssName, worker: workerName, wasm: wasmName, wasmExec: wasmExecName,
    jsonnetWorker: jsonnetWorkerName, jsonnetWasm: jsonnetWasmName, timelineWorker: timelineWorkerName, timelineWasm: timelineWasmName, serversideWorker: serversideWorkerName, serversideWasm: serversideWasmName, kustomizeWorker: kustomizeWorkerName, kustomizeWasm: kustomizeWasmName, storeWasm: storeWasmName, samples: samplesName,
  },
  sizes,
  firstVisit: { files: firstVisit, raw: total('raw'), gzip: total('gzip'), br: total('br'), budget: Number(args.budget) },
  // Fetched when the file pane's format is first Jsonnet (wasm_exec.js is
  // cached from the first visit by then).
  onDemand: { files: onDemand, raw: sum(onDemand, 'raw'), gzip: sum(onDemand, 'gzip'), br: sum(onDemand, 'br'), when: 'the Jsonnet format is chosen' },
  // Fetched when the Timeline mode is first shown.
  onDemandTimeline: { files: onDemandTimeline, raw: sum(onDemandTimeline, 'raw'), gzip: sum(onDemandTimeline, 'gzip'), br: sum(onDemandTimeline, 'br'), when: 'the Timeline mode is first shown' },
  // Fetched when the apply switch first leaves client-side.
  onDemandServerSide: { files: onDemandServerSide, raw: sum(onDemandServerSide, 'raw'), gzip: sum(onDemandServerSide, 'gzip'), br: sum(onDemandServerSide, 'br'), when: 'the apply switch is first set to server-side or both' },
  // Fetched when the Kustomize mode is first shown.
  onDemandKustomize: { files: onDemandKustomize, raw: sum(onDemandKustomize, 'raw'), gzip: sum(onDemandKustomize, 'gzip'), br: sum(onDemandKustomize, 'br'), budget: Number(args['kustomize-budget']), when: 'the Kustomize mode is first shown' },
  examples: { files: exampleFiles.length, raw: sum(exampleFiles, 'raw'), gzip: sum(exampleFiles, 'gzip'), br: sum(exampleFiles, 'br'), when: 'an embed names a sample (#example=<id>): one file per frame' },
  lazy: { files: lazy, raw: sum(lazy, 'raw'), gzip: sum(lazy, 'gzip'), br: sum(lazy, 'br'), when: 'the Diff tab is first shown (the chunk), the gallery or an #example= address is first used (samples)' },
  // The saved work (wasm/store): loaded when the page is idle after its
  // first result (wasm_exec.js is cached by then).
  afterFirstResult: { files: afterFirstResult, raw: sum(afterFirstResult, 'raw'), gzip: sum(afterFirstResult, 'gzip'), br: sum(afterFirstResult, 'br'), when: 'the page is idle after its first result (saved work)' },
};
writeFileSync(join(outDir, 'asset-manifest.json'), JSON.stringify(manifest, null, 2) + '\n');

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`.padStart(11);
console.log(`${'file'.padEnd(34)}${'raw'.padStart(11)}${'gzip'.padStart(11)}${'brotli'.padStart(11)}`);
for (const name of firstVisit) {
  const s = sizes[name];
  console.log(`${name.padEnd(34)}${kb(s.raw)}${kb(s.gzip)}${kb(s.br)}`);
}
console.log(`${'first visit'.padEnd(34)}${kb(total('raw'))}${kb(total('gzip'))}${kb(total('br'))}`);
for (const name of onDemand) {
  const s = sizes[name];
  console.log(`${name.padEnd(34)}${kb(s.raw)}${kb(s.gzip)}${kb(s.br)}`);
}
console.log(`${'on demand (Jsonnet)'.padEnd(34)}${kb(sum(onDemand, 'raw'))}${kb(sum(onDemand, 'gzip'))}${kb(sum(onDemand, 'br'))}`);
for (const name of onDemandTimeline) {
  const s = sizes[name];
  console.log(`${name.padEnd(34)}${kb(s.raw)}${kb(s.gzip)}${kb(s.br)}`);
}
console.log(`${'on demand (Timeline)'.padEnd(34)}${kb(sum(onDemandTimeline, 'raw'))}${kb(sum(onDemandTimeline, 'gzip'))}${kb(sum(onDemandTimeline, 'br'))}`);
for (const name of onDemandServerSide) {
  const s = sizes[name];
  console.log(`${name.padEnd(34)}${kb(s.raw)}${kb(s.gzip)}${kb(s.br)}`);
}
console.log(`${'on demand (server-side switch)'.padEnd(34)}${kb(sum(onDemandServerSide, 'raw'))}${kb(sum(onDemandServerSide, 'gzip'))}${kb(sum(onDemandServerSide, 'br'))}`);
for (const name of onDemandKustomize) {
  const s = sizes[name];
  console.log(`${name.padEnd(34)}${kb(s.raw)}${kb(s.gzip)}${kb(s.br)}`);
}
console.log(`${'on demand (Kustomize)'.padEnd(34)}${kb(sum(onDemandKustomize, 'raw'))}${kb(sum(onDemandKustomize, 'gzip'))}${kb(sum(onDemandKustomize, 'br'))}`);
for (const name of afterFirstResult) {
  const s = sizes[name];
  console.log(`${name.padEnd(34)}${kb(s.raw)}${kb(s.gzip)}${kb(s.br)}`);
}
console.log(`${'after the first result (saves)'.padEnd(34)}${kb(sum(afterFirstResult, 'raw'))}${kb(sum(afterFirstResult, 'gzip'))}${kb(sum(afterFirstResult, 'br'))}`);
for (const name of lazy) {
  const s = sizes[name];
  console.log(`${name.padEnd(34)}${kb(s.raw)}${kb(s.gzip)}${kb(s.br)}`);
}
console.log(`${'on demand (Diff tab, examples)'.padEnd(34)}${kb(sum(lazy, 'raw'))}${kb(sum(lazy, 'gzip'))}${kb(sum(lazy, 'br'))}`);
console.log(`wrote ${outDir}`);

if (args.compress === 'none') {
  console.log('not compressed (--compress none): sizes are raw, the first-visit and Kustomize budgets are not checked');
} else {
  let over = false;
  if (total('br') > Number(args.budget)) {
    console.error(`bundle.mjs: the first visit is ${total('br')} bytes compressed, over the budget of ${args.budget}`);
    over = true;
  }
  if (sum(onDemandKustomize, 'br') > Number(args['kustomize-budget'])) {
    console.error(`bundle.mjs: the Kustomize mode's engine is ${sum(onDemandKustomize, 'br')} bytes compressed, over its budget of ${args['kustomize-budget']}`);
    over = true;
  }
  if (over) process.exit(1);
}
