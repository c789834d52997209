import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LINK_CHARS, overLongLink } from '../share/link-limit.js';
import { LIMITS } from '../share/share.js';

test('early.js and share.js read links up to the same limit', () => {
  assert.equal(LIMITS.linkChars, LINK_CHARS);
});

test('a fragment is over the limit by its data, at the edge', () => {
  const link = (n) => `#s1=${'A'.repeat(n)}`;
  assert.equal(overLongLink(link(LINK_CHARS)), 0, 'at the limit: read');
  assert.equal(overLongLink(link(LINK_CHARS + 1)), LINK_CHARS + 1, 'one over: refused');
  assert.equal(overLongLink(''), 0);
  assert.equal(overLongLink('#example=walkthrough'), 0);
  assert.equal(overLongLink(`#${'x'.repeat(LINK_CHARS + 5)}`), LINK_CHARS + 6, 'without "=": the whole fragment counts, as share.js reads it');
});
