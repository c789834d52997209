// The first visit's introduction tells the walkthrough sample's story: the
// same title and description as samples/walkthrough/meta.yaml.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { walkthroughIntro } from '../page/intro.js';

test('the introduction is the walkthrough sample\'s title and description', () => {
  const meta = readFileSync(new URL('../../samples/walkthrough/meta.yaml', import.meta.url), 'utf8');
  const title = /^title: "(.*)"$/m.exec(meta)[1];
  // description: >- followed by indented lines, folded into one paragraph.
  const folded = /^description: >-\n((?: {2}.*\n)+)/m.exec(meta)[1];
  const description = folded.split('\n').map((l) => l.trim()).filter(Boolean).join(' ');
  assert.equal(walkthroughIntro.title, title);
  assert.equal(walkthroughIntro.description, description);
});
