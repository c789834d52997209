// Highlights a range of whole lines: the field a selected step is about.

import { StateEffect, StateField } from '@codemirror/state';
import { EditorView, Decoration } from '@codemirror/view';

/** @typedef {{line: number, endLine: number}} Span */

/** @type {import('@codemirror/state').StateEffectType<Span|null>} */
const setSpan = StateEffect.define();

const lineDeco = Decoration.line({ class: 'cm-step-line' });
const firstDeco = Decoration.line({ class: 'cm-step-line cm-step-first' });

/**
 * @param {import('@codemirror/state').EditorState} state
 * @param {Span|null} span
 */
function build(state, span) {
  if (!span) return Decoration.none;
  const first = clampLine(state, span.line);
  const last = clampLine(state, Math.max(span.line, span.endLine || span.line));
  const ranges = [];
  for (let n = first; n <= last; n++) {
    ranges.push((n === first ? firstDeco : lineDeco).range(state.doc.line(n).from));
  }
  return Decoration.set(ranges);
}

function clampLine(state, n) {
  return Math.min(Math.max(1, n | 0), state.doc.lines);
}

/** @type {{span: Span|null, deco: import('@codemirror/view').DecorationSet}} */
const NONE = { span: null, deco: Decoration.none };

const field = StateField.define({
  create: () => NONE,
  update(value, tr) {
    for (const e of tr.effects) if (e.is(setSpan)) return e.value ? { span: e.value, deco: build(tr.state, e.value) } : NONE;
    // An edit makes the old position meaningless; drop the mark rather
    // than leave it on the wrong field.
    return tr.docChanged ? NONE : value;
  },
  provide: (f) => EditorView.decorations.from(f, (value) => value.deco),
});

/** @param {Span|null} a @param {Span|null} b */
function sameSpan(a, b) {
  if (!a || !b) return !a && !b;
  return a.line === b.line && (a.endLine || a.line) === (b.endLine || b.line);
}

/** The extension to add to editors that can show a step's field. */
export function lineHighlight() {
  return field;
}

/**
 * Marks span in view and scrolls it into view; null clears the mark.
 * @param {EditorView} view
 * @param {Span|null|undefined} span
 * @param {boolean} [scroll]
 */
export function showSpan(view, span, scroll = true) {
  // The same mark on the same text: no transaction (each one updates the
  // editor's view).
  const current = view.state.field(field, false);
  if (!current || !sameSpan(current.span, span || null)) view.dispatch({ effects: setSpan.of(span || null) });
  if (span && scroll) scrollToLine(view, span.line);
}

/**
 * Scrolls the editor's own scroller so that line n is in the middle.
 * @param {EditorView} view
 * @param {number} n 1-based
 */
export function scrollToLine(view, n) {
  if (view.state.doc.length > 0) {
    // Scroll the editor's own scroller only: EditorView.scrollIntoView
    // would also scroll the page, moving every other pane out of sight.
    view.requestMeasure({
      read: () => {
        // The line is found when measuring: the text may have been
        // replaced since (a state loaded), and a position taken before
        // could lie past its end.
        if (view.state.doc.length === 0) return null;
        const block = view.lineBlockAt(view.state.doc.line(clampLine(view.state, n)).from);
        const scroller = view.scrollDOM;
        return block.top - Math.max(0, (scroller.clientHeight - block.height) / 2);
      },
      write: (top) => {
        if (top !== null) view.scrollDOM.scrollTop = Math.max(0, top);
      },
    });
  }
}
