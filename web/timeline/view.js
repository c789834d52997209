// The Timeline mode: a list of kubectl commands played on a simulated
// cluster (engine op "timeline"), each with its files and what it
// printed; the selected step's cluster before and after, and its applies
// as the single-apply view explains them. Everything after an edited
// step is computed again (the engine keeps the steps before it).

import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { h, clear, byId } from '../dom.js';
import { createEditor, baseExtensions, docText, unregisterView } from '../editor/cm/setup.js';
import { StepsView } from '../outputs/steps.js';
import { ACTION_WORDS, PATCH_TYPE_WORDS } from '../outputs/format.js';
import { lineDiff } from './linediff.js';
import { addTimelineStyle } from './view-style.js';
import { ssaStep } from '../serverside/steps-list.js';
import { EngineMode } from '../page/engine-mode.js';
import {
  emptyTimeline, copyTimeline, addCommand, removeCommand, moveCommand, newFileName, timelineRequest,
} from './model.js';

/** @typedef {import('./model.js').TimelineState} TimelineState */

/**
 * @typedef {object} StepItem
 * @property {HTMLLIElement} li
 * @property {HTMLButtonElement} select
 * @property {HTMLInputElement} command
 * @property {HTMLElement} files
 * @property {HTMLElement} output
 * @property {EditorView[]} editors
 */

export class TimelineMode extends EngineMode {
  /**
   * @param {object} opts
   * @param {HTMLElement} opts.host the timeline's section
   * @param {(onResponse: (response: any) => void, onState: (state: string, detail?: string) => void) => import('../workers/engine-client.js').EngineClient} opts.createClient
   *   an engine client (its own worker) answering to the two callbacks; made on first use
   * @param {() => void} opts.onChange the user changed the timeline (for the draft)
   * @param {(panes: {file: string, live: string}) => void} [opts.openInPanes]
   *   loads an apply into the single-apply mode (absent: no such button, as in an embed)
   * @param {boolean} [opts.readonly] the commands, names and files cannot be
   *   edited, added, moved or removed (an embed's readonly); steps can still be selected
   * @param {boolean} [opts.deferStart] the engine waits for startEngine()
   *   (an embed starts it once in sight)
   */
  constructor({ host, createClient, onChange, openInPanes, readonly = false, deferStart = false }) {
    super({ host, createClient, onChange, readonly, deferStart });
    addTimelineStyle();
    this.openInPanes = openInPanes;
    /** @type {TimelineState} */
    this.timeline = emptyTimeline();
    /** @type {StepItem[]} */
    this.items = [];
    /** The last timeline answer, and the object chosen in the detail. */
    this.answer = null;
    this.objectRef = '';
    /** The view of an apply shown (Steps, Patch, Result, Diff): kept across answers. */
    this.applyView = 'steps';
    this.build();
    // A handle for browser tests and the console (docs/page.md): editing
    // through it is the same as typing in the file's editor.
    globalThis.applylensTimeline = {
      state: () => this.state(),
      /** @param {number} step @param {number} file @param {string} text */
      setFileText: (step, file, text) => {
        const view = this.items[step]?.editors[file];
        if (!view) throw new Error(`no file ${file} in step ${step}`);
        // Typing there would have focused the editor, selecting the step;
        // the edit's computation asks for its detail.
        this.timeline.selected = step;
        this.markSelected();
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input' });
      },
    };
  }

  /** The page's fixed parts of the mode. @private */
  build() {
    this.namespace = /** @type {HTMLInputElement} */ (h('input', {
      id: 'timeline-namespace', type: 'text', value: this.timeline.namespace, spellcheck: false, autocomplete: 'off', readOnly: this.readonly,
      oninput: () => {
        this.timeline.namespace = this.namespace.value;
        this.changed();
      },
    }));
    this.allowPrivileged = /** @type {HTMLInputElement} */ (h('input', {
      id: 'timeline-allow-privileged', type: 'checkbox', checked: this.timeline.allowPrivileged !== false, disabled: this.readonly,
      onchange: () => {
        if (this.allowPrivileged.checked) delete this.timeline.allowPrivileged;
        else this.timeline.allowPrivileged = false;
        this.changed();
      },
    }));
    this.status = h('p', { id: 'timeline-status', className: 'status', attrs: { role: 'status', 'aria-live': 'polite' }, text: 'Loading the engine…' });
    this.error = h('div', { id: 'timeline-error', className: 'error-general', attrs: { role: 'alert' }, hidden: true });
    this.list = h('ol', { id: 'timeline-steps', className: 'tl-steps' });
    this.detail = h('section', { id: 'timeline-detail', className: 'tl-detail', attrs: { 'aria-label': 'The selected step', tabindex: '-1' } });
    clear(this.host);
    this.host.append(
      h('p', { id: 'timeline-note', className: 'tl-note' },
        'The commands run on a cluster simulated in your browser: the API server\'s defaults, validation and field managers (managedFields, server-side apply conflicts), kubectl\'s output. ',
        'Not simulated: admission webhooks, controllers (other than one that writes a status), quotas, and anything a real cluster would change between commands.'),
      h('div', { className: 'tl-layout' },
        h('section', { className: 'tl-commands', attrs: { 'aria-label': 'Commands' } },
          h('div', { className: 'tl-head' },
            h('label', { attrs: { for: 'timeline-namespace' }, text: 'namespace' }), this.namespace),
          h('div', { className: 'tl-head tl-settings', attrs: { role: 'group', 'aria-label': 'The API server\'s settings' } },
            h('span', { text: 'API server' }),
            h('label', { className: 'tl-setting', title: 'kube-apiserver --allow-privileged: kind and kubeadm clusters allow privileged containers; unchecked, the server refuses them' },
              this.allowPrivileged, h('code', { text: '--allow-privileged' }))),
          this.list,
          this.readonly ? null : h('button', { type: 'button', id: 'timeline-add', text: '+ Add a command', onclick: () => this.add(this.timeline.commands.length - 1) })),
        h('section', { className: 'tl-out outputs', attrs: { 'aria-label': 'Timeline results' } },
          this.status, this.error, this.detail)));
  }

  /** The timeline as a share link or the draft holds it. @returns {TimelineState} */
  state() {
    return copyTimeline(this.timeline);
  }

  /** Shows a timeline (from a sample, a link or the draft). @param {TimelineState} state */
  load(state) {
    this.timeline = copyTimeline(state);
    this.namespace.value = this.timeline.namespace;
    this.allowPrivileged.checked = this.timeline.allowPrivileged !== false;
    this.answer = null;
    this.objectRef = '';
    this.rebuild();
    this.compute();
  }

  /** @protected */
  measure() {
    for (const item of this.items) for (const v of item.editors) v.requestMeasure();
  }

  /** Asks the engine for the timeline, now. */
  compute() {
    const client = this.engine();
    if (!client) return;
    if (this.timeline.commands.length === 0) {
      client.cancel();
      this.render({ version: '', timeline: { steps: [], selected: -1 } });
      return;
    }
    client.request(/** @type {any} */ (timelineRequest(this.timeline)));
  }

  /**
   * The view each apply of the selected step shows first.
   * @param {'steps'|'patch'|'result'|'diff'} view
   */
  setApplyView(view) {
    this.applyView = view;
    if (this.answer) this.renderDetail(this.answer);
  }

  /** The engine's state (its own worker). @param {string} state @param {string} [detail] */
  engineState(state, detail = '') {
    if (state === 'loading' && !this.answer) this.status.textContent = 'Loading the engine…';
    if (state === 'failed') {
      // The next edit, or showing the mode again, starts a new worker.
      this.client = null;
      this.status.textContent = 'The Timeline engine could not be loaded.';
      this.showError(`The Timeline engine could not be loaded: ${detail}. Check your connection, then edit the timeline or choose Timeline again to retry.`);
    }
    if (state === 'timeout') this.showError(`The timeline took longer than ${detail} and was stopped. Edit it to try again.`);
    if (state === 'crashed') this.showError(`The engine crashed (${detail}) and was restarted. Edit the timeline to try again.`);
  }

  /** @private @param {string} text */
  showError(text) {
    this.error.textContent = text;
    this.error.hidden = false;
  }

  // ---- The list of commands ----

  /** Rebuilds the list (after add, remove, move, load). @private */
  rebuild() {
    for (const item of this.items) for (const v of item.editors) {
      unregisterView(v);
      v.destroy();
    }
    clear(this.list);
    this.items = this.timeline.commands.map((cmd, i) => this.stepItem(cmd, i));
    for (const item of this.items) this.list.append(item.li);
    this.markSelected();
    if (this.answer) this.renderOutputs(this.answer.steps);
  }

  /**
   * @private
   * @param {import('./model.js').TimelineCommand} cmd
   * @param {number} i
   * @returns {StepItem}
   */
  stepItem(cmd, i) {
    const n = i + 1;
    const last = this.timeline.commands.length - 1;
    const command = /** @type {HTMLInputElement} */ (h('input', {
      type: 'text', className: 'tl-command', value: cmd.command, spellcheck: false, autocomplete: 'off', readOnly: this.readonly,
      attrs: { 'aria-label': `Command of step ${n}` },
      oninput: () => {
        cmd.command = command.value;
        this.changed();
      },
      onfocus: () => this.select(i, false),
    }));
    const select = /** @type {HTMLButtonElement} */ (h('button', {
      type: 'button', className: 'tl-select', text: String(n),
      attrs: { 'aria-label': `Select step ${n}`, title: 'Show this step\'s cluster and applies' },
      onclick: () => this.select(i, true),
    }));
    const tool = (label, text, disabled, onclick) => h('button', {
      type: 'button', className: 'small tl-tool', text, disabled, attrs: { 'aria-label': label, title: label }, onclick,
    });
    const files = h('div', { className: 'tl-files' });
    const output = h('div', { className: 'tl-output', attrs: { 'aria-live': 'off' } });
    const li = /** @type {HTMLLIElement} */ (h('li', { className: 'tl-step', dataset: { index: String(i) } },
      h('div', { className: 'tl-step-head' },
        select,
        h('span', { className: 'tl-prompt', attrs: { 'aria-hidden': 'true' }, text: '$' }),
        command,
        this.readonly ? null : h('span', { className: 'tl-tools' },
          tool(`Move step ${n} up`, '↑', i === 0, () => this.move(i, -1)),
          tool(`Move step ${n} down`, '↓', i === last, () => this.move(i, 1)),
          tool(`Add a command after step ${n}`, '+', false, () => this.add(i)),
          tool(`Remove step ${n}`, '✕', false, () => this.remove(i)))),
      files,
      this.readonly ? null : h('button', { type: 'button', className: 'small tl-add-file', text: '+ file', attrs: { 'aria-label': `Add a file to step ${n}` }, onclick: () => this.addFile(i) }),
      output));
    // Keyboard: Alt+↑/↓ move the step whose command has focus.
    command.addEventListener('keydown', (e) => {
      if (this.readonly || !e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
      e.preventDefault();
      this.move(i, e.key === 'ArrowUp' ? -1 : 1);
    });
    /** @type {StepItem} */
    const item = { li, select, command, files, output, editors: [] };
    cmd.files.forEach((file, j) => this.fileEditor(item, cmd, file, i, j));
    return item;
  }

  /**
   * @private
   * @param {StepItem} item
   * @param {import('./model.js').TimelineCommand} cmd
   * @param {import('./model.js').TimelineFile} file
   * @param {number} i
   * @param {number} j
   */
  fileEditor(item, cmd, file, i, j) {
    const name = /** @type {HTMLInputElement} */ (h('input', {
      type: 'text', className: 'tl-file-name', value: file.name, spellcheck: false, autocomplete: 'off', readOnly: this.readonly,
      attrs: { 'aria-label': `Name of file ${j + 1} of step ${i + 1}` },
      oninput: () => {
        file.name = name.value;
        this.changed();
      },
    }));
    const host = h('div', { className: 'editor tl-editor' });
    item.files.append(h('div', { className: 'tl-file', dataset: { file: String(j) } },
      h('div', { className: 'tl-file-head' },
        name,
        this.readonly ? null : h('button', {
          type: 'button', className: 'small', text: 'Remove file', attrs: { 'aria-label': `Remove file ${file.name || j + 1} of step ${i + 1}` },
          onclick: () => {
            cmd.files.splice(j, 1);
            this.rebuild();
            this.changed();
          },
        })),
      host));
    const view = createEditor(host, file.text, [
      ...baseExtensions({ label: `file ${file.name} of step ${i + 1}`, placeholder: 'The file\'s YAML (one or more documents).' }),
      EditorView.updateListener.of((u) => {
        if (!u.docChanged) return;
        file.text = docText(u.view);
        this.changed();
      }),
      EditorView.domEventHandlers({ focus: () => this.select(i, false) }),
      this.readonly ? [EditorState.readOnly.of(true), EditorView.editable.of(false)] : [],
    ]);
    item.editors.push(view);
  }

  /** @private @param {number} at */
  add(at) {
    this.timeline = addCommand(this.timeline, at);
    this.rebuild();
    this.changed();
    this.items[this.timeline.selected]?.command.focus();
  }

  /** @private @param {number} i */
  remove(i) {
    this.timeline = removeCommand(this.timeline, i);
    this.rebuild();
    this.changed();
    const next = this.items[Math.min(i, this.items.length - 1)];
    (next ? next.command : byId('timeline-add')).focus();
  }

  /** @private @param {number} i @param {number} delta */
  move(i, delta) {
    const before = this.timeline;
    this.timeline = moveCommand(this.timeline, i, delta);
    if (this.timeline === before) return;
    this.rebuild();
    this.changed();
    this.items[i + delta].command.focus();
  }

  /** @private @param {number} i */
  addFile(i) {
    const cmd = this.timeline.commands[i];
    cmd.files.push({ name: newFileName(cmd), text: '' });
    this.rebuild();
    this.changed();
  }

  /**
   * Selects step i: its details are asked for.
   * @param {number} i
   * @param {boolean} reveal scroll the detail into sight
   */
  select(i, reveal) {
    if (this.timeline.selected === i) {
      if (reveal) this.revealDetail();
      return;
    }
    this.timeline.selected = i;
    this.markSelected();
    this.pendingReveal = reveal;
    this.onChange();
    this.compute();
  }

  /** @private */
  markSelected() {
    this.items.forEach((item, i) => {
      const on = i === this.timeline.selected;
      item.li.classList.toggle('selected', on);
      item.select.setAttribute('aria-pressed', String(on));
      if (on) item.li.setAttribute('aria-current', 'step');
      else item.li.removeAttribute('aria-current');
    });
  }

  /** @private */
  revealDetail() {
    // One column (a phone): the detail is below the list.
    if (getComputedStyle(this.host.querySelector('.tl-layout')).gridTemplateColumns.split(' ').length === 1) {
      this.items[this.timeline.selected]?.output.scrollIntoView({ block: 'nearest' });
    }
  }

  // ---- Answers ----

  /** @param {any} response an engine answer to op "timeline" */
  render(response) {
    this.error.hidden = true;
    if (response.error) {
      this.showError(`applylens failed (a bug, please report it): ${response.error.message}`);
      this.announce();
      return;
    }
    const tl = response.timeline;
    if (!tl) {
      this.showError('applylens failed (a bug, please report it): the engine answered without a timeline');
      this.announce();
      return;
    }
    this.answer = tl;
    const failed = tl.steps.filter((s) => s.error || s.exitCode !== 0).length;
    this.status.textContent = tl.steps.length === 0
      ? 'No commands: add one to start.'
      : `${tl.steps.length} command${tl.steps.length === 1 ? '' : 's'} played${failed ? `, ${failed} failed` : ', all succeeded'}.`;
    this.host.dataset.state = 'ready';
    this.renderOutputs(tl.steps);
    this.renderDetail(tl);
    if (this.pendingReveal) {
      this.pendingReveal = false;
      this.revealDetail();
    }
    this.announce();
  }

  /** Counts rendered answers for tests: <section id="timeline" data-renders>. @private */
  announce() {
    this.renders++;
    this.host.dataset.renders = String(this.renders);
  }

  /** What each command printed. @private @param {any[]} steps */
  renderOutputs(steps) {
    this.items.forEach((item, i) => {
      const s = steps[i];
      clear(item.output);
      if (!s || s.command !== this.timeline.commands[i].command) {
        item.li.dataset.state = 'pending';
        return;
      }
      item.li.dataset.state = s.error ? 'error' : s.exitCode === 0 ? 'ok' : 'failed';
      item.li.dataset.exitCode = String(s.exitCode);
      if (s.error) {
        item.output.append(h('p', { className: 'tl-not-understood', text: `Not simulated: ${s.error}` }));
        return;
      }
      if (s.stdout) item.output.append(h('pre', { className: 'tl-stdout', text: s.stdout }));
      if (s.stderr) item.output.append(h('pre', { className: 'tl-stderr', text: s.stderr }));
      const meta = h('p', { className: 'tl-meta' },
        h('span', { className: `badge ${s.exitCode === 0 ? 'exit-ok' : 'exit-failed'}`, text: `exit ${s.exitCode}` }));
      for (const c of s.changes) {
        meta.append(' ', h('span', { className: `badge change change-${c.action}`, text: `${c.ref} ${c.action}` }));
      }
      item.output.append(meta);
      for (const w of s.warnings) item.output.append(h('p', { className: 'tl-warning', text: `Warning: ${w}` }));
    });
  }

  /** The selected step's cluster and applies. @private @param {any} tl */
  renderDetail(tl) {
    clear(this.detail);
    const i = tl.selected;
    const step = tl.steps[i];
    if (i < 0 || !step || !tl.detail) {
      this.detail.append(h('p', { className: 'empty', text: 'Select a step (its number) to see the cluster before and after it.' }));
      return;
    }
    const d = tl.detail;
    this.detail.dataset.step = String(i);
    this.detail.append(h('h2', { className: 'tl-detail-title' }, `Step ${i + 1}: `, h('code', { text: step.command })));
    if (step.error) {
      this.detail.append(h('p', { className: 'error-general', text: `This command is not simulated, so nothing changed: ${step.error}` }));
    }
    const refused = !step.error && step.exitCode !== 0;
    if (refused) {
      // Why the objects below are unchanged, first: kubectl's own text
      // (the API server's refusal, Go values and all) as it prints it.
      this.detail.append(h('div', { className: 'error-general tl-refused', attrs: { role: 'note' } },
        h('p', {}, h('strong', { text: `kubectl failed (exit ${step.exitCode}): ` }), 'what it could not apply stays as it was. kubectl prints:'),
        h('pre', { className: 'tl-stderr', text: (step.stderr || '').trimEnd() })));
    }
    this.detail.append(h('h3', { className: 'small-heading', text: 'The cluster before → after this step' }));
    if (d.objects.length === 0) {
      this.detail.append(h('p', { className: 'empty', text: 'The cluster holds no objects.' }));
    } else {
      const key = (o) => `${o.namespace || ''}/${o.ref}`;
      if (!d.objects.some((o) => key(o) === this.objectRef)) {
        this.objectRef = key(d.objects.find((o) => o.action) || d.objects[0]);
      }
      const list = h('ul', { className: 'tl-objects', attrs: { 'aria-label': 'Objects' } });
      for (const o of d.objects) {
        const state = !o.beforeYAML ? 'new' : !o.afterYAML ? 'gone' : '';
        const present = !o.beforeYAML ? 'after' : !o.afterYAML ? 'before' : 'both';
        list.append(h('li', {},
          h('button', {
            type: 'button', className: 'tl-object', dataset: { ref: o.ref, namespace: o.namespace || '', action: o.action || 'none', present },
            attrs: { 'aria-pressed': String(key(o) === this.objectRef) },
            onclick: () => {
              this.objectRef = key(o);
              this.renderDetail(tl);
              /** @type {HTMLElement|null} */ (this.detail.querySelector('.tl-object[aria-pressed="true"]'))?.focus();
            },
          }, h('code', { text: o.ref }), o.namespace ? h('span', { className: 'tl-ns', text: ` -n ${o.namespace}` }) : null,
          ' ', h('span', { className: `badge change change-${o.action || 'none'}`, text: o.action || (state === 'gone' ? 'gone' : 'unchanged') }))));
      }
      this.detail.append(list);
      const o = d.objects.find((x) => key(x) === this.objectRef);
      this.detail.append(objectDiff(o));
    }
    if (d.kustomize) this.detail.append(kustomizeBlock(d.kustomize, d.applies.length > 0));
    if (d.applies.length > 0) {
      this.detail.append(h('h3', { className: 'small-heading', text: 'kubectl apply, object by object' }));
      // An apply of a failed command whose object did not change (or,
      // refused at its creation, is not in the cluster at all) was
      // refused: its result is what kubectl computed and sent, not what
      // the cluster holds.
      const changed = new Set(d.objects.filter((o) => o.action).map((o) => `${o.namespace || ''}/${o.ref}`));
      for (const a of d.applies) this.detail.append(this.applyBlock(a, refused && a.result.action !== 'conflict' && !changed.has(`${a.namespace || ''}/${a.ref}`)));
    }
  }

  /**
   * One apply of the step, with the single-apply view's steps, patch,
   * result and diff.
   * @private
   */
  applyBlock(a, refused = false) {
    const r = a.result;
    const body = h('div', { className: 'tl-apply-body' });
    const block = h('section', { className: 'tl-apply', dataset: refused ? { ref: a.ref, action: r.action, refused: 'true' } : { ref: a.ref, action: r.action } },
      h('div', { className: 'tl-apply-head' },
        h('code', { text: a.ref }),
        refused
          ? h('span', { className: 'badge action-conflict', text: 'refused', title: `kubectl computed this (${ACTION_WORDS[r.action] || r.action}); the API server refused it` })
          : h('span', { className: `badge action-${r.action}`, text: ACTION_WORDS[r.action] || r.action }),
        r.patchType ? h('span', { className: 'tl-patch-type', text: PATCH_TYPE_WORDS[r.patchType] || r.patchType }) : null,
        // The single-apply mode computes client-side apply only: a
        // server-side apply opened there would show another result.
        !this.openInPanes || r.patchType === 'apply' ? null : h('button', {
          type: 'button', className: 'small tl-open', text: 'Open in the three panes',
          title: 'Load this apply (the live object before it, the file, the last-applied configuration read from live) into the single-apply mode',
          onclick: () => this.openInPanes?.({ file: a.file, live: a.live }),
        })));
    const views = ['steps', 'patch', 'result', 'diff'];
    const labels = { steps: 'Steps', patch: 'Patch', result: 'Result', diff: 'Diff' };
    const group = h('div', { className: 'segmented', attrs: { role: 'group', 'aria-label': `Views of the apply of ${a.ref}` } });
    const show = (which) => {
      this.applyView = which;
      for (const b of group.children) b.setAttribute('aria-pressed', String(/** @type {HTMLElement} */ (b).dataset.view === which));
      clear(body);
      body.dataset.view = which;
      if (which === 'steps' && r.patchType === 'apply') {
        body.append(h('p', { className: 'panel-hint tl-ssa-note', text: r.action === 'conflict'
          ? 'Server-side apply has no client-side steps: kubectl sends the file as it is (Patch). The API server refused it: another field manager owns a field the file sets to another value, so nothing changed.'
          : 'Server-side apply has no client-side steps: kubectl sends the file as it is (Patch); the API server merges it into the live object and records who owns each field in metadata.managedFields (Result). What it did to the field manager\'s fields:' }));
        const list = h('ol', { className: 'ssa-steps tl-ssa-steps' });
        for (const step of r.steps || []) list.append(h('li', {}, ssaStep(step, 'div')));
        body.append(list);
      } else if (which === 'steps') {
        const host = h('div', { className: 'steps' });
        body.append(host);
        new StepsView(host, { onSelect: () => {} }).render(r.steps || []);
      } else if (which === 'patch') {
        body.append(h('p', { className: 'panel-hint', text: r.patchTypeWhy || '' }));
        body.append(h('pre', { className: 'tl-yaml', text: r.patchYAML || 'No patch.' }));
        if (r.kubectlPatch) body.append(h('pre', { className: 'tl-yaml', attrs: { 'aria-label': 'kubectl patch command' }, text: r.kubectlPatch }));
      } else if (which === 'result') {
        body.append(h('pre', { className: 'tl-yaml', text: r.objectYAML }));
      } else {
        body.append(diffBlock(r.liveYAML || '', r.objectYAML));
      }
    };
    for (const v of views) {
      group.append(h('button', { type: 'button', dataset: { view: v }, text: labels[v], attrs: { 'aria-pressed': 'false' }, onclick: () => show(v) }));
    }
    block.append(group, body);
    show(this.applyView);
    return block;
  }
}

/** The chosen object before → after, and the fields the server set. @param {any} o */
function objectDiff(o) {
  const box = h('div', { className: 'tl-object-detail', dataset: { ref: o.ref } });
  const what = !o.beforeYAML ? 'created in this step' : !o.afterYAML ? 'deleted in this step' : o.action ? `${o.action} in this step` : 'not changed by this step';
  box.append(h('p', { className: 'panel-hint' }, h('code', { text: o.ref }), ` ${what}.`));
  if (o.defaulted && o.defaulted.length > 0) {
    const list = h('ul', { className: 'tl-defaulted', attrs: { 'aria-label': 'Fields set by the server' } });
    for (const p of o.defaulted) list.append(h('li', {}, h('code', { text: p }), ' ', h('span', { className: 'badge server', text: 'set by the server' })));
    box.append(list);
  }
  box.append(diffBlock(o.beforeYAML, o.afterYAML));
  return box;
}

/** Unchanged lines shown around each change; longer runs are folded. */
const DIFF_CONTEXT = 3;

/**
 * A unified diff, as text lines marked +/-; runs of unchanged lines far
 * from a change are folded into a disclosure ("12 unchanged lines"),
 * whose lines stay in the DOM.
 * @param {string} before @param {string} after
 */
function diffBlock(before, after) {
  const pre = h('pre', { className: 'tl-diff', attrs: { 'aria-label': 'before → after (- removed, + added)' } });
  const lines = lineDiff(before, after);
  const near = new Uint8Array(lines.length);
  lines.forEach((line, i) => {
    if (line.op === ' ') return;
    for (let k = Math.max(0, i - DIFF_CONTEXT); k <= Math.min(lines.length - 1, i + DIFF_CONTEXT); k++) near[k] = 1;
  });
  const span = (line) => h('span', { className: line.op === '+' ? 'add' : line.op === '-' ? 'del' : 'same', text: `${line.op} ${line.text}\n` });
  const changed = lines.some((l) => l.op !== ' ');
  for (let i = 0; i < lines.length;) {
    if (!changed || near[i]) {
      pre.append(span(lines[i++]));
      continue;
    }
    let j = i;
    while (j < lines.length && !near[j]) j++;
    if (j - i <= 2) {
      for (; i < j; i++) pre.append(span(lines[i]));
      continue;
    }
    const fold = h('details', { className: 'tl-fold' }, h('summary', { text: `${j - i} unchanged lines` }));
    for (; i < j; i++) fold.append(span(lines[i]));
    pre.append(fold);
  }
  return pre;
}

/**
 * What the step's kustomize build did (kubectl kustomize DIR, or -k DIR):
 * each change of each kustomization, in kustomize's order. All text is
 * the user's or kustomize's, so it goes in as textContent.
 * @param {import('../workers/api-types.js').TimelineKustomize} k
 * @param {boolean} applied The step applied the build's objects.
 */
function kustomizeBlock(k, applied) {
  const box = h('section', { className: 'tl-kustomize', dataset: { dir: k.dir } });
  box.append(h('h3', { className: 'small-heading', text: `kustomize build ${k.dir}, step by step` }));
  box.append(h('p', { className: 'panel-hint', text: applied
    ? `The objects below come from kustomize's build of ${k.dir}, as kubectl kustomize ${k.dir} prints it; kubectl then applies them as apply -f of that output would. What the build did, in kustomize's order:`
    : `What kustomize's build of ${k.dir} did, in kustomize's order:` }));
  for (const w of k.warnings) box.append(h('p', { className: 'tl-warning', text: `kustomize: ${w.replace(/^# /, '')}` }));
  if (k.steps.length === 0) {
    box.append(h('p', { className: 'empty', text: 'The build changed nothing: the objects are the resources as written.' }));
    return box;
  }
  const list = h('ol', { className: 'tl-kustomize-steps' });
  for (const s of k.steps) {
    const li = h('li', { dataset: { transformer: s.transformer } },
      h('span', { className: 'badge', text: s.transformer }), ' ',
      h('strong', { text: s.object }));
    if (s.field) {
      li.append(' ', h('code', { text: s.field }), ': ');
      if (s.old) li.append(h('code', { className: 'tl-old', text: s.old }), ' → ');
      li.append(h('code', { className: 'tl-new', text: s.new || '(removed)' }));
    }
    if (s.rule) li.append(h('span', { className: 'tl-rule', text: ` (${s.rule})` }));
    if (s.kustomization) li.append(h('span', { className: 'tl-ns', text: ` ${s.kustomization}` }));
    list.append(li);
  }
  box.append(list);
  return box;
}
