// Tests of which modes the step and tab shortcuts act in.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { panesShown } from '../page/shortcuts.js';

test('Alt+J/K and Alt+1 … 4 act only where the single apply\'s steps and tabs are shown', () => {
  /** @type {[string|undefined, boolean][]} */
  const cases = [
    [undefined, true],
    ['single', true],
    ['timeline', false],
    ['kustomize', false],
  ];
  for (const [view, want] of cases) {
    assert.equal(panesShown(view), want, String(view));
  }
});
