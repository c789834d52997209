// Where kubectl apply would merge otherwise (web/kustomize/differences.js):
// the words for one difference of engine/kustomizeapi's answer.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { differenceWords, differencesTitle, valueWords } from '../kustomize/differences.js';

test('a difference in plain words: where, both values, why', () => {
  const d = {
    kustomization: 'kustomization.yaml', patch: '[path: "metrics-image.yaml"]', object: 'Deployment web',
    field: 'spec.template.spec.containers',
    kustomize: '[{"name":"metrics"},{"name":"app"}]', apply: '[{"name":"app"},{"name":"metrics"}]',
    why: 'ordering', reason: 'the same elements in another order',
  };
  assert.deepEqual(differenceWords(d), {
    where: 'Deployment web, spec.template.spec.containers: the patch [path: "metrics-image.yaml"] (in kustomization.yaml)',
    kustomize: '[{"name":"metrics"},{"name":"app"}]',
    apply: '[{"name":"app"},{"name":"metrics"}]',
    why: 'Why: the same elements in another order.',
  });
});

test('a field one of the merges lacks, a difference without a reason', () => {
  for (const [name, json, want] of [
    ['missing', '', '(no such field)'],
    ['null', 'null', 'null'],
    ['object', '{}', '{}'],
  ]) assert.equal(valueWords(json), want, name);
  const w = differenceWords({ kustomization: '', patch: 'p', object: 'Gateway g', field: '', kustomize: '', apply: '1', why: 'other', reason: '' });
  assert.equal(w.where, 'Gateway g, the object: the patch p');
  assert.equal(w.kustomize, '(no such field)');
  assert.equal(w.why, '');
});

test('the heading counts the fields', () => {
  assert.equal(differencesTitle(1), 'kubectl apply would merge 1 field otherwise');
  assert.equal(differencesTitle(3), 'kubectl apply would merge 3 fields otherwise');
});
