// The page's first-visit scenario is the walkthrough sample: the same
// documents (comments aside), so the page and the examples menu cannot
// drift apart.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { defaultScenario } from '../examples/default-scenario.js';

/** @param {string} text */
const withoutComments = (text) => text
  .split('\n')
  .filter((l) => !/^\s*#/.test(l))
  .map((l) => l.replace(/\s+#.*$/, ''))
  .join('\n')
  .trim();

for (const pane of ['file', 'live']) {
  test(`the default ${pane} is samples/walkthrough/${pane}.yaml`, () => {
    const sample = readFileSync(new URL(`../../samples/walkthrough/${pane}.yaml`, import.meta.url), 'utf8');
    assert.equal(withoutComments(defaultScenario[pane]), withoutComments(sample));
  });
}

test('the default last-applied pane is derived from live, as in the sample', () => {
  assert.equal(defaultScenario.mode, 'derived');
  const dir = new URL('../../samples/walkthrough/', import.meta.url);
  assert.throws(() => readFileSync(new URL('last-applied.yaml', dir)), 'the sample has no last-applied pane of its own');
});
