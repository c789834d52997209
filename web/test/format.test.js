// Wording of values and statuses outside the editors.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatValue, statusSentence } from '../outputs/format.js';

test('formatValue', () => {
  const cases = [
    { name: 'absent', value: undefined, want: '(absent)' },
    { name: 'null is a value', value: null, want: 'null' },
    { name: 'number', value: 5, want: '5' },
    { name: 'string quoted, inner quotes kept', value: '{"a":1}\n', want: '"{"a":1}\\n"' },
    { name: 'object compact', value: { a: [1, 2] }, want: '{"a":[1,2]}' },
    { name: 'cut with an ellipsis', value: 'x'.repeat(50), max: 10, want: '"xxxxxxxx…' },
  ];
  for (const c of cases) assert.equal(formatValue(c.value, c.max), c.want, c.name);
});

test('statusSentence names the action and the patch type', () => {
  assert.match(statusSentence({ action: 'configure', patchType: 'strategic' }), /configured.*strategic merge patch/);
  assert.match(statusSentence({ action: 'configure', patchType: 'merge' }), /JSON merge patch/);
  assert.match(statusSentence({ action: 'create', patchType: '' }), /created/);
  assert.match(statusSentence({ action: 'unchanged', patchType: 'strategic' }), /sends nothing/);
});

test('statusSentence for a file in another namespace names both and does not say the object is missing', () => {
  const s = statusSentence({ action: 'create', patchType: '', elsewhere: { namespace: 'production', liveNamespace: 'default', explanation: 'e', kubectl: 'deployment.apps/web created' } });
  assert.equal(s, 'kubectl apply: created in namespace production. The live object, in default, is another object: kubectl leaves it untouched.');
});

test('statusSentence for a file naming another object names both names, and namespaces only when they differ', () => {
  const byName = { namespace: 'default', liveNamespace: 'default', name: 'web2', liveName: 'web', explanation: 'e', kubectl: 'deployment.apps/web2 created' };
  assert.equal(statusSentence({ action: 'create', patchType: '', elsewhere: byName }),
    'kubectl apply: created web2. The live object, web, is another object: kubectl leaves it untouched.');
  assert.equal(statusSentence({ action: 'create', patchType: '', elsewhere: { ...byName, namespace: 'production' } }),
    'kubectl apply: created web2 in namespace production. The live object, web in default, is another object: kubectl leaves it untouched.');
  // A namespace difference alone, with both names given (the same).
  assert.equal(statusSentence({ action: 'create', patchType: '', elsewhere: { ...byName, name: 'web', namespace: 'production' } }),
    'kubectl apply: created in namespace production. The live object, in default, is another object: kubectl leaves it untouched.');
});
