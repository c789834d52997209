// Loads the server-side wasm in node as its worker does and asks it for a
// server-side apply through the bridge: op "serverside" answers with the
// result, its owners and conflicts, and in "both" the client-side result;
// another op or a malformed request is an error response, and the runtime
// answers after.
//
// Usage (from the repository root):
//   node wasm/serverside/node_test.mjs                   builds ./wasm/serverside first
//   node wasm/serverside/node_test.mjs serverside.wasm   uses an existing build
import assert from 'node:assert/strict';
import { loadWasm } from '../load-node.mjs';

await loadWasm({ wasmPath: process.argv[2], pkg: './wasm/serverside' });

const file = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: default\nspec:\n  replicas: 3\n';
const live = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: default\n  managedFields:\n  - apiVersion: apps/v1\n    fieldsType: FieldsV1\n    fieldsV1:\n      f:spec:\n        f:replicas: {}\n    manager: autoscaler\n    operation: Update\n    time: "2025-01-01T00:00:00Z"\nspec:\n  replicas: 5\n';
const ask = (request) => JSON.parse(globalThis.applylens.apply(JSON.stringify({ op: 'serverside', lastApplied: '', lastAppliedFromLive: true, ...request })));

const conflict = ask({ file, live, apply: 'server' });
assert.equal(conflict.error, undefined, JSON.stringify(conflict.error));
assert.equal(conflict.serverSide.server.action, 'conflict');
assert.deepEqual(conflict.serverSide.conflicts.map((c) => `${c.manager} ${c.field}`), ['autoscaler .spec.replicas']);
assert.match(conflict.serverSide.server.warnings[0].message, /^error: Apply failed with 1 conflict: conflict with "autoscaler" using apps\/v1: \.spec\.replicas/);

const forced = ask({ file, live, apply: 'both', forceConflicts: true, fieldManager: 'ci' });
assert.equal(forced.serverSide.server.action, 'configure');
assert.ok(forced.serverSide.owners.some((o) => o.field === '.spec.replicas' && o.owners[0].manager === 'ci'));
assert.equal(forced.serverSide.server.steps[0].action, 'taken');
assert.ok(forced.serverSide.client.objectYAML.includes('replicas: 3'));

const otherOp = JSON.parse(globalThis.applylens.apply(JSON.stringify({ op: 'apply', lastApplied: '', lastAppliedFromLive: true, file, live })));
assert.equal(otherOp.error.kind, 'internal');
assert.equal(forced.serverSide.client.action, 'configure');

const bad = JSON.parse(globalThis.applylens.apply('{"op":"serverside","apply":"sideways","file":""}'));
assert.equal(bad.error.kind, 'internal');
const malformed = JSON.parse(globalThis.applylens.apply('{"op":'));
assert.equal(malformed.error.kind, 'internal');
assert.deepEqual(ask({ file, live, apply: 'server' }), conflict);
console.log('ok   wasm/serverside: op serverside through the bridge');
process.exit(0);
