// The editor setup every pane shares: line numbers, folding, bracket
// matching, search, history, YAML or JSON highlighting, and a theme built
// on the page's CSS variables so light and dark need no second theme.
// Search (@codemirror/search) is a lazy chunk: loaded when the page is
// idle after its first answer (preloadSearch), or at once by Ctrl+F. So
// is @codemirror/lint, loaded with the first diagnostic (loadLint).

import { EditorState, Compartment } from '@codemirror/state';
import {
  EditorView, keymap, lineNumbers, highlightActiveLineGutter, highlightActiveLine,
  highlightSpecialChars, drawSelection, placeholder as placeholderExt,
} from '@codemirror/view';
import {
  foldGutter, foldKeymap, bracketMatching, indentOnInput, syntaxHighlighting, HighlightStyle, indentUnit,
} from '@codemirror/language';
import { history, historyKeymap, defaultKeymap } from '@codemirror/commands';
import { yaml } from '@codemirror/lang-yaml';
import { json } from '@codemirror/lang-json';
import { tags as t } from '@lezer/highlight';

const highlight = HighlightStyle.define([
  { tag: [t.propertyName, t.definition(t.propertyName)], color: 'var(--hl-key)' },
  { tag: [t.string, t.special(t.string)], color: 'var(--hl-string)' },
  { tag: [t.number, t.bool, t.null, t.atom], color: 'var(--hl-literal)' },
  { tag: [t.keyword, t.typeName, t.labelName], color: 'var(--hl-keyword)' },
  { tag: [t.comment, t.lineComment, t.blockComment], color: 'var(--hl-comment)', fontStyle: 'italic' },
  { tag: [t.meta, t.processingInstruction, t.separator, t.punctuation, t.squareBracket, t.brace], color: 'var(--hl-punct)' },
  { tag: t.invalid, color: 'var(--hl-invalid)' },
]);

const theme = EditorView.theme({
  '&': { color: 'var(--ed-fg)', backgroundColor: 'var(--ed-bg)', fontSize: '13px', height: '100%' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.45' },
  '.cm-content': { caretColor: 'var(--ed-caret)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--ed-caret)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
    { backgroundColor: 'var(--ed-selection)' },
  '.cm-gutters': { backgroundColor: 'var(--ed-gutter-bg)', color: 'var(--ed-gutter-fg)', borderRight: '1px solid var(--border)' },
  '.cm-activeLine': { backgroundColor: 'var(--ed-active-line)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--ed-active-line)' },
  '.cm-foldPlaceholder': { backgroundColor: 'var(--ed-gutter-bg)', border: '1px solid var(--border)', color: 'var(--muted)' },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': { backgroundColor: 'var(--ed-match)', outline: 'none' },
  '.cm-searchMatch': { backgroundColor: 'var(--ed-search)', outline: '1px solid var(--ed-search-outline)' },
  '.cm-searchMatch.cm-searchMatch-selected': { backgroundColor: 'var(--ed-search-selected)' },
  '.cm-panels': { backgroundColor: 'var(--panel-bg)', color: 'var(--fg)' },
  '.cm-panels.cm-panels-top': { borderBottom: '1px solid var(--border)' },
  '.cm-tooltip': { backgroundColor: 'var(--panel-bg)', color: 'var(--fg)', border: '1px solid var(--border)' },
  '.cm-placeholder': { color: 'var(--muted)', fontStyle: 'italic', whiteSpace: 'pre-wrap' },
  '&.cm-focused': { outline: '2px solid var(--focus)', outlineOffset: '-2px' },
});

/** Holds the search extension once loaded, a Ctrl+F that loads it before. */
const searchSlot = new Compartment();
/** @type {import('@codemirror/state').Extension|null} */
let searchLoaded = null;
/** @type {Promise<typeof import('@codemirror/search')>|null} */
let searchLoading = null;

/**
 * Loads search and gives it to every registered editor. A failed load is
 * tried again at the next call.
 * @returns {Promise<typeof import('@codemirror/search')>}
 */
export function preloadSearch() {
  if (!searchLoading) {
    searchLoading = import('@codemirror/search').then((m) => {
      searchLoaded = [m.highlightSelectionMatches(), m.search({ top: true }), keymap.of(m.searchKeymap)];
      for (const view of views) view.dispatch({ effects: searchSlot.reconfigure(searchLoaded) });
      return m;
    }, (err) => {
      searchLoading = null;
      throw err;
    });
  }
  return searchLoading;
}

/** Ctrl+F (Cmd+F) before search is loaded: load it, then open its panel. */
const searchOnDemand = keymap.of([{
  key: 'Mod-f',
  preventDefault: true,
  run: (view) => {
    preloadSearch().then((m) => m.openSearchPanel(view), () => {});
    return true;
  },
}]);

/** @type {Promise<typeof import('@codemirror/lint')>|null} */
let lintLoading = null;

/**
 * The lint module (diagnostics), loaded once; a failed load is tried
 * again at the next call.
 * @returns {Promise<typeof import('@codemirror/lint')>}
 */
export function loadLint() {
  if (!lintLoading) {
    lintLoading = import('@codemirror/lint');
    lintLoading.catch(() => { lintLoading = null; });
  }
  return lintLoading;
}

/** lintKeymap, its module loaded when a key is pressed. */
const lintKeys = keymap.of([
  { key: 'Mod-Shift-m', preventDefault: true, run: (view) => { loadLint().then((m) => m.openLintPanel(view), () => {}); return true; } },
  { key: 'F8', run: (view) => { loadLint().then((m) => m.nextDiagnostic(view), () => {}); return true; } },
]);

/** Switches CodeMirror's own light/dark base styles (panels, tooltips). */
const darkness = new Compartment();

/** @type {Set<EditorView>} */
const views = new Set();
let dark = false;

/** @param {EditorView} view */
export function registerView(view) {
  views.add(view);
}

/** @param {EditorView} view */
export function unregisterView(view) {
  views.delete(view);
}

/** Extension carrying the current dark flag, for editors made elsewhere. */
export function darknessExtension() {
  return darkness.of(EditorView.theme({}, { dark }));
}

/** @param {boolean} isDark */
export function setDark(isDark) {
  dark = isDark;
  for (const view of views) {
    view.dispatch({ effects: darkness.reconfigure(EditorView.theme({}, { dark })) });
  }
}

/**
 * @param {object} opts
 * @param {string} opts.label accessible name of the editor
 * @param {'yaml'|'json'|null} [opts.language] null: the caller adds the
 *   language itself (see languageSupport; Jsonnet's, jsonnetSupport)
 * @param {boolean} [opts.readOnly]
 * @param {string} [opts.placeholder]
 * @returns {import('@codemirror/state').Extension[]}
 */
export function baseExtensions({ label, language = 'yaml', readOnly = false, placeholder }) {
  const ext = [
    lineNumbers(),
    foldGutter(),
    highlightSpecialChars(),
    drawSelection(),
    highlightActiveLine(),
    highlightActiveLineGutter(),
    bracketMatching(),
    searchSlot.of(searchLoaded || searchOnDemand),
    syntaxHighlighting(highlight),
    language === null ? [] : languageSupport(language),
    indentUnit.of('  '),
    EditorState.tabSize.of(2),
    theme,
    darknessExtension(),
    EditorView.contentAttributes.of({ 'aria-label': label }),
    // Tab is not bound, so Tab and Shift+Tab keep moving focus between
    // the page's controls: the page stays usable without a mouse.
    keymap.of([...defaultKeymap, ...foldKeymap, ...(readOnly ? [] : historyKeymap)]),
    lintKeys,
  ];
  if (readOnly) {
    ext.push(EditorState.readOnly.of(true));
  } else {
    ext.push(history(), indentOnInput());
  }
  if (placeholder) ext.push(placeholderExt(placeholder));
  return ext;
}

/** @type {Promise<typeof import('./jsonnet.js')>|null} */
let jsonnetLoading = null;

/**
 * Jsonnet's highlighting, a lazy chunk (most visitors never pick the
 * Jsonnet format); a failed load is tried again at the next call.
 * @returns {Promise<import('@codemirror/state').Extension>}
 */
export function jsonnetSupport() {
  if (!jsonnetLoading) {
    jsonnetLoading = import('./jsonnet.js');
    jsonnetLoading.catch(() => { jsonnetLoading = null; });
  }
  return jsonnetLoading.then((m) => m.jsonnet());
}

/**
 * The highlighting (and folding) of a language; Jsonnet's is loaded by
 * jsonnetSupport.
 * @param {'yaml'|'json'} language
 */
export function languageSupport(language) {
  if (language === 'json') return json();
  return yaml();
}

/**
 * Creates an editor in parent and registers it for theme switches.
 * @param {HTMLElement} parent
 * @param {string} doc
 * @param {import('@codemirror/state').Extension[]} extensions
 * @returns {EditorView}
 */
export function createEditor(parent, doc, extensions) {
  const view = new EditorView({ state: EditorState.create({ doc, extensions }), parent });
  registerView(view);
  return view;
}

/** The text of each view's document, kept for the document it was read from. */
const texts = new WeakMap();

/**
 * The text of view's document. Read once per document: the panes and the
 * read-only editors hold up to megabytes, and Text.toString joins every
 * line again on each call.
 * @param {EditorView} view
 * @returns {string}
 */
export function docText(view) {
  const doc = view.state.doc;
  const known = texts.get(view);
  if (known && known.doc === doc) return known.text;
  const text = doc.toString();
  texts.set(view, { doc, text });
  return text;
}

/**
 * The smallest single change that turns old into text: the part between
 * their common prefix and common suffix, or null when they are equal.
 * @param {string} old
 * @param {string} text
 * @returns {{from: number, to: number, insert: string}|null}
 */
export function minimalChange(old, text) {
  if (old === text) return null;
  const max = Math.min(old.length, text.length);
  let start = 0;
  while (start < max && old.charCodeAt(start) === text.charCodeAt(start)) start++;
  let end = 0;
  const room = max - start;
  while (end < room && old.charCodeAt(old.length - 1 - end) === text.charCodeAt(text.length - 1 - end)) end++;
  return { from: start, to: old.length - end, insert: text.slice(start, text.length - end) };
}

/**
 * Sets the text of view, changing only the range between what the old and
 * the new text have in common at their start and end: CodeMirror then
 * reparses and redraws that range, not a new document (a keystroke changes
 * a few lines of a result of tens of thousands). Nothing happens when the
 * text is the same. Returns whether the document changed.
 * @param {EditorView} view
 * @param {string} text
 * @param {import('@codemirror/state').TransactionSpec} [extra]
 */
export function setText(view, text, extra = {}) {
  // CodeMirror splits lines at \r\n, \r and \n and joins them with \n:
  // compare with the text it would hold.
  if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
  const change = minimalChange(docText(view), text);
  if (!change) return false;
  view.dispatch({ changes: change, ...extra });
  if (view.state.doc.length === text.length) texts.set(view, { doc: view.state.doc, text });
  return true;
}
