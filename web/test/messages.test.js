// Tests of the error messages' short status and the conflict's split.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseConflict, firstSentence, errorStatus, STATUS_MAX, conflictsOnAnnotation } from '../outputs/messages.js';

/** What the engine answers for a file of kind Deploymnet over a live Deployment (engine/identity). */
const mismatch = {
  kind: 'apply',
  message: 'creating patch: precondition failed for: map[kind:Deploymnet metadata:map[annotations:map[]]]',
  explanation: "The kind differs: the file has Deploymnet, the live object Deployment. kubectl finds the object by the file's apiVersion, kind and name, so it would apply the file to the Deploymnet web (creating it if missing), never to this one. Did you mean Deployment?",
};

test('an apply error with an explanation: the status says it in plain words, never the Go map', () => {
  const s = errorStatus(mismatch);
  assert.equal(s, 'kubectl apply would fail: the kind differs.');
  assert.ok(!s.includes('map['));
});

const conflict = '--overwrite=false: patch:\nspec:\n  replicas: 3\n\nconflicts with changes made from original to current:\nspec:\n  replicas: 2\n\n';

test('parseConflict splits kubectl\'s message into its two documents', () => {
  assert.deepEqual(parseConflict(conflict), { patch: 'spec:\n  replicas: 3', changed: 'spec:\n  replicas: 2' });
  assert.equal(parseConflict('creating patch: boom'), null);
  assert.equal(parseConflict('--overwrite=false: patch:\nno separator'), null);
});

test('firstSentence keeps the first sentence and cuts long ones at a word', () => {
  assert.equal(firstSentence('One. Two.', 50), 'One.');
  assert.equal(firstSentence('line one\nline two', 50), 'line one');
  const long = firstSentence('word '.repeat(40), 30);
  assert.ok(long.length <= 30 && long.endsWith('…'), long);
});

test('errorStatus is one short sentence for every kind', () => {
  const cases = [
    { name: 'conflict', error: { kind: 'apply', message: conflict + 'x'.repeat(3000) } },
    { name: 'long apply error', error: { kind: 'apply', message: 'creating patch: ' + 'y '.repeat(2000) } },
    { name: 'internal', error: { kind: 'internal', message: 'z'.repeat(500) } },
    { name: 'input in a pane', error: { kind: 'input', pane: 'file', line: 3, message: 'q '.repeat(500) }, pane: 'configuration file' },
  ];
  for (const c of cases) {
    const s = errorStatus(c.error, c.pane);
    assert.ok(s.length <= STATUS_MAX, `${c.name}: ${s.length} characters`);
    assert.ok(!s.includes('\n'), `${c.name}: a line break`);
  }
  assert.equal(errorStatus({ kind: 'input', pane: 'file', line: 3, message: 'bad' }, 'configuration file'),
    'Error in the configuration file at line 3: see the message under the pane.');
});

test('a conflict explains the annotation only when it is among the conflicting fields', () => {
  const annotation = 'metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]';
  for (const [name, fields, want] of [
    ['the annotation and a field', [{ path: annotation }, { path: 'spec.replicas' }], true],
    ['a field only (a live object without the annotation)', [{ path: 'spec.replicas' }], false],
    ['no fields', undefined, false],
  ]) {
    assert.equal(conflictsOnAnnotation({ kind: 'apply', message: conflict, fields }), want, name);
  }
});
