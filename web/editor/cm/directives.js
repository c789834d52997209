// Marks the strategic-patch directives ($setElementOrder, $retainKeys,
// $patch, $deleteFromPrimitiveList) in the patch editor and explains each
// one in a tooltip when the pointer rests on it.

import { StateEffect, StateField } from '@codemirror/state';
import { EditorView, Decoration, hoverTooltip } from '@codemirror/view';

/**
 * A directive placed in the document.
 * @typedef {{from: number, to: number, name: string, path: string, meaning: string}} Placed
 */

/** @type {import('@codemirror/state').StateEffectType<Placed[]>} */
const setPlaced = StateEffect.define();

const field = StateField.define({
  create: () => /** @type {Placed[]} */ ([]),
  update(value, tr) {
    for (const e of tr.effects) if (e.is(setPlaced)) return e.value;
    if (!tr.docChanged || value.length === 0) return value;
    // Follow the edit: the page places the directives again right after
    // it changes the text, and has nothing to do when they are where the
    // edit moved them.
    return value.map((p) => ({ ...p, from: tr.changes.mapPos(p.from, 1), to: tr.changes.mapPos(p.to, -1) }));
  },
  provide: (f) => EditorView.decorations.from(f, (placed) => {
    const ranges = placed
      .filter((p) => p.to > p.from)
      .map((p) => Decoration.mark({ class: 'cm-directive', attributes: { 'data-directive': p.name } }).range(p.from, p.to));
    return Decoration.set(ranges, true);
  }),
});

const tooltip = hoverTooltip((view, pos) => {
  const hit = view.state.field(field).find((p) => pos >= p.from && pos <= p.to);
  if (!hit) return null;
  return {
    pos: hit.from,
    end: hit.to,
    above: true,
    create() {
      const dom = document.createElement('div');
      dom.className = 'cm-directive-tip';
      const name = document.createElement('strong');
      name.textContent = hit.name;
      const where = document.createElement('div');
      where.className = 'cm-directive-path';
      where.textContent = hit.path ? `at ${hit.path}` : '';
      const meaning = document.createElement('p');
      meaning.textContent = hit.meaning;
      dom.append(name, where, meaning);
      return { dom };
    },
  };
});

/** The extension for the patch editor. */
export function directiveMarks() {
  return [field, tooltip];
}

/**
 * Places directives given by line numbers (1-based, inclusive) of the YAML
 * text: the key on the first line is marked.
 * @param {import('@codemirror/state').Text} doc
 * @param {import('../../workers/api-types.js').Directive[]} directives
 * @returns {Placed[]}
 */
export function placeByLines(doc, directives) {
  const out = [];
  for (const d of directives) {
    if (!(d.line >= 1 && d.line <= doc.lines)) continue;
    const line = doc.line(d.line);
    const at = line.text.indexOf(d.name);
    const from = at >= 0 ? line.from + at : line.from + (line.text.length - line.text.trimStart().length);
    let to = line.to;
    if (at >= 0) {
      // The key runs to the colon, or to the end for a list item's value.
      const colon = line.text.indexOf(':', at);
      to = colon > at ? line.from + colon : line.to;
    }
    out.push({ from, to, name: d.name, path: d.path, meaning: d.meaning });
  }
  return out;
}

/**
 * Places directives in JSON text, which has no line numbers from the
 * engine: the n-th key starting with a directive's name is matched to the
 * n-th directive of that name, in document order, as both texts come from
 * the same patch with the same key order.
 * @param {string} text
 * @param {import('../../workers/api-types.js').Directive[]} directives
 * @returns {Placed[]}
 */
export function placeByText(text, directives) {
  const byName = new Map();
  for (const d of directives) {
    if (!byName.has(d.name)) byName.set(d.name, []);
    byName.get(d.name).push(d);
  }
  const out = [];
  for (const [name, list] of byName) {
    const needle = `"${name}`;
    let from = 0;
    for (const d of list) {
      const at = text.indexOf(needle, from);
      if (at < 0) break;
      const close = text.indexOf('"', at + 1);
      const to = close > at ? close + 1 : at + needle.length;
      out.push({ from: at, to, name: d.name, path: d.path, meaning: d.meaning });
      from = to;
    }
  }
  return out.sort((a, b) => a.from - b.from);
}

/**
 * @param {EditorView} view
 * @param {Placed[]} placed
 */
export function showDirectives(view, placed) {
  if (samePlaced(view.state.field(field, false) || [], placed)) return;
  view.dispatch({ effects: setPlaced.of(placed) });
}

/** @param {Placed[]} a @param {Placed[]} b */
function samePlaced(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.from !== y.from || x.to !== y.to || x.name !== y.name || x.path !== y.path || x.meaning !== y.meaning) return false;
  }
  return true;
}
