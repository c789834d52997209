// The Diff tab: live object before and after, unified or side by side.
// Built lazily: a merge view is only made while its tab is visible, and
// @codemirror/merge is only downloaded when the tab is first shown (it is
// not part of the first visit's budget). While shown, a new answer changes
// the texts of the merge view in place (only the range that differs), so
// the diff is computed again around the change, not over the whole object.

import { EditorState, ChangeSet } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { byId, clear, h } from '../dom.js';
import { baseExtensions, registerView, unregisterView, minimalChange } from '../editor/cm/setup.js';

export class DiffView {
  constructor() {
    this.host = byId('editor-diff');
    this.mode = 'unified';
    this.before = '';
    this.after = '';
    this.action = '';
    this.dirty = false;
    this.visible = false;
    /** @type {EditorView[]} */
    this.views = [];
    /** @type {import('@codemirror/merge').MergeView|null} */
    this.merge = null;
    /** @type {Promise<typeof import('@codemirror/merge')>|null} */
    this.loading = null;
    /** @type {typeof import('@codemirror/merge')|null} */
    this.lib = null;
    /** What the merge view shows: its layout and texts. */
    this.shown = { mode: '', before: '', after: '' };
    this.unifiedButton = byId('diff-mode-unified');
    this.splitButton = byId('diff-mode-split');
    this.note = byId('diff-note');
    this.unifiedButton.addEventListener('click', () => this.setMode('unified'));
    this.splitButton.addEventListener('click', () => this.setMode('split'));
  }

  /** @param {'unified'|'split'} mode */
  setMode(mode) {
    this.mode = mode;
    this.unifiedButton.setAttribute('aria-pressed', String(mode === 'unified'));
    this.splitButton.setAttribute('aria-pressed', String(mode === 'split'));
    this.dirty = true;
    this.refresh();
  }

  /** @param {import('../workers/api-types.js').Result} result */
  render(result) {
    this.before = result.liveYAML || '';
    this.after = result.objectYAML || '';
    this.action = result.action;
    this.dirty = true;
    this.refresh();
  }

  /** Called when the tab is shown or hidden. @param {boolean} visible */
  setVisible(visible) {
    this.visible = visible;
    this.refresh();
  }

  clear() {
    this.before = '';
    this.after = '';
    this.action = '';
    this.dirty = true;
    this.refresh();
  }

  /** @private */
  refresh() {
    if (!this.visible || !this.dirty) return;
    if (!this.lib) {
      if (!this.loading) {
        this.note.textContent = 'Loading the diff view…';
        this.loading = import('@codemirror/merge').then((lib) => {
          this.lib = lib;
          this.refresh();
          return lib;
        }, (err) => {
          this.loading = null;
          this.note.textContent = `The diff view could not be loaded (${err.message}). Show the tab again to retry.`;
          throw err;
        });
        this.loading.catch(() => {});
      }
      return;
    }
    const { MergeView, unifiedMergeView } = this.lib;
    this.dirty = false;
    const note = this.action === 'create' ? 'The object does not exist yet: everything is new.'
      : this.action === 'unchanged' ? 'Nothing changes.' : '';
    if (this.note.textContent !== note) this.note.textContent = note;
    if (this.views.length > 0 && this.shown.mode === this.mode && (this.before || this.after)) {
      this.updateInPlace();
      return;
    }
    this.destroy();
    if (!this.before && !this.after) {
      this.host.append(h('p', { className: 'empty', text: 'Nothing to compare yet.' }));
      return;
    }
    const base = (label) => [
      ...baseExtensions({ label, readOnly: true }),
      // The annotation is one long line of JSON; without wrapping its
      // change is mostly out of sight.
      EditorView.lineWrapping,
    ];
    if (this.mode === 'unified') {
      const view = new EditorView({
        parent: this.host,
        state: EditorState.create({
          doc: this.after,
          extensions: [
            ...base('Changes to the live object, unified (read-only)'),
            unifiedMergeView({ original: this.before, mergeControls: false, syntaxHighlightDeletions: true, collapseUnchanged: { margin: 3, minSize: 6 } }),
          ],
        }),
      });
      this.views = [view];
    } else {
      this.host.append(h('div', { className: 'diff-heads', attrs: { 'aria-hidden': 'true' } },
        h('span', { text: 'live now' }), h('span', { text: 'after the apply' })));
      this.merge = new MergeView({
        parent: this.host,
        a: { doc: this.before, extensions: base('Live object before the apply (read-only)') },
        b: { doc: this.after, extensions: base('Object after the apply (read-only)') },
        collapseUnchanged: { margin: 3, minSize: 6 },
        gutter: true,
      });
      this.views = [this.merge.a, this.merge.b];
    }
    for (const v of this.views) registerView(v);
    this.shown = { mode: this.mode, before: this.before, after: this.after };
  }

  /**
   * Changes the texts of the merge view on screen to the new ones.
   * @private
   */
  updateInPlace() {
    const before = minimalChange(this.shown.before, this.before);
    const after = minimalChange(this.shown.after, this.after);
    if (this.mode === 'unified') {
      const [view] = this.views;
      const { getOriginalDoc, originalDocChangeEffect } = /** @type {typeof import('@codemirror/merge')} */ (this.lib);
      const effects = before ? [originalDocChangeEffect(view.state, ChangeSet.of([before], getOriginalDoc(view.state).length))] : [];
      if (after || effects.length) view.dispatch({ changes: after || [], effects });
    } else if (this.merge) {
      if (before) this.merge.a.dispatch({ changes: before });
      if (after) this.merge.b.dispatch({ changes: after });
    }
    this.shown = { mode: this.mode, before: this.before, after: this.after };
  }

  /** @private */
  destroy() {
    for (const v of this.views) unregisterView(v);
    if (this.merge) this.merge.destroy();
    else for (const v of this.views) v.destroy();
    this.merge = null;
    this.views = [];
    this.shown = { mode: '', before: '', after: '' };
    clear(this.host);
  }
}
