// A sample named in the address, `#example=<id>` (an id of samples/: see
// docs/samples.md). The gallery's web/example-link.js reads the same
// fragment for the full page; once both are in main, exampleIdOf and
// findExample below should become calls to it (one reading of the
// fragment for the page and the embeds).

/** @typedef {import('../examples.js').Sample} Sample */
/** @typedef {import('../share.js').ShareState} ShareState */

const PREFIX = 'example=';

/**
 * The example id in a fragment ('#example=walkthrough'), percent-decoded
 * and trimmed; null when the fragment names no example.
 * @param {string} hash
 * @returns {string|null}
 */
export function exampleIdOf(hash) {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!h.startsWith(PREFIX)) return null;
  const raw = h.slice(PREFIX.length);
  try {
    return decodeURIComponent(raw).trim();
  } catch {
    return raw.trim();
  }
}

/**
 * The sample with this id (exactly, else ignoring case), or null.
 * @param {Sample[]} samples
 * @param {string} id
 * @returns {Sample|null}
 */
export function findExample(samples, id) {
  const valid = samples.filter((s) => s && typeof s.id === 'string' && typeof s.file === 'string');
  return valid.find((s) => s.id === id) || valid.find((s) => s.id.toLowerCase() === id.toLowerCase()) || null;
}

/**
 * A sample as the page state a link would hold (samples are YAML).
 * @param {Sample} sample
 * @returns {ShareState}
 */
export function sampleState(sample) {
  const explicit = typeof sample.lastApplied === 'string' && sample.lastApplied !== '';
  return {
    mode: explicit ? 'explicit' : 'derived',
    lastApplied: explicit ? /** @type {string} */ (sample.lastApplied) : '',
    file: sample.file,
    live: sample.live || '',
    format: 'yaml',
    overwrite: sample.overwrite !== false,
    tab: 'steps',
  };
}

/** What a sample id looks like (the build refuses any other). */
const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Fetches one sample, examples/<id>.json (scripts/bundle.mjs writes one
 * file a sample, so a frame does not fetch them all). Ids are lower case:
 * one typed in capitals is found too. Null when no sample has the id.
 * @param {string} id
 * @param {(url: string) => Promise<Response>} [fetcher]
 * @returns {Promise<Sample|null>}
 */
export async function loadExample(id, fetcher = (url) => fetch(url)) {
  const wanted = id.toLowerCase();
  if (!ID.test(wanted)) return null;
  const res = await fetcher(`examples/${wanted}.json`);
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`the example could not be loaded (HTTP ${res.status})`);
  const sample = await res.json();
  return findExample([sample], wanted);
}
