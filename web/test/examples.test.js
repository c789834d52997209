// The examples menu, with a fake DOM just large enough for it.
import { test } from 'node:test';
import assert from 'node:assert/strict';

class FakeElement {
  constructor(tag) {
    this.tagName = tag;
    this.children = [];
    this.listeners = {};
    this.hidden = false;
    this.textContent = '';
    this.value = '';
  }
  get options() { return this.children; }
  append(...els) { this.children.push(...els); }
  remove(i) { this.children.splice(i, 1); }
  addEventListener(ev, fn) { (this.listeners[ev] ||= []).push(fn); }
  fire(ev) { for (const fn of this.listeners[ev] || []) fn(); }
}

const elements = { 'sample-picker': new FakeElement('select'), 'sample-description': new FakeElement('p') };
globalThis.document = {
  getElementById: (id) => elements[id] || null,
  createElement: (tag) => new FakeElement(tag),
};
const { Examples } = await import('../examples.js');

const samples = [
  { id: 'walkthrough', title: 'Walkthrough', description: 'The docs example.', file: 'kind: A', live: 'kind: A' },
  { id: 'create', title: 'Create', description: '', file: 'kind: B' },
  { id: 'broken' },
];

test('loads once, lists valid samples, and picks one', async () => {
  let fetches = 0;
  /** @type {any[]} */
  const picked = [];
  const ex = new Examples((s) => picked.push(s), async (url) => {
    fetches++;
    assert.equal(url, 'samples.json');
    return { ok: true, json: async () => samples };
  });
  await Promise.all([ex.load(), ex.load()]);
  assert.equal(fetches, 1);
  const select = elements['sample-picker'];
  assert.deepEqual(select.options.map((o) => o.value), ['', 'walkthrough', 'create']);
  await ex.pick('walkthrough');
  assert.equal(picked.length, 1);
  assert.equal(picked[0].file, 'kind: A');
  assert.equal(elements['sample-description'].textContent, 'The docs example.');
  assert.equal(elements['sample-description'].hidden, false);
  await ex.pick('nope');
  assert.equal(picked.length, 1);
  ex.reset();
  assert.equal(elements['sample-description'].hidden, true);
});

test('timeline samples are listed in a Timelines group and picked whole', async () => {
  const timeline = { namespace: 'default', commands: [{ command: 'kubectl apply -f a.yaml', files: [{ name: 'a.yaml', text: 'kind: A' }] }], selected: 0 };
  /** @type {any[]} */
  const picked = [];
  const ex = new Examples((s) => picked.push(s), async () => ({
    ok: true, json: async () => [...samples, { id: 'timeline-walkthrough', title: 'Played', description: 'Story.', timeline }],
  }));
  await ex.load();
  const select = elements['sample-picker'];
  const group = select.children.find((c) => c.tagName === 'optgroup');
  assert.ok(group, 'no optgroup');
  assert.equal(group.label, 'Timelines');
  assert.deepEqual(group.children.map((o) => o.value), ['timeline-walkthrough']);
  await ex.pick('timeline-walkthrough');
  assert.deepEqual(picked[0].timeline, timeline);
});

test('a failed load can be retried', async () => {
  let calls = 0;
  const ex = new Examples(() => {}, async () => {
    calls++;
    if (calls === 1) return { ok: false, status: 503, json: async () => [] };
    return { ok: true, json: async () => samples };
  });
  await ex.load();
  assert.match(elements['sample-picker'].options[0].textContent, /could not be loaded/);
  await ex.load();
  assert.equal(calls, 2);
  assert.equal(elements['sample-picker'].options.length, 3);
});
