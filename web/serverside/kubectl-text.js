// kubectl's messages are hard-wrapped for an 80-column terminal. Shown as
// they are in a box narrower than that (a phone), the browser wraps each
// line and then breaks again at kubectl's own line ends: ragged text. The
// page keeps kubectl's exact words and splits them into their paragraphs
// (the headline, each conflict, each bullet); inside one, kubectl's line
// breaks are laid out as spaces (white-space: normal), so the text wraps
// to the box.

/**
 * The paragraphs of a kubectl message; joined with "\n" they are the
 * message, exactly. A line continues the paragraph before it when it is
 * indented (a bullet's next line) or starts in lower case after a line
 * that does not end with a colon (a sentence's next line), except a
 * manager's "conflicts with …" line.
 * @param {string} text
 * @returns {string[]}
 */
export function paragraphs(text) {
  /** @type {string[]} */
  const out = [];
  let previous = '';
  for (const line of text.split('\n')) {
    const continues = out.length > 0 && (/^\s+\S/.test(line) ||
      (/^[a-z]/.test(line) && !/^conflicts? with /.test(line) && !previous.trimEnd().endsWith(':')));
    if (continues) out[out.length - 1] += `\n${line}`;
    else out.push(line);
    previous = line;
  }
  return out;
}
