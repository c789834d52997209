import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineForAddress, workerForAddress } from '../workers/prestart.js';

test('the address tells which on-demand engine it opens', () => {
  for (const [hash, want] of [
    ['#example=timeline-walkthrough', 'timeline'],
    ['#s2=abc', 'timeline'],
    ['#example=ssa-hpa-replicas-conflict', 'serverside'],
    ['#example=walkthrough', null],
    ['#s1=abc', null],
    ['#s3=abc', null],
    ['#s4=abc', 'kustomize'],
    ['#example=kustomize-overlays', 'kustomize'],
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

test('the address tells which worker to start early, by its absolute URL', () => {
  const base = 'https://example.test/play/index.html';
  assert.equal(workerForAddress('#example=timeline-walkthrough', base), 'https://example.test/play/timeline-worker.js');
  assert.equal(workerForAddress('#example=ssa-hpa-replicas-conflict', base), 'https://example.test/play/serverside-worker.js');
  assert.equal(workerForAddress('#s4=abc', base), 'https://example.test/play/kustomize-worker.js');
  assert.equal(workerForAddress('#example=walkthrough', base), null);
});

test('the worker early.js started is the one prestart keeps and adopt hands over, once', () => {
  const made = [];
  globalThis.Worker = class {
    constructor(url) { this.url = url; made.push(this); }
  };
  return import('../workers/prestart.js').then(({ startWorker, prestart, adopt }) => {
    const early = startWorker('e.js');
    globalThis.applylensEarly = { started: { 'e.js': early } };
    early.worker.onmessage({ data: { type: 'ready' } });
    prestart('e.js');
    assert.equal(made.length, 1, 'prestart kept the early worker, started none');
    const adopted = adopt('e.js');
    assert.equal(adopted.worker, made[0]);
    assert.deepEqual(adopted.messages, [{ type: 'ready' }]);
    assert.equal(adopt('e.js'), made[1], 'a second adoption starts a new worker');
    // Adopted without prestart: taken from early.js directly, once.
    globalThis.applylensEarly = { started: { 'f.js': startWorker('f.js') } };
    assert.equal(adopt('f.js').worker, made[2]);
    assert.equal(adopt('f.js'), made[3]);
    delete globalThis.applylensEarly;
    delete globalThis.Worker;
  });
});
