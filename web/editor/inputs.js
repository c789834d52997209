// The three input panes, named with the documentation's terms, and the
// last-applied pane's two modes:
//   derived   the pane shows the live object's annotation, as the engine
//             read it (lastAppliedFromLive); it follows edits of live.
//   explicit  the pane holds what the user typed; the engine uses it.
// Editing the pane makes it explicit; "reset to derived" goes back.

import { Annotation, Compartment } from '@codemirror/state';
import { EditorView, placeholder } from '@codemirror/view';
import { byId } from '../dom.js';
import { createEditor, baseExtensions, setText, languageSupport, jsonnetSupport, docText, loadLint } from './cm/setup.js';
import { lineHighlight, showSpan } from './cm/line-highlight.js';

/** Marks changes the page makes itself, which must not count as typing. */
const programmatic = Annotation.define();

/** @typedef {'lastApplied'|'file'|'live'} Pane */

/** Element ids of each pane, keyed by the engine's pane names. */
export const PANE_IDS = {
  lastApplied: { editor: 'editor-last-applied', error: 'error-last-applied', label: 'last-applied configuration' },
  file: { editor: 'editor-file', error: 'error-file', label: 'configuration file' },
  live: { editor: 'editor-live', error: 'error-live', label: 'live configuration' },
};

const PLACEHOLDERS = {
  lastApplied: 'Empty: no last-applied configuration, so apply deletes nothing.\nIn derived mode this shows the live object\'s kubectl.kubernetes.io/last-applied-configuration annotation.',
  file: 'Paste the configuration file: one object, YAML or JSON.',
  live: 'Paste `kubectl get <kind> <name> -o yaml` here.\nLeave empty if the object does not exist yet: kubectl then creates it.',
};

const JSONNET_PLACEHOLDER = 'Write the configuration file in Jsonnet: it must evaluate to one object.\nThe standard library works; imports do not (there are no files here).';

/**
 * The file editor's language and placeholder for a format.
 * @param {import('./file-format.js').FileFormat} format
 */
function fileMode(format) {
  // Jsonnet's highlighting follows once its chunk is loaded (setFormat).
  return format === 'jsonnet'
    ? [placeholder(JSONNET_PLACEHOLDER)]
    : [languageSupport('yaml'), placeholder(PLACEHOLDERS.file)];
}

export class Inputs {
  /** @param {{onChange: () => void, onModeChange?: (mode: string) => void}} opts */
  constructor({ onChange, onModeChange = () => {} }) {
    this.onChange = onChange;
    this.onModeChange = onModeChange;
    /** @type {'derived'|'explicit'} */
    this.mode = 'derived';
    /** Whether a pane shows an error (text or lint diagnostic). */
    this.showingError = false;
    /** Counts diagnostics shown or cleared: only the newest is dispatched. */
    this.diagnostics = 0;
    /** @type {import('./file-format.js').FileFormat} */
    this.format = 'yaml';
    this.fileMode = new Compartment();
    /** @type {Record<Pane, EditorView>} */
    this.views = /** @type {any} */ ({});
    /**
     * When the last key went down in an editor (an event time, on the
     * performance.now() clock): a change it makes is timed from there.
     */
    this.lastKeyAt = -Infinity;
    for (const pane of /** @type {Pane[]} */ (['lastApplied', 'file', 'live'])) {
      const ids = PANE_IDS[pane];
      const file = pane === 'file';
      this.views[pane] = createEditor(byId(ids.editor), '', [
        ...baseExtensions({ label: ids.label, placeholder: file ? undefined : PLACEHOLDERS[pane], language: file ? null : 'yaml' }),
        file ? this.fileMode.of(fileMode(this.format)) : [],
        lineHighlight(),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return;
          if (update.transactions.every((tr) => tr.annotation(programmatic))) return;
          if (pane === 'lastApplied' && this.mode === 'derived') this.setMode('explicit');
          this.onChange();
        }),
      ]);
      this.views[pane].contentDOM.addEventListener('keydown', (e) => { this.lastKeyAt = e.timeStamp; }, true);
    }
    this.badge = byId('badge-derived');
    this.resetButton = byId('btn-reset-derived');
    this.resetButton.addEventListener('click', () => {
      this.setMode('derived');
      this.onChange();
    });
    this.setMode('derived');
  }

  /** @param {'derived'|'explicit'} mode */
  setMode(mode) {
    this.mode = mode;
    const derived = mode === 'derived';
    this.badge.textContent = derived ? 'derived from live' : 'typed by you';
    this.badge.classList.toggle('derived', derived);
    this.resetButton.hidden = derived;
    byId('pane-last-applied').dataset.mode = mode;
    this.onModeChange(mode);
  }

  /**
   * Switches the file pane's format: its highlighting and placeholder,
   * and whether steps mark lines in it (they cannot point into Jsonnet).
   * @param {import('./file-format.js').FileFormat} format
   */
  setFormat(format) {
    this.format = format;
    byId('pane-file').dataset.format = format;
    const view = this.views.file;
    view.dispatch({ effects: this.fileMode.reconfigure(fileMode(format)) });
    if (format === 'jsonnet') {
      showSpan(view, null, false);
      jsonnetSupport().then((language) => {
        if (this.format === 'jsonnet') view.dispatch({ effects: this.fileMode.reconfigure([language, placeholder(JSONNET_PLACEHOLDER)]) });
      }, () => {});
    }
  }

  /**
   * Replaces the file pane's text without counting it as typing.
   * @param {string} text
   */
  setFileText(text) {
    setText(this.views.file, text, { annotations: programmatic.of(true) });
  }

  /** @returns {{lastApplied: string, file: string, live: string, lastAppliedFromLive: boolean}} */
  values() {
    const derived = this.mode === 'derived';
    return {
      lastApplied: derived ? '' : docText(this.views.lastApplied),
      file: docText(this.views.file),
      live: docText(this.views.live),
      lastAppliedFromLive: derived,
    };
  }

  /** Shows the engine's reading of the live annotation, in derived mode. @param {string} text */
  showDerived(text) {
    if (this.mode !== 'derived') return;
    setText(this.views.lastApplied, text || '', { annotations: programmatic.of(true) });
  }

  /**
   * Loads documents into the panes without counting it as typing.
   * @param {{lastApplied?: string, file?: string, live?: string}} docs
   * @param {'derived'|'explicit'} mode
   */
  load(docs, mode) {
    this.setMode(mode);
    for (const pane of /** @type {Pane[]} */ (['lastApplied', 'file', 'live'])) {
      setText(this.views[pane], docs[pane] || '', { annotations: programmatic.of(true) });
    }
    this.clearErrors();
  }

  /**
   * Shows an input error next to its pane and as a lint diagnostic.
   * @param {import('../workers/api-types.js').ApiError} error
   */
  showError(error) {
    this.clearErrors();
    const ids = PANE_IDS[error.pane];
    if (!ids) return false;
    this.showingError = true;
    const box = byId(ids.error);
    const where = error.line > 0 ? `line ${error.line}${error.column > 0 ? `, column ${error.column}` : ''}: ` : '';
    box.textContent = `${where}${error.path ? `${error.path}: ` : ''}${error.message}`;
    box.hidden = false;
    const view = this.views[error.pane];
    // The lint module loads with the first diagnostic; a newer error or
    // a clear before it arrives wins.
    const seq = ++this.diagnostics;
    loadLint().then(({ setDiagnostics }) => {
      if (seq !== this.diagnostics) return;
      const doc = view.state.doc;
      let from = 0;
      let to = doc.length;
      if (error.line > 0 && doc.length > 0) {
        const line = doc.line(Math.min(error.line, doc.lines));
        from = Math.min(line.from + Math.max(0, (error.column || 1) - 1), line.to);
        to = line.to > from ? line.to : Math.min(from + 1, doc.length);
      }
      view.dispatch(setDiagnostics(view.state, [{ from, to, severity: 'error', message: error.message, source: 'applylens' }]));
    }, () => {});
    return true;
  }

  clearErrors() {
    // Nothing shown: no transaction for the editors (each updates its view).
    if (!this.showingError) return;
    this.showingError = false;
    const seq = ++this.diagnostics;
    for (const pane of /** @type {Pane[]} */ (['lastApplied', 'file', 'live'])) {
      const box = byId(PANE_IDS[pane].error);
      box.textContent = '';
      box.hidden = true;
    }
    loadLint().then(({ setDiagnostics }) => {
      if (seq !== this.diagnostics) return;
      for (const pane of /** @type {Pane[]} */ (['lastApplied', 'file', 'live'])) {
        const view = this.views[pane];
        view.dispatch(setDiagnostics(view.state, []));
      }
    }, () => {});
  }

  /**
   * Marks a step's field in each pane (null spans clear). Not in a
   * Jsonnet file: the engine's spans are lines of its JSON output.
   * @param {import('../workers/api-types.js').Where|null} where
   * @param {boolean} [scroll]
   */
  highlight(where, scroll = true) {
    const w = where || {};
    showSpan(this.views.lastApplied, w.lastApplied, scroll);
    showSpan(this.views.file, this.format === 'jsonnet' ? null : w.file, scroll);
    showSpan(this.views.live, w.live, scroll);
  }

  isEmpty() {
    const v = this.values();
    return !v.file.trim() && !v.live.trim() && (v.lastAppliedFromLive || !v.lastApplied.trim());
  }
}
