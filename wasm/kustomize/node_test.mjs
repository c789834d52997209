// Loads the Kustomize mode's wasm in node as its worker does and builds a
// base and an overlay through the bridge: op "kustomize" answers with the
// output, the warnings and the steps, an error names its file, a
// malformed request answers with an error, and the runtime still answers
// after.
//
// Usage (from the repository root):
//   node wasm/kustomize/node_test.mjs                  builds ./wasm/kustomize first
//   node wasm/kustomize/node_test.mjs kustomize.wasm   uses an existing build
import assert from 'node:assert/strict';
import { loadWasm } from '../load-node.mjs';

await loadWasm({ wasmPath: process.argv[2], pkg: './wasm/kustomize' });

const files = [
  { name: 'base/kustomization.yaml', text: 'resources:\n- deployment.yaml\n' },
  { name: 'base/deployment.yaml', text: 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 1\n' },
  { name: 'overlays/prod/kustomization.yaml', text: 'resources:\n- ../../base\nnamePrefix: prod-\ncommonLabels:\n  env: prod\n' },
];
const request = { op: 'kustomize', dir: 'overlays/prod', files };
const answer = JSON.parse(globalThis.applylens.apply(JSON.stringify(request)));
assert.equal(answer.error, undefined, JSON.stringify(answer.error));
assert.match(answer.kustomize.yaml, /name: prod-web/);
assert.match(answer.kustomize.yaml, /env: prod/);
// commonLabels is deprecated: kustomize warns on stderr.
assert.ok(answer.kustomize.warnings.some((w) => /commonLabels/.test(w)), JSON.stringify(answer.kustomize.warnings));
assert.ok(answer.kustomize.steps.some((s) => s.transformer === 'namePrefix' && s.old === 'web' && s.new === 'prod-web'));
assert.equal(globalThis.applylens.version(), answer.version);

const missing = JSON.parse(globalThis.applylens.apply(JSON.stringify({ ...request, files: [...files, { name: 'overlays/prod/kustomization.yaml', text: '' }] })));
assert.equal(missing.error.kind, 'request');
assert.equal(missing.error.file, 'overlays/prod/kustomization.yaml');

const bad = JSON.parse(globalThis.applylens.apply(7));
assert.equal(bad.error.kind, 'request');
const again = JSON.parse(globalThis.applylens.apply(JSON.stringify(request)));
assert.deepEqual(again, answer);
console.log('ok   wasm/kustomize: op kustomize through the bridge');
process.exit(0);
