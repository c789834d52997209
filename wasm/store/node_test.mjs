// Loads the store's wasm in node the way the page does and checks its
// bridge: readiness, then, as node has no IndexedDB, every call answered
// with an "unavailable" error (what a browser that blocks storage gets);
// then a second instance over fake-indexeddb (an in-memory IndexedDB, a
// devDependency used only here) running the page's requests end to end
// through github.com/hack-pad/go-indexeddb: save as, list and search,
// rename, duplicate, delete and restore, autosaves of two tabs, export and
// import, requests in order, a malformed call, and data kept across a
// restart of the program (a reload).
//
// Usage (from the repository root):
//   node wasm/store/node_test.mjs               builds ./wasm/store into a temporary directory first
//   node wasm/store/node_test.mjs store.wasm    uses an existing build
import assert from 'node:assert/strict';
import { buildWasm, checks, startWasm } from '../load-node.mjs';

const storeWasm = buildWasm(process.argv[2], './wasm/store', 'applylens-store.wasm');
const { check, failures } = checks();

/** Starts the wasm; resolves with its bridge when it calls onApplylensStoreReady. */
async function start() {
  await startWasm(storeWasm, 'onApplylensStoreReady', 10000);
  assert.equal(globalThis.applylensStoreReady, true);
  return globalThis.applylensStore;
}

/** A call as the page makes it: a request object in, the parsed response out. */
const caller = (bridge) => async (request) => JSON.parse(await bridge.call(JSON.stringify(request)));

await check('without IndexedDB every call says storage is unavailable', async () => {
  assert.equal(globalThis.indexedDB, undefined);
  const call = caller(await start());
  for (const request of [{ op: 'list' }, { op: 'autosave', session: 's', state: {}, at: 1 }]) {
    const r = await call(request);
    assert.equal(r.error?.kind, 'unavailable', JSON.stringify(r));
    assert.match(r.error.message, /no IndexedDB/);
  }
});

await import('fake-indexeddb/auto');
const state = (file) => ({ mode: 'derived', lastApplied: '', file, live: '', format: 'yaml', overwrite: true, tab: 'steps' });
const deployment = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n';

let bridge;
let call;
await check('over IndexedDB: save as, list, search, get', async () => {
  bridge = await start();
  call = caller(bridge);
  const a = await call({ op: 'saveAs', name: 'web', state: state(deployment), at: 1000 });
  assert.equal(a.error, undefined, JSON.stringify(a.error));
  assert.equal(a.item.name, 'web');
  assert.equal(a.item.summary, 'Deployment web');
  assert.match(a.item.id, /^[0-9a-f]{16}$/);
  const b = await call({ op: 'saveAs', name: 'web', state: state('kind: Service\n'), at: 2000 });
  assert.equal(b.item.name, 'web (2)');
  const list = await call({ op: 'list' });
  assert.deepEqual(list.saves.map((s) => s.name), ['web (2)', 'web']);
  assert.equal(list.saves[0].state, undefined, 'lists carry no states');
  assert.deepEqual((await call({ op: 'list', query: 'deployment' })).saves.map((s) => s.name), ['web']);
  const got = await call({ op: 'get', id: a.item.id });
  assert.deepEqual(got.record.state, state(deployment));
});

await check('rename, duplicate, delete and restore', async () => {
  const [b, a] = (await call({ op: 'list' })).saves;
  assert.equal((await call({ op: 'rename', id: b.id, name: 'WEB' })).error.kind, 'conflict');
  assert.equal((await call({ op: 'rename', id: b.id, name: 'service' })).item.name, 'service');
  const dup = await call({ op: 'duplicate', id: a.id, at: 3000 });
  assert.equal(dup.item.name, 'web (2)');
  const deleted = await call({ op: 'delete', id: a.id });
  assert.equal(deleted.record.name, 'web');
  assert.equal((await call({ op: 'get', id: a.id })).error.kind, 'not-found');
  const back = await call({ op: 'restore', record: deleted.record });
  assert.equal(back.item.id, a.id);
  assert.deepEqual((await call({ op: 'list' })).saves.map((s) => s.name), ['web (2)', 'service', 'web']);
});

await check('autosaves: one per tab, answered in the order sent', async () => {
  // Sent at once, as fast typing does: each answer is for its own request.
  const answers = await Promise.all([1, 2, 3].map((i) => call({ op: 'autosave', session: 'tab1', state: state(`v${i}`), at: 4000 + i })));
  assert.deepEqual(answers.map((r) => r.item.updated), [4001, 4002, 4003]);
  await call({ op: 'autosave', session: 'tab2', state: state('other tab'), at: 5000 });
  const list = await call({ op: 'list' });
  assert.deepEqual(list.autosaves.map((s) => s.id), ['autosave:tab2', 'autosave:tab1']);
  assert.deepEqual((await call({ op: 'get', id: 'autosave:tab1' })).record.state, state('v3'));
});

let exported;
await check('export, then import into the same store changes nothing', async () => {
  const r = await call({ op: 'export', at: 6000 });
  exported = JSON.parse(r.file);
  assert.equal(exported.format, 'applylens-saved-work');
  assert.deepEqual(exported.saves.map((s) => s.name), ['web', 'service', 'web (2)']);
  const again = await call({ op: 'import', file: r.file });
  assert.deepEqual(again.report, { added: 0, renamed: 0, skipped: 3, rejected: 0 });
});

await check('a malformed call is an error response, and the store still answers', async () => {
  const r = JSON.parse(await bridge.call(42));
  assert.equal(r.error.kind, 'invalid');
  assert.equal((await call({ op: 'list' })).saves.length, 3);
});

await check('the records outlive the program (a reload)', async () => {
  const call2 = caller(await start());
  const list = await call2({ op: 'list' });
  assert.deepEqual(list.saves.map((s) => s.name), ['web (2)', 'service', 'web']);
  assert.equal(list.autosaves.length, 2);
});

if (failures()) {
  console.log(`${failures()} check(s) failed`);
  process.exit(1);
}
console.log('all checks passed');
process.exit(0);
