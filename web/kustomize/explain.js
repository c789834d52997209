// The Kustomize mode's words, without DOM: kustomize's steps grouped as a
// learner reads them (by kustomization file, then by transformer), each
// change in one sentence, and an error in plain words beside kustomize's
// own message.

/**
 * A step as engine/kustomizeapi sends it.
 * @typedef {{kustomization: string, transformer: string, object: string, field?: string, old?: string, new?: string, rule: string}} KustomizeStep
 * @typedef {{kind: string, message: string, file?: string, line?: number}} KustomizeError
 */

/**
 * Steps grouped by the kustomization that asked for them (in the order
 * kustomize ran them; '' for the whole build's last passes: the hash
 * suffixes and the references to renamed objects), then by transformer.
 * @param {KustomizeStep[]} steps
 * @returns {{kustomization: string, transformers: {transformer: string, steps: KustomizeStep[]}[]}[]}
 */
export function groupSteps(steps) {
  /** @type {{kustomization: string, transformers: {transformer: string, steps: KustomizeStep[]}[]}[]} */
  const groups = [];
  for (const step of steps) {
    let g = groups[groups.length - 1];
    if (!g || g.kustomization !== step.kustomization) {
      g = { kustomization: step.kustomization, transformers: [] };
      groups.push(g);
    }
    let t = g.transformers[g.transformers.length - 1];
    if (!t || t.transformer !== step.transformer) {
      t = { transformer: step.transformer, steps: [] };
      g.transformers.push(t);
    }
    t.steps.push(step);
  }
  return groups;
}

/** The heading of a group of steps. @param {string} kustomization */
export function groupTitle(kustomization) {
  return kustomization === '' ? 'The whole build, after every kustomization' : kustomization;
}

/**
 * What a step did to a field, in one line: set, changed or removed; ''
 * for a step about a whole object (read, generated, deleted: its rule
 * says what happened).
 * @param {KustomizeStep} step
 */
export function changeWords(step) {
  const what = step.field ? step.field : 'the object';
  const oldV = step.old ?? '';
  const newV = step.new ?? '';
  if (oldV === '' && newV === '') return step.field ? `${what}: dropped` : '';
  if (oldV === '') return `${what}: set to ${newV}`;
  if (newV === '') return `${what}: removed (was ${oldV})`;
  return `${what}: ${oldV} → ${newV}`;
}

const KIND_WORDS = {
  input: 'kustomize cannot read a file',
  missing: 'A path kustomize was asked to read is not in the tree',
  conflict: 'Two objects have the same kind, name and namespace',
  unsupported: 'This kustomize feature is not computed in the browser',
  transform: 'A transformer stopped the build',
  request: 'The file tree cannot be built',
  internal: 'The kustomize engine failed',
};

/**
 * An error in plain words: a title, where (the file and line, when
 * known), and kustomize's exact message as kubectl prints it.
 * @param {KustomizeError} error
 * @returns {{title: string, where: string, exact: string}}
 */
export function plainError(error) {
  const title = KIND_WORDS[/** @type {keyof typeof KIND_WORDS} */ (error.kind)] || 'The build failed';
  let where = '';
  if (error.file) where = error.line ? `In ${error.file}, line ${error.line}.` : `In ${error.file}.`;
  // kubectl prints kustomize's errors after "error: ".
  const exact = error.kind === 'request' || error.kind === 'internal' ? error.message : `error: ${error.message}`;
  return { title, where, exact };
}
