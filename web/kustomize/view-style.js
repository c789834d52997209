// The Kustomize mode's styles, loaded with the mode (a lazy chunk) so that
// the first visit does not carry them; see ../page/lazy-style.js.

import { addStyle } from '../page/lazy-style.js';

const CSS = `
.kz-note { margin: 0 0 0.5rem; padding: 0.3rem 0.6rem; background: var(--info-bg); border-radius: 4px; font-size: 0.88em; }
.kz-layout { display: grid; grid-template-columns: minmax(0, 5fr) minmax(0, 6fr); gap: 1rem; align-items: start; }
.kz-files, .kz-out { display: flex; flex-direction: column; gap: 0.4rem; min-width: 0; }
.kz-head { display: flex; align-items: center; gap: 0.4rem; font-size: 0.9em; }
.kz-head select, .kz-head input { font: inherit; font-family: var(--mono); min-width: 0; flex: 1 1 auto; padding: 0.15rem 0.3rem; border: 1px solid var(--border); border-radius: 4px; background: var(--bg); color: var(--fg); }
.kz-tree { list-style: none; margin: 0; padding: 0.3rem 0; background: var(--panel-bg); border: 1px solid var(--border); border-radius: var(--radius); font-family: var(--mono); font-size: 13px; }
.kz-row { padding: 0.05rem 0.3rem; }
.kz-folder-name { color: var(--muted); }
.kz-file-button { font: inherit; background: none; border: 0; padding: 0.05rem 0.3rem; color: var(--fg); cursor: pointer; text-align: left; border-radius: 3px; }
.kz-file-button[aria-current="true"] { background: var(--step-line); box-shadow: inset 3px 0 0 var(--step-line-edge); font-weight: 600; }
.kz-tools { display: flex; gap: 0.3rem; }
.kz-problem { margin: 0; color: var(--err); font-size: 0.88em; }
.kz-problem:empty { display: none; }
.kz-editor { height: auto; min-height: 10rem; max-height: 28rem; }
.kz-editor .cm-editor { min-height: 10rem; max-height: 28rem; }
.kz-command { margin: 0; font-family: var(--mono); font-size: 13px; }
.kz-out h3 { margin: 0.4rem 0 0; font-size: 0.95em; }
.kz-output, .kz-warnings, .kz-error-exact { margin: 0; padding: 0.4rem 0.6rem; background: var(--ed-bg); color: var(--ed-fg); border: 1px solid var(--border); border-radius: var(--radius); font-family: var(--mono); font-size: 12.5px; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 30rem; overflow: auto; }
.kz-warnings { color: var(--warn); }
.kz-error-exact { color: var(--err); }
.kz-error-title { margin: 0 0 0.3rem; }
[data-stale="true"], .kustomize[data-state="computing"] .kz-output, .kustomize[data-state="computing"] .kz-steps { opacity: 0.55; }
.kz-group { margin: 0.3rem 0; }
.kz-group h4 { margin: 0.3rem 0 0.2rem; font-family: var(--mono); font-size: 0.9em; }
.kz-transformer { margin: 0 0 0.3rem 0.3rem; }
.kz-transformer summary { cursor: pointer; font-size: 0.9em; }
.kz-step-list { margin: 0.2rem 0 0.3rem; padding-left: 1.6rem; font-size: 0.88em; }
.kz-step { margin: 0.15rem 0; }
.kz-object { font-weight: 600; margin-right: 0.4rem; }
.kz-change { font-family: var(--mono); margin-right: 0.4rem; overflow-wrap: anywhere; }
.kz-rule { color: var(--muted); display: block; }
.kz-apply { margin-top: 0.5rem; }
.kz-differences { padding: 0.4rem 0.6rem; background: var(--warn-bg); border: 1px solid var(--border); border-left: 4px solid var(--warn); border-radius: var(--radius); }
.kz-differences h3 { margin: 0 0 0.2rem; }
.kz-differences .panel-hint { margin: 0 0 0.3rem; font-size: 0.85em; }
.kz-diff-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 0.5rem; font-size: 0.88em; }
.kz-diff p { margin: 0 0 0.15rem; }
.kz-diff-mark { font-weight: 600; color: var(--warn); }
.kz-diff-where { font-family: var(--mono); overflow-wrap: anywhere; }
.kz-diff-values { margin: 0.15rem 0; display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.1rem 0.5rem; }
.kz-diff-values dt { color: var(--muted); }
.kz-diff-values dd { margin: 0; font-family: var(--mono); font-size: 12.5px; overflow-wrap: anywhere; }
@media (max-width: 760px) {
  .kz-diff-values { grid-template-columns: minmax(0, 1fr); }
  .kz-diff-values dd { margin-left: 0.8rem; }
}
@media (max-width: 760px) {
  .kz-layout { grid-template-columns: minmax(0, 1fr); }
}
`;

/** Adds the mode's styles to the page, once. */
export function addKustomizeStyle() {
  addStyle('kustomize-style', CSS);
}
