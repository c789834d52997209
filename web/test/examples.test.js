// The examples' data (web/examples/examples.js), with a fake DOM just large enough.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeElement } from './fakes.js';

const elements = { 'sample-description': new FakeElement('p') };
globalThis.document = { getElementById: (id) => elements[id] || null };
const { Examples } = await import('../examples/examples.js');

const samples = [
  { id: 'walkthrough', title: 'Walkthrough', description: 'The docs example.', file: 'kind: A', live: 'kind: A' },
  { id: 'create', title: 'Create', description: '', file: 'kind: B' },
  { id: 'broken' },
];

test('loads once, keeps valid samples in order, and says which is shown', async () => {
  let fetches = 0;
  const ex = new Examples(async (url) => {
    fetches++;
    assert.equal(url, 'samples.json');
    return { ok: true, json: async () => samples };
  });
  const [a, b] = await Promise.all([ex.load(), ex.load()]);
  assert.equal(fetches, 1);
  assert.equal(a, b);
  assert.deepEqual(ex.list().map((s) => s.id), ['walkthrough', 'create']);
  const d = elements['sample-description'];
  ex.show(samples[0]);
  assert.equal(d.textContent, 'Walkthrough: The docs example.');
  assert.equal(d.dataset.example, 'walkthrough');
  assert.equal(d.hidden, false);
  ex.reset();
  assert.equal(d.hidden, true);
  assert.equal(d.dataset.example, undefined);
});

test('timeline samples are kept with their commands', async () => {
  const timeline = { namespace: 'default', commands: [{ command: 'kubectl apply -f a.yaml', files: [{ name: 'a.yaml', text: 'kind: A' }] }], selected: 0 };
  const ex = new Examples(async () => ({
    ok: true, json: async () => [...samples, { id: 'timeline-walkthrough', title: 'Played', category: 'timelines', description: 'Story.', timeline }],
  }));
  await ex.load();
  assert.deepEqual(ex.list().map((s) => s.id), ['walkthrough', 'create', 'timeline-walkthrough']);
  assert.deepEqual(ex.samples.get('timeline-walkthrough').timeline, timeline);
});

test('a failed load rejects and can be retried', async () => {
  let calls = 0;
  const ex = new Examples(async () => {
    calls++;
    if (calls === 1) return { ok: false, status: 503, json: async () => [] };
    return { ok: true, json: async () => samples };
  });
  await assert.rejects(ex.load(), /HTTP 503/);
  await ex.load();
  assert.equal(calls, 2);
  assert.equal(ex.list().length, 2);
});

test('Kustomize samples: kept with their tree checked, shown in the Kustomize mode only', async () => {
  const tree = { dir: 'overlays/prod', files: [{ name: 'base/kustomization.yaml', text: 'resources: []\n' }, { name: 'overlays/prod/kustomization.yaml', text: 'resources:\n- ../../base\n' }] };
  const list = [
    { id: 'kustomize-overlay', title: 'Overlay', category: 'Kustomize', description: 'A base and an overlay.', kustomize: tree },
    { id: 'kustomize-bad-name', title: 'Bad', category: 'Kustomize', description: '', kustomize: { dir: '', files: [{ name: '../x.yaml', text: '' }] } },
    { id: 'kustomize-not-a-tree', title: 'Bad', category: 'Kustomize', description: '', kustomize: 'resources: []' },
    { id: 'plain', title: 'Plain', description: '', file: 'kind: A' },
  ];
  const ex = new Examples(async () => ({ ok: true, json: async () => list }));
  const loaded = await ex.load();
  assert.deepEqual(ex.list().map((s) => s.id), ['kustomize-overlay', 'plain']);
  const kept = /** @type {any} */ (loaded.get('kustomize-overlay'));
  assert.deepEqual(kept.kustomize, tree);
  assert.notEqual(kept.kustomize, tree, 'a checked copy');
  const d = elements['sample-description'];
  ex.setView('single');
  ex.show(kept);
  assert.equal(d.dataset.view, 'kustomize');
  assert.equal(d.hidden, true, 'not described in the single apply');
  assert.equal(ex.current(), '');
  ex.setView('kustomize');
  assert.equal(d.hidden, false);
  assert.equal(ex.current(), 'kustomize-overlay');
  ex.reset();
});
