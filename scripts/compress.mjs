// The .br and .gz siblings of the built site's files, each computed once
// per content: scripts/bundle.mjs asks for every file, and a file whose
// bytes were compressed before (by an earlier build, on any branch) is
// read back from the cache instead of compressed again. Compressions run
// on libuv's thread pool, so they use every core.
//
// The cache is applylens/compress/ in the user's cache folder, where Go
// keeps its build cache ($XDG_CACHE_HOME, or ~/.cache), so that a fresh
// clone on a machine that built before (CI's) compresses nothing it has
// compressed already; .cache/compress/ at the repository's root (ignored
// by git) when that folder cannot be made. An entry unused for 14 days is
// removed. Deleting the folder is always safe.

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const cacheDir = chooseCacheDir();

/** The user's cache folder's applylens/compress, else the repository's .cache/compress. */
function chooseCacheDir() {
  const userCache = process.env.XDG_CACHE_HOME || (homedir() ? join(homedir(), '.cache') : '');
  if (userCache) {
    const dir = join(userCache, 'applylens', 'compress');
    try {
      mkdirSync(dir, { recursive: true });
      return dir;
    } catch {
      // Not writable here: the repository's own folder below.
    }
  }
  return resolve(dirname(fileURLToPath(import.meta.url)), '..', '.cache', 'compress');
}
const keepDays = 14;

/** Text compresses better with brotli's text mode. @param {string} name */
const textLike = (name) => /\.(html|js|css|json|svg|txt)$/.test(name);

/**
 * The settings for one file. best: quality 11, what the first visit
 * needs; otherwise quality 10, about 4% larger on the engines' wasm and
 * half the time (quality 9 is ten times faster again, but 14% larger:
 * docs/performance.md). Both with brotli's largest window, which every
 * browser decodes: 1% smaller than the default for the same time.
 * @param {string} name
 * @param {number} size
 * @param {boolean} best
 */
function settings(name, size, best) {
  return {
    br: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: best ? 11 : 10,
      [zlib.constants.BROTLI_PARAM_LGWIN]: zlib.constants.BROTLI_MAX_WINDOW_BITS,
      [zlib.constants.BROTLI_PARAM_MODE]: textLike(name) ? zlib.constants.BROTLI_MODE_TEXT : zlib.constants.BROTLI_MODE_GENERIC,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
    gzipLevel: 9,
  };
}

/**
 * Returns the compressed siblings of data, from the cache when these bytes
 * were compressed with the same settings before. With compress 'none',
 * none.
 * @param {string} name the file's name (its extension picks brotli's mode)
 * @param {Buffer} data
 * @param {{compress: string, best: boolean}} opts
 * @returns {Promise<{gz: Buffer|null, br: Buffer|null}>}
 */
export async function compressOnce(name, data, { compress, best }) {
  if (compress === 'none') return { gz: null, br: null };
  const s = settings(name, data.length, best);
  const key = createHash('sha256').update(data).update(JSON.stringify(s)).digest('hex');
  const brPath = join(cacheDir, `${key}.br`);
  const gzPath = join(cacheDir, `${key}.gz`);
  const cached = readBoth(brPath, gzPath);
  if (cached) return cached;
  const [br, gz] = await Promise.all([brotli(data, { params: s.br }), gzip(data, { level: s.gzipLevel })]);
  mkdirSync(cacheDir, { recursive: true });
  writeAtomically(brPath, br);
  writeAtomically(gzPath, gz);
  return { br, gz };
}

/** @param {string} brPath @param {string} gzPath */
function readBoth(brPath, gzPath) {
  try {
    const br = readFileSync(brPath);
    const gz = readFileSync(gzPath);
    const now = new Date();
    utimesSync(brPath, now, now);
    utimesSync(gzPath, now, now);
    return { br, gz };
  } catch {
    return null;
  }
}

/** Two builds at once never read half a file. @param {string} path @param {Buffer} data */
function writeAtomically(path, data) {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

/** Removes the entries no build used for keepDays. */
export function pruneCache() {
  let entries;
  try {
    entries = readdirSync(cacheDir);
  } catch {
    return;
  }
  const cutoff = Date.now() - keepDays * 24 * 3600 * 1000;
  for (const entry of entries) {
    const path = join(cacheDir, entry);
    try {
      if (statSync(path).mtimeMs < cutoff) rmSync(path, { force: true });
    } catch {
      // Another build removed it first.
    }
  }
}
