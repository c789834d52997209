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
  if (away) {
    const { sought, live } = addressed(away);
    return `kubectl apply: ${word}${sought}. The live object, ${live}, is another object: kubectl leaves it untouched.`;
  }
  if (result.action === 'create') return `kubectl apply: ${word}. The object does not exist yet, so kubectl creates it (no patch).`;
  if (result.action === 'unchanged') return `kubectl apply: ${word}. The patch is empty, so kubectl sends nothing.`;
  const type = PATCH_TYPE_WORDS[result.patchType] || result.patchType;
  return `kubectl apply: ${word}. kubectl sends a ${type}.`;
}

/**
 * Words for a file addressing another object than the live one: sought
 * (" web2 in namespace production", " web2", " in namespace production",
 * to follow kubectl's verb) and live ("web in default", "web", "in
 * default"), naming a name or namespace only when it differs.
 * @param {import('../workers/api-types.js').Elsewhere} away
 */
export function addressed(away) {
  const nameDiffers = Boolean(away.name && away.liveName && away.name !== away.liveName);
  const nsDiffers = away.namespace !== away.liveNamespace;
  if (nameDiffers && nsDiffers) return { sought: ` ${away.name} in namespace ${away.namespace}`, live: `${away.liveName} in ${away.liveNamespace}` };
  if (nameDiffers) return { sought: ` ${away.name}`, live: String(away.liveName) };
  return { sought: ` in namespace ${away.namespace}`, live: `in ${away.liveNamespace}` };
}
