// The Kustomize mode: a file tree (kustomizations, resources, patches,
// folders for bases and overlays) edited in CodeMirror, the directory to
// build, and what `kubectl kustomize DIR` prints (stdout), its warnings
// (stderr) and, transformer by transformer, what it did to which object.
// Computed by wasm/kustomize in a worker of its own (EngineClient: one
// request at a time, a time limit, a crash answered by a new worker).

import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { h, clear } from '../dom.js';
import { createEditor, baseExtensions, docText } from '../editor/cm/setup.js';
import { addKustomizeStyle } from './view-style.js';
import { renderDifferences } from './differences.js';
import {
  starterKustomization, copyKustomize, kustomizeRequest, addFile, renameFile, deleteFile, nameProblem, newFileName,
  buildDirs, treeRows, buildCommand, KUSTOMIZATION_NAMES,
} from './model.js';
import { groupSteps, groupTitle, changeWords, plainError } from './explain.js';
import { TIMELINE_LIMITS } from '../timeline/model.js';
import { EngineMode } from '../page/engine-mode.js';

/** @typedef {import('./model.js').KustomizeState} KustomizeState */
/** @typedef {{version: string, kustomize?: {yaml: string, warnings: string[], steps: import('./explain.js').KustomizeStep[], differences?: import('./differences.js').KustomizeDifference[], differencesError?: string}, error?: import('./explain.js').KustomizeError}} KustomizeResponse */

export class KustomizeMode extends EngineMode {
  /**
   * @param {object} opts
   * @param {HTMLElement} opts.host the mode's section
   * @param {(onResponse: (response: any) => void, onState: (state: string, detail?: string) => void) => import('../workers/engine-client.js').EngineClient} opts.createClient
   *   an engine client (its own worker); made on first use
   * @param {() => void} opts.onChange the user changed the tree (for the draft)
   * @param {(state: KustomizeState) => void} [opts.onApply] opens the
   *   Timeline with `kubectl apply -k DIR` on the same files (absent: no
   *   such button, as in an embed)
   * @param {boolean} [opts.readonly] files cannot be edited, added, renamed or removed
   * @param {boolean} [opts.deferStart] the engine waits for startEngine()
   */
  constructor({ host, createClient, onChange, onApply, readonly = false, deferStart = false }) {
    super({ host, createClient, onChange, readonly, deferStart });
    addKustomizeStyle();
    this.onApply = onApply;
    /** @type {KustomizeState} */
    this.tree = starterKustomization();
    /** The file in the editor. */
    this.selected = '';
    /** Each file's editor state (its text, undo history and cursor), by name. @type {Map<string, EditorState>} */
    this.states = new Map();
    this.build();
    this.loadTree(this.tree);
    // A handle for browser tests and the console (docs/page.md): editing
    // through it is the same as typing in the file's editor.
    globalThis.applylensKustomize = {
      state: () => this.state(),
      /** @param {string} name */
      select: (name) => this.select(name),
      /** @param {string} name @param {string} text */
      setFileText: (name, text) => {
        this.select(name);
        this.editor.dispatch({ changes: { from: 0, to: this.editor.state.doc.length, insert: text }, userEvent: 'input' });
      },
    };
  }

  /** The mode's fixed parts. @private */
  build() {
    this.dirSelect = /** @type {HTMLSelectElement} */ (h('select', {
      id: 'kustomize-dir', disabled: this.readonly,
      onchange: () => {
        this.tree.dir = this.dirSelect.value;
        this.showCommand();
        this.changed();
      },
    }));
    this.treeList = h('ul', { id: 'kustomize-tree', className: 'kz-tree', attrs: { 'aria-label': 'Files' } });
    this.nameInput = /** @type {HTMLInputElement} */ (h('input', {
      id: 'kustomize-name', type: 'text', spellcheck: false, autocomplete: 'off', readOnly: this.readonly,
      attrs: { 'aria-label': 'Name of the file shown (a path: folders separated by /)', 'aria-describedby': 'kustomize-name-problem' },
      onkeydown: (/** @type {KeyboardEvent} */ e) => {
        if (e.key === 'Enter') this.rename();
      },
    }));
    this.nameProblem = h('p', { id: 'kustomize-name-problem', className: 'kz-problem', attrs: { role: 'status' } });
    // A deleted file can be brought back (nothing typed is lost to a slip).
    this.undoDelete = /** @type {HTMLButtonElement} */ (h('button', {
      type: 'button', id: 'kustomize-undo-delete', className: 'small', hidden: true, onclick: () => this.restore(),
    }));
    /** The file deleted last, until another edit of the tree. @type {{file: import('./model.js').KustomizeFile, state: EditorState|undefined}|null} */
    this.deleted = null;
    this.editorHost = h('div', { className: 'editor kz-editor' });
    this.command = h('code', { id: 'kustomize-command' });
    this.status = h('p', { id: 'kustomize-status', className: 'status', attrs: { role: 'status', 'aria-live': 'polite' }, text: 'Loading the engine…' });
    this.error = h('div', { id: 'kustomize-error', className: 'error-general kz-error', attrs: { role: 'alert' }, hidden: true });
    this.output = h('pre', { id: 'kustomize-output', className: 'kz-output', attrs: { tabindex: '0', 'aria-label': 'What kubectl kustomize prints' } });
    this.warnings = h('pre', { id: 'kustomize-warnings', className: 'kz-warnings', attrs: { 'aria-label': 'What kubectl kustomize prints on stderr' } });
    this.warningsBox = h('section', { className: 'kz-warnings-box', hidden: true }, h('h3', { text: 'Warnings (stderr)' }), this.warnings);
    this.steps = h('div', { id: 'kustomize-steps', className: 'kz-steps' });
    // Where kubectl apply's merge would differ from kustomize's (hidden when nowhere).
    this.differences = h('section', { id: 'kustomize-differences', className: 'kz-differences', hidden: true, attrs: { 'aria-label': 'Where kubectl apply would merge otherwise' } });
    this.applyProblem = h('p', { id: 'kustomize-apply-problem', className: 'kz-problem', attrs: { role: 'status' } });
    this.staleNote = h('p', { id: 'kustomize-stale', className: 'panel-hint', hidden: true, text: 'Below: the last build that succeeded, before the error above.' });
    const tool = (id, text, label, onclick) => h('button', { type: 'button', id, className: 'small', text, attrs: { 'aria-label': label, title: label }, onclick });
    clear(this.host);
    this.host.append(
      h('p', { className: 'kz-note' },
        'What ', h('code', { text: 'kubectl kustomize DIR' }), ' prints, as kubectl 1.37 (kustomize v5.8.1) builds it, computed in your browser, and what each transformer and patch did. ',
        'Not computed: remote bases, Helm charts, plugins and KRM functions (each gets a clear error).'),
      h('div', { className: 'kz-layout' },
        h('section', { className: 'kz-files', attrs: { 'aria-label': 'The files' } },
          h('div', { className: 'kz-head' },
            h('label', { attrs: { for: 'kustomize-dir' }, text: 'Build' }), this.dirSelect),
          this.treeList,
          this.readonly ? null : h('div', { className: 'kz-tools' },
            tool('kustomize-add', '+ file', 'Add a file in the folder of the file shown', () => this.add()),
            tool('kustomize-delete', 'Delete', 'Delete the file shown', () => this.remove())),
          h('div', { className: 'kz-head' },
            this.nameInput,
            this.readonly ? null : tool('kustomize-rename', 'Rename', 'Rename the file shown to the name typed', () => this.rename())),
          this.nameProblem,
          this.undoDelete,
          this.editorHost),
        h('section', { className: 'kz-out outputs', attrs: { 'aria-label': 'Kustomize results' } },
          h('p', { className: 'kz-command' }, h('span', { className: 'tl-prompt', attrs: { 'aria-hidden': 'true' }, text: '$ ' }), this.command),
          this.status,
          this.error,
          this.staleNote,
          h('h3', { text: 'Output (stdout)' }),
          this.output,
          this.warningsBox,
          this.differences,
          h('h3', { text: 'What kustomize did, step by step' }),
          this.steps,
          this.onApply ? h('div', { className: 'kz-apply' },
            h('button', {
              type: 'button', id: 'kustomize-apply', text: 'Then kubectl apply -k →',
              title: 'Open the Timeline with kubectl apply -k on these files: what kubectl apply then does with this output',
              onclick: () => this.apply(),
            }),
            this.applyProblem) : null)));
    this.editor = createEditor(this.editorHost, '', this.extensions(''));
  }

  /**
   * Opens the Timeline with kubectl apply -k on the tree, when a
   * timeline's command can hold its files.
   * @private
   */
  apply() {
    const n = this.tree.files.length;
    if (n > TIMELINE_LIMITS.filesPerCommand) {
      this.applyProblem.textContent = `A Timeline command holds at most ${TIMELINE_LIMITS.filesPerCommand} files; this kustomization has ${n}.`;
      return;
    }
    this.applyProblem.textContent = '';
    this.onApply?.(this.state());
  }

  /** A file's editor extensions ('' for none: nothing to type into). @private @param {string} name */
  extensions(name) {
    return [
      ...baseExtensions({ label: name ? `file ${name}` : 'no file', placeholder: name ? 'The file\'s YAML.' : 'No file: add one with + file.' }),
      EditorView.updateListener.of((u) => {
        if (!u.docChanged || this.selected === '') return;
        const file = this.tree.files.find((f) => f.name === this.selected);
        if (!file) return;
        file.text = docText(u.view);
        this.changed();
      }),
      this.readonly || name === '' ? [EditorState.readOnly.of(true), EditorView.editable.of(false)] : [],
    ];
  }

  /** The tree as a link or the draft holds it. @returns {KustomizeState} */
  state() {
    return copyKustomize(this.tree);
  }

  /** Shows a tree (from a sample, a link or the draft) and builds it. @param {KustomizeState} state */
  load(state) {
    this.loadTree(state);
    this.compute();
  }

  /** @private @param {KustomizeState} state */
  loadTree(state) {
    this.tree = copyKustomize(state);
    this.deleted = null;
    this.undoDelete.hidden = true;
    this.states.clear();
    this.selected = '';
    this.renderTree();
    this.select(this.firstFile());
  }

  /** The file shown first: the kustomization of the directory built, else the first. @private */
  firstFile() {
    const prefix = this.tree.dir ? `${this.tree.dir}/` : '';
    const k = this.tree.files.find((f) => KUSTOMIZATION_NAMES.some((n) => f.name === prefix + n));
    return (k || this.tree.files[0])?.name || '';
  }

  /** @protected */
  measure() {
    this.editor.requestMeasure();
  }

  /** The user changed something: compute after a pause, the results marked as about to change. @protected */
  changed() {
    super.changed();
    this.markComputing();
  }

  /** The results shown are about to be replaced. @private */
  markComputing() {
    this.host.dataset.state = 'computing';
    this.host.setAttribute('aria-busy', 'true');
  }

  /** Asks the engine to build the tree, now. */
  compute() {
    const client = this.engine();
    if (!client) return;
    this.markComputing();
    client.request(/** @type {any} */ (kustomizeRequest(this.tree)));
  }

  /** The engine's state (its own worker). @param {string} state @param {string} [detail] */
  engineState(state, detail = '') {
    if (state === 'loading' && this.renders === 0) this.status.textContent = 'Loading the kustomize engine…';
    if (state === 'failed') {
      this.client = null;
      this.showFailure('failed', `The kustomize engine could not be loaded: ${detail}. Check your connection, then edit a file or choose Kustomize again to retry.`);
    }
    if (state === 'timeout') this.showFailure('timeout', `The build took longer than ${detail} and was stopped. Your files are kept: edit them to try again.`);
    if (state === 'crashed') this.showFailure('crashed', `The kustomize engine crashed (${detail}) and was restarted. Your files are kept: edit them to try again.`);
  }

  /** @private @param {string} state @param {string} text */
  showFailure(state, text) {
    this.host.dataset.state = state;
    this.host.removeAttribute('aria-busy');
    this.status.textContent = '';
    // No build of these files: what shows below is an earlier one's.
    this.markStale();
    clear(this.error);
    this.error.append(h('p', { text }));
    this.error.hidden = false;
  }

  /**
   * The last build that succeeded stays below the error, marked as not
   * the files' own (a failed build, a build stopped or crashed).
   * @private
   */
  markStale() {
    this.output.dataset.stale = 'true';
    this.steps.dataset.stale = 'true';
    this.differences.dataset.stale = 'true';
    this.staleNote.hidden = this.output.textContent === '';
  }

  /** Renders an answer. @param {KustomizeResponse} response */
  render(response) {
    this.renders++;
    this.host.dataset.renders = String(this.renders);
    // When the first answer was shown (performance.now()), for the tests' first-open figures (docs/performance.md).
    if (this.renders === 1) this.host.dataset.firstRenderAt = String(Math.round(performance.now()));
    this.host.removeAttribute('aria-busy');
    clear(this.error);
    this.error.hidden = true;
    if (response.error) {
      this.host.dataset.state = 'error';
      // Shown once, in the error box; the last good output stays below, marked stale.
      this.status.textContent = '';
      this.markStale();
      this.showError(response.error);
      return;
    }
    const out = response.kustomize || { yaml: '', warnings: [], steps: [] };
    this.host.dataset.state = 'ready';
    delete this.output.dataset.stale;
    delete this.steps.dataset.stale;
    delete this.differences.dataset.stale;
    this.staleNote.hidden = true;
    const objects = out.yaml === '' ? 0 : out.yaml.split(/^---$/m).length;
    this.status.textContent = `${objects} object${objects === 1 ? '' : 's'}, ${out.steps.length} step${out.steps.length === 1 ? '' : 's'}${out.warnings.length ? `, ${out.warnings.length} warning${out.warnings.length === 1 ? '' : 's'}` : ''}.`;
    this.output.textContent = out.yaml;
    this.warnings.textContent = out.warnings.join('\n');
    this.warningsBox.hidden = out.warnings.length === 0;
    this.renderSteps(out.steps);
    renderDifferences(this.differences, out.differences || [], out.differencesError);
  }

  /** @private @param {import('./explain.js').KustomizeError} error */
  showError(error) {
    const { title, where, exact } = plainError(error);
    const known = error.file && this.tree.files.some((f) => f.name === error.file);
    this.error.append(
      h('p', { className: 'kz-error-title' }, h('strong', { text: title }), where ? ` ${where}` : ''),
      h('pre', { className: 'kz-error-exact', attrs: { 'aria-label': 'kubectl kustomize\'s message' }, text: exact }),
      known ? h('button', {
        type: 'button', className: 'small', id: 'kustomize-error-open', text: `Show ${error.file}`,
        onclick: () => this.select(/** @type {string} */ (error.file), error.line),
      }) : null);
    this.error.hidden = false;
  }

  /** @private @param {import('./explain.js').KustomizeStep[]} steps */
  renderSteps(steps) {
    clear(this.steps);
    if (steps.length === 0) {
      this.steps.append(h('p', { className: 'panel-hint', text: 'No transformer or patch changed anything.' }));
      return;
    }
    for (const group of groupSteps(steps)) {
      const section = h('section', { className: 'kz-group' }, h('h4', { text: groupTitle(group.kustomization) }));
      for (const t of group.transformers) {
        const list = h('ol', { className: 'kz-step-list' });
        for (const step of t.steps) {
          const change = changeWords(step);
          list.append(h('li', { className: 'kz-step' },
            step.object ? h('span', { className: 'kz-object', text: step.object }) : null,
            change ? h('code', { className: 'kz-change', text: change }) : null,
            h('span', { className: 'kz-rule', text: step.rule })));
        }
        section.append(h('details', { className: 'kz-transformer', open: true },
          h('summary', {}, h('code', { text: t.transformer }), ` · ${t.steps.length} step${t.steps.length === 1 ? '' : 's'}`),
          list));
      }
      this.steps.append(section);
    }
  }

  // ---- The tree ----

  /** @private */
  renderTree() {
    const dirs = buildDirs(this.tree);
    if (this.tree.dir !== '' && !dirs.includes(this.tree.dir)) dirs.push(this.tree.dir);
    clear(this.dirSelect);
    for (const d of dirs) this.dirSelect.append(h('option', { value: d, text: d === '' ? '. (the top)' : d }));
    this.dirSelect.value = this.tree.dir;
    clear(this.treeList);
    for (const row of treeRows(this.tree)) {
      const li = h('li', { className: `kz-row kz-${row.kind}`, dataset: { path: row.path } });
      li.style.paddingLeft = `${row.depth * 1.1 + 0.2}rem`;
      if (row.kind === 'folder') li.append(h('span', { className: 'kz-folder-name', text: row.label }));
      else {
        li.append(h('button', {
          type: 'button', className: 'kz-file-button', text: row.label,
          attrs: { 'aria-current': row.path === this.selected ? 'true' : null, 'aria-label': `Show ${row.path}` },
          onclick: () => this.select(row.path),
        }));
      }
      this.treeList.append(li);
    }
    this.showCommand();
  }

  /** @private */
  showCommand() {
    this.command.textContent = buildCommand(this.tree);
  }

  /**
   * Shows a file in the editor (its own undo history and cursor), at line
   * when given.
   * @param {string} name
   * @param {number} [line]
   */
  select(name, line) {
    if (this.selected !== '' && this.tree.files.some((f) => f.name === this.selected)) this.states.set(this.selected, this.editor.state);
    const file = this.tree.files.find((f) => f.name === name);
    this.selected = file ? name : '';
    let state = file ? this.states.get(name) : undefined;
    if (!state || state.doc.toString() !== file?.text) {
      state = EditorState.create({ doc: file ? file.text : '', extensions: this.extensions(file ? name : '') });
    }
    this.editor.setState(state);
    this.nameInput.value = this.selected;
    this.nameProblem.textContent = '';
    for (const b of this.treeList.querySelectorAll('.kz-file-button')) {
      const path = /** @type {HTMLElement} */ (b.parentElement).dataset.path;
      if (path === this.selected) b.setAttribute('aria-current', 'true');
      else b.removeAttribute('aria-current');
    }
    if (line && file) {
      const at = this.editor.state.doc.line(Math.min(line, this.editor.state.doc.lines)).from;
      this.editor.dispatch({ selection: { anchor: at }, scrollIntoView: true });
      this.editor.focus();
    }
  }

  /** Adds a file in the folder of the file shown. @private */
  add() {
    const dir = this.selected.includes('/') ? this.selected.slice(0, this.selected.lastIndexOf('/')) : '';
    const name = newFileName(this.tree, dir);
    this.tree = addFile(this.tree, name);
    this.renderTree();
    this.select(name);
    this.nameInput.focus();
    this.nameInput.select();
    this.changed();
  }

  /** Renames the file shown to the name typed. @private */
  rename() {
    if (this.readonly || this.selected === '') return;
    const name = this.nameInput.value.trim();
    if (name === this.selected) return;
    const problem = nameProblem(name, this.tree.files.filter((f) => f.name !== this.selected));
    if (problem) {
      this.nameProblem.textContent = problem;
      return;
    }
    const state = this.editor.state;
    this.tree = renameFile(this.tree, this.selected, name);
    if (this.tree.dir !== '' && !buildDirs(this.tree).includes(this.tree.dir)) this.tree.dir = '';
    this.states.delete(this.selected);
    this.states.set(name, state);
    this.selected = '';
    this.renderTree();
    this.select(name);
    this.changed();
  }

  /** Deletes the file shown; Undo brings it back. @private */
  remove() {
    if (this.readonly || this.selected === '') return;
    const file = this.tree.files.find((f) => f.name === this.selected);
    if (file) {
      this.deleted = { file: { ...file }, state: this.editor.state };
      this.undoDelete.textContent = `Undo: bring back ${file.name}`;
      this.undoDelete.hidden = false;
    }
    this.states.delete(this.selected);
    this.tree = deleteFile(this.tree, this.selected);
    if (this.tree.dir !== '' && !buildDirs(this.tree).includes(this.tree.dir)) this.tree.dir = '';
    this.selected = '';
    this.renderTree();
    this.select(this.firstFile());
    this.changed();
  }

  /** Brings the file deleted last back, unless its name was taken since. @private */
  restore() {
    const d = this.deleted;
    this.deleted = null;
    this.undoDelete.hidden = true;
    if (!d) return;
    const problem = nameProblem(d.file.name, this.tree.files);
    if (problem) {
      this.nameProblem.textContent = `${d.file.name} cannot come back: ${problem}`;
      return;
    }
    this.tree = addFile(this.tree, d.file.name, d.file.text);
    if (d.state) this.states.set(d.file.name, d.state);
    this.renderTree();
    this.select(d.file.name);
    this.changed();
  }
}
