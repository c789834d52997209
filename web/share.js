// Share links and drafts: the page state (the three panes, the
// last-applied mode, the file format, --overwrite and the tab shown) as a
// URL fragment, and back. Pure functions, no DOM: see share-ui.js for the
// page's side.
//
// A link's fragment is `s1=` + base64url(deflate-raw(UTF-8(JSON))): the
// version is in the prefix, so the format can change and old links still
// be told apart. Links are hostile input: the fragment's length, the
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
 */

/** The version this page writes and reads. */
export const VERSION = 1;
/** The fragment's prefix, without '#'. */
export const PREFIX = `s${VERSION}=`;

export const LIMITS = {
  /** Longest link the page makes (the whole URL) and longest fragment it reads. */
  linkChars: 1_000_000,
  /** Past this, a made link comes with a warning: some chat apps cut such links. */
  longLinkChars: 8_000,
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
 * @param {{paneChars?: number}} [limits]
 * @returns {ShareState}
 */
export function validateState(value, { paneChars = LIMITS.paneChars } = {}) {
  const bad = (what) => new LinkError('shape', `its data is not a page state: ${what}.`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad('not an object');
  const v = /** @type {Record<string, unknown>} */ (value);
  for (const key of Object.keys(v)) {
    if (!['mode', 'lastApplied', 'file', 'live', 'format', 'overwrite', 'tab'].includes(key)) {
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
  return {
    mode: /** @type {ShareState['mode']} */ (picked.mode),
    lastApplied: explicit ? pane('lastApplied') : '',
    file: pane('file'),
    live: pane('live'),
    format: /** @type {ShareState['format']} */ (picked.format),
    overwrite,
    tab: /** @type {ShareState['tab']} */ (picked.tab),
  };
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
 * Whether two states show the same page.
 * @param {ShareState|null} a
 * @param {ShareState|null} b
 */
export function sameState(a, b) {
  return !!a && !!b && JSON.stringify(toPlain(a)) === JSON.stringify(toPlain(b));
}

/**
 * The fragment (without '#') of a link to the state.
 * @param {ShareState} state
 * @returns {Promise<string>}
 * @throws {LinkError} when a pane is too large for a link
 */
export async function encodeState(state) {
  const json = JSON.stringify(toPlain(validateState(toPlain(state))));
  const stream = new Blob([new TextEncoder().encode(json)]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return PREFIX + toBase64url(bytes);
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
  if (version !== VERSION) {
    throw new LinkError('version', version > VERSION
      ? `it was made by a newer applylens (link format ${version}); this page reads format ${VERSION}.`
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
  return validateState(value, lim);
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
 * @returns {Uint8Array}
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
 * @param {Uint8Array} bytes
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
  return JSON.stringify({ v: VERSION, link, state: toPlain(state) });
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
    if (typeof d !== 'object' || d === null || d.v !== VERSION || typeof d.link !== 'string') return null;
    return { link: d.link, state: validateState(d.state) };
  } catch {
    return null;
  }
}
