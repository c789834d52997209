// A unified line diff of two texts (an object before and after a step),
// small enough for objects of a few hundred lines: the common start and
// end are cut, the rest compared by longest common subsequence.

/** Past this many lines × lines in the middle, the middle is shown as removed then added. */
const MAX_CELLS = 4_000_000;

/**
 * @param {string} before
 * @param {string} after
 * @returns {{op: ' '|'-'|'+', text: string}[]}
 */
export function lineDiff(before, after) {
  const a = before === '' ? [] : before.replace(/\n$/, '').split('\n');
  const b = after === '' ? [] : after.replace(/\n$/, '').split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  /** @type {{op: ' '|'-'|'+', text: string}[]} */
  const out = a.slice(0, start).map((text) => ({ op: ' ', text }));
  const x = a.slice(start, a.length - end);
  const y = b.slice(start, b.length - end);
  if (x.length * y.length > MAX_CELLS) {
    for (const text of x) out.push({ op: '-', text });
    for (const text of y) out.push({ op: '+', text });
  } else {
    // lcs[i][j]: the longest common subsequence of x[i:] and y[j:].
    const w = y.length + 1;
    const lcs = new Uint32Array((x.length + 1) * w);
    for (let i = x.length - 1; i >= 0; i--) {
      for (let j = y.length - 1; j >= 0; j--) {
        lcs[i * w + j] = x[i] === y[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
      }
    }
    let i = 0;
    let j = 0;
    while (i < x.length || j < y.length) {
      if (i < x.length && j < y.length && x[i] === y[j]) {
        out.push({ op: ' ', text: x[i] });
        i++;
        j++;
      } else if (j < y.length && (i === x.length || lcs[i * w + j + 1] > lcs[(i + 1) * w + j])) {
        out.push({ op: '+', text: y[j++] });
      } else {
        out.push({ op: '-', text: x[i++] });
      }
    }
  }
  for (const text of a.slice(a.length - end)) out.push({ op: ' ', text });
  return out;
}
