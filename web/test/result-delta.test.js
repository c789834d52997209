// Tests of the result deltas: applying one, and the client naming the
// result it holds as the base of its next request.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeWorker } from './fakes.js';
import { applyDelta } from '../workers/result-delta.js';
import { EngineClient } from '../workers/engine-client.js';

const base = () => ({
  action: 'configure', patchType: 'strategic', patchTypeWhy: 'why', lastAppliedSource: 'input',
  patchJSON: '{}', patchYAML: 'a: 1\nb: 𝄞 2\n', objectYAML: 'x', liveYAML: 'live', lastApplied: '{}',
  derivedLastAppliedYAML: '', kubectlPatch: 'kubectl patch',
  steps: [{ path: 'a' }, { path: 'b' }, { path: 'c' }], warnings: [{ code: 'w' }], directives: [],
});

test('texts are spliced in UTF-16 units and lists by element', () => {
  const prev = base();
  const frozen = JSON.stringify(prev);
  const next = applyDelta(prev, {
    base: 1, action: 'unchanged', patchType: 'merge', patchTypeWhy: 'other', lastAppliedSource: 'annotation',
    // 𝄞 is two UTF-16 units: 8 and 9.
    texts: [{ field: 'patchYAML', at: 10, del: 0, ins: '3' }, { field: 'liveYAML', at: 0, del: 4, ins: '' }],
    lists: [{ field: 'steps', at: 1, del: 1, ins: [{ path: 'B' }, { path: 'B2' }] }, { field: 'warnings', at: 0, del: 1, ins: [] }],
  });
  assert.equal(next.patchYAML, 'a: 1\nb: 𝄞3 2\n');
  assert.equal(next.liveYAML, '');
  assert.deepEqual(next.steps.map((s) => s.path), ['a', 'B', 'B2', 'c']);
  assert.equal(next.steps[0], prev.steps[0], 'unchanged steps stay the same objects');
  assert.deepEqual(next.warnings, []);
  assert.equal(next.action, 'unchanged');
  assert.equal(next.lastAppliedSource, 'annotation');
  assert.equal(next.objectYAML, 'x', 'fields the delta does not name are kept');
  assert.equal(JSON.stringify(prev), frozen, 'the previous result is not changed');
});

test('a list edit may insert more elements than a call takes arguments', () => {
  const ins = Array.from({ length: 300000 }, (_, i) => ({ path: String(i) }));
  const next = applyDelta(base(), { base: 1, action: 'configure', patchType: '', patchTypeWhy: '', lastAppliedSource: 'none', texts: [], lists: [{ field: 'steps', at: 3, del: 0, ins }] });
  assert.equal(next.steps.length, 300003);
});

test('edits out of range or of unknown fields are refused', () => {
  const d = (texts, lists = []) => ({ base: 1, action: 'configure', patchType: '', patchTypeWhy: '', lastAppliedSource: 'none', texts, lists });
  assert.throws(() => applyDelta(base(), d([{ field: 'objectYAML', at: 1, del: 5, ins: '' }])), /out of range/);
  assert.throws(() => applyDelta(base(), d([{ field: '__proto__', at: 0, del: 0, ins: '' }])), /unknown text field/);
  assert.throws(() => applyDelta(base(), d([], [{ field: 'steps', at: 2, del: 2, ins: [] }])), /out of range/);
});

test('the client sends the seq it holds as base and rebuilds deltas', () => {
  const workers = [];
  const responses = [];
  const client = new EngineClient({
    createWorker: () => { const w = new FakeWorker(); workers.push(w); return w; },
    onResponse: (r) => responses.push(r),
    onState: () => {},
  });
  client.start();
  const w = workers[0];
  w.emit({ type: 'ready', version: 'v' });
  const reply = (body) => w.emit({ type: 'response', id: w.sent.at(-1).id, response: JSON.stringify(body) });
  const sentBase = () => JSON.parse(w.sent.at(-1).request).base;

  client.request({ file: 'a' });
  assert.equal(sentBase(), undefined, 'nothing held yet');
  reply({ version: 'v', seq: 4, result: base() });
  client.request({ file: 'ab' });
  assert.equal(sentBase(), 4);
  reply({ version: 'v', seq: 5, delta: { base: 4, action: 'configure', patchType: 'strategic', patchTypeWhy: 'why', lastAppliedSource: 'input', texts: [{ field: 'objectYAML', at: 1, del: 0, ins: 'y' }], lists: [] } });
  assert.equal(responses.length, 2);
  assert.equal(responses[1].delta, undefined, 'the page sees a whole result');
  assert.equal(responses[1].result.objectYAML, 'xy');
  client.request({ file: 'abc' });
  assert.equal(sentBase(), 5);

  // An error keeps what is held; a delta from anything else is an error.
  reply({ version: 'v', error: { kind: 'input', message: 'bad' } });
  client.request({ file: 'abcd' });
  assert.equal(sentBase(), 5);
  reply({ version: 'v', seq: 9, delta: { base: 3, action: 'configure', patchType: '', patchTypeWhy: '', lastAppliedSource: 'none', texts: [], lists: [] } });
  assert.equal(responses.at(-1).error.kind, 'internal');
  assert.match(responses.at(-1).error.message, /delta from result 3/);

  // A new worker holds nothing.
  client.start();
  workers[1].emit({ type: 'ready', version: 'v' });
  client.request({ file: 'e' });
  assert.equal(JSON.parse(workers[1].sent.at(-1).request).base, undefined);
  client.stopWorker();
});

test('elsewhere comes whole with each delta, and leaves when a delta has none', () => {
  const elsewhere = { namespace: 'production', liveNamespace: 'default', explanation: 'e', kubectl: 'deployment.apps/web created' };
  const empty = { base: 1, action: 'create', patchType: '', patchTypeWhy: '', lastAppliedSource: 'none', texts: [], lists: [] };
  const moved = applyDelta(base(), { ...empty, elsewhere });
  assert.deepEqual(moved.elsewhere, elsewhere);
  const back = applyDelta(moved, { ...empty, action: 'configure' });
  assert.equal('elsewhere' in back, false);
});
