// Example addresses (web/examples/link.js): #example=<id> parsed, resolved
// against the samples, and turned into a page state.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exampleIdFromHash, exampleHash, resolveExample, sampleState } from '../examples/link.js';

const samples = [
  { id: 'walkthrough', title: 'Walkthrough', description: 'd', file: 'kind: A\n', live: 'kind: A\n' },
  { id: 'containers-ordering', title: 'Ordering', description: 'd', lastApplied: 'kind: B\n', file: 'kind: B\n', live: 'kind: B\n' },
  { id: 'overwrite-false', title: 'No overwrite', description: 'd', file: 'kind: C\n', live: 'kind: C\n', overwrite: false },
  { id: 'create', title: 'Create', description: 'd', file: 'kind: D\n' },
];

test('exampleIdFromHash', () => {
  const cases = {
    '#example=walkthrough': 'walkthrough',
    'example=walkthrough': 'walkthrough',
    '#example=hpa%2Dmetrics': 'hpa-metrics',
    '#example=job-ttl.': 'job-ttl',
    '#example=job-ttl)': 'job-ttl',
    '#example=%E0%A4%A': '%E0%A4%A',
    '#example=': '',
    '#s1=abc': null,
    '#outputs': null,
    '': null,
    '#examples=walkthrough': null,
  };
  for (const [hash, want] of Object.entries(cases)) assert.equal(exampleIdFromHash(hash), want, hash);
});

test('exampleHash round-trips', () => {
  for (const id of ['walkthrough', 'hpa-replicas-reset', 'odd id/?#']) {
    assert.equal(exampleIdFromHash(exampleHash(id)), id);
  }
  assert.equal(exampleHash('job-ttl'), '#example=job-ttl');
});

test('resolveExample', () => {
  assert.deepEqual(resolveExample('#outputs', samples), { kind: 'none' });
  const found = resolveExample('#example=create', samples);
  assert.equal(found.kind, 'found');
  assert.equal(found.kind === 'found' && found.sample.file, 'kind: D\n');
  const map = new Map(samples.map((s) => [s.id, s]));
  assert.equal(resolveExample('#example=Walkthrough', map).kind, 'found', 'case is forgiven');
  assert.deepEqual(resolveExample('#example=no-such-example', samples), { kind: 'unknown', id: 'no-such-example' });
  assert.deepEqual(resolveExample('#example=', samples), { kind: 'unknown', id: '' });
  assert.deepEqual(resolveExample('#example=__proto__', samples), { kind: 'unknown', id: '__proto__' });
});

test('sampleState', () => {
  assert.deepEqual(sampleState(samples[0]), { mode: 'derived', lastApplied: '', file: 'kind: A\n', live: 'kind: A\n', format: 'yaml', overwrite: true, tab: 'steps', view: 'single', timeline: null });
  assert.deepEqual(sampleState(samples[1], 'diff'), { mode: 'explicit', lastApplied: 'kind: B\n', file: 'kind: B\n', live: 'kind: B\n', format: 'yaml', overwrite: true, tab: 'diff', view: 'single', timeline: null });
  assert.equal(sampleState(samples[2]).overwrite, false);
  assert.equal(sampleState(samples[3]).live, '');
});

test('sampleState of a timeline keeps the panes it replaces', () => {
  const timeline = { namespace: 'default', commands: [{ command: 'kubectl apply -f a.yaml', files: [{ name: 'a.yaml', text: 'kind: A' }] }], selected: 0 };
  const base = { mode: 'explicit', lastApplied: 'x', file: 'y', live: 'z', format: 'yaml', overwrite: false, tab: 'patch', view: 'single', timeline: null };
  assert.deepEqual(sampleState({ id: 'timeline-a', title: 'A', description: '', timeline }, 'steps', base),
    { ...base, tab: 'steps', view: 'timeline', timeline });
  assert.equal(sampleState({ id: 'timeline-a', title: 'A', description: '', timeline }).file, '');
  // A single apply's sample keeps the timeline the page holds.
  assert.equal(sampleState(samples[0], 'steps', { ...base, timeline }).timeline, timeline);
});
