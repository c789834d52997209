// Where kubectl apply would merge a patch otherwise than kustomize did:
// kustomize merges with kyaml's walker and kyaml's schema, kubectl apply
// (and kubectl patch, and the API server) with apimachinery's strategic
// merge, or a JSON merge patch for a custom resource. engine/kustomizeapi
// lists the fields where the two results differ (applydiff); this module
// says each in plain words, beside the steps. Text only (textContent):
// the values come from the user's files.

import { h, clear } from '../dom.js';

/**
 * @typedef {{kustomization: string, patch: string, object: string, field: string,
 *   kustomize: string, apply: string, why: string, reason: string}} KustomizeDifference
 */

/** The words for a field's value ('' is a field the result lacks). @param {string} json */
export function valueWords(json) {
  return json === '' ? '(no such field)' : json;
}

/**
 * One difference in plain words: where (the object, the field, the patch
 * and its kustomization) and why.
 * @param {KustomizeDifference} d
 * @returns {{where: string, kustomize: string, apply: string, why: string}}
 */
export function differenceWords(d) {
  const from = d.kustomization ? ` (in ${d.kustomization})` : '';
  return {
    where: `${d.object}, ${d.field || 'the object'}: the patch ${d.patch}${from}`,
    kustomize: valueWords(d.kustomize),
    apply: valueWords(d.apply),
    why: d.reason ? `Why: ${d.reason}.` : '',
  };
}

/** The heading's count. @param {number} n */
export function differencesTitle(n) {
  return n === 1 ? 'kubectl apply would merge 1 field otherwise' : `kubectl apply would merge ${n} fields otherwise`;
}

/**
 * Fills box with the differences; hides it when there are none (and the
 * comparison did not fail).
 * @param {HTMLElement} box
 * @param {KustomizeDifference[]} differences
 * @param {string} [failure] why the comparison could not be made
 */
export function renderDifferences(box, differences, failure = '') {
  clear(box);
  box.dataset.count = String(differences.length);
  if (differences.length === 0 && !failure) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.append(h('h3', { text: differencesTitle(differences.length) }),
    h('p', { className: 'panel-hint', text: 'kustomize merges patches with its own walker and schema; kubectl apply, kubectl patch and the API server merge with apimachinery\'s strategic merge (a JSON merge patch for a custom resource). Where the two disagree on the same patch and object:' }));
  if (failure) box.append(h('p', { className: 'kz-problem', text: `The comparison with kubectl apply's merge failed: ${failure}` }));
  const list = h('ul', { className: 'kz-diff-list' });
  for (const d of differences) {
    const w = differenceWords(d);
    list.append(h('li', { className: 'kz-diff', dataset: { why: d.why, field: d.field } },
      h('p', { className: 'kz-diff-mark', text: 'kubectl apply would merge this otherwise' }),
      h('p', { className: 'kz-diff-where', text: w.where }),
      h('dl', { className: 'kz-diff-values' },
        h('dt', { text: 'kustomize made' }), h('dd', {}, h('code', { text: w.kustomize })),
        h('dt', { text: 'kubectl apply would make' }), h('dd', {}, h('code', { text: w.apply }))),
      w.why ? h('p', { className: 'kz-rule', text: w.why }) : null));
  }
  box.append(list);
}
