// "Copy the documents instead" (web/share/documents-bundle.js): one YAML stream,
// a document per pane, each named by a comment.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { documentsBundle } from '../share/documents-bundle.js';

const state = { mode: 'derived', lastApplied: '', file: 'kind: A\n', live: 'kind: A\nx: 1', format: 'yaml', overwrite: true, tab: 'steps' };

test('derived: the file and live documents, named', () => {
  assert.equal(documentsBundle(state), [
    '# applylens: the documents of a kubectl apply, one per pane of the page.',
    "# last-applied configuration: read from the live object's annotation.",
    '---',
    '# configuration file (kubectl apply -f)',
    'kind: A',
    '---',
    '# live configuration (kubectl get -o yaml)',
    'kind: A',
    'x: 1',
    '',
  ].join('\n'));
});

test('explicit last-applied, --overwrite=false, no live object, Jsonnet', () => {
  const text = documentsBundle({ ...state, mode: 'explicit', lastApplied: 'kind: L\n', live: ' \n', overwrite: false, format: 'jsonnet', file: '{ kind: "A" }' });
  assert.match(text, /^# applylens: the documents of a kubectl apply --overwrite=false/);
  assert.match(text, /---\n# last-applied configuration \(the kubectl\.kubernetes\.io\/last-applied-configuration annotation\)\nkind: L\n/);
  assert.match(text, /---\n# configuration file, in Jsonnet[^\n]*\n\{ kind: "A" \}\n/);
  assert.match(text, /---\n# live configuration: none, the object does not exist yet[^\n]*\n$/);
  assert.equal(text.split('\n---\n').length, 4);
});
