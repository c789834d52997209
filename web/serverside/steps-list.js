// The server-side apply's steps, one item each (the action's badge, the
// field, why): shared by the server-side view and the Timeline mode, with
// their styles (added with the code that shows them; ../lazy-style.js).
// The texts are the engine's: text in the DOM (dom.js h()).

import { h } from '../dom.js';
import { addStyle } from '../page/lazy-style.js';

/** What each step action is called on its badge. */
const ACTION_LABEL = {
  applied: 'owned', shared: 'co-owned', taken: 'taken over', removed: 'removed',
  kept: 'kept', released: 'released', conflict: 'conflict', migrated: 'migrated',
};

const CSS = `
.ssa-steps { list-style: none; padding: 0; margin: 0 0 0.75rem; display: grid; gap: 0.3rem; }
.ssa-step { display: block; width: 100%; box-sizing: border-box; text-align: left; background: var(--panel-bg); color: var(--fg); border: 1px solid var(--border); border-radius: var(--radius); padding: 0.35rem 0.5rem; font: inherit; font-size: 0.85rem; }
.ssa-step[aria-pressed="true"] { background: var(--step-line); color: var(--fg); border-color: var(--step-line-edge); box-shadow: inset 4px 0 0 var(--step-line-edge); }
.ssa-step code { overflow-wrap: anywhere; }
.ssa-why { margin: 0.2rem 0 0; color: var(--muted); }
.badge.ssa-conflict, .badge.ssa-removed, .badge.ssa-taken { background: var(--err-bg); color: var(--err); }
.badge.ssa-kept, .badge.ssa-shared, .badge.ssa-migrated { background: var(--info-bg); color: var(--accent); }
.badge.ssa-applied { background: var(--ok-bg); color: var(--ok); }
`;

/** Adds the steps' styles to the document, once. */
export const addStepsStyle = () => addStyle('ssa-steps-style', CSS);

/**
 * One step's content in an element of the class ssa-step: a button where a
 * step can be selected, else a plain block.
 * @param {import('../workers/api-types.js').Step} step
 * @param {'button'|'div'} [tag]
 * @returns {HTMLElement}
 */
export function ssaStep(step, tag = 'button') {
  addStepsStyle();
  const attrs = tag === 'button' ? { type: 'button', 'aria-pressed': 'false' } : {};
  return h(tag, { className: 'ssa-step', dataset: { action: step.action }, attrs },
    h('span', { className: `badge ssa-${step.action}`, text: ACTION_LABEL[step.action] || step.action }), ' ',
    step.path ? h('code', { text: step.path }) : null,
    h('p', { className: 'ssa-why', text: step.why }));
}
