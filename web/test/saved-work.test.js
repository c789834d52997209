import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sessionId, newSessionId } from '../saves/session.js';
import { Autosaver, StoreClient, describeTime, describeImport, exportFileName, unavailableMessage } from '../saves/saved-work.js';

/** A fake write whose answers the test releases one by one. */
function controlledWrites() {
  const written = [];
  const pending = [];
  return {
    written,
    write: (state) => new Promise((resolve) => {
      written.push(state);
      pending.push(() => resolve({ item: { id: 'x' } }));
    }),
    release: async () => {
      pending.shift()();
      await new Promise((r) => setTimeout(r, 0));
    },
    get waiting() { return pending.length; },
  };
}

test('Autosaver writes at once, then only the newest state after a write', async () => {
  const w = controlledWrites();
  let state = 0;
  const saver = new Autosaver({ write: w.write, getState: () => ({ n: state }) });
  state = 1;
  saver.changed();
  assert.deepEqual(w.written, [{ n: 1 }]);
  for (state = 2; state <= 5; state++) saver.changed();
  assert.equal(w.written.length, 1, 'no second write while one is under way');
  await w.release();
  assert.deepEqual(w.written, [{ n: 1 }, { n: 6 }], 'the next write takes the state as it is then');
  const idle = saver.idle();
  await w.release();
  await idle;
  assert.equal(w.waiting, 0);
});

test('Autosaver.idle resolves at once when nothing is pending', async () => {
  const saver = new Autosaver({ write: async () => ({}), getState: () => ({}) });
  await saver.idle();
});

test('Autosaver stops writing when stopped', () => {
  const w = controlledWrites();
  const saver = new Autosaver({ write: w.write, getState: () => ({}) });
  saver.stop();
  saver.changed();
  assert.equal(w.written.length, 0);
});

test('StoreClient answers unavailable when the wasm does not load, and loads once', async () => {
  let loads = 0;
  const client = new StoreClient(async () => {
    loads++;
    throw new Error('HTTP 404');
  });
  const a = await client.call({ op: 'list' });
  const b = await client.call({ op: 'list' });
  assert.equal(loads, 1);
  assert.equal(a.error.kind, 'unavailable');
  assert.match(b.error.message, /HTTP 404/);
});

test('StoreClient sends JSON and parses the answer', async () => {
  const seen = [];
  const client = new StoreClient(async () => ({ call: async (text) => (seen.push(text), '{"saves":[]}') }));
  assert.deepEqual(await client.call({ op: 'list', query: 'x' }), { saves: [] });
  assert.deepEqual(seen, ['{"op":"list","query":"x"}']);
});

test('sessionId is kept in the storage, and made anew without one', () => {
  const map = new Map();
  const storage = { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => map.set(k, v) };
  const a = sessionId(storage);
  assert.match(a, /^[0-9a-z]{20}$/);
  assert.equal(sessionId(storage), a);
  const refusing = { getItem() { throw new Error('denied'); }, setItem() { throw new Error('denied'); } };
  assert.notEqual(sessionId(refusing), sessionId(refusing));
});

test('describeTime: the time today, the day before', () => {
  const now = Date.UTC(2026, 10, 25, 15, 0);
  const tz = new Date(now).getTimezoneOffset() * 60000;
  assert.equal(describeTime(now - 3600000 + tz, now + tz), '14:00');
  assert.equal(describeTime(Date.UTC(2026, 10, 24, 9, 5) + tz, now + tz), 'Nov 24, 09:05');
  assert.equal(describeTime(Date.UTC(2025, 0, 2, 9, 5) + tz, now + tz), 'Jan 2, 2025, 09:05');
});

test('describeImport words each part', () => {
  const cases = [
    [{ added: 2, renamed: 0, skipped: 0, rejected: 0 }, 'Imported 2 saves.'],
    [{ added: 1, renamed: 1, skipped: 1, rejected: 0 }, 'Imported 1 save; 1 renamed, as a different save had the name; 1 save already here, skipped.'],
    [{ added: 0, renamed: 0, skipped: 3, rejected: 1 }, 'Nothing new to import; 3 saves already here, skipped; 1 save unreadable, left out.'],
  ];
  for (const [report, want] of cases) assert.equal(describeImport(report), want);
});

test('exportFileName and unavailableMessage', () => {
  assert.equal(exportFileName(Date.UTC(2026, 10, 25, 23, 0)), 'applylens-saves-2026-11-25.json');
  assert.match(unavailableMessage({ kind: 'unavailable', message: 'the browser refused to open the storage.' }), /^Saving is off: the browser refused to open the storage\. The page works/);
  assert.match(unavailableMessage({ kind: 'quota', message: 'full' }), /storage for this page is full/);
});

test('Autosaver waits for idle after a large state', async () => {
  const w = controlledWrites();
  const idles = [];
  const saver = new Autosaver({ write: w.write, getState: () => ({ file: 'x'.repeat(Autosaver.LARGE + 1) }), whenIdle: (fn) => idles.push(fn) });
  saver.changed();
  assert.equal(w.written.length, 1, 'the first write goes at once');
  saver.changed();
  await w.release();
  assert.equal(w.written.length, 1, 'after a large state the next write waits for idle');
  idles.shift()();
  assert.equal(w.written.length, 2);
});

test('splitStep takes the selected step out of a stored state', async () => {
  const { splitStep } = await import('../saves/saved-work.js');
  const page = { mode: 'derived', file: 'x', live: '', format: 'yaml', overwrite: true, tab: 'steps' };
  assert.deepEqual(splitStep(page), { page, step: null });
  assert.deepEqual(splitStep({ ...page, selectedStep: { phase: 2, path: 'spec.replicas', rule: 'primitive', extra: 1 } }),
    { page, step: { phase: 2, path: 'spec.replicas', rule: 'primitive' } });
  assert.deepEqual(splitStep({ ...page, selectedStep: { phase: '2', path: 'p', rule: 'r' } }), { page, step: null }, 'a malformed step is dropped');
  assert.deepEqual(splitStep([1]), { page: [1], step: null });
  assert.deepEqual(splitStep(null), { page: null, step: null });
});

test('newSessionId replaces the stored id', async () => {
  const map = new Map();
  const storage = { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => map.set(k, v), removeItem: (k) => map.delete(k) };
  const a = sessionId(storage);
  const b = newSessionId(storage);
  assert.notEqual(a, b);
  assert.equal(sessionId(storage), b);
});

test('Autosaver.flush writes a change waiting for idle at once, and nothing when nothing changed', async () => {
  const w = controlledWrites();
  const idles = [];
  const saver = new Autosaver({ write: w.write, getState: () => ({ file: 'x'.repeat(Autosaver.LARGE + 1) }), whenIdle: (fn) => idles.push(fn) });
  saver.flush();
  assert.equal(w.written.length, 0, 'nothing changed: nothing written');
  saver.changed();
  saver.changed();
  await w.release();
  assert.equal(w.written.length, 1);
  saver.flush();
  assert.equal(w.written.length, 2, 'flushed');
  idles.shift()();
  assert.equal(w.written.length, 2, 'the idle callback does not write it again');
  await w.release();
  saver.flush();
  assert.equal(w.written.length, 2);
});
