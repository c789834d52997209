// Loads the Timeline mode's wasm in node as its worker does and plays a
// timeline through the bridge: op "timeline" answers with every step, a
// malformed request with an error, and the runtime still answers after.
//
// Usage (from the repository root):
//   node wasm/timeline/node_test.mjs                 builds ./wasm/timeline first
//   node wasm/timeline/node_test.mjs timeline.wasm   uses an existing build
import assert from 'node:assert/strict';
import { loadWasm } from '../load-node.mjs';

await loadWasm({ wasmPath: process.argv[2], pkg: './wasm/timeline' });

const deployment = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx\nspec:\n  selector:\n    matchLabels: {app: nginx}\n  template:\n    metadata:\n      labels: {app: nginx}\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.14.2\n';
const request = {
  op: 'timeline',
  namespace: 'default',
  commands: [
    { command: 'kubectl apply -f app.yaml', files: { 'app.yaml': deployment } },
    { command: 'kubectl scale deployment/nginx --replicas=2' },
  ],
  select: { step: 1 },
};
const answer = JSON.parse(globalThis.applylens.apply(JSON.stringify(request)));
assert.equal(answer.error, undefined, JSON.stringify(answer.error));
assert.equal(answer.timeline.steps.length, 2);
assert.match(answer.timeline.steps[0].stdout, /deployment\.apps\/nginx created/);
assert.match(answer.timeline.steps[1].stdout, /scaled/);
assert.equal(answer.timeline.selected, 1);
assert.ok(answer.timeline.detail.objects.some((o) => o.afterYAML.includes('replicas: 2')));

const bad = JSON.parse(globalThis.applylens.apply('{"op":"timeline","commands":7}'));
assert.equal(bad.error.kind, 'internal');
const again = JSON.parse(globalThis.applylens.apply(JSON.stringify(request)));
assert.deepEqual(again, answer);
console.log('ok   wasm/timeline: op timeline through the bridge');
process.exit(0);
