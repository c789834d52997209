// The embed's #example=<id> (web/embed/example-source.js): reading the
// fragment, fetching examples/<id>.json, and a sample as a page state.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exampleIdOf, loadExample, sampleState } from '../embed/example-source.js';

test('exampleIdOf', () => {
  assert.equal(exampleIdOf('#example=walkthrough'), 'walkthrough');
  assert.equal(exampleIdOf('example=env-merge'), 'env-merge');
  assert.equal(exampleIdOf('#example=%20create%20'), 'create');
  assert.equal(exampleIdOf('#example=%E0%A4'), '%E0%A4', 'bad percent-encoding is kept as written');
  assert.equal(exampleIdOf('#s1=abc'), null);
  assert.equal(exampleIdOf('#outputs'), null);
  assert.equal(exampleIdOf(''), null);
});

const sample = { id: 'create', title: 'Create', description: 'd', file: 'kind: ConfigMap\n' };
const fetcher = (urls) => async (url) => {
  urls.push(url);
  return url === 'examples/create.json'
    ? new Response(JSON.stringify(sample), { status: 200 })
    : new Response('not found', { status: 404 });
};

test('loadExample fetches one file, lower-cased', async () => {
  const urls = [];
  assert.deepEqual(await loadExample('Create', fetcher(urls)), sample);
  assert.deepEqual(urls, ['examples/create.json']);
});

test('loadExample: unknown and impossible ids', async () => {
  const urls = [];
  assert.equal(await loadExample('nope', fetcher(urls)), null);
  assert.equal(await loadExample('../index', fetcher(urls)), null);
  assert.equal(await loadExample('', fetcher(urls)), null);
  assert.deepEqual(urls, ['examples/nope.json'], 'ids that cannot be a sample are not fetched');
});

test('loadExample: a server error is an error', async () => {
  await assert.rejects(loadExample('create', async () => new Response('', { status: 500 })), /HTTP 500/);
});

test('sampleState', () => {
  assert.deepEqual(sampleState(sample), { mode: 'derived', lastApplied: '', file: sample.file, live: '', format: 'yaml', overwrite: true, tab: 'steps', view: 'single', timeline: null });
  assert.deepEqual(sampleState({ ...sample, lastApplied: 'a: 1\n', live: 'b: 2\n', overwrite: false }),
    { mode: 'explicit', lastApplied: 'a: 1\n', file: sample.file, live: 'b: 2\n', format: 'yaml', overwrite: false, tab: 'steps', view: 'single', timeline: null });
});
