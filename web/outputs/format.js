// Text for values and labels shown outside the editors.

/**
 * A JSON value (as the engine sends it: already parsed) in compact form.
 * undefined means "absent", which is not the same as null.
 * @param {unknown} value
 * @param {number} [max] longer texts are cut, with an ellipsis
 * @returns {string}
 */
export function formatValue(value, max = 240) {
  if (value === undefined) return '(absent)';
  let text;
  if (typeof value === 'string') {
    // Quoted but not escaped: the annotation is JSON inside a string, and
    // escaping every quote of it makes it unreadable.
    text = `"${value.replace(/\n/g, '\\n')}"`;
  } else {
    try {
      text = JSON.stringify(value);
    } catch {
      text = String(value);
    }
  }
  if (text === undefined) text = String(value);
  if (text.length > max) text = text.slice(0, max - 1) + '…';
  return text;
}

/** Words for the engine's action constants. */
export const ACTION_WORDS = {
  create: 'created',
  configure: 'configured',
  unchanged: 'unchanged',
};

/** Words for the engine's patch types. */
export const PATCH_TYPE_WORDS = {
  strategic: 'strategic merge patch',
  merge: 'JSON merge patch',
  apply: 'server-side apply patch',
};

/**
 * The status sentence for a result, as kubectl would print it plus what
 * it sent.
 * @param {{action: string, patchType: string, elsewhere?: import('../workers/api-types.js').Elsewhere}} result
 */
export function statusSentence(result) {
  const word = ACTION_WORDS[result.action] || result.action;
  const away = result.elsewhere;
  if (away) return `kubectl apply: ${word} in namespace ${away.namespace}. The live object, in ${away.liveNamespace}, is another object: kubectl leaves it untouched.`;
  if (result.action === 'create') return `kubectl apply: ${word}. The object does not exist yet, so kubectl creates it (no patch).`;
  if (result.action === 'unchanged') return `kubectl apply: ${word}. The patch is empty, so kubectl sends nothing.`;
  const type = PATCH_TYPE_WORDS[result.patchType] || result.patchType;
  return `kubectl apply: ${word}. kubectl sends a ${type}.`;
}
