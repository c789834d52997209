// The longest link data the page reads: a module of its own so that
// early.js, which drops a longer fragment before anything else reads it,
// carries the number and not the link code (share.js LIMITS.linkChars).

/** Most characters of a link's data (after '#s1=' and the like). */
export const LINK_CHARS = 1_000_000;

/**
 * How many characters of data the fragment holds past the limit's check:
 * the data's length when it is over LINK_CHARS, else 0.
 * @param {string} hash
 */
export function overLongLink(hash) {
  const data = hash.length - (hash.indexOf('=') + 1);
  return hash.length > LINK_CHARS && data > LINK_CHARS ? data : 0;
}
