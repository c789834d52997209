// Share links and drafts (web/share/share.js): round trips, determinism, and
// every kind of hostile link failing with a LinkError that says why.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync, constants } from 'node:zlib';
import {
  PREFIX, LIMITS, LinkError, encodeState, decodeFragment, validateState, sameState, fragmentVersion,
  toBase64url, fromBase64url, fragmentKey, draftText, parseDraft,
} from '../share/share.js';

/** @type {import('../share/share.js').ShareState} */
const base = {
  mode: 'explicit',
  lastApplied: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n',
  file: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: v\n',
  live: '',
  format: 'yaml',
  overwrite: true,
  tab: 'steps',
};

/** A fragment holding any JSON-able value, built as the page would. */
function fragmentOf(value) {
  return '#' + PREFIX + toBase64url(deflateRawSync(Buffer.from(JSON.stringify(value))));
}

/** Asserts that decoding fails with a LinkError of this code. */
async function rejects(hash, code, limits) {
  await assert.rejects(decodeFragment(hash, limits), (err) => {
    assert.ok(err instanceof LinkError, `want a LinkError, got ${err}`);
    assert.equal(err.code, code, err.message);
    assert.ok(err.message.length > 10);
    return true;
  });
}

test('round trips', async (t) => {
  const cases = {
    'the base state': base,
    'derived mode drops the last-applied text': { ...base, mode: 'derived', lastApplied: '' },
    'empty panes': { ...base, lastApplied: '', file: '', live: '' },
    'Unicode and emoji': { ...base, file: 'data:\n  greeting: "héllo wörld — 日本語 🚀👩‍👩‍👧"\n', live: '# ½ ∑ 😀\n' },
    'CRLF and tabs kept as they are': { ...base, file: 'a: 1\r\nb:\t2\r\n', live: '\r\n\r\n' },
    'a lone surrogate': { ...base, file: 'x: "\ud800"' },
    'Jsonnet, no --overwrite, the diff tab': { ...base, format: 'jsonnet', overwrite: false, tab: 'diff', file: "{ kind: 'Pod' }" },
    'a large text': { ...base, live: 'x: "' + 'abcdefghij'.repeat(200_000) + '"\n' },
  };
  for (const [name, state] of Object.entries(cases)) {
    await t.test(name, async () => {
      const fragment = await encodeState(state);
      assert.ok(fragment.startsWith(PREFIX));
      assert.match(fragment.slice(PREFIX.length), /^[A-Za-z0-9_-]+$/);
      const back = await decodeFragment('#' + fragment);
      assert.deepEqual(back, { ...state, lastApplied: state.mode === 'derived' ? '' : state.lastApplied });
      assert.ok(sameState(back, state));
    });
  }
});

test('the derived mode stores no last-applied text', async () => {
  const a = await encodeState({ ...base, mode: 'derived', lastApplied: 'shown but derived' });
  const b = await encodeState({ ...base, mode: 'derived', lastApplied: '' });
  assert.equal(a, b);
});

test('the same state gives the same fragment, a different one another', async () => {
  const a = await encodeState(base);
  const b = await encodeState({ ...base });
  // Key order of the input does not matter.
  const reordered = { tab: base.tab, overwrite: base.overwrite, format: base.format, live: base.live, file: base.file, lastApplied: base.lastApplied, mode: base.mode };
  assert.equal(a, b);
  assert.equal(await encodeState(reordered), a);
  assert.notEqual(await encodeState({ ...base, overwrite: false }), a);
  assert.notEqual(await encodeState({ ...base, tab: 'patch' }), a);
});

test('a pane too large for a link is refused when making it', async () => {
  await assert.rejects(encodeState({ ...base, live: 'x'.repeat(LIMITS.paneChars + 1) }), (err) => {
    assert.ok(err instanceof LinkError);
    assert.equal(err.code, 'too-big');
    assert.match(err.message, /live configuration/);
    return true;
  });
});

test('fragments that are not share links, and versions', () => {
  assert.equal(fragmentVersion('#s1=abc'), 1);
  assert.equal(fragmentVersion('s1=abc'), 1);
  assert.equal(fragmentVersion('#s2='), 2);
  assert.equal(fragmentVersion('#outputs'), 0);
  assert.equal(fragmentVersion(''), 0);
  assert.equal(fragmentVersion('#section=1'), 0);
});

test('hostile or damaged links fail with what is wrong', async (t) => {
  const good = '#' + await encodeState(base);
  const data = good.slice(1 + PREFIX.length);
  const cases = [
    ['a newer version', '#s9=' + data, 'version'],
    ['not a share fragment', '#outputs', 'version'],
    ['no data', '#s1=', 'corrupt'],
    ['characters outside base64url', '#s1=abc+def/ghi', 'base64'],
    ['padding', '#s1=' + data + '==', 'base64'],
    ['percent-encoded junk', '#s1=%20abcd', 'base64'],
    ['an impossible length', '#s1=' + data.slice(0, 4 * Math.floor(data.length / 4) - 3), 'base64'],
    ['cut short', '#s1=' + data.slice(0, Math.floor(data.length / 2) & ~3), 'corrupt'],
    ['not deflate', '#s1=' + toBase64url(new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff, 0xff])), 'corrupt'],
    ['deflate of bytes that are not UTF-8', '#s1=' + toBase64url(deflateRawSync(Buffer.from([0xc3, 0x28, 0xff]))), 'corrupt'],
    ['deflate of text that is not JSON', '#s1=' + toBase64url(deflateRawSync(Buffer.from('{"mode": '))), 'json'],
  ];
  for (const [name, hash, code] of cases) {
    await t.test(name, () => rejects(hash, code));
  }
});

test('a link longer than the limit is refused before decoding', async () => {
  await rejects('#s1=' + 'A'.repeat(LIMITS.linkChars + 1), 'too-long');
  await rejects('#s1=' + 'A'.repeat(101), 'too-long', { linkChars: 100 });
});

test('a deflate bomb is abandoned at the size limit: the decompressor stops just past it', async () => {
  // 256 MiB of zeros in about 256 kB of deflate.
  const bomb = deflateRawSync(Buffer.alloc(256 << 20), { level: constants.Z_BEST_COMPRESSION });
  const hash = '#s1=' + toBase64url(bomb);
  assert.ok(hash.length < LIMITS.linkChars, `bomb fragment ${hash.length} chars`);
  // The work done is counted, not timed: every byte the decompressor
  // hands out passes through this counter.
  const Real = globalThis.DecompressionStream;
  let produced = 0;
  globalThis.DecompressionStream = class {
    /** @param {CompressionFormat} format */
    constructor(format) {
      const inner = new Real(format);
      this.writable = inner.writable;
      this.readable = inner.readable.pipeThrough(new TransformStream({
        transform(chunk, out) {
          produced += chunk.byteLength;
          out.enqueue(chunk);
        },
      }));
    }
  };
  try {
    await rejects(hash, 'too-big');
  } finally {
    globalThis.DecompressionStream = Real;
  }
  // The input goes in 1 kB at a time, which unpacks to at most about
  // 1 MiB: the limit plus that, not the bomb's 256 MiB.
  assert.ok(produced > LIMITS.unpackedBytes, `unpacked ${produced} bytes, no more than the limit: the limit was not reached`);
  assert.ok(produced <= LIMITS.unpackedBytes + (1 << 20), `unpacked ${produced} bytes for a limit of ${LIMITS.unpackedBytes}`);
  // And a smaller limit stops a smaller bomb.
  await rejects('#s1=' + toBase64url(deflateRawSync(Buffer.alloc(1 << 20))), 'too-big', { unpackedBytes: 64 << 10 });
});

test('the JSON must be exactly a page state', async (t) => {
  const derived = { mode: 'derived', file: 'a', live: 'b', format: 'yaml', overwrite: true, tab: 'steps' };
  const cases = [
    ['an array', [derived], 'shape'],
    ['a string', 'hello', 'shape'],
    ['null', null, 'shape'],
    ['an unknown field', { ...derived, extra: 1 }, 'shape'],
    ['a missing field', { ...derived, tab: undefined }, 'shape'],
    ['a pane that is not a string', { ...derived, file: 42 }, 'shape'],
    ['a pane that is an object', { ...derived, live: { toString: 'x' } }, 'shape'],
    ['an unknown mode', { ...derived, mode: 'typed' }, 'shape'],
    ['an unknown format', { ...derived, format: 'toml' }, 'shape'],
    ['an unknown tab', { ...derived, tab: 'settings' }, 'shape'],
    ['overwrite as a string', { ...derived, overwrite: 'true' }, 'shape'],
    ['explicit without its text', { ...derived, mode: 'explicit' }, 'shape'],
    ['derived with a last-applied text', { ...derived, lastApplied: 'x' }, 'shape'],
    ['a pane over the size limit', { ...derived, file: 'x'.repeat(LIMITS.paneChars + 1) }, 'too-big'],
  ];
  for (const [name, value, code] of cases) {
    await t.test(name, () => rejects(fragmentOf(value), code));
  }
  await t.test('__proto__ and constructor are unknown fields, and change no prototype', async () => {
    const text = JSON.stringify(derived).replace(/^\{/, '{"__proto__": {"polluted": true}, ');
    const hash = '#s1=' + toBase64url(deflateRawSync(Buffer.from(text)));
    await rejects(hash, 'shape');
    await rejects(fragmentOf({ ...derived, constructor: { prototype: { polluted: true } } }), 'shape');
    assert.equal(/** @type {any} */ ({}).polluted, undefined);
  });
  await t.test('a valid state is copied into a plain object of its fields only', async () => {
    const got = await decodeFragment(fragmentOf(derived));
    assert.equal(Object.getPrototypeOf(got), Object.prototype);
    assert.deepEqual(Object.keys(got).sort(), ['file', 'format', 'lastApplied', 'live', 'mode', 'overwrite', 'tab']);
    assert.equal(got.lastApplied, '');
  });
});

test('validateState refuses what is not a state', () => {
  assert.throws(() => validateState(undefined), LinkError);
  assert.throws(() => validateState(Object.create({ mode: 'derived' })), LinkError);
});

test('base64url both ways', () => {
  for (let n = 0; n < 70; n++) {
    const bytes = new Uint8Array(n).map((_, i) => (i * 37 + n) & 0xff);
    assert.deepEqual(fromBase64url(toBase64url(bytes)), bytes);
  }
  assert.equal(toBase64url(new Uint8Array([0xfb, 0xff])), '-_8');
});

test('drafts', () => {
  const key = fragmentKey('#s1=abc');
  assert.equal(key, fragmentKey('#s1=abc'));
  assert.notEqual(key, fragmentKey('#s1=abd'));
  assert.notEqual(fragmentKey(''), key);
  const text = draftText(base, key);
  // Drafts are written in the newest version, which says the mode.
  assert.deepEqual(parseDraft(text), { link: key, state: { ...base, view: 'single', timeline: null, kustomize: null } });
  // A draft stored by the page before timelines (version 1) still reads.
  assert.deepEqual(parseDraft(JSON.stringify({ v: 1, link: key, state: base })), { link: key, state: base });
  assert.equal(parseDraft(draftText({ ...base, mode: 'derived' }, '')).state.lastApplied, '');
  for (const bad of [null, '', 'not json', '[]', '{"v":2,"link":"","state":{}}', JSON.stringify({ v: 1, link: '', state: { ...base, tab: 'x' } }), JSON.stringify({ v: 1, state: base })]) {
    assert.equal(parseDraft(bad), null, String(bad));
  }
});

test('flags (version 3)', async (t) => {
  const { FLAGS_PREFIX, TIMELINE_PREFIX, toPlain3 } = await import('../share/share.js');
  await t.test('a state with flags round-trips as s3, only the flags set', async () => {
    const state = { ...base, flags: { namespace: 'team-a', scope: 'cluster', apply: 'both', fieldManager: 'me', forceConflicts: true } };
    const fragment = await encodeState(state);
    assert.ok(fragment.startsWith(FLAGS_PREFIX), fragment.slice(0, 5));
    const back = await decodeFragment('#' + fragment);
    assert.deepEqual(back.flags, state.flags);
    assert.equal(back.view, 'single');
    assert.ok(sameState(back, state));
  });
  await t.test('flags at their default are dropped, and the link stays s1', async () => {
    const state = { ...base, flags: { namespace: '', scope: 'namespaced', apply: 'client', fieldManager: '', forceConflicts: false } };
    const fragment = await encodeState(state);
    assert.ok(fragment.startsWith(PREFIX), fragment.slice(0, 5));
    assert.ok(sameState(await decodeFragment('#' + fragment), { ...base }));
    assert.deepEqual(toPlain3(state), toPlain3(base));
  });
  await t.test('a timeline without flags stays s2, with flags becomes s3', async () => {
    const timeline = { namespace: 'default', commands: [{ command: 'kubectl apply -f a.yaml', files: [{ name: 'a.yaml', text: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n' }] }], selected: 0 };
    const plain = await encodeState({ ...base, view: 'timeline', timeline });
    assert.ok(plain.startsWith(TIMELINE_PREFIX), plain.slice(0, 5));
    const flagged = await encodeState({ ...base, view: 'timeline', timeline, flags: { namespace: 'x' } });
    assert.ok(flagged.startsWith(FLAGS_PREFIX));
    const back = await decodeFragment('#' + flagged);
    assert.equal(back.view, 'timeline');
    assert.deepEqual(back.flags, { namespace: 'x' });
  });
  await t.test('the same flags in another order give the same link', async () => {
    const a = await encodeState({ ...base, flags: { namespace: 'n', apply: 'server' } });
    const b = await encodeState({ ...base, flags: { apply: 'server', namespace: 'n' } });
    assert.equal(a, b);
  });
  /** A version 3 fragment of any value. */
  const v3 = (value) => '#' + FLAGS_PREFIX + toBase64url(deflateRawSync(Buffer.from(JSON.stringify(value))));
  const page = { ...base, view: 'single', timeline: null };
  const bad = {
    'an unknown flag': { ...page, flags: { prune: true } },
    'flags not an object': { ...page, flags: ['namespace'] },
    'a scope not in the list': { ...page, flags: { scope: 'global' } },
    'an apply not in the list': { ...page, flags: { apply: 'SERVER' } },
    'forceConflicts not a boolean': { ...page, flags: { forceConflicts: 'yes' } },
    'a namespace not a string': { ...page, flags: { namespace: 7 } },
    'a namespace too long': { ...page, flags: { namespace: 'a'.repeat(254) } },
    'a field manager with a control character': { ...page, flags: { fieldManager: 'me\u0007' } },
    'a field manager too long': { ...page, flags: { fieldManager: 'm'.repeat(129) } },
  };
  for (const [name, value] of Object.entries(bad)) {
    await t.test(`refused: ${name}`, () => rejects(v3(value), 'shape'));
  }
  await t.test('flags are not read from an s1 or s2 link', async () => {
    await rejects(fragmentOf({ ...base, flags: { namespace: 'x' } }), 'shape');
    const v2 = '#' + TIMELINE_PREFIX + toBase64url(deflateRawSync(Buffer.from(JSON.stringify({ ...page, flags: { namespace: 'x' } }))));
    await rejects(v2, 'shape');
  });
  await t.test('a link of a newer format says so', async () => {
    const v5 = '#s5=' + toBase64url(deflateRawSync(Buffer.from('{}')));
    await assert.rejects(decodeFragment(v5), (err) => err instanceof LinkError && err.code === 'version' && /newer applylens/.test(err.message));
  });
  await t.test('a draft keeps the flags', () => {
    const state = { ...base, flags: { apply: 'server', fieldManager: 'ci' } };
    const back = parseDraft(draftText(state, 'k'));
    assert.ok(back && sameState(back.state, state));
    assert.deepEqual(back.state.flags, state.flags);
  });
});

test('the pasted CRDs ride in the flags (s3), newlines kept', async () => {
  const crds = 'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n\tmetadata: {}\n';
  const state = { ...base, flags: { apply: 'server', crds } };
  const fragment = await encodeState(state);
  assert.ok(fragment.startsWith('s3='));
  const back = await decodeFragment('#' + fragment);
  assert.equal(back.flags.crds, crds);
  assert.ok(sameState(back, state));
});
