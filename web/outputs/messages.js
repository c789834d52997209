// The engine's error messages, shown once and readably: the one-line
// status gets a short sentence (errorStatus), the long text goes into one
// block (renderErrorBlock) under the status, or under its pane for input
// errors (the status then only points there). kubectl's --overwrite=false
// conflict, a 2,500-character dump of two YAML documents, becomes an
// explanation and the two documents side by side, each scrolling in a
// box of its own, so that the results stay in sight.

import { h, clear } from '../dom.js';

/** Longest status sentence, in characters. */
export const STATUS_MAX = 120;

const CONFLICT_PREFIX = '--overwrite=false: patch:\n';
const CONFLICT_SEPARATOR = '\nconflicts with changes made from original to current:\n';

/**
 * kubectl's --overwrite=false conflict, split in its two documents.
 * @param {string} message
 * @returns {{patch: string, changed: string}|null}
 */
export function parseConflict(message) {
  if (!message.startsWith(CONFLICT_PREFIX)) return null;
  const rest = message.slice(CONFLICT_PREFIX.length);
  const at = rest.indexOf(CONFLICT_SEPARATOR);
  if (at < 0) return null;
  return { patch: rest.slice(0, at).trimEnd(), changed: rest.slice(at + CONFLICT_SEPARATOR.length).trimEnd() };
}

/**
 * The first sentence or line of text, at most max characters (cut at a
 * word, with an ellipsis).
 * @param {string} text
 * @param {number} max
 */
export function firstSentence(text, max) {
  let s = text.trim().split('\n')[0];
  const stop = s.search(/[.:;](\s|$)/);
  if (stop > 0) s = s.slice(0, stop + 1).replace(/[:;]$/, '.');
  if (s.length <= max) return s;
  const cut = s.lastIndexOf(' ', max - 1);
  return `${s.slice(0, cut > max / 2 ? cut : max - 1).replace(/[\s.,:;]+$/, '')}…`;
}

/**
 * The status line for an error: one short sentence. paneName is set when
 * the message is shown under that pane.
 * @param {import('../workers/api-types.js').ApiError} error
 * @param {string} [paneName]
 * @returns {string}
 */
export function errorStatus(error, paneName = '') {
  if (paneName) {
    return `Error in the ${paneName}${error.line ? ` at line ${error.line}` : ''}: see the message under the pane.`;
  }
  if (error.kind === 'apply') {
    if (parseConflict(error.message)) return 'kubectl apply would fail: with --overwrite=false, the live object changed a field the patch also sets.';
    if (error.explanation) {
      const first = firstSentence(error.explanation, STATUS_MAX);
      return clip(`kubectl apply would fail: ${first.charAt(0).toLowerCase()}${first.slice(1)}`);
    }
    return clip(`kubectl apply would fail: ${firstSentence(error.message, STATUS_MAX)}`);
  }
  if (error.kind === 'internal') return clip(`applylens failed: ${firstSentence(error.message, STATUS_MAX)}`);
  return clip(`Error: ${firstSentence(error.message, STATUS_MAX)}`);
}

/** @param {string} s */
function clip(s) {
  return s.length <= STATUS_MAX ? s : `${s.slice(0, STATUS_MAX - 1)}…`;
}

/** The last-applied annotation's field path, as the engine writes it. */
const ANNOTATION_PATH = 'metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]';

/** Why a conflict on the last-applied annotation comes with nearly every change. */
export const ANNOTATION_CONFLICT = 'The patch rewrites the last-applied annotation, and the live annotation differs from last-applied (which never contains itself), so with --overwrite=false nearly every change to an applied object conflicts.';

/**
 * Whether the conflict is on the last-applied annotation (kubectl's check
 * then refuses whatever else the file changes).
 * @param {import('../workers/api-types.js').ApiError} error
 */
export function conflictsOnAnnotation(error) {
  return (error.fields || []).some((f) => f.path === ANNOTATION_PATH);
}

/**
 * The conflicting fields, named (the page marks them in the panes).
 * @param {import('../workers/api-types.js').ApiError} error
 */
function conflictFields(error) {
  const fields = error.fields || [];
  if (fields.length === 0) return null;
  const p = h('p', { className: 'error-fields' }, fields.length === 1 ? 'The conflicting field, marked in the panes: ' : 'The conflicting fields (the first marked in the panes): ');
  fields.forEach((f, i) => {
    if (i > 0) p.append(', ');
    p.append(h('code', { className: 'error-path', text: f.path }));
  });
  return p;
}

/**
 * Fills el with the whole message of an error that no pane shows.
 * notice: a sentence about the previous worker (time-out, crash) to put first.
 * @param {HTMLElement} el
 * @param {import('../workers/api-types.js').ApiError} error
 * @param {string} [notice]
 */
export function renderErrorBlock(el, error, notice = '') {
  clear(el);
  if (notice) el.append(h('p', { className: 'error-notice', text: notice }));
  const conflict = error.kind === 'apply' ? parseConflict(error.message) : null;
  if (conflict) {
    el.dataset.kind = 'conflict';
    el.append(
      h('p', { className: 'error-lead' },
        h('strong', { text: 'kubectl would fail: ' }),
        'with ', h('code', { text: '--overwrite=false' }), ',',
        ' kubectl refuses to apply when a field the patch sets was also changed in the live object since the last apply (in both below, with different values).',
        conflictsOnAnnotation(error) ? ' ' + ANNOTATION_CONFLICT : ''),
      conflictFields(error),
      h('div', { className: 'conflict' },
        h('section', {},
          h('h3', { className: 'small-heading', text: 'The patch kubectl computed' }),
          h('pre', { className: 'error-detail', tabIndex: 0, attrs: { 'aria-label': 'the patch' }, text: conflict.patch })),
        h('section', {},
          h('h3', { className: 'small-heading', text: 'Changed in live since the last apply' }),
          h('pre', { className: 'error-detail', tabIndex: 0, attrs: { 'aria-label': 'changes from original to current' }, text: conflict.changed }))));
    return;
  }
  el.dataset.kind = error.kind;
  if (error.kind === 'apply' && error.explanation) {
    // The engine's plain words first; kubectl's own text (for a kind or
    // name mismatch a Go value dump) kept exact, folded below.
    el.append(
      h('p', { className: 'error-lead' }, h('strong', { text: 'kubectl would fail: ' }), error.explanation),
      h('details', { className: 'error-kubectl' },
        h('summary', { text: "kubectl's own message" }),
        h('pre', { className: 'error-detail wrap', tabIndex: 0, text: error.message.trimEnd() })));
    return;
  }
  const label = error.kind === 'apply' ? 'kubectl would fail' : error.kind === 'internal' ? 'applylens failed (a bug, please report it)' : 'Error';
  const lead = h('p', { className: 'error-lead' }, h('strong', { text: `${label}: ` }));
  if (error.path) lead.append(h('code', { className: 'error-path', text: error.path }), ': ');
  const long = error.message.length > 300 || error.message.trim().includes('\n');
  if (long) {
    el.append(lead, h('pre', { className: 'error-detail', tabIndex: 0, text: error.message.trimEnd() }));
  } else {
    lead.append(error.message);
    el.append(lead);
  }
}
