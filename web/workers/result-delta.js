// Rebuilds a result the engine sent as a delta (api.Delta in
// engine/api/delta.go): the engine numbers each result, the page names
// the one it holds in its next request, and the answer carries only what
// changed. Unchanged steps stay the same objects, so views can tell what
// changed by identity.

/** @typedef {import('./api-types.js').Result} Result */
/** @typedef {import('./api-types.js').Delta} Delta */

const TEXT_FIELDS = new Set(['patchJSON', 'patchYAML', 'objectYAML', 'liveYAML', 'lastApplied',
  'derivedLastAppliedYAML', 'kubectlPatch']);
const LIST_FIELDS = new Set(['steps', 'warnings', 'directives']);

/**
 * Returns the result delta describes; prev is not changed.
 * @param {Result} prev the result numbered delta.base
 * @param {Delta} delta
 * @returns {Result}
 */
export function applyDelta(prev, delta) {
  const next = {
    ...prev,
    action: delta.action,
    patchType: delta.patchType,
    patchTypeWhy: delta.patchTypeWhy,
    lastAppliedSource: delta.lastAppliedSource,
  };
  if (delta.elsewhere) next.elsewhere = delta.elsewhere;
  else delete next.elsewhere;
  for (const e of delta.texts || []) {
    if (!TEXT_FIELDS.has(e.field)) throw new Error(`delta: unknown text field ${e.field}`);
    const old = prev[e.field];
    if (typeof old !== 'string' || e.at < 0 || e.del < 0 || e.at + e.del > old.length) {
      throw new Error(`delta: edit of ${e.field} out of range`);
    }
    next[e.field] = old.slice(0, e.at) + e.ins + old.slice(e.at + e.del);
  }
  for (const e of delta.lists || []) {
    if (!LIST_FIELDS.has(e.field)) throw new Error(`delta: unknown list field ${e.field}`);
    const old = prev[e.field];
    if (!Array.isArray(old) || e.at < 0 || e.del < 0 || e.at + e.del > old.length) {
      throw new Error(`delta: edit of ${e.field} out of range`);
    }
    // concat, not splice(...ins): a list can have more elements than a
    // call can take arguments. (The elements' type follows e.field, which
    // the type checker cannot see: any.)
    next[e.field] = /** @type {any} */ (old).slice(0, e.at).concat(e.ins, old.slice(e.at + e.del));
  }
  return next;
}
