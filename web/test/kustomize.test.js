// The Kustomize mode's state (web/kustomize/model.js) and its link
// version (s4 in web/share/share.js): the tree's edits, the checks a tree
// from a link must pass, and links of every older version still opening.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import {
  starterKustomization, addFile, renameFile, deleteFile, nameProblem, newFileName, folders, buildDirs, treeRows,
  kustomizeRequest, validateKustomize, buildCommand, KustomizeShapeError, KUSTOMIZE_LIMITS,
} from '../kustomize/model.js';
import {
  encodeState, decodeFragment, fragmentVersion, sameState, draftText, parseDraft, toBase64url, LinkError,
  KUSTOMIZE_PREFIX, TIMELINE_PREFIX, PREFIX,
} from '../share/share.js';

/** A page state as links hold it (derived: no lastApplied). */
const linked = {
  mode: 'derived', file: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n', live: '', format: 'yaml', overwrite: true, tab: 'steps',
};

/** @type {import('../share/share.js').ShareState} */
const page = { mode: 'derived', lastApplied: '', file: linked.file, live: '', format: 'yaml', overwrite: true, tab: 'steps' };

test('names: what a file of the tree may be called', () => {
  const files = [{ name: 'base/kustomization.yaml', text: '' }];
  for (const [name, want] of [
    ['', /needs a name/],
    ['/abs.yaml', /without a leading/],
    ['a//b.yaml', /empty part/],
    ['a/', /empty part/],
    ['../up.yaml', /\. or \.\. parts/],
    ['a/./b.yaml', /\. or \.\. parts/],
    ['a\\b.yaml', /backslashes/],
    ['base/kustomization.yaml', /already a file/],
    ['base', /is a folder/],
    ['base/kustomization.yaml/x', /is a file, not a folder/],
    ['x'.repeat(KUSTOMIZE_LIMITS.nameChars + 1), /at most/],
  ]) {
    assert.match(nameProblem(/** @type {string} */ (name), files), /** @type {RegExp} */ (want), String(name));
  }
  assert.equal(nameProblem('overlays/prod/kustomization.yaml', files), '');
  assert.equal(nameProblem('base/patch.yaml', files), '');
});

test('add, rename, delete', () => {
  const s = starterKustomization();
  const added = addFile(s, 'overlays/dev/kustomization.yaml', 'resources:\n- ../../base\n');
  assert.equal(added.files.length, s.files.length + 1);
  assert.equal(s.files.length, 4, 'the state given is not changed');
  assert.throws(() => addFile(s, 'base/kustomization.yaml'), /already a file/);
  const renamed = renameFile(added, 'overlays/dev/kustomization.yaml', 'overlays/staging/kustomization.yaml');
  assert.ok(renamed.files.some((f) => f.name === 'overlays/staging/kustomization.yaml' && f.text === 'resources:\n- ../../base\n'));
  assert.ok(!renamed.files.some((f) => f.name === 'overlays/dev/kustomization.yaml'));
  assert.throws(() => renameFile(added, 'nope.yaml', 'x.yaml'), /no file nope.yaml/);
  assert.throws(() => renameFile(added, 'replicas.yaml', 'base/kustomization.yaml'), /already a file/);
  // Renaming a file to its own name is no change, not a clash.
  assert.deepEqual(renameFile(s, 'replicas.yaml', 'replicas.yaml'), s);
  const deleted = deleteFile(renamed, 'replicas.yaml');
  assert.deepEqual(deleted.files.map((f) => f.name), ['kustomization.yaml', 'base/kustomization.yaml', 'base/deployment.yaml', 'overlays/staging/kustomization.yaml']);
});

test('a new file is named after what its folder lacks', () => {
  const s = starterKustomization();
  assert.equal(newFileName(s, 'base'), 'base/resource.yaml');
  assert.equal(newFileName(s, 'overlays'), 'overlays/kustomization.yaml');
  const more = addFile(s, 'base/resource.yaml');
  assert.equal(newFileName(more, 'base'), 'base/file2.yaml');
  assert.equal(newFileName(s, ''), 'resource.yaml');
});

test('folders, directories to build, and the tree as rows', () => {
  const s = addFile(addFile(starterKustomization(), 'overlays/dev/kustomization.yaml'), 'overlays/dev/patches/p.yaml');
  assert.deepEqual(folders(s), ['', 'base', 'overlays', 'overlays/dev', 'overlays/dev/patches']);
  assert.deepEqual(buildDirs(s), ['', 'base', 'overlays/dev']);
  assert.deepEqual(treeRows(s).map((r) => `${'  '.repeat(r.depth)}${r.label}`), [
    'base/', '  deployment.yaml', '  kustomization.yaml',
    'overlays/', '  dev/', '    patches/', '      p.yaml', '    kustomization.yaml',
    'kustomization.yaml', 'replicas.yaml',
  ]);
  assert.equal(buildCommand(s), 'kubectl kustomize .');
  assert.equal(buildCommand({ ...s, dir: 'overlays/dev' }), 'kubectl kustomize overlays/dev');
});

test('the engine request', () => {
  const s = starterKustomization();
  const r = kustomizeRequest({ ...s, dir: 'base' });
  assert.equal(r.op, 'kustomize');
  assert.equal(r.dir, 'base');
  assert.deepEqual(r.files, s.files);
  assert.notEqual(r.files[0], s.files[0], 'a copy');
});

test('a tree from a link is checked and copied', () => {
  const s = starterKustomization();
  assert.deepEqual(validateKustomize(JSON.parse(JSON.stringify(s))), s);
  assert.equal(validateKustomize({ dir: '/overlays/prod/', files: [] }).dir, 'overlays/prod');
  // The top as `kubectl kustomize .` names it (a sample's dir: .).
  assert.equal(validateKustomize({ dir: '.', files: [] }).dir, '');
  assert.equal(validateKustomize({ dir: './', files: [] }).dir, '');
  for (const [name, value, want] of [
    ['not an object', [], /not an object/],
    ['an extra field', { ...s, selected: 0 }, /unknown field "selected"/],
    ['dir not a string', { ...s, dir: 3 }, /"dir" must be a string/],
    ['dir outside', { ...s, dir: '../x' }, /a folder of the tree/],
    ['files not a list', { dir: '', files: {} }, /must be a list/],
    ['a file with an extra field', { dir: '', files: [{ name: 'a', text: '', x: 1 }] }, /unknown field "x"/],
    ['a name not a string', { dir: '', files: [{ name: 1, text: '' }] }, /must be a string/],
    ['a text not a string', { dir: '', files: [{ name: 'a', text: null }] }, /must be a string/],
    ['a bad name', { dir: '', files: [{ name: '../a', text: '' }] }, /\. or \.\. parts/],
    ['a name twice', { dir: '', files: [{ name: 'a', text: '' }, { name: 'a', text: '' }] }, /already a file a/],
    ['too many files', { dir: '', files: Array.from({ length: KUSTOMIZE_LIMITS.files + 1 }, (_, i) => ({ name: `f${i}`, text: '' })) }, /at most 200 files/],
    ['too much text', { dir: '', files: [{ name: 'a', text: 'x'.repeat(KUSTOMIZE_LIMITS.totalChars) }, { name: 'b', text: 'y' }] }, /more than/],
  ]) {
    assert.throws(() => validateKustomize(value), (err) => err instanceof KustomizeShapeError && /** @type {RegExp} */ (want).test(err.message), String(name));
  }
});

test('link version 4: the Kustomize mode and its tree round-trip', async () => {
  const state = { ...page, view: /** @type {const} */ ('kustomize'), timeline: null, kustomize: { ...starterKustomization(), dir: 'base' } };
  const fragment = await encodeState(state);
  assert.ok(fragment.startsWith(KUSTOMIZE_PREFIX), fragment.slice(0, 4));
  const back = await decodeFragment(`#${fragment}`);
  assert.deepEqual(back.kustomize, state.kustomize);
  assert.equal(back.view, 'kustomize');
  assert.ok(sameState(back, state));
  // Flags ride along in s4.
  const flagged = await decodeFragment(`#${await encodeState({ ...state, flags: { namespace: 'team-a' } })}`);
  assert.deepEqual(flagged.flags, { namespace: 'team-a' });
  // Another mode writes its older version: the tree is not in the link.
  assert.ok((await encodeState({ ...state, view: 'single' })).startsWith(PREFIX));
  assert.ok((await encodeState({ ...state, view: 'timeline', timeline: { namespace: 'default', commands: [], selected: -1 } })).startsWith(TIMELINE_PREFIX));
  // The same tree, the same link.
  assert.equal(await encodeState(back), fragment);
});

test('link version 4: hostile or older data', async () => {
  const pack = (version, value) => `#s${version}=${toBase64url(deflateRawSync(Buffer.from(JSON.stringify(value))))}`;
  /** @param {any} err */
  const shape = (err) => err instanceof LinkError && err.code === 'shape';
  const v4 = { ...linked, view: 'kustomize', timeline: null, kustomize: starterKustomization() };
  await assert.rejects(decodeFragment(pack(4, { ...v4, kustomize: { dir: '', files: [{ name: '/etc/x', text: '' }] } })), (/** @type {any} */ err) => shape(err) && /the kustomization: file 1/.test(err.message));
  await assert.rejects(decodeFragment(pack(4, { ...v4, view: 'other' })), (/** @type {any} */ err) => shape(err) && /single, timeline, kustomize/.test(err.message));
  const { kustomize, ...withoutTree } = v4;
  await assert.rejects(decodeFragment(pack(4, withoutTree)), (/** @type {any} */ err) => shape(err) && /"kustomize" is missing/.test(err.message));
  // An older version cannot carry the mode or the tree.
  await assert.rejects(decodeFragment(pack(3, v4)), (/** @type {any} */ err) => shape(err) && /unknown field "kustomize"/.test(err.message));
  await assert.rejects(decodeFragment(pack(2, { ...linked, view: 'kustomize', timeline: null })), (/** @type {any} */ err) => shape(err) && /single, timeline/.test(err.message));
  // Every older version still opens.
  for (const [version, value] of [[1, linked], [2, { ...linked, view: 'timeline', timeline: null }], [3, { ...linked, view: 'single', timeline: null, flags: { scope: 'cluster' } }]]) {
    const back = await decodeFragment(pack(version, value));
    assert.equal(fragmentVersion(pack(version, value)), version);
    assert.equal(back.file, page.file, `s${version}`);
    assert.equal(back.kustomize, undefined, `s${version} has no tree`);
  }
});

test('drafts keep the tree, in any mode', () => {
  const state = { ...page, view: /** @type {const} */ ('single'), timeline: null, kustomize: starterKustomization() };
  const back = parseDraft(draftText(state, 'k'));
  assert.ok(back);
  assert.deepEqual(back.state.kustomize, state.kustomize);
  // A draft from before the Kustomize mode (version 3) still reads.
  const old = parseDraft(JSON.stringify({ v: 3, link: 'k', state: { ...linked, view: 'single', timeline: null } }));
  assert.ok(old && old.state.kustomize === undefined);
});

test('steps grouped by kustomization, then transformer, in kustomize\'s order', async () => {
  const { groupSteps, groupTitle, changeWords } = await import('../kustomize/explain.js');
  const s = (kustomization, transformer, field, old, neu) => ({ kustomization, transformer, object: 'Deployment web', field, old, new: neu, rule: 'r' });
  const steps = [
    s('base/kustomization.yaml', 'resources', '', '', ''),
    s('kustomization.yaml', 'namePrefix', 'metadata/name', 'web', 'prod-web'),
    s('kustomization.yaml', 'namePrefix', 'metadata/name', 'svc', 'prod-svc'),
    s('kustomization.yaml', 'labels', 'metadata/labels/env', '', 'prod'),
    s('', 'nameReference', 'spec/x', 'a', ''),
  ];
  const groups = groupSteps(steps);
  assert.deepEqual(groups.map((g) => [g.kustomization, g.transformers.map((t) => `${t.transformer}:${t.steps.length}`)]), [
    ['base/kustomization.yaml', ['resources:1']],
    ['kustomization.yaml', ['namePrefix:2', 'labels:1']],
    ['', ['nameReference:1']],
  ]);
  assert.match(groupTitle(''), /whole build/);
  assert.equal(groupTitle('kustomization.yaml'), 'kustomization.yaml');
  assert.equal(changeWords(steps[1]), 'metadata/name: web → prod-web');
  assert.equal(changeWords(steps[3]), 'metadata/labels/env: set to prod');
  assert.equal(changeWords(steps[4]), 'spec/x: removed (was a)');
  assert.equal(changeWords(steps[0]), '', 'a whole object\'s step: its rule says it');
  assert.equal(changeWords(s('k', 't', 'spec/x', '', '')), 'spec/x: dropped');
});

test('errors in plain words, kustomize\'s message beside them', async () => {
  const { plainError } = await import('../kustomize/explain.js');
  assert.deepEqual(plainError({ kind: 'input', message: 'MalformedYAMLError: yaml: line 5: x in File: cm.yaml', file: 'cm.yaml', line: 5 }), {
    title: 'kustomize cannot read a file', where: 'In cm.yaml, line 5.', exact: 'error: MalformedYAMLError: yaml: line 5: x in File: cm.yaml',
  });
  assert.equal(plainError({ kind: 'missing', message: 'm', file: 'kustomization.yaml' }).where, 'In kustomization.yaml.');
  assert.equal(plainError({ kind: 'conflict', message: 'm' }).where, '');
  assert.equal(plainError({ kind: 'request', message: 'two files are named a' }).exact, 'two files are named a');
  assert.equal(plainError({ kind: 'nonsense', message: 'm' }).title, 'The build failed');
});

test('a Kustomize sample (the samples JSON\'s shape) opens in the Kustomize mode, in its gallery category', async () => {
  const { sampleState, resolveExample } = await import('../examples/link.js');
  const { groupItems } = await import('../gallery/gallery.js');
  const sample = {
    id: 'kustomize-fixture-overlay', title: 'An overlay', category: 'Kustomize', description: 'A base and an overlay.',
    kustomize: { dir: 'overlays/prod', files: [{ name: 'base/kustomization.yaml', text: 'resources: []\n' }, { name: 'overlays/prod/kustomization.yaml', text: 'resources:\n- ../../base\n' }] },
  };
  const found = resolveExample('#example=kustomize-fixture-overlay', [sample]);
  assert.equal(found.kind, 'found');
  const before = { ...page, view: /** @type {const} */ ('single'), timeline: null };
  const state = sampleState(sample, 'steps', before);
  assert.equal(state.view, 'kustomize');
  assert.deepEqual(state.kustomize, sample.kustomize);
  assert.notEqual(state.kustomize, sample.kustomize, 'a copy: editing it leaves the sample as it was');
  assert.equal(state.file, page.file, 'the panes it replaces are kept');
  // A single apply's sample keeps the tree the page holds.
  const single = sampleState({ id: 'a', title: 'a', description: '', file: 'kind: A\n' }, 'steps', { ...before, kustomize: sample.kustomize });
  assert.deepEqual(single.kustomize, sample.kustomize);
  // The link of the unchanged sample is s4 and opens it.
  const back = await decodeFragment(`#${await encodeState(state)}`);
  assert.deepEqual(back.kustomize, sample.kustomize);
  const { CATEGORIES } = await import('../gallery/categories.js');
  // The contract names the category as titled, "Kustomize"; the gallery's id is kustomize.
  const groups = groupItems([sample], CATEGORIES);
  assert.deepEqual(groups.map((g) => g.category.id), ['kustomize']);
});
