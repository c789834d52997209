// An example's address: `index.html#example=<id>`, where <id> is a
// sample's id (samples/index.yaml). Ids never change once released
// (samples/ids_test.go pins them), so documentation, embeds and chat
// messages can link to an example forever. Pure functions, no DOM: the
// page (example-open.js) and embeds resolve the fragment the same way.

import { copyKustomize } from '../kustomize/model.js';

/** The fragment's prefix, without '#'. */
export const EXAMPLE_PREFIX = 'example=';

/** What an id may look like (samples/ids_test.go checks every sample's). */
const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * @typedef {{id: string, title: string, category?: string, description: string, shows?: string[],
 *   lastApplied?: string, file?: string, live?: string, overwrite?: boolean, flags?: import('../share/share.js').Flags,
 *   timeline?: import('../timeline/model.js').TimelineState, kustomize?: import('../kustomize/model.js').KustomizeState}} Sample
 * A sample of the single-apply mode has a file; one of the Timeline mode
 * (samples/timelines) has a timeline instead, one of the Kustomize mode
 * (category "Kustomize") a kustomize tree: {dir, files: [{name, text}]}.
 */

/**
 * The example id a fragment names ('#example=walkthrough' or
 * 'example=walkthrough'), or null when the fragment is not an example's
 * address (a share link '#s1=…', the skip link's '#outputs', nothing).
 * The id comes back as written, percent-decoded and trimmed, even when no
 * example has it: the page then says which id it did not find.
 * @param {string} hash
 * @returns {string|null}
 */
export function exampleIdFromHash(hash) {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!h.startsWith(EXAMPLE_PREFIX)) return null;
  const raw = h.slice(EXAMPLE_PREFIX.length);
  let id;
  try {
    id = decodeURIComponent(raw);
  } catch {
    id = raw;
  }
  // A link pasted from a chat may carry trailing punctuation or spaces.
  return id.trim().replace(/[.,;:!?)\]]+$/, '');
}

/**
 * The fragment (with '#') of an example's address.
 * @param {string} id
 */
export function exampleHash(id) {
  return `#${EXAMPLE_PREFIX}${encodeURIComponent(id)}`;
}

/**
 * Resolves a fragment against the samples:
 *   {kind: 'none'}                      not an example's address
 *   {kind: 'found', id, sample}         the example
 *   {kind: 'unknown', id}               an address naming no example ('' when empty)
 * Ids are matched exactly, then ignoring case (a link typed by hand).
 * @param {string} hash
 * @param {Iterable<Sample>|Map<string, Sample>} samples
 * @returns {{kind: 'none'} | {kind: 'found', id: string, sample: Sample} | {kind: 'unknown', id: string}}
 */
export function resolveExample(hash, samples) {
  const id = exampleIdFromHash(hash);
  if (id === null) return { kind: 'none' };
  const list = samples instanceof Map ? [...samples.values()] : [...samples];
  const sample = (ID.test(id) && list.find((s) => s.id === id))
    || list.find((s) => typeof s.id === 'string' && s.id.toLowerCase() === id.toLowerCase());
  return sample ? { kind: 'found', id: sample.id, sample } : { kind: 'unknown', id };
}

/**
 * A sample as the page's state (share.js's ShareState). A single apply's
 * sample: its panes, its --overwrite, YAML, the last-applied pane explicit
 * only when the sample gives it, and the timeline of `base` kept. A
 * Timeline sample: its timeline in the Timeline mode, and the panes of
 * `base` kept (empty without one).
 * @param {Sample} sample
 * @param {'steps'|'patch'|'result'|'diff'} [tab]
 * @param {import('../share/share.js').ShareState|null} [base] the state the sample replaces
 * @returns {import('../share/share.js').ShareState}
 */
export function sampleState(sample, tab = 'steps', base = null) {
  // The other modes' state is kept: a sample replaces its own mode's only.
  const kustomize = base?.kustomize ? { kustomize: base.kustomize } : {};
  if (sample.kustomize) {
    const panes = base || { mode: 'derived', lastApplied: '', file: '', live: '', format: 'yaml', overwrite: true };
    return {
      mode: panes.mode, lastApplied: panes.lastApplied, file: panes.file, live: panes.live,
      format: panes.format, overwrite: panes.overwrite, tab, view: 'kustomize', timeline: base?.timeline ?? null,
      ...(base?.flags ? { flags: base.flags } : {}),
      kustomize: copyKustomize(sample.kustomize),
    };
  }
  if (sample.timeline) {
    const panes = base || { mode: 'derived', lastApplied: '', file: '', live: '', format: 'yaml', overwrite: true };
    return {
      mode: panes.mode, lastApplied: panes.lastApplied, file: panes.file, live: panes.live,
      format: panes.format, overwrite: panes.overwrite, tab, view: 'timeline', timeline: sample.timeline, ...kustomize,
    };
  }
  const explicit = !!sample.lastApplied;
  return {
    mode: explicit ? 'explicit' : 'derived',
    lastApplied: explicit ? sample.lastApplied || '' : '',
    file: sample.file || '',
    live: sample.live || '',
    format: 'yaml',
    overwrite: sample.overwrite !== false,
    tab,
    view: 'single',
    timeline: base?.timeline ?? null,
    // A server-side sample opens with its apply switch and flags.
    ...(sample.flags ? { flags: { ...sample.flags } } : {}),
    ...kustomize,
  };
}
