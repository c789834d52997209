// The page's documents as one YAML stream: what "Copy the documents
// instead" copies when a link would be too long for chat tools and issue
// trackers. One document per pane, separated by `---`, each led by a
// comment naming its pane, so that a reader can paste each one back.
// Pure, no DOM.

/** @typedef {import('./share.js').ShareState} ShareState */

/**
 * @param {ShareState} state
 * @returns {string}
 */
export function documentsBundle(state) {
  /** @param {string} text */
  const body = (text) => (text.endsWith('\n') || text === '' ? text : `${text}\n`);
  const flags = state.overwrite ? 'kubectl apply' : 'kubectl apply --overwrite=false';
  const parts = [
    `# applylens: the documents of a ${flags}, one per pane of the page.\n`,
  ];
  if (state.mode === 'explicit') {
    parts.push(`---\n# last-applied configuration (the kubectl.kubernetes.io/last-applied-configuration annotation)\n${body(state.lastApplied)}`);
  } else {
    parts.push('# last-applied configuration: read from the live object\'s annotation.\n');
  }
  parts.push(state.format === 'jsonnet'
    ? `---\n# configuration file, in Jsonnet (choose the Jsonnet format before pasting it)\n${body(state.file)}`
    : `---\n# configuration file (kubectl apply -f)\n${body(state.file)}`);
  parts.push(state.live.trim() === ''
    ? '---\n# live configuration: none, the object does not exist yet (kubectl creates it)\n'
    : `---\n# live configuration (kubectl get -o yaml)\n${body(state.live)}`);
  return parts.join('');
}
