import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  emptyTimeline, addCommand, removeCommand, moveCommand, fileArgs, newFileName, timelineRequest, validateTimeline,
  TimelineShapeError, TIMELINE_LIMITS,
} from '../timeline/model.js';
import { lineDiff } from '../timeline/linediff.js';
import {
  encodeState, decodeFragment, sameState, LinkError, PREFIX, TIMELINE_PREFIX,
} from '../share/share.js';

const deployment = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx\n';

/** A three-command timeline: apply, scale, apply again. */
function walkthrough() {
  return {
    namespace: 'default',
    commands: [
      { command: 'kubectl apply -f app.yaml', files: [{ name: 'app.yaml', text: deployment }] },
      { command: 'kubectl scale deployment/nginx --replicas=2', files: [] },
      { command: 'kubectl apply -f app.yaml', files: [{ name: 'app.yaml', text: deployment + 'spec: {}\n' }] },
    ],
    selected: 1,
  };
}

const single = {
  mode: 'derived', lastApplied: '', file: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: fixture\ndata:\n  a: "1"\n',
  live: '', format: 'yaml', overwrite: true, tab: 'steps',
};

test('a released s1 link still opens, as it did', async () => {
  // Made by the page before timelines existed; never regenerate it.
  const released = '#s1=Pc2xDsIwDEXRX4nenKWrV2ZWJi9GcZFF41SpG0CIf6-6sJ7h3i9qKwpC0W5DCzJmW06Q1W7aN2tOaUzsT_NC6dJ8tsdVVvaqIUVCiD0ll6qUZnvH3pX970KJMTHYkbHYOMvno_UqAcJH6oKMNrS_uoWCou-aEXIHYQtdN_wO';
  assert.deepEqual(await decodeFragment(released), single);
});

test('the single-apply mode still writes s1 links; Timeline mode writes s2 with the timeline', async (t) => {
  await t.test('single', async () => {
    const fragment = await encodeState({ ...single, view: 'single', timeline: walkthrough() });
    assert.ok(fragment.startsWith(PREFIX), fragment.slice(0, 4));
    assert.deepEqual(await decodeFragment('#' + fragment), single);
  });
  await t.test('timeline', async () => {
    const state = { ...single, view: 'timeline', timeline: walkthrough() };
    const fragment = await encodeState(state);
    assert.ok(fragment.startsWith(TIMELINE_PREFIX), fragment.slice(0, 4));
    const back = await decodeFragment('#' + fragment);
    assert.deepEqual(back, state);
    assert.ok(sameState(back, state));
    assert.ok(!sameState(back, { ...state, timeline: { ...walkthrough(), selected: 0 } }));
  });
});

test('a timeline in a link must have exactly the known shape', async (t) => {
  const bad = {
    'an unknown field': { ...walkthrough(), extra: 1 },
    'commands not a list': { ...walkthrough(), commands: {} },
    'a command without files': { ...walkthrough(), commands: [{ command: 'kubectl get pods' }] },
    'a file name not a string': { ...walkthrough(), commands: [{ command: 'x', files: [{ name: 1, text: '' }] }] },
    'selected out of range': { ...walkthrough(), selected: 3 },
    'selected not an integer': { ...walkthrough(), selected: 0.5 },
    'too many commands': { ...walkthrough(), commands: Array.from({ length: TIMELINE_LIMITS.commands + 1 }, () => ({ command: '', files: [] })) },
    'a prototype': Object.create(walkthrough()),
    'allowPrivileged not a boolean': { ...walkthrough(), allowPrivileged: 'false' },
  };
  for (const [name, value] of Object.entries(bad)) {
    await t.test(name, async () => {
      assert.throws(() => validateTimeline(value), TimelineShapeError);
      await assert.rejects(encodeState({ ...single, view: 'timeline', timeline: value }), (err) => err instanceof LinkError && err.code === 'shape');
    });
  }
  assert.deepEqual(validateTimeline(walkthrough()), walkthrough());
});

test('add, remove and move commands', async (t) => {
  await t.test('add after a step repeats it and selects it', () => {
    const s = addCommand(walkthrough(), 0);
    assert.equal(s.commands.length, 4);
    assert.deepEqual(s.commands[1], walkthrough().commands[0]);
    assert.equal(s.selected, 1);
    assert.notEqual(s.commands[1].files[0], s.commands[0].files[0], 'the files are copies');
  });
  await t.test('remove the selected last step selects the one before', () => {
    const s = removeCommand({ ...walkthrough(), selected: 2 }, 2);
    assert.deepEqual(s.commands.map((c) => c.command), walkthrough().commands.slice(0, 2).map((c) => c.command));
    assert.equal(s.selected, 1);
  });
  await t.test('remove a step before the selected one keeps the selection on its step', () => {
    assert.equal(removeCommand({ ...walkthrough(), selected: 2 }, 0).selected, 1);
  });
  await t.test('move down and up; the selection follows', () => {
    const down = moveCommand(walkthrough(), 1, 1);
    assert.equal(down.commands[2].command, 'kubectl scale deployment/nginx --replicas=2');
    assert.equal(down.selected, 2);
    const up = moveCommand(down, 2, -1);
    assert.deepEqual(up, walkthrough());
  });
  await t.test('moving past either end changes nothing', () => {
    const s = walkthrough();
    assert.equal(moveCommand(s, 0, -1), s);
    assert.equal(moveCommand(s, 2, 1), s);
  });
});

test('the file names a command reads', () => {
  const cases = [
    ['kubectl apply -f app.yaml', ['app.yaml']],
    ['kubectl apply -f a.yaml -f b.yaml', ['a.yaml', 'b.yaml']],
    ['kubectl apply --filename=x.yaml', ['x.yaml']],
    ['kubectl apply -f=y.yaml', ['y.yaml']],
    ['kubectl apply --filename d/ --prune -l app=x', ['d/']],
    ['kubectl scale deployment/nginx --replicas=2', []],
    ['kubectl apply -f -', []],
  ];
  for (const [command, want] of cases) assert.deepEqual(fileArgs(command), want, command);
  assert.equal(newFileName({ command: 'kubectl apply -f a.yaml -f b.yaml', files: [{ name: 'a.yaml', text: '' }] }), 'b.yaml');
  assert.equal(newFileName({ command: 'kubectl apply -f dir/ --prune', files: [] }), 'dir/app.yaml');
  assert.equal(newFileName({ command: 'kubectl get pods', files: [{ name: 'file1.yaml', text: '' }] }), 'file2.yaml');
});

test('the engine request', () => {
  assert.deepEqual(timelineRequest(walkthrough()), {
    op: 'timeline',
    namespace: 'default',
    commands: [
      { command: 'kubectl apply -f app.yaml', files: { 'app.yaml': deployment } },
      { command: 'kubectl scale deployment/nginx --replicas=2', files: {} },
      { command: 'kubectl apply -f app.yaml', files: { 'app.yaml': deployment + 'spec: {}\n' } },
    ],
    select: { step: 1 },
  });
  assert.equal(timelineRequest({ ...emptyTimeline(), selected: -1 }).select, undefined);
});

test('the cluster setting --allow-privileged: only false is written, absent reads as true', async () => {
  const denied = { ...walkthrough(), allowPrivileged: false };
  assert.equal(timelineRequest(walkthrough()).allowPrivileged, undefined);
  assert.equal(timelineRequest(denied).allowPrivileged, false);
  assert.deepEqual(validateTimeline(denied), denied);
  // true, the default, is not kept: the timeline is the one without it.
  assert.deepEqual(validateTimeline({ ...walkthrough(), allowPrivileged: true }), walkthrough());
  // A link made before the setting existed opens as it did; one with the
  // setting off keeps it.
  const before = await encodeState({ ...single, view: 'timeline', timeline: walkthrough() });
  const reopened = await decodeFragment(before);
  assert.equal(reopened.timeline.allowPrivileged, undefined);
  const off = await decodeFragment(await encodeState({ ...single, view: 'timeline', timeline: denied }));
  assert.equal(off.timeline.allowPrivileged, false);
  assert.notEqual(await encodeState({ ...single, view: 'timeline', timeline: denied }), before);
});

test('line diff', () => {
  const cases = [
    ['equal', 'a\nb\n', 'a\nb\n', ['  a', '  b']],
    ['created', '', 'a\n', ['+ a']],
    ['deleted', 'a\n', '', ['- a']],
    ['a changed line in the middle', 'a\nb\nc\n', 'a\nB\nc\n', ['  a', '- b', '+ B', '  c']],
    ['a removed and an added line', 'a\nb\nc\nd\n', 'a\nc\nd\ne\n', ['  a', '- b', '  c', '  d', '+ e']],
  ];
  for (const [name, before, after, want] of cases) {
    assert.deepEqual(lineDiff(before, after).map((l) => `${l.op} ${l.text}`), want, name);
  }
});
