// On a narrow screen the editors are far above the steps: the selected
// step shows, under its heading, the lines of its field in each pane (a compact
// inline view), so that a tap shows them without scrolling away. Wide
// screens hide it (the editors are beside the steps; style.css).

import { h } from '../dom.js';

/** Most lines shown per pane. */
const MAX_LINES = 6;

/**
 * @typedef {{line: number, endLine?: number}} Span
 * @typedef {{label: string, span: Span|null|undefined, text: (n: number) => string, lines: number}} PaneLines
 */

/**
 * Puts the lines of each pane under the step with the index, replacing
 * those shown before; index < 0 removes them.
 * @param {HTMLElement} container the steps' container (#steps)
 * @param {number} index
 * @param {PaneLines[]} panes
 */
export function showStepLines(container, index, panes) {
  for (const old of container.querySelectorAll('.step-lines')) old.remove();
  if (index < 0) return;
  const head = container.querySelector(`#step-${index}`);
  if (!head || !head.closest('.step')) return;
  const blocks = [];
  for (const p of panes) {
    if (!p.span || !p.span.line || p.lines === 0) continue;
    const first = Math.min(Math.max(1, p.span.line), p.lines);
    const last = Math.min(Math.max(first, p.span.endLine || first), p.lines);
    const shown = Math.min(last, first + MAX_LINES - 1);
    const rows = [];
    for (let n = first; n <= shown; n++) rows.push(`${String(n).padStart(3)}  ${p.text(n)}`);
    if (shown < last) rows.push(`     … ${last - shown} more line${last - shown === 1 ? '' : 's'}`);
    blocks.push(h('div', { className: 'step-lines-pane' },
      h('span', { className: 'step-lines-label', text: p.label }),
      h('pre', { text: rows.join('\n') })));
  }
  if (blocks.length === 0) return;
  // Right under the step's heading, where the tap was; brought into view
  // if the heading was at the bottom of the screen.
  const box = h('div', { className: 'step-lines', attrs: { 'aria-label': 'The lines of this field in the panes' } }, ...blocks);
  head.after(box);
  const r = box.getBoundingClientRect();
  if (r.bottom > innerHeight || r.top < 0) box.scrollIntoView({ block: 'nearest' });
}
