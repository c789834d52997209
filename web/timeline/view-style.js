// The Timeline mode's styles, loaded with the mode (a lazy chunk) so that
// the first visit does not carry them; see ../lazy-style.js. The mode
// switch and the panel's padding stay in style.css: they show first.

import { addStyle } from '../page/lazy-style.js';

const CSS = `
.tl-note { margin: 0 0 0.5rem; padding: 0.3rem 0.6rem; background: var(--info-bg); border-radius: 4px; font-size: 0.88em; }
.tl-layout { display: grid; grid-template-columns: minmax(0, 5fr) minmax(0, 6fr); gap: 1rem; align-items: start; }
.tl-commands { display: flex; flex-direction: column; gap: 0.5rem; min-width: 0; }
.tl-head { display: flex; align-items: center; gap: 0.4rem; font-size: 0.9em; color: var(--muted); }
.tl-head input { font: inherit; font-family: var(--mono); width: 12rem; max-width: 60%; }
.tl-head input[type="checkbox"] { width: auto; margin: 0; }
.tl-setting { display: inline-flex; align-items: center; gap: 0.25rem; }
.tl-steps { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 0.5rem; }
.tl-step { background: var(--panel-bg); border: 1px solid var(--border); border-radius: var(--radius); padding: 0.4rem 0.5rem; min-width: 0; }
.tl-step.selected { border-color: var(--step-line-edge); box-shadow: inset 4px 0 0 var(--step-line-edge); }
.tl-step[data-state="failed"], .tl-step[data-state="error"] { border-left: 4px solid var(--err); }
.tl-step-head { display: flex; align-items: center; gap: 0.35rem; }
.tl-select { min-width: 2rem; font-weight: 600; }
.tl-step.selected .tl-select { background: var(--step-line); }
.tl-prompt { font-family: var(--mono); color: var(--muted); }
.tl-command { flex: 1 1 auto; min-width: 0; font-family: var(--mono); font-size: 13px; padding: 0.2rem 0.35rem; border: 1px solid var(--border); border-radius: 4px; background: var(--ed-bg); color: var(--ed-fg); }
.tl-tools { display: inline-flex; gap: 0.15rem; }
.tl-tool { min-width: 1.8rem; }
.tl-files { display: flex; flex-direction: column; gap: 0.3rem; margin-top: 0.3rem; }
.tl-file-head { display: flex; align-items: center; gap: 0.35rem; margin-bottom: 0.15rem; }
.tl-file-name { font-family: var(--mono); font-size: 12px; padding: 0.1rem 0.3rem; border: 1px solid var(--border); border-radius: 4px; background: var(--bg); color: var(--fg); flex: 0 1 16rem; min-width: 0; }
.tl-editor { height: auto; min-height: 0; max-height: 18rem; }
.tl-editor .cm-editor { max-height: 18rem; }
.tl-add-file { margin-top: 0.25rem; }
.tl-output { margin-top: 0.3rem; }
.tl-output:empty { display: none; }
.tl-stdout, .tl-stderr, .tl-yaml, .tl-diff {
  margin: 0.2rem 0;
  padding: 0.3rem 0.5rem;
  background: var(--ed-bg);
  border: 1px solid var(--border);
  border-radius: 4px;
  font-family: var(--mono);
  font-size: 12.5px;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
}
.tl-stderr { color: var(--err); background: var(--err-bg); border-color: transparent; }
.tl-yaml, .tl-diff { max-height: 28rem; overflow: auto; }
.tl-diff .add { display: block; background: var(--ok-bg); color: var(--ok); }
.tl-diff .del { display: block; background: var(--err-bg); color: var(--err); }
.tl-diff .same { display: block; }
.tl-meta { margin: 0.2rem 0 0; display: flex; flex-wrap: wrap; gap: 0.25rem; }
.badge.exit-ok { color: var(--ok); border-color: var(--ok); }
.badge.exit-failed { color: var(--err); border-color: var(--err); }
.badge.change { font-family: var(--mono); }
.badge.server { background: var(--warn-bg); color: var(--warn); border-color: transparent; }
.tl-not-understood, .tl-warning { margin: 0.2rem 0; padding: 0.2rem 0.5rem; border-radius: 4px; background: var(--warn-bg); color: var(--warn); overflow-wrap: anywhere; }
.tl-kustomize-steps { margin: 0.3rem 0 0.6rem; padding-left: 1.6rem; font-size: 0.9em; display: flex; flex-direction: column; gap: 0.2rem; }
.tl-kustomize-steps li { overflow-wrap: anywhere; }
.tl-kustomize-steps code { font-size: 12px; }
.tl-kustomize-steps .tl-rule { color: var(--muted); }
.tl-out { position: sticky; top: 0.5rem; max-height: calc(100vh - 1rem); overflow: auto; }
.tl-detail-title { font-size: 1rem; margin: 0.3rem 0; overflow-wrap: anywhere; }
.tl-objects { list-style: none; margin: 0 0 0.4rem; padding: 0; display: flex; flex-wrap: wrap; gap: 0.3rem; }
.tl-object { display: inline-flex; align-items: center; gap: 0.2rem; max-width: 100%; overflow-wrap: anywhere; text-align: left; }
.tl-object[aria-pressed="true"] { border-color: var(--accent); box-shadow: inset 0 0 0 1px var(--accent); }
.tl-ns { color: var(--muted); font-size: 0.85em; }
.tl-defaulted { list-style: none; margin: 0.2rem 0; padding: 0; display: flex; flex-direction: column; gap: 0.15rem; }
.tl-defaulted li { overflow-wrap: anywhere; min-width: 0; }
.tl-refused { margin: 0.3rem 0 0.5rem; }
.tl-refused .tl-stderr { margin: 0.25rem 0 0; }
.tl-apply { border: 1px solid var(--border); border-radius: var(--radius); padding: 0.4rem 0.5rem; margin: 0.4rem 0; }
.tl-apply-head { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem; margin-bottom: 0.3rem; }
.tl-patch-type { color: var(--muted); font-size: 0.9em; }
.tl-open { margin-left: auto; }

@media (max-width: 900px) {
  .tl-layout { grid-template-columns: minmax(0, 1fr); }
  .tl-out { position: static; max-height: none; overflow: visible; }
}
.tl-step.selected .tl-select, .tl-select[aria-pressed="true"] { background: var(--step-line); color: var(--fg); border-color: var(--step-line-edge); }
.tl-object[aria-pressed="true"] .tl-ns { color: inherit; }
@media (max-width: 520px) {
  .tl-step-head { flex-wrap: wrap; }
  .tl-command { order: 5; flex-basis: 100%; }
  .tl-tools { margin-left: auto; }
}
.tl-fold > summary { cursor: pointer; color: var(--muted); font-family: var(--sans); font-size: 0.85em; padding: 0.1rem 0; list-style: none; }
.tl-fold > summary::before { content: "▸ "; }
.tl-fold[open] > summary::before { content: "▾ "; }
`;

/** Adds the Timeline mode's styles to the document, once. */
export const addTimelineStyle = () => addStyle('timeline-style', CSS);
