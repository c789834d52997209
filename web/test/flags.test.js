// The flags row (web/page/flags.js) on a fake DOM: what goes into a request and
// into a page state (share.js Flags: only flags not at their default, the
// ones the row does not show kept), the scope choice's visibility, the
// command line, kubectl's namespace mismatch marked on -n.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeElement } from './fakes.js';

const ids = ['apply-flags', 'opt-overwrite', 'opt-namespace', 'opt-scope', 'flag-scope', 'flags-command'];
function page() {
  const elements = Object.fromEntries(ids.map((id) => [id, new FakeElement()]));
  elements['opt-overwrite'].checked = true;
  elements['opt-scope'].value = 'namespaced';
  globalThis.document = { getElementById: (id) => elements[id] || null };
  return elements;
}

const { ApplyFlags, commandLine, isNamespaceMismatch } = await import('../page/flags.js');
const { validateFlags } = await import('../share/share.js');

const notBuiltIn = { warnings: [{ code: 'not-built-in', path: 'kind', message: '' }] };
const builtIn = { warnings: [] };

test('defaults send nothing and leave flags out of the state', () => {
  const el = page();
  const flags = new ApplyFlags({ onChange() {}, onInput() {} });
  const request = { op: 'apply', file: '', live: '', lastApplied: '', lastAppliedFromLive: true };
  flags.addTo(request);
  assert.deepEqual(Object.keys(request), ['op', 'file', 'live', 'lastApplied', 'lastAppliedFromLive']);
  assert.deepEqual(flags.state(), { overwrite: true });
  assert.equal(el['flag-scope'].hidden, true);
  assert.equal(el['flags-command'].textContent, 'kubectl apply -f file.yaml');
  assert.equal(el['apply-flags'].dataset.default, 'true');
});

test('typing -n and choosing a scope: request, state, command line', () => {
  const el = page();
  let typed = 0;
  let chosen = 0;
  const flags = new ApplyFlags({ onChange: () => chosen++, onInput: () => typed++ });
  el['opt-namespace'].value = 'team-a';
  el['opt-namespace'].fire('input');
  el['opt-scope'].value = 'cluster';
  el['opt-scope'].fire('change');
  el['opt-overwrite'].checked = false;
  el['opt-overwrite'].fire('change');
  assert.equal(typed, 1);
  assert.equal(chosen, 2);
  const request = {};
  flags.addTo(request);
  assert.deepEqual(request, { overwrite: false, namespace: 'team-a', clusterScoped: true });
  const state = flags.state();
  assert.deepEqual(state, { overwrite: false, flags: { namespace: 'team-a', scope: 'cluster' } });
  assert.deepEqual(validateFlags(state.flags), state.flags, 'a link accepts the state');
  // The scope in effect stays in sight, even for a built-in kind's answer.
  flags.answered(builtIn);
  assert.equal(el['flag-scope'].hidden, false);
  assert.equal(el['flags-command'].textContent, 'kubectl apply -f file.yaml --overwrite=false -n team-a');
  assert.equal(el['apply-flags'].dataset.default, 'false');
});

test('control characters never reach a request or a link', () => {
  const el = page();
  const flags = new ApplyFlags({ onChange() {}, onInput() {} });
  el['opt-namespace'].value = 'team\t-a\u0000';
  const request = {};
  flags.addTo(request);
  assert.equal(request.namespace, 'team-a');
  assert.deepEqual(validateFlags(flags.state().flags), { namespace: 'team-a' });
});

test('the scope is offered for a custom kind only, kept across errors', () => {
  const el = page();
  const flags = new ApplyFlags({ onChange() {}, onInput() {} });
  flags.answered(notBuiltIn);
  assert.equal(el['flag-scope'].hidden, false);
  flags.answered(null, { kind: 'input', pane: 'file', line: 2, message: 'bad YAML' });
  assert.equal(el['flag-scope'].hidden, false);
  flags.answered(builtIn);
  assert.equal(el['flag-scope'].hidden, true);
});

test('load shows a state and keeps the flags this row does not show', () => {
  const el = page();
  const flags = new ApplyFlags({ onChange() {}, onInput() {} });
  flags.load({ overwrite: true, flags: { namespace: 'x', scope: 'cluster', apply: 'server', fieldManager: 'me' } });
  assert.equal(el['opt-namespace'].value, 'x');
  assert.equal(el['opt-scope'].value, 'cluster');
  assert.equal(el['flag-scope'].hidden, false);
  assert.deepEqual(flags.state(), { overwrite: true, flags: { apply: 'server', fieldManager: 'me', namespace: 'x', scope: 'cluster' } });
  flags.load({ overwrite: false });
  assert.equal(el['opt-namespace'].value, '');
  assert.equal(el['opt-scope'].value, 'namespaced');
  assert.deepEqual(flags.state(), { overwrite: false });
});

test("kubectl's mismatch marks -n until the next answer", () => {
  const el = page();
  const flags = new ApplyFlags({ onChange() {}, onInput() {} });
  const mismatch = { kind: 'input', pane: 'file', line: 5, path: 'metadata.namespace', message: 'the namespace from the provided object "a" does not match the namespace "b". You must pass \'--namespace=a\' to perform this operation.' };
  assert.equal(isNamespaceMismatch(mismatch), true);
  assert.equal(isNamespaceMismatch({ ...mismatch, pane: 'live' }), false);
  assert.equal(isNamespaceMismatch({ kind: 'input', pane: 'file', path: 'metadata.namespace', message: 'must be a string' }), false);
  flags.answered(null, mismatch);
  assert.equal(el['opt-namespace'].getAttribute('aria-invalid'), 'true');
  flags.answered(builtIn);
  assert.equal(el['opt-namespace'].getAttribute('aria-invalid'), null);
});

test('the command line quotes a namespace a shell would split', () => {
  assert.equal(commandLine(false, ''), 'kubectl apply -f file.yaml');
  assert.equal(commandLine(true, 'prod'), 'kubectl apply -f file.yaml --overwrite=false -n prod');
  assert.equal(commandLine(false, "it's me"), "kubectl apply -f file.yaml -n 'it'\\''s me'");
});
