// Loads the applylens wasm in node the way the page's worker does and
// checks the bridge: readiness, version(), a real apply, malformed
// requests answered with error responses, and the runtime still answering
// afterwards.
//
// Usage (from the repository root):
//   node wasm/node_test.mjs              builds ./wasm into a temporary directory first
//   node wasm/node_test.mjs app.wasm     uses an existing build
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildWasm, checks, root, startWasm } from './load-node.mjs';

const { check, failures } = checks();
const starting = startWasm(buildWasm(process.argv[2], './wasm', 'applylens.wasm'), 'onApplylensReady', 10000);
let state = { exited: false };

await check('becomes ready and calls onApplylensReady', async () => {
  state = await starting;
  assert.equal(globalThis.applylensReady, true);
  assert.equal(typeof globalThis.applylens.apply, 'function');
});

const api = globalThis.applylens;
const testdata = path.join(root, 'engine', 'api', 'testdata', 'walkthrough');
const walkthrough = JSON.stringify({
  file: fs.readFileSync(path.join(testdata, 'file.yaml'), 'utf8'),
  live: fs.readFileSync(path.join(testdata, 'live.yaml'), 'utf8'),
  lastApplied: '',
  lastAppliedFromLive: true,
});

await check('version() is a non-empty string', () => {
  const v = api.version();
  assert.equal(typeof v, 'string');
  assert.ok(v.length > 0);
});

let first;
await check('apply computes the documentation walkthrough', () => {
  const started = performance.now();
  first = api.apply(walkthrough);
  const ms = performance.now() - started;
  assert.equal(typeof first, 'string');
  const r = JSON.parse(first);
  assert.equal(r.error, undefined, JSON.stringify(r.error));
  assert.equal(r.version, api.version());
  const res = r.result;
  assert.equal(res.action, 'configure');
  assert.equal(res.patchType, 'strategic');
  for (const key of ['patchJSON', 'patchYAML', 'objectYAML', 'liveYAML', 'lastApplied', 'derivedLastAppliedYAML', 'kubectlPatch', 'patchTypeWhy']) {
    assert.equal(typeof res[key], 'string', key);
    assert.ok(res[key].length > 0, key);
  }
  assert.equal(JSON.parse(res.patchJSON).spec.minReadySeconds, null);
  assert.match(res.objectYAML, /image: nginx:1\.16\.1/);
  assert.match(res.objectYAML, /replicas: 2/);
  assert.ok(Array.isArray(res.steps) && res.steps.length > 0);
  assert.ok(Array.isArray(res.warnings));
  assert.ok(res.directives.some((d) => d.name === '$setElementOrder' && d.line > 0));
  const image = res.steps.find((s) => s.path === 'spec.template.spec.containers[name=nginx].image');
  assert.ok(image, 'a step sets the image');
  const located = JSON.parse(api.apply(JSON.stringify({ op: 'where', base: r.seq, step: res.steps.indexOf(image) })));
  assert.ok(located.where && located.where.file && located.where.result, JSON.stringify(located));
  console.log(`     (first apply took ${ms.toFixed(1)} ms)`);
});

const malformed = [
  ['truncated JSON', '{"file": '],
  ['a number instead of a string', 42],
  ['no argument', undefined],
  ['an unknown op', '{"op":"explode"}'],
];
for (const [name, arg] of malformed) {
  await check(`malformed request (${name}) gets an error response`, () => {
    const out = arg === undefined ? api.apply() : api.apply(arg);
    const r = JSON.parse(out);
    assert.equal(r.result, undefined);
    assert.equal(r.error.kind, 'internal');
    assert.ok(r.error.message.length > 0);
  });
}

await check('a YAML error is an input error with pane and line', () => {
  const r = JSON.parse(
    api.apply(JSON.stringify({ file: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: b: c\n', live: '', lastApplied: '', lastAppliedFromLive: false })),
  );
  assert.equal(r.error.kind, 'input');
  assert.equal(r.error.pane, 'file');
  assert.equal(r.error.line, 6);
});

await check("-n and a custom kind's scope cross the bridge (namespace, clusterScoped)", () => {
  const backup = 'apiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: nightly\n';
  const ask = (extra) => JSON.parse(api.apply(JSON.stringify({ file: backup, live: '', lastApplied: '', lastAppliedFromLive: true, ...extra })));
  assert.match(ask({ namespace: 'team-a' }).result.objectYAML, /namespace: team-a/);
  assert.doesNotMatch(ask({ namespace: 'team-a', clusterScoped: true }).result.objectYAML, /namespace:/);
  const mismatch = ask({ file: backup.replace('name: nightly', 'name: nightly\n  namespace: a'), namespace: 'b' });
  assert.equal(mismatch.error.kind, 'input');
  assert.equal(mismatch.error.pane, 'file');
  assert.equal(mismatch.error.path, 'metadata.namespace');
  assert.match(mismatch.error.message, /^the namespace from the provided object "a" does not match the namespace "b"/);
});

await check('the runtime still answers, with the same result', () => {
  assert.equal(state.exited, false);
  const again = JSON.parse(api.apply(walkthrough));
  const before = JSON.parse(first);
  assert.ok(again.seq > before.seq, 'each result gets a new seq');
  assert.deepEqual({ ...again, seq: 0 }, { ...before, seq: 0 });
  assert.equal(JSON.parse(api.apply('{"op":"version"}')).version, api.version());
});

await check('a delta from the held result rebuilds the whole result (web/workers/result-delta.js)', async () => {
  const { applyDelta } = await import(pathToFileURL(path.join(root, 'web', 'workers', 'result-delta.js')).href);
  const request = JSON.parse(walkthrough);
  let held = JSON.parse(api.apply(walkthrough));
  // Edits with characters of every UTF-16 length, and one that changes
  // the number of lines (steps move).
  for (const [from, to] of [['nginx:1.16.1', 'nginx:1.16.1-é'], ['nginx:1.16.1-é', 'nginx:𝄞'], ['app: nginx', 'app: nginx\n    tier: web']]) {
    request.file = request.file.replace(from, to);
    // A warm-up in between changes nothing the next request sees.
    assert.deepEqual(JSON.parse(api.apply('{"op":"warmup"}')), { version: api.version() });
    const answer = JSON.parse(api.apply(JSON.stringify({ ...request, base: held.seq })));
    assert.ok(answer.delta, `a delta for ${to}`);
    assert.equal(answer.delta.base, held.seq);
    const rebuilt = applyDelta(held.result, answer.delta);
    const whole = JSON.parse(api.apply(JSON.stringify(request)));
    assert.deepEqual(rebuilt, whole.result, `rebuilt result after ${to}`);
    held = whole;
  }
});

console.log(failures() === 0 ? 'wasm/node_test.mjs: all checks passed' : `wasm/node_test.mjs: ${failures()} check(s) FAILED`);
process.exit(failures() === 0 ? 0 : 1);
