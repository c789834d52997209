// kubectl's hard-wrapped messages split into paragraphs
// (web/serverside/kubectl-text.js): joined back, the exact text.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { paragraphs } from '../serverside/kubectl-text.js';

const advice = `Please review the fields above--they currently have other managers. Here
are the ways you can resolve this warning:
* If you intend to manage all of these fields, please re-run the apply
  command with the \`--force-conflicts\` flag.
* If you do not intend to manage all of the fields, please edit your
  manifest to remove references to the fields that should keep their
  current managers.
* You may co-own fields by updating your manifest to match the existing
  value; in this case, you'll become the manager if the other manager(s)
  stop managing the field (remove it from their configuration).
See https://kubernetes.io/docs/reference/using-api/server-side-apply/#conflicts`;

const cases = [
  {
    name: 'one conflict',
    text: `error: Apply failed with 1 conflict: conflict with "kube-controller-manager" with subresource "scale" using apps/v1: .spec.replicas\n${advice}`,
    starts: ['error: Apply failed', 'Please review', '* If you intend', '* If you do not', '* You may co-own', 'See https://'],
  },
  {
    name: 'two managers, a field list each',
    text: `error: Apply failed with 3 conflicts: conflicts with "a" using apps/v1:\n- .spec.replicas\n- .spec.paused\nconflicts with "b" using apps/v1:\n- .spec.minReadySeconds\n${advice}`,
    starts: ['error: Apply failed', '- .spec.replicas', '- .spec.paused', 'conflicts with "b"', '- .spec.minReadySeconds', 'Please review', '* If you intend', '* If you do not', '* You may co-own', 'See https://'],
  },
  { name: 'one line', text: 'error: the server could not find the requested resource', starts: ['error: the server'] },
];

for (const c of cases) {
  test(`paragraphs: ${c.name}`, () => {
    const got = paragraphs(c.text);
    assert.equal(got.join('\n'), c.text, 'joined, the paragraphs are the exact text');
    assert.deepEqual(got.map((p, i) => p.startsWith(c.starts[i])), c.starts.map(() => true), `paragraphs: ${JSON.stringify(got)}`);
    assert.equal(got.length, c.starts.length);
  });
}
