import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineForAddress } from '../workers/prestart.js';

test('the address tells which on-demand engine it opens', () => {
  for (const [hash, want] of [
    ['#example=timeline-walkthrough', 'timeline'],
    ['#s2=abc', 'timeline'],
    ['#example=ssa-hpa-replicas-conflict', 'serverside'],
    ['#example=walkthrough', null],
    ['#s1=abc', null],
    ['#s3=abc', null],
    ['', null],
    ['#outputs', null],
  ]) {
    assert.equal(engineForAddress(hash), want, hash);
  }
});

test('an adopted worker is the one started early, with its messages, once', () => {
  const made = [];
  globalThis.Worker = class {
    constructor(url) { this.url = url; made.push(this); }
  };
  return import('../workers/prestart.js').then(({ prestart, adopt }) => {
    prestart('t.js');
    prestart('t.js');
    assert.equal(made.length, 1, 'started once');
    made[0].onmessage({ data: { type: 'ready' } });
    const early = adopt('t.js');
    assert.equal(early.worker, made[0]);
    assert.deepEqual(early.messages, [{ type: 'ready' }]);
    const fresh = adopt('t.js');
    assert.equal(fresh, made[1], 'a second adoption starts a new worker');
    delete globalThis.Worker;
  });
});
