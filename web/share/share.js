import { validateTimeline, timelinePlain, TimelineShapeError } from '../timeline/model.js';
import { LINK_CHARS } from './link-limit.js';
import { validateKustomize, kustomizePlain, KustomizeShapeError } from '../kustomize/model.js';

// Share links and drafts: the page state (the three panes, the
// last-applied mode, the file format, --overwrite and the tab shown) as a
// URL fragment, and back. Pure functions, no DOM: see share-ui.js for the
// page's side.
//
// A link's fragment is `s1=` + base64url(deflate-raw(UTF-8(JSON))): the
// version is in the prefix, so the format can change and old links still
// be told apart. `s2=` (the same packing) adds the mode shown (`view`:
// "single" or "timeline") and the timeline (web/timeline/model.js); the
// page writes it in Timeline mode, `s1=` in the single-apply mode, and
// reads both. `s3=` adds `flags`, kubectl's flags other than --overwrite
// (the namespace, a custom kind's scope, client- or server-side apply, the
// field manager, --force-conflicts), only those not at their default; the
// page writes it only when some flag is set, so links without flags stay
// `s1=`/`s2=` and open in older pages. `s4=` adds the Kustomize mode
// (`view` "kustomize") and its file tree (`kustomize`: {dir, files:
// [{name, text}]}, web/kustomize/model.js); the page writes it in that
// mode only. Links are hostile input: the fragment's length, the
// unpacked size and every pane's size are bounded, the deflate stream is
// unpacked a slice at a time and abandoned past its limit (a deflate bomb
// costs at most a few MB), and the JSON must have exactly the known
// fields with the allowed values: only those are copied.

/**
 * @typedef {object} ShareState
 * @property {'derived'|'explicit'} mode the last-applied pane's mode
 * @property {string} lastApplied its text; '' in derived mode (recomputed from live)
 * @property {string} file
 * @property {string} live
 * @property {'yaml'|'jsonnet'} format the file pane's format
 * @property {boolean} overwrite kubectl apply --overwrite
 * @property {'steps'|'patch'|'result'|'diff'} tab the result tab shown
 * @property {'single'|'timeline'|'kustomize'} [view] the mode shown (absent: single)
 * @property {import('../timeline/model.js').TimelineState|null} [timeline]
 * @property {import('../kustomize/model.js').KustomizeState|null} [kustomize] the Kustomize mode's tree
 * @property {Flags} [flags] kubectl's other flags; absent when all are default
 */

/**
 * kubectl's flags besides --overwrite, each present only when not default.
 * @typedef {object} Flags
 * @property {string} [namespace] -n; default '' (the context's, "default")
 * @property {'namespaced'|'cluster'} [scope] a custom kind's scope; default 'namespaced'
 * @property {'client'|'server'|'both'} [apply] which apply; default 'client'
 * @property {string} [fieldManager] --field-manager; default '' ("kubectl")
 * @property {boolean} [forceConflicts] --force-conflicts; default false
 * @property {string} [crds] the CustomResourceDefinitions the server knows, for server-side apply (YAML text); default ''
 */

/** The version of single-apply links (the page reads it forever). */
export const VERSION = 1;
/** The fragment's prefix of single-apply links, without '#'. */
export const PREFIX = `s${VERSION}=`;
/** The version that carries the mode and a timeline, and its prefix. */
export const TIMELINE_VERSION = 2;
export const TIMELINE_PREFIX = `s${TIMELINE_VERSION}=`;
/** The version that carries kubectl's other flags, and its prefix. */
export const FLAGS_VERSION = 3;
export const FLAGS_PREFIX = `s${FLAGS_VERSION}=`;
/** The version that carries the Kustomize mode and its tree, and its prefix. */
export const KUSTOMIZE_VERSION = 4;
export const KUSTOMIZE_PREFIX = `s${KUSTOMIZE_VERSION}=`;
/** The newest version this page reads (and writes in drafts). */
export const NEWEST_VERSION = KUSTOMIZE_VERSION;

/** The flags' defaults: a flag at its default is left out of a state. */
export const FLAG_DEFAULTS = Object.freeze({ namespace: '', scope: 'namespaced', apply: 'client', fieldManager: '', forceConflicts: false, crds: '' });
const FLAG_ENUMS = { scope: ['namespaced', 'cluster'], apply: ['client', 'server', 'both'] };
/** Longest -n (a DNS subdomain at most) and --field-manager (the API server's limit) a link may hold. */
const FLAG_STRING_CHARS = { namespace: 253, fieldManager: 128, crds: 5 << 20 }; // crds: as a pane (LIMITS.paneChars)

export const LIMITS = {
  /** Longest link the page makes (the whole URL) and longest fragment it reads. */
  linkChars: LINK_CHARS,
  /**
   * Past this, a made link comes with a warning and the offer to copy the
   * documents instead: chat tools and issue trackers cut or refuse longer
   * links (about 2,000 characters is what they all accept).
   */
  longLinkChars: 2_000,
  /** Most bytes a link's data may unpack to. */
  unpackedBytes: 16 << 20,
  /** Most characters in one pane (the engine reads at most 5 MiB a pane). */
  paneChars: 5 << 20,
};

/** Bytes of compressed input given to the decompressor at a time. */
const SLICE = 1024;

const PANE_NAMES = { lastApplied: 'last-applied configuration', file: 'configuration file', live: 'live configuration' };
const ENUMS = {
  mode: ['derived', 'explicit'],
  format: ['yaml', 'jsonnet'],
  tab: ['steps', 'patch', 'result', 'diff'],
};

/**
 * What is wrong with a link (or with a state too large for one).
 * code: 'version', 'too-long', 'base64', 'corrupt', 'too-big', 'json', 'shape'.
 */
export class LinkError extends Error {
  /** @param {string} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.name = 'LinkError';
    this.code = code;
  }
}

/** @param {number} n */
const count = (n) => n.toLocaleString('en-US');

/**
 * The version of a share fragment ('#s1=…' or 's1=…'), or 0 when the
 * fragment is not a share link (say '#outputs', the skip link's).
 * @param {string} hash
 */
export function fragmentVersion(hash) {
  const m = /^#?s(\d{1,6})=/.exec(hash);
  return m ? Number(m[1]) : 0;
}

/**
 * Checks a decoded value and copies its known fields into a new state:
 * nothing else of the value survives (no prototype, no extra keys).
 * @param {unknown} value
 * @param {{paneChars?: number, version?: number}} [limits] version: the
 *   link format's, which fields it may carry (VERSION when absent)
 * @returns {ShareState}
 */
export function validateState(value, { paneChars = LIMITS.paneChars, version = VERSION } = {}) {
  const bad = (what) => new LinkError('shape', `its data is not a page state: ${what}.`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad('not an object');
  const v = /** @type {Record<string, unknown>} */ (value);
  for (const key of Object.keys(v)) {
    if (!['mode', 'lastApplied', 'file', 'live', 'format', 'overwrite', 'tab', ...(version >= 2 ? ['view', 'timeline'] : []), ...(version >= 3 ? ['flags'] : []), ...(version >= 4 ? ['kustomize'] : [])].includes(key)) {
      throw bad(`unknown field "${key.slice(0, 40)}"`);
    }
  }
  /** @param {string} key @returns {unknown} */
  const field = (key) => {
    if (!Object.hasOwn(v, key)) throw bad(`the field "${key}" is missing`);
    return v[key];
  };
  /** @type {Record<string, string>} */
  const picked = {};
  for (const [key, allowed] of Object.entries(ENUMS)) {
    const x = field(key);
    if (typeof x !== 'string' || !allowed.includes(x)) throw bad(`"${key}" must be one of ${allowed.join(', ')}`);
    picked[key] = x;
  }
  const overwrite = field('overwrite');
  if (typeof overwrite !== 'boolean') throw bad('"overwrite" must be true or false');
  const explicit = picked.mode === 'explicit';
  if (!explicit && Object.hasOwn(v, 'lastApplied')) throw bad('"lastApplied" is given but the mode is derived');
  /** @param {'lastApplied'|'file'|'live'} key */
  const pane = (key) => {
    const x = field(key);
    if (typeof x !== 'string') throw bad(`the ${PANE_NAMES[key]} must be a string`);
    if (x.length > paneChars) {
      throw new LinkError('too-big', `the ${PANE_NAMES[key]} has ${count(x.length)} characters, over the limit of ${count(paneChars)}.`);
    }
    return x;
  };
  /** @type {ShareState} */
  const state = {
    mode: /** @type {ShareState['mode']} */ (picked.mode),
    lastApplied: explicit ? pane('lastApplied') : '',
    file: pane('file'),
    live: pane('live'),
    format: /** @type {ShareState['format']} */ (picked.format),
    overwrite,
    tab: /** @type {ShareState['tab']} */ (picked.tab),
  };
  if (version >= 2) {
    const view = field('view');
    const views = version >= 4 ? ['single', 'timeline', 'kustomize'] : ['single', 'timeline'];
    if (typeof view !== 'string' || !views.includes(view)) throw bad(`"view" must be one of ${views.join(', ')}`);
    state.view = /** @type {ShareState['view']} */ (view);
    state.timeline = null;
    const tl = field('timeline');
    if (tl !== null) {
      try {
        state.timeline = validateTimeline(tl);
      } catch (err) {
        if (err instanceof TimelineShapeError) throw bad(`the timeline: ${err.message}`);
        throw err;
      }
    }
  }
  if (version >= 4) {
    state.kustomize = null;
    const k = field('kustomize');
    if (k !== null) {
      try {
        state.kustomize = validateKustomize(k);
      } catch (err) {
        if (err instanceof KustomizeShapeError) throw bad(`the kustomization: ${err.message}`);
        throw err;
      }
    }
  }
  if (version >= 3 && Object.hasOwn(v, 'flags')) {
    const flags = validateFlags(v.flags, bad);
    if (Object.keys(flags).length > 0) state.flags = flags;
  }
  return state;
}

/**
 * Checks a flags value and copies the flags that are not at their default,
 * in a fixed key order.
 * @param {unknown} value
 * @param {(what: string) => Error} bad
 * @returns {Flags}
 */
export function validateFlags(value, bad = (what) => new LinkError('shape', `its data is not a page state: ${what}.`)) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad('"flags" is not an object');
  const v = /** @type {Record<string, unknown>} */ (value);
  for (const key of Object.keys(v)) {
    if (!Object.hasOwn(FLAG_DEFAULTS, key)) throw bad(`unknown flag "${key.slice(0, 40)}"`);
  }
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const key of Object.keys(FLAG_DEFAULTS)) {
    if (!Object.hasOwn(v, key)) continue;
    const x = v[key];
    if (Object.hasOwn(FLAG_ENUMS, key)) {
      if (typeof x !== 'string' || !FLAG_ENUMS[key].includes(x)) throw bad(`the flag "${key}" must be one of ${FLAG_ENUMS[key].join(', ')}`);
    } else if (key === 'forceConflicts') {
      if (typeof x !== 'boolean') throw bad('the flag "forceConflicts" must be true or false');
    } else {
      if (typeof x !== 'string') throw bad(`the flag "${key}" must be a string`);
      // Control characters never belong in a namespace or a manager's name.
      if (x.length > FLAG_STRING_CHARS[key] || (key !== 'crds' && /[\u0000-\u001f\u007f]/.test(x))) {
        throw bad(`the flag "${key}" must be at most ${FLAG_STRING_CHARS[key]} printable characters`);
      }
    }
    if (x !== FLAG_DEFAULTS[key]) out[key] = x;
  }
  return /** @type {Flags} */ (out);
}

/**
 * The flags of a state that are not at their default, in a fixed order
 * (none: an empty object).
 * @param {ShareState} s
 * @returns {Flags}
 */
export function flagsOf(s) {
  return s.flags ? validateFlags(s.flags) : {};
}

/**
 * The state as a plain object in a fixed key order (the same state gives
 * the same JSON, hence the same link); no lastApplied when derived.
 * @param {ShareState} s
 */
export function toPlain(s) {
  return s.mode === 'explicit'
    ? { mode: s.mode, lastApplied: s.lastApplied, file: s.file, live: s.live, format: s.format, overwrite: s.overwrite, tab: s.tab }
    : { mode: s.mode, file: s.file, live: s.live, format: s.format, overwrite: s.overwrite, tab: s.tab };
}

/**
 * toPlain with the mode shown and the timeline (version 2).
 * @param {ShareState} s
 */
export function toPlain2(s) {
  return { ...toPlain(s), view: s.view || 'single', timeline: s.timeline ? timelinePlain(s.timeline) : null };
}

/**
 * toPlain2 with kubectl's other flags (version 3); no `flags` when all
 * are default.
 * @param {ShareState} s
 */
export function toPlain3(s) {
  const flags = flagsOf(s);
  return Object.keys(flags).length > 0 ? { ...toPlain2(s), flags } : toPlain2(s);
}

/**
 * toPlain3 with the Kustomize mode's tree (version 4).
 * @param {ShareState} s
 */
export function toPlain4(s) {
  return { ...toPlain3(s), kustomize: s.kustomize ? kustomizePlain(s.kustomize) : null };
}

/**
 * The version a state needs: 4 in Kustomize mode, 3 with flags, 2 in
 * Timeline mode, else 1.
 * @param {ShareState} s
 */
export function versionOf(s) {
  if (s.view === 'kustomize') return KUSTOMIZE_VERSION;
  if (Object.keys(flagsOf(s)).length > 0) return FLAGS_VERSION;
  return s.view === 'timeline' ? TIMELINE_VERSION : VERSION;
}

/**
 * Whether two states show the same page.
 * @param {ShareState|null} a
 * @param {ShareState|null} b
 */
export function sameState(a, b) {
  return !!a && !!b && JSON.stringify(toPlain4(a)) === JSON.stringify(toPlain4(b));
}

/**
 * The fragment (without '#') of a link to the state.
 * @param {ShareState} state
 * @returns {Promise<string>}
 * @throws {LinkError} when a pane is too large for a link
 */
export async function encodeState(state) {
  // Each state is written in the oldest version that holds it, so that a
  // link without flags opens in pages that predate them.
  const version = versionOf(state);
  const plain = version === VERSION ? toPlain(state) : {
    ...toPlain(state), view: state.view || 'single', timeline: state.timeline ?? null,
    ...(version >= FLAGS_VERSION && state.flags ? { flags: state.flags } : {}),
    ...(version >= KUSTOMIZE_VERSION ? { kustomize: state.kustomize ?? null } : {}),
  };
  const checked = validateState(plain, { version });
  const json = JSON.stringify(version === VERSION ? toPlain(checked) : version === TIMELINE_VERSION ? toPlain2(checked) : version === FLAGS_VERSION ? toPlain3(checked) : toPlain4(checked));
  const stream = new Blob([new TextEncoder().encode(json)]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return `s${version}=` + toBase64url(bytes);
}

/**
 * The state a share fragment holds.
 * @param {string} hash '#s1=…' (or without '#')
 * @param {Partial<typeof LIMITS>} [limits]
 * @returns {Promise<ShareState>}
 * @throws {LinkError} saying what is wrong with the link
 */
export async function decodeFragment(hash, limits = {}) {
  const lim = { ...LIMITS, ...limits };
  const version = fragmentVersion(hash);
  if (version < VERSION || version > NEWEST_VERSION) {
    throw new LinkError('version', version > NEWEST_VERSION
      ? `it was made by a newer applylens (link format ${version}); this page reads formats ${VERSION} to ${NEWEST_VERSION}.`
      : 'it is not an applylens link.');
  }
  const data = hash.slice(hash.indexOf('=') + 1);
  if (data.length > lim.linkChars) {
    throw new LinkError('too-long', `its data has ${count(data.length)} characters, over the limit of ${count(lim.linkChars)}.`);
  }
  if (data.length === 0) throw new LinkError('corrupt', 'it holds no data (was it cut short?).');
  const bytes = fromBase64url(data);
  const text = await inflate(bytes, lim.unpackedBytes);
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new LinkError('json', 'its data is damaged (not valid JSON).');
  }
  return validateState(value, { ...lim, version });
}

/** @param {Uint8Array} bytes */
export function toBase64url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * @param {string} text base64url without padding
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) {
    throw new LinkError('base64', 'its data has characters a share link never holds, or a wrong length (was the link cut or changed?).');
  }
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Unpacks deflate-raw data to UTF-8 text, giving up past maxBytes. The
 * input is written a slice at a time, as the output is read: the
 * decompressor never runs far ahead of the limit check.
 * @param {Uint8Array<ArrayBuffer>} bytes
 * @param {number} maxBytes
 * @returns {Promise<string>}
 */
async function inflate(bytes, maxBytes) {
  const stream = new DecompressionStream('deflate-raw');
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  // Errors of the data show on the reading side; a cancel after the
  // limit makes these writes fail, which is expected.
  const feeding = (async () => {
    for (let i = 0; i < bytes.length; i += SLICE) await writer.write(bytes.subarray(i, i + SLICE));
    await writer.close();
  })().catch(() => {});
  /** @type {Uint8Array[]} */
  const chunks = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        throw new LinkError('too-big', `its data unpacks to more than ${count(maxBytes)} bytes, over the limit.`);
      }
      chunks.push(value);
    }
  } catch (err) {
    reader.cancel().catch(() => {});
    if (err instanceof LinkError) throw err;
    throw new LinkError('corrupt', 'its compressed data is damaged and cannot be unpacked (was the link cut short?).');
  }
  await feeding;
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(all);
  } catch {
    throw new LinkError('corrupt', 'its data is damaged (not UTF-8 text).');
  }
}

/**
 * A short key of a fragment: a draft remembers which link the address
 * bar held when it was saved, without storing the whole link again.
 * @param {string} hash
 */
export function fragmentKey(hash) {
  let h = 0x811c9dc5;
  for (let i = 0; i < hash.length; i++) {
    h ^= hash.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${hash.length}:${(h >>> 0).toString(16)}`;
}

/**
 * The stored form of a draft: the state and the key of the fragment the
 * address bar held.
 * @param {ShareState} state
 * @param {string} link fragmentKey(location.hash)
 */
export function draftText(state, link) {
  return JSON.stringify({ v: NEWEST_VERSION, link, state: toPlain4(state) });
}

/**
 * A stored draft, or null when there is none or it cannot be read.
 * @param {string|null} text
 * @returns {{link: string, state: ShareState}|null}
 */
export function parseDraft(text) {
  if (!text) return null;
  try {
    const d = JSON.parse(text);
    if (typeof d !== 'object' || d === null || ![VERSION, TIMELINE_VERSION, FLAGS_VERSION, KUSTOMIZE_VERSION].includes(d.v) || typeof d.link !== 'string') return null;
    return { link: d.link, state: validateState(d.state, { version: d.v }) };
  } catch {
    return null;
  }
}
