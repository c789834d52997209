// The checks every state read from outside the page (a link, a draft, a
// save, a sample) passes before it is used: a plain object with only the
// fields named, each failure worded for the message that names the field.
// The Timeline's and the Kustomize mode's validations share them.

/**
 * The checks, each throwing the error bad makes from a phrase.
 * @param {(what: string) => Error} bad
 */
export function shapeChecks(bad) {
  return {
    /**
     * x as a plain object (no array, no prototype but Object's or none).
     * @param {unknown} x
     * @param {string} what
     * @returns {Record<string, unknown>}
     */
    object(x, what) {
      if (typeof x !== 'object' || x === null || Array.isArray(x)) throw bad(`${what} is not an object`);
      const proto = Object.getPrototypeOf(x);
      if (proto !== Object.prototype && proto !== null) throw bad(`${what} is not a plain object`);
      return /** @type {Record<string, unknown>} */ (x);
    },
    /**
     * Refuses a field of o not in keys.
     * @param {Record<string, unknown>} o
     * @param {string[]} keys
     * @param {string} what
     */
    only(o, keys, what) {
      for (const k of Object.keys(o)) if (!keys.includes(k)) throw bad(`${what} has an unknown field "${k.slice(0, 40)}"`);
    },
  };
}
