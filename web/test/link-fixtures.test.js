// Links never rot: every share link fixture (web/test/fixtures/links/, one
// per released format and case) still decodes to exactly the state it was
// made from. The same fixtures are opened in the browser by TestLinkFixtures.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { decodeFragment, fragmentVersion, NEWEST_VERSION } from '../share/share.js';

const dir = new URL('./fixtures/links/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();

test('there are fixtures of every released format', () => {
  const versions = new Set(files.map((f) => Number(/^s(\d+)-/.exec(f)?.[1])));
  for (let v = 1; v <= NEWEST_VERSION; v++) assert.ok(versions.has(v), `no fixture of link format s${v}`);
  assert.ok(files.length >= 5, `${files.length} fixtures`);
});

for (const file of files) {
  test(`${file} decodes to its state`, async () => {
    const { fragment, state } = JSON.parse(readFileSync(new URL(file, dir), 'utf8'));
    assert.equal(`s${fragmentVersion(fragment)}`, file.split('-')[0], 'the file name names its format');
    assert.deepEqual(await decodeFragment(fragment), state);
  });
}
