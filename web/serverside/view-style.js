// The server-side view's styles, loaded with the view (a lazy chunk) so
// that the first visit does not carry them; see ../lazy-style.js. The
// steps' own (with .ssa-why and the action badges) are steps-list.js's.

import { addStyle } from '../page/lazy-style.js';

const CSS = `
.ssa-kubectl-error { white-space: normal; font-family: var(--mono); font-size: 0.8rem; background: var(--err-bg); color: var(--fg); border-left: 3px solid var(--err); padding: 0.5rem 0.75rem; border-radius: var(--radius); margin: 0.5rem 0; overflow-wrap: anywhere; }
.kubectl-para { display: block; }
.kubectl-para.bullet { padding-left: 2ch; text-indent: -2ch; }
.ssa-crds { margin: 0 0 0.5rem; font-size: 0.85rem; }
.ssa-crds-text { width: 100%; box-sizing: border-box; font-family: var(--mono); font-size: 0.8rem; }
.ssa-warning { font-size: 0.85rem; }
.ssa-conflicts, .ssa-differences { list-style: none; padding: 0; margin: 0 0 0.75rem; display: grid; gap: 0.3rem; }
.ssa-conflict, .ssa-difference { width: 100%; text-align: left; background: var(--panel-bg); color: var(--fg); border: 1px solid var(--border); border-radius: var(--radius); padding: 0.35rem 0.5rem; font: inherit; font-size: 0.85rem; }
.ssa-conflict[aria-pressed="true"], .ssa-difference[aria-pressed="true"] { background: var(--step-line); color: var(--fg); border-color: var(--step-line-edge); box-shadow: inset 4px 0 0 var(--step-line-edge); }
.ssa-conflict code, .ssa-difference code { overflow-wrap: anywhere; }
.ssa-manager { font-weight: 600; color: var(--err); }
.blame, .both-lines { font-family: var(--mono); font-size: 0.8rem; border: 1px solid var(--border); border-radius: var(--radius); background: var(--ed-bg); max-height: 28rem; overflow: auto; margin-bottom: 0.75rem; }
.blame-row, .both-row { display: grid; grid-template-columns: 12rem 2.5rem 1fr; align-items: baseline; white-space: pre; }
.both-row { grid-template-columns: 2.5rem 1fr; }
/* The owners' column as wide as its longest name (up to 22rem, then the
   name wraps): every row a subgrid of the table's columns. */
.blame { display: grid; grid-template-columns: fit-content(22rem) auto 1fr; align-content: start; }
.blame > .blame-row { grid-column: 1 / -1; grid-template-columns: subgrid; }
.blame > .fold-row { grid-column: 1 / -1; }
.blame-owner { color: var(--accent); background: var(--ed-gutter-bg); padding: 0 0.4rem; white-space: normal; border-right: 1px solid var(--border); font-family: var(--sans); font-size: 0.75rem; align-self: stretch; }
.owner-name { display: block; overflow-wrap: anywhere; }
.blame-no { color: var(--ed-gutter-fg); text-align: right; padding-right: 0.5rem; user-select: none; }
.blame-row.marked, .both-row.marked { background: var(--step-line); }
.both-row.differs { background: var(--warn-bg); }
.both-row.differs.marked { background: var(--step-line); box-shadow: inset 3px 0 0 var(--step-line-edge); }
.both-row code { white-space: pre-wrap; overflow-wrap: anywhere; min-width: 0; }
.both-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: 0.5rem; }
.both-col { min-width: 0; }
.ssa-differences > li { min-width: 0; }
.ssa-difference { min-width: 0; overflow-wrap: anywhere; }
.diff-path { font-weight: 600; }
.diff-details { font-size: 0.8rem; margin: 0.15rem 0 0 0.5rem; }
.diff-details summary { cursor: pointer; color: var(--muted); }
.diff-note { color: var(--muted); font-size: 0.8rem; }
.diff-only, .diff-side { display: grid; grid-template-columns: auto 1fr; gap: 0.4rem; align-items: baseline; margin-top: 0.25rem; }
.diff-only .diff-label { font-weight: 600; }
.diff-sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 16rem), 1fr)); gap: 0 1rem; }
.diff-label { font-size: 0.8rem; white-space: nowrap; }
.diff-value { font-family: var(--mono); font-size: 0.8rem; white-space: pre-wrap; overflow-wrap: break-word; min-width: 0; }
.diff-details .diff-value { overflow-wrap: anywhere; font-size: 0.72rem; }
/* A phone: the owners above the lines they own, the whole width. */
@media (max-width: 600px) {
  .blame { display: block; }
  .blame > .blame-row { grid-template-columns: 2rem 1fr; }
  .blame-owner { grid-column: 1 / -1; border-right: 0; border-top: 1px solid var(--border); padding-left: 2.4rem; }
  .owner-name { display: inline; }
  .owner-name + .owner-name::before { content: ", "; }
  .blame-owner:empty, .blame-row.same-owners .blame-owner { display: none; }
}
.fold-row { padding: 0.1rem 0.4rem; background: var(--ed-gutter-bg); }
.fold-toggle { font-size: 0.75rem; }
`;

/** Adds the view's styles to the document, once. */
export const addViewStyle = () => addStyle('ssa-style', CSS);
