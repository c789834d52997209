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

const field = StateField.define({
  create: () => Decoration.none,
  update(deco, tr) {
    for (const e of tr.effects) if (e.is(setSpan)) return build(tr.state, e.value);
    // An edit makes the old position meaningless; drop the mark rather
    // than leave it on the wrong field.
    return tr.docChanged ? Decoration.none : deco;
  },
  provide: (f) => EditorView.decorations.from(f),
});

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
  view.dispatch({ effects: setSpan.of(span || null) });
  if (span && scroll && view.state.doc.length > 0) {
    // Scroll the editor's own scroller only: EditorView.scrollIntoView
    // would also scroll the page, moving every other pane out of sight.
    const pos = view.state.doc.line(clampLine(view.state, span.line)).from;
    view.requestMeasure({
      read: () => {
        const block = view.lineBlockAt(pos);
        const scroller = view.scrollDOM;
        return block.top - Math.max(0, (scroller.clientHeight - block.height) / 2);
      },
      write: (top) => {
        view.scrollDOM.scrollTop = Math.max(0, top);
      },
    });
  }
}
