// Placing patch directives in the YAML (by line) and JSON (by text) forms.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Text } from '@codemirror/state';
import { placeByLines, placeByText } from '../editor/cm/directives.js';

const yaml = `spec:
  template:
    spec:
      $setElementOrder/containers:
      - name: nginx
      containers:
      - name: helper
        $patch: delete
`;

const json = `{
  "spec": {"template": {"spec": {
    "$setElementOrder/containers": [{"name": "nginx"}],
    "containers": [{"$patch": "delete", "name": "helper"}]
  }}}
}`;

const directives = [
  { name: '$setElementOrder', path: 'spec.template.spec.containers', line: 4, endLine: 5, meaning: 'order' },
  { name: '$patch', path: 'spec.template.spec.containers[name=helper]', line: 8, endLine: 8, meaning: 'delete it' },
];

test('placeByLines marks the directive key on its line', () => {
  const doc = Text.of(yaml.split('\n'));
  const placed = placeByLines(doc, directives);
  assert.deepEqual(placed.map((p) => doc.sliceString(p.from, p.to)), ['$setElementOrder/containers', '$patch']);
  assert.equal(placed[1].meaning, 'delete it');
});

test('placeByLines skips lines outside the text', () => {
  const doc = Text.of(['a: 1']);
  assert.deepEqual(placeByLines(doc, [{ ...directives[0], line: 9 }]), []);
});

test('placeByText marks quoted keys in document order', () => {
  const placed = placeByText(json, directives);
  assert.deepEqual(placed.map((p) => json.slice(p.from, p.to)), ['"$setElementOrder/containers"', '"$patch"']);
  assert.deepEqual(placed.map((p) => p.name), ['$setElementOrder', '$patch']);
});

test('placeByText ignores directives it cannot find', () => {
  assert.deepEqual(placeByText('{}', directives), []);
});
