// The apply switch (web/serverside/switch.js) on a fake DOM: the flags it
// gives a page state (only those not at their default, share.js accepts
// them), loading a state, the command line's flags, and that nothing
// loads while it is client-side.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeElement } from './fakes.js';

const ids = ['apply-client', 'apply-server', 'apply-both', 'opt-field-manager', 'opt-force-conflicts', 'ssa-view', 'ssa-flags', 'outputs', 'pane-last-applied', 'last-applied-unused'];
function page() {
  const elements = Object.fromEntries(ids.map((id) => [id, new FakeElement()]));
  globalThis.document = { getElementById: (id) => elements[id] || null };
  return elements;
}

const { ApplySwitch } = await import('../serverside/switch.js');
const { validateFlags } = await import('../share/share.js');

function make() {
  const el = page();
  const calls = { changes: 0, clients: 0, highlights: [] };
  const sw = new ApplySwitch({
    createClient: () => { calls.clients++; throw new Error('not in this test'); },
    highlight: (where) => calls.highlights.push(where),
    onChange: () => { calls.changes++; },
  });
  // The view's chunk is not loaded here: record the request instead.
  sw.ensure = () => { calls.ensured = (calls.ensured || 0) + 1; return Promise.resolve(); };
  return { el, sw, calls };
}

test('client-side by default: no flags, nothing loaded, the view hidden', () => {
  const { el, sw, calls } = make();
  sw.show('client');
  sw.inputs({ op: 'apply', file: 'kind: X', live: '', lastApplied: '', lastAppliedFromLive: true });
  assert.deepEqual(sw.flags(), {});
  assert.equal(sw.commandFlags(), '');
  assert.equal(el['ssa-view'].hidden, true);
  assert.equal(el['ssa-flags'].hidden, true);
  assert.equal(el.outputs.dataset.apply, 'client');
  assert.equal(calls.ensured, undefined);
});

test('server-side with a manager and force: the flags, the command line, the view shown', () => {
  const { el, sw, calls } = make();
  el['opt-field-manager'].value = 'ci';
  el['opt-force-conflicts'].checked = true;
  el['apply-server'].fire('click');
  assert.equal(calls.changes, 1);
  assert.deepEqual(sw.flags(), { apply: 'server', fieldManager: 'ci', forceConflicts: true });
  assert.deepEqual(validateFlags(sw.flags()), sw.flags());
  assert.equal(sw.commandFlags(), ' --server-side --field-manager=ci --force-conflicts');
  assert.equal(el['apply-server'].getAttribute('aria-pressed'), 'true');
  assert.equal(el['apply-client'].getAttribute('aria-pressed'), 'false');
  assert.equal(el['ssa-view'].hidden, false);
  assert.equal(el.outputs.dataset.apply, 'server');
  assert.equal(calls.ensured, 1);
});

test('the last-applied pane folds with its reason in server-side only, and comes back', () => {
  const { el, sw } = make();
  sw.show('server');
  assert.equal(el['pane-last-applied'].dataset.unused, '');
  assert.equal(el['last-applied-unused'].hidden, false);
  sw.show('both');
  assert.equal('unused' in el['pane-last-applied'].dataset, false);
  assert.equal(el['last-applied-unused'].hidden, true);
  sw.show('server');
  sw.show('client');
  assert.equal('unused' in el['pane-last-applied'].dataset, false);
  assert.equal(el['last-applied-unused'].hidden, true);
});

test('a manager with a space is quoted on the command line; both says so', () => {
  const { el, sw } = make();
  sw.load({ apply: 'both', fieldManager: "my tool's" });
  assert.equal(el['opt-field-manager'].value, "my tool's");
  assert.equal(sw.commandFlags(), " (and --server-side --field-manager='my tool'\\''s')");
  assert.deepEqual(sw.flags(), { apply: 'both', fieldManager: "my tool's" });
});

test('loading a state without flags goes back to the defaults', () => {
  const { el, sw, calls } = make();
  sw.load({ apply: 'server', fieldManager: 'ci', forceConflicts: true });
  sw.load();
  assert.deepEqual(sw.flags(), {});
  assert.equal(el['opt-force-conflicts'].checked, false);
  assert.equal(el['ssa-view'].hidden, true);
  assert.deepEqual(calls.highlights.at(-1), null, 'back to client-side clears the marks of conflicts');
});
