// A sample named in the address, `#example=<id>` (an id of samples/: see
// docs/samples.md), for an embed. The fragment is read as the full page
// reads it (example-link.js); what differs is the fetch: a frame fetches
// its one sample, examples/<id>.json (scripts/bundle.mjs writes one file
// a sample), not the list of all of them.

import { exampleIdFromHash, resolveExample, sampleState } from '../examples/link.js';

/** @typedef {import('../examples/link.js').Sample} Sample */

export { sampleState };

/**
 * The example id in a fragment ('#example=walkthrough'), or null when
 * the fragment names no example.
 * @param {string} hash
 * @returns {string|null}
 */
export function exampleIdOf(hash) {
  return exampleIdFromHash(hash);
}

/** What a sample id looks like (the build refuses any other). */
const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Fetches one sample, examples/<id>.json. Ids are lower case: one typed
 * in capitals is found too. Null when no sample has the id.
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
  const found = resolveExample(`#example=${wanted}`, [await res.json()]);
  return found.kind === 'found' ? found.sample : null;
}
