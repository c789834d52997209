// The main thread's share of rendering an answer: the smallest change to
// an editor's text, the signature that lets the steps list keep the
// elements of unchanged steps, and the tabs rendered only when shown.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EditorState } from '@codemirror/state';
import { minimalChange } from '../editor/cm/setup.js';
import { stepSignature } from '../outputs/steps.js';
import { LazyView } from '../outputs/lazy.js';

/** Applies minimalChange(old, text) to a document holding old. */
function applyMinimal(old, text) {
  const state = EditorState.create({ doc: old });
  const change = minimalChange(old, text);
  if (!change) return { doc: state.doc.toString(), change };
  assert.ok(change.from <= change.to && change.to <= old.length, `change ${JSON.stringify(change)} out of range`);
  return { doc: state.update({ changes: change }).state.doc.toString(), change };
}

test('minimalChange gives the same document as replacing the whole text', () => {
  const cases = [
    { name: 'equal', old: 'a: 1\nb: 2\n', text: 'a: 1\nb: 2\n', change: null },
    { name: 'one character typed', old: 'replicas: 3\nimage: x\n', text: 'replicas: 31\nimage: x\n', change: { from: 11, to: 11, insert: '1' } },
    { name: 'one character deleted', old: 'replicas: 31\n', text: 'replicas: 3\n', change: { from: 11, to: 12, insert: '' } },
    { name: 'repeated characters: prefix first, suffix never overlaps it', old: 'aaaa', text: 'aaaaaa', change: { from: 4, to: 4, insert: 'aa' } },
    { name: 'shrinking repeated characters', old: 'aaaaaa', text: 'aa', change: { from: 2, to: 6, insert: '' } },
    { name: 'emptied', old: 'kind: Pod\n', text: '', change: { from: 0, to: 10, insert: '' } },
    { name: 'filled', old: '', text: 'kind: Pod\n', change: { from: 0, to: 0, insert: 'kind: Pod\n' } },
    { name: 'change at both ends', old: 'x middle y', text: 'X middle Y', change: { from: 0, to: 10, insert: 'X middle Y' } },
    { name: 'astral characters (two UTF-16 units)', old: 'a: 𝄞\nb: 1\n', text: 'a: 𝄢\nb: 1\n' },
  ];
  for (const c of cases) {
    const { doc, change } = applyMinimal(c.old, c.text);
    assert.equal(doc, c.text, c.name);
    if ('change' in c) assert.deepEqual(change, c.change, c.name);
  }
});

test('minimalChange on random edits of a large text', () => {
  let seed = 7;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const lines = [];
  for (let i = 0; i < 2000; i++) lines.push(`  - name: c${i % 50}\n    value: "${'v'.repeat(rand(5))}"`);
  let text = lines.join('\n');
  for (let round = 0; round < 200; round++) {
    const at = rand(text.length + 1);
    const del = rand(3) === 0 ? rand(200) : rand(3);
    const ins = ['', 'x', '1', '\n  - name: c1', 'value'][rand(5)];
    const next = text.slice(0, at) + ins + text.slice(at + del);
    const { doc, change } = applyMinimal(text, next);
    assert.equal(doc, next, `round ${round}`);
    if (change) {
      // Minimal: the kept prefix and suffix cannot grow.
      const suffix = text.length - change.to;
      const room = Math.min(text.length, next.length) - change.from - suffix;
      assert.ok(change.from === Math.min(text.length, next.length) || text[change.from] !== next[change.from] || room === 0, `round ${round}: the prefix could be longer`);
      assert.ok(room === 0 || text[change.to - 1] !== next[next.length - suffix - 1], `round ${round}: the suffix could be longer`);
      assert.ok(room >= 0, `round ${round}: prefix and suffix overlap`);
    }
    text = next;
  }
});

test('stepSignature changes with every field a step shows', () => {
  const step = {
    phase: 2, path: 'spec.replicas', rule: 'primitive', row: { inFile: true, inLive: true, inLastApplied: true },
    action: 'set', old: 3, new: 4, why: 'the file says 4',
  };
  assert.equal(stepSignature({ ...step }), stepSignature(step), 'an equal step');
  for (const [field, value] of Object.entries({
    phase: 5, path: 'spec.template', rule: 'map', action: 'keep', old: '3', new: 5, why: 'other',
    row: { inFile: true, inLive: false, inLastApplied: true }, mergeKey: 'name',
  })) {
    assert.notEqual(stepSignature({ ...step, [field]: value }), stepSignature(step), `${field} changed`);
  }
  const { old, ...noOld } = step;
  assert.notEqual(stepSignature(noOld), stepSignature({ ...step, old: null }), 'an absent old value is not null');
  assert.equal(stepSignature(step), stepSignature(step), 'stable');
});

/** A LazyView recording what it was asked to do. */
class Recorder extends LazyView {
  constructor() {
    super();
    this.text = '';
    this.shown = '';
    this.updates = 0;
    /** @type {Array<[any, boolean]>} */
    this.highlights = [];
  }

  update() {
    this.updates++;
    this.shown = this.text;
  }

  showHighlight(span, scroll) {
    this.highlights.push([span, scroll]);
  }
}

test('a hidden view renders when shown, with the latest answer and highlight', () => {
  const v = new Recorder();
  v.text = 'first';
  v.invalidate();
  v.text = 'second';
  v.invalidate();
  assert.equal(v.updates, 0, 'nothing rendered while hidden');
  v.highlight({ line: 3, endLine: 4 }, true);
  v.highlight({ line: 5, endLine: 5 }, false);
  assert.deepEqual(v.highlights, [], 'no highlight on a view behind its answer');
  v.setVisible(true);
  assert.equal(v.updates, 1, 'rendered once when shown');
  assert.equal(v.shown, 'second', 'the latest answer');
  assert.deepEqual(v.highlights, [[{ line: 5, endLine: 5 }, true]], 'the latest span, scrolled to since a selection asked for it');
  v.setVisible(true);
  assert.equal(v.updates, 1, 'showing again renders nothing');

  // Shown: an answer renders at once.
  v.text = 'third';
  v.invalidate();
  assert.equal(v.updates, 2);
  assert.equal(v.shown, 'third');

  // Hidden again: flush brings it up to date without showing (the test
  // handle reads a hidden editor's text this way).
  v.setVisible(false);
  v.text = 'fourth';
  v.invalidate();
  assert.equal(v.updates, 2);
  v.flush();
  assert.equal(v.shown, 'fourth');
  assert.equal(v.updates, 3);
  const before = v.highlights.length;
  v.highlight(null, true);
  assert.deepEqual(v.highlights.slice(before), [[null, false]], 'a cleared highlight scrolls nowhere');
});
