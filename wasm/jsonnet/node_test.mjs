// Loads the Jsonnet wasm in node the way the page's Jsonnet worker does and
// checks its bridge: readiness, version(), the page's Jsonnet walkthrough
// (which must make the engine compute exactly what the YAML walkthrough
// does), errors with line and column, refused imports, endless recursion,
// malformed requests answered with error responses, and the runtime still
// answering afterwards. Both Go programs run side by side in this process,
// as they never do in the page (each has its own worker), which also shows
// they do not step on each other's globals.
//
// Usage (from the repository root):
//   node wasm/jsonnet/node_test.mjs                         builds ./wasm/jsonnet and ./wasm into a temporary directory first
//   node wasm/jsonnet/node_test.mjs jsonnet.wasm app.wasm   uses existing builds (the Jsonnet wasm, then the engine's)
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildWasm, checks, root, startWasm } from '../load-node.mjs';

const jsonnetWasm = buildWasm(process.argv[2], './wasm/jsonnet', 'applylens-jsonnet.wasm');
const engineWasm = buildWasm(process.argv[3], './wasm', 'applylens.wasm');
const { defaultScenario } = await import(pathToFileURL(path.join(root, 'web', 'examples', 'default-scenario.js')).href);

const { check, failures } = checks();

/** Starts a Go wasm and resolves, with its state, when it calls globalThis[callback]. */
const start = (file, callback) => startWasm(file, callback, 10000);

let jsonnetState;
await check('becomes ready and calls onApplylensJsonnetReady', async () => {
  jsonnetState = await start(jsonnetWasm, 'onApplylensJsonnetReady');
  assert.equal(globalThis.applylensJsonnetReady, true);
  assert.equal(typeof globalThis.applylensJsonnet.evaluate, 'function');
});
const jsonnet = globalThis.applylensJsonnet;
const evaluate = (source) => JSON.parse(jsonnet.evaluate(JSON.stringify({ source })));

await check('version() names go-jsonnet', () => {
  assert.match(jsonnet.version(), /^go-jsonnet v\d+\.\d+\.\d+$/);
});

let walkthroughJSON;
await check("evaluates the page's Jsonnet walkthrough", () => {
  const started = performance.now();
  const r = evaluate(defaultScenario.fileJsonnet);
  const ms = performance.now() - started;
  assert.equal(r.error, undefined, JSON.stringify(r.error));
  assert.equal(r.version, jsonnet.version());
  walkthroughJSON = r.json;
  const obj = JSON.parse(r.json);
  assert.equal(obj.kind, 'Deployment');
  assert.equal(obj.metadata.name, 'nginx-deployment');
  assert.deepEqual(obj.spec.template.spec.containers, [{ name: 'nginx', image: 'nginx:1.16.1', ports: [{ containerPort: 80 }] }]);
  console.log(`     (evaluation took ${ms.toFixed(1)} ms)`);
});

// Inputs that once killed the runtime: deep chains overflowed the host's
// stack inside go-jsonnet ("Maximum call stack size exceeded", and the next
// evaluation died with "fatal error: schedule: holding locks"), and
// std.range(0, 1e9) ran out of memory. This process runs with node's
// default stack, about a browser worker's. At the limit (MaxDepth) each
// chain evaluates.
const chainAtLimit = (link, n) => '{a: 1' + link.repeat(n - 1) + '}';
const deep = [
  ['a chain of 100,000 operators', '{a: 1' + '+1'.repeat(100000) + '}', 'too-deep', /Expressions are nested more than 500 levels deep/],
  ['50,000 local bindings', 'local v = 1;\n'.repeat(50000) + '{a: v}', 'too-deep', /Expressions are nested more than 500 levels deep/],
  ['std.range(0, 1e9)', '{a: std.range(0, 1e9)}', 'runtime', /std\.range would make an array of 1000000001 items/],
];
for (const [name, source, reason, message] of deep) {
  await check(`${name} is refused, and the runtime still answers`, () => {
    const r = evaluate(source);
    assert.equal(r.error?.reason, reason, JSON.stringify(r.error));
    assert.match(r.error.message, message);
    assert.equal(jsonnetState.exited, false);
    assert.equal(evaluate(defaultScenario.fileJsonnet).json, walkthroughJSON);
  });
}
const atLimit = [
  ['operators', chainAtLimit('+1', 500)],
  // A local or an if counts three (localWeight).
  ['local bindings', 'local v = 1;\n'.repeat(166) + '{a: v}'],
  ['else if', '{a: ' + 'if false then 0 else '.repeat(166) + '1}'],
  ['calls', 'local f(x) = f;\n{a: std.type(f' + '(1)'.repeat(494) + ')}'],
  ['fields', 'local o = {a: 1, b: o};\n{a: o' + '.b'.repeat(495) + '.a}'],
];
for (const [name, source] of atLimit) {
  await check(`${name} at the depth limit evaluate`, () => {
    const r = evaluate(source);
    assert.equal(r.error, undefined, JSON.stringify(r.error));
  });
}

await check('the engine computes the same apply from the Jsonnet as from the YAML', async () => {
  await start(engineWasm, 'onApplylensReady');
  const apply = (file) => {
    const r = JSON.parse(globalThis.applylens.apply(JSON.stringify({ file, live: defaultScenario.live, lastApplied: '', lastAppliedFromLive: true })));
    assert.equal(r.error, undefined, JSON.stringify(r.error));
    return r.result;
  };
  const fromYAML = apply(defaultScenario.file);
  const fromJsonnet = apply(walkthroughJSON);
  assert.equal(fromJsonnet.action, 'configure');
  assert.equal(fromJsonnet.patchJSON, fromYAML.patchJSON);
  assert.equal(fromJsonnet.objectYAML, fromYAML.objectYAML);
  assert.equal(fromJsonnet.lastApplied, fromYAML.lastApplied);
  assert.deepEqual(fromJsonnet.steps.map((s) => [s.path, s.rule, s.action]), fromYAML.steps.map((s) => [s.path, s.rule, s.action]));
});

const errors = [
  ['a syntax error', '{\n  apiVersion: "v1",\n  kind: \n}', { reason: 'syntax', line: 4, column: 1 }, /Unexpected/],
  ['a runtime error', "{\n  apiVersion: 'v1',\n  kind: error 'no kind yet',\n}", { reason: 'runtime', line: 3, column: 9 }, /no kind yet/],
  ['an import', "local k = import 'k.libsonnet';\nk.deployment('x')", { reason: 'import', line: 1, column: 11 }, /Imports are not available/],
  ['endless recursion', 'local f(n) = f(n + 1) + 1;\n{ a: f(0) }', { reason: 'too-deep', line: 1, column: 14 }, /calls deep/],
  ['an array', "[{ kind: 'Pod' }]", { reason: 'not-an-object' }, /evaluates to an array/],
];
for (const [name, source, where, message] of errors) {
  await check(`${name} is an input error on the file pane`, () => {
    const r = evaluate(source);
    assert.equal(r.json, undefined);
    assert.equal(r.error.kind, 'input');
    assert.equal(r.error.pane, 'file');
    assert.equal(r.error.reason, where.reason);
    assert.equal(r.error.line, where.line);
    assert.equal(r.error.column, where.column);
    assert.match(r.error.message, message);
  });
}

const malformed = [
  ['truncated JSON', '{"source": '],
  ['a number instead of a string', 42],
  ['no argument', undefined],
];
for (const [name, arg] of malformed) {
  await check(`malformed request (${name}) gets an error response`, () => {
    const out = arg === undefined ? jsonnet.evaluate() : jsonnet.evaluate(arg);
    const r = JSON.parse(out);
    assert.equal(r.json, undefined);
    assert.equal(r.error.kind, 'internal');
    assert.ok(r.error.message.length > 0);
  });
}

await check('the runtime still answers, with the same bytes', () => {
  assert.equal(jsonnetState.exited, false);
  assert.equal(evaluate(defaultScenario.fileJsonnet).json, walkthroughJSON);
});

console.log(failures() === 0 ? 'wasm/jsonnet/node_test.mjs: all checks passed' : `wasm/jsonnet/node_test.mjs: ${failures()} check(s) FAILED`);
process.exit(failures() === 0 ? 0 : 1);
