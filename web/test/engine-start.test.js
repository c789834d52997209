// EngineStart (web/page/engine.js): when the single apply's engine starts
// for an address that opens an on-demand engine first.

import { test } from 'node:test';
import assert from 'node:assert/strict';

/** Imports EngineStart with location.hash set to hash (it reads it in the constructor). */
async function engineStartAt(hash) {
  globalThis.location = /** @type {any} */ ({ hash });
  const { EngineStart } = await import('../page/engine.js');
  const client = { starts: 0, start() { this.starts++; } };
  return { client, start: new EngineStart(client, { embed: false }) };
}

test('an address without an on-demand engine starts the single apply at once', async () => {
  const { client } = await engineStartAt('#example=walkthrough');
  assert.equal(client.starts, 1);
});

test('an embed starts nothing by itself (it starts once in sight)', async () => {
  globalThis.location = /** @type {any} */ ({ hash: '' });
  const { EngineStart } = await import('../page/engine.js');
  const client = { starts: 0, start() { this.starts++; } };
  new EngineStart(client, { embed: true });
  assert.equal(client.starts, 0);
});

for (const [name, hash, mode, settle] of [
  ['a timeline example', '#example=timeline-walkthrough', 'timeline', 'timelineSettled'],
  ['a Kustomize example', '#example=kustomize-base-two-overlays', 'kustomize', 'kustomizeSettled'],
]) {
  test(`${name} holds the single apply until its mode's engine answered, then starts it once`, async () => {
    const { client, start } = await engineStartAt(hash);
    assert.equal(start.waitsFor, mode);
    start.addressOpened(mode, 'client');
    assert.equal(client.starts, 0, 'started while the mode opened by the address computes');
    start[settle]();
    assert.equal(client.starts, 1);
    start[settle]();
    assert.equal(client.starts, 1, 'started twice');
  });

  test(`${name} that opened the single apply instead (an unknown example) starts it at once`, async () => {
    const { client, start } = await engineStartAt(hash);
    start.addressOpened('single', 'client');
    assert.equal(client.starts, 1);
  });

  test(`${name}: showing the single apply before the answer starts it`, async () => {
    const { client, start } = await engineStartAt(hash);
    start.addressOpened(mode, 'client');
    start.viewShown('single');
    assert.equal(client.starts, 1);
  });
}

test('a server-side example holds the single apply until the server-side view settled', async () => {
  const { client, start } = await engineStartAt('#example=ssa-hpa-replicas-conflict');
  start.addressOpened('single', 'server');
  assert.equal(client.starts, 0);
  start.viewShown('single');
  assert.equal(client.starts, 0, 'the mode shown is not what it waits for');
  start.serverSideSettled();
  assert.equal(client.starts, 1);
});
