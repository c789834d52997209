// A file addressing another object than the live one, in another namespace
// or by another name (engine/identity Elsewhere): kubectl applies to the
// file's object, so the pasted live object stays untouched and the apply
// creates the file's. The page says so above the results, in one line
// naming both names or namespaces, with the line kubectl prints beside it
// (its exact output).

import { h, clear } from '../dom.js';

/**
 * Fills el with the outcome, or empties and hides it when there is none.
 * @param {HTMLElement} el
 * @param {import('../workers/api-types.js').Elsewhere|undefined} elsewhere
 */
export function renderElsewhere(el, elsewhere) {
  const key = elsewhere ? JSON.stringify(elsewhere) : '';
  if (el.dataset.key === key) return;
  el.dataset.key = key;
  clear(el);
  el.hidden = !elsewhere;
  if (!elsewhere) return;
  el.append(
    h('p', { className: 'elsewhere-lead' }, h('strong', { text: 'Another object: ' }), elsewhere.explanation),
    h('p', { className: 'elsewhere-kubectl' }, 'kubectl prints ', h('code', { className: 'elsewhere-output', text: elsewhere.kubectl })));
}

