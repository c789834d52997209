// Jsonnet highlighting for the configuration file pane: a small stream
// tokenizer (CodeMirror has no Jsonnet package), plus folding by
// indentation, since a stream language has no tree to fold on.

import { StreamLanguage, LanguageSupport, foldService } from '@codemirror/language';

const KEYWORDS = new Set([
  'assert', 'else', 'error', 'for', 'function', 'if', 'import', 'importbin', 'importstr',
  'in', 'local', 'tailstrict', 'then',
]);
const SELF = new Set(['self', 'super', '$']);

/**
 * @typedef {object} JsonnetState
 * @property {null|'comment'|'text'|'"'|"'"} inside a construct spanning lines
 * @property {boolean} verbatim the open string is @"…" or @'…'
 */

/** The tokenizer; exported for tests. @type {import('@codemirror/language').StreamParser<JsonnetState>} */
export const jsonnetParser = {
  name: 'jsonnet',
  startState: () => ({ inside: null, verbatim: false }),
  token(stream, state) {
    if (state.inside === 'comment') {
      if (stream.skipTo('*/')) {
        stream.pos += 2;
        state.inside = null;
      } else {
        stream.skipToEnd();
      }
      return 'comment';
    }
    if (state.inside === 'text') {
      // A text block ends at the first line whose first non-blank
      // characters are |||.
      if (stream.sol() && stream.match(/^\s*\|\|\|/)) state.inside = null;
      else stream.skipToEnd();
      return 'string';
    }
    if (state.inside === '"' || state.inside === "'") return string(stream, state);

    if (stream.eatSpace()) return null;
    if (stream.match('//') || stream.eat('#')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match('/*')) {
      state.inside = 'comment';
      return jsonnetParser.token(stream, state);
    }
    if (stream.match('|||')) {
      stream.eat('-');
      stream.skipToEnd();
      state.inside = 'text';
      return 'string';
    }
    const quote = stream.match(/^@?["']/);
    if (quote) {
      const q = quote[0];
      state.inside = /** @type {'"'|"'"} */ (q[q.length - 1]);
      state.verbatim = q.length === 2;
      // A quoted field name is still a field name.
      const style = string(stream, state);
      return state.inside === null && isFieldName(stream) ? 'propertyName' : style;
    }
    if (stream.match(/^(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/)) return 'number';
    const word = stream.match(/^[A-Za-z_]\w*/);
    if (word) {
      const w = word[0];
      if (w === 'true' || w === 'false') return 'bool';
      if (w === 'null') return 'null';
      if (SELF.has(w)) return 'self';
      if (KEYWORDS.has(w)) return 'keyword';
      if (isFieldName(stream)) return 'propertyName';
      return w === 'std' ? 'variableName.standard' : 'variableName';
    }
    if (stream.eat('$')) return 'self';
    const c = stream.next();
    if (c === '{' || c === '}') return 'brace';
    if (c === '[' || c === ']') return 'squareBracket';
    if (c === '(' || c === ')') return 'paren';
    if (c === ',' || c === ';' || c === '.') return 'punctuation';
    if (c === ':') {
      stream.match(/^:{1,2}/);
      return 'punctuation';
    }
    return 'operator';
  },
  languageData: {
    commentTokens: { line: '//', block: { open: '/*', close: '*/' } },
    closeBrackets: { brackets: ['(', '[', '{', "'", '"'] },
  },
};

/** Reads the rest of an open string, on this line or up to its end. */
function string(stream, state) {
  const q = state.inside;
  while (!stream.eol()) {
    const c = stream.next();
    if (c === '\\' && !state.verbatim) {
      stream.next();
    } else if (c === q) {
      if (state.verbatim && stream.peek() === q) {
        stream.next();
      } else {
        state.inside = null;
        break;
      }
    }
  }
  return 'string';
}

/**
 * A field name is followed by :, ::, ::: or +: (a slice like a[i:j] is
 * misread as one: rare, and only a colour).
 */
function isFieldName(stream) {
  return Boolean(stream.match(/^\s*\+?:/, false));
}

/**
 * Folds a line with the following lines that are indented deeper.
 * @param {import('@codemirror/state').EditorState} state
 * @param {number} lineStart
 */
export function indentFold(state, lineStart) {
  const doc = state.doc;
  const first = doc.lineAt(lineStart);
  const indentOf = (text) => text.length - text.trimStart().length;
  if (!first.text.trim()) return null;
  const base = indentOf(first.text);
  let last = first;
  for (let n = first.number + 1; n <= doc.lines; n++) {
    const line = doc.line(n);
    if (!line.text.trim()) continue;
    if (indentOf(line.text) <= base) break;
    last = line;
  }
  return last.number > first.number ? { from: first.to, to: last.to } : null;
}

const language = StreamLanguage.define(jsonnetParser);

/** Jsonnet highlighting and indentation folding. */
export function jsonnet() {
  return new LanguageSupport(language, [foldService.of((state, from) => indentFold(state, from))]);
}
