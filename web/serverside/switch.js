// The single-apply page's switch between client-side apply, server-side
// apply (with --field-manager and --force-conflicts) and both side by side.
// This module is in the first visit and small: the server-side view
// (./view.js) is a chunk loaded, with its worker and wasm
// (wasm/serverside), the first time the switch leaves client-side.

import { byId } from '../dom.js';

/** @typedef {'client'|'server'|'both'} ApplyKind */

export class ApplySwitch {
  /**
   * @param {object} opts
   * @param {() => import('../workers/engine-client.js').EngineClient} opts.createClient the server-side worker's client
   * @param {(where: import('../workers/api-types.js').Where|null) => void} opts.highlight marks lines in the panes
   * @param {(pane: string) => string} opts.paneLabel a pane's label, for an error that names it
   * @param {() => void} opts.onChange the flags changed (share links, drafts)
   * @param {() => void} [opts.onSettled] the view answered (a result or an
   *   error), or it or its engine could not load
   */
  constructor({ createClient, highlight, paneLabel, onChange, onSettled = () => {} }) {
    this.opts = { createClient, highlight, paneLabel, onSettled };
    this.onChange = onChange;
    /** @type {ApplyKind} */
    this.kind = 'client';
    this.buttons = { client: byId('apply-client'), server: byId('apply-server'), both: byId('apply-both') };
    this.fieldManager = /** @type {HTMLInputElement} */ (byId('opt-field-manager'));
    this.force = /** @type {HTMLInputElement} */ (byId('opt-force-conflicts'));
    this.host = byId('ssa-view');
    /** The CustomResourceDefinitions pasted for the server (the view's box). */
    this.crds = '';
    /** The newest inputs, as the client-side request carries them (null: nothing to apply). @type {object|null} */
    this.latest = null;
    /** @type {import('./view.js').ServerSideView|null} */
    this.view = null;
    /** @type {Promise<void>|null} */
    this.loading = null;
    for (const kind of /** @type {ApplyKind[]} */ (['client', 'server', 'both'])) {
      this.buttons[kind].addEventListener('click', () => {
        this.show(kind);
        this.onChange();
      });
    }
    const changed = () => {
      this.request();
      this.onChange();
    };
    this.fieldManager.addEventListener('input', changed);
    this.force.addEventListener('change', changed);
  }

  /** @param {ApplyKind} kind */
  show(kind) {
    this.kind = kind;
    for (const k of /** @type {ApplyKind[]} */ (['client', 'server', 'both'])) {
      this.buttons[k].setAttribute('aria-pressed', String(k === kind));
    }
    byId('outputs').dataset.apply = kind;
    // Only the server-side apply leaves the last-applied pane unused ("both" runs the client-side one too).
    const lastApplied = byId('pane-last-applied');
    if (kind === 'server') lastApplied.dataset.unused = '';
    else delete lastApplied.dataset.unused;
    byId('last-applied-unused').hidden = kind !== 'server';
    byId('ssa-flags').hidden = kind === 'client';
    this.host.hidden = kind === 'client';
    if (kind === 'client') {
      this.opts.highlight(null);
      return;
    }
    this.request();
  }

  /** The flags of a page state (share.js Flags) that this switch holds, at their defaults left out. */
  flags() {
    /** @type {{apply?: ApplyKind, fieldManager?: string, forceConflicts?: boolean, crds?: string}} */
    const f = {};
    if (this.kind !== 'client') f.apply = this.kind;
    if (this.fieldManager.value !== '') f.fieldManager = this.fieldManager.value;
    if (this.force.checked) f.forceConflicts = true;
    if (this.crds) f.crds = this.crds;
    return f;
  }

  /** The switch's flags as kubectl takes them, for the command line shown (after kubectl apply's). */
  commandFlags() {
    if (this.kind === 'client') return '';
    const manager = this.fieldManager.value.trim();
    let s = ' --server-side';
    if (manager) s += ` --field-manager=${/^[A-Za-z0-9._:-]+$/.test(manager) ? manager : `'${manager.replace(/'/g, "'\\''")}'`}`;
    if (this.force.checked) s += ' --force-conflicts';
    return this.kind === 'both' ? ` (and${s})` : s;
  }

  /** Shows a state's flags (absent: defaults). @param {{apply?: ApplyKind, fieldManager?: string, forceConflicts?: boolean, crds?: string}} [flags] */
  load(flags = {}) {
    this.crds = flags.crds || '';
    this.view?.setCRDs(this.crds);
    this.fieldManager.value = flags.fieldManager || '';
    this.force.checked = flags.forceConflicts === true;
    this.show(flags.apply || 'client');
  }

  /**
   * The inputs changed (the client-side request the page sends, or null
   * when there is no file): recomputed here when the switch is not
   * client-side.
   * @param {object|null} request
   */
  inputs(request) {
    this.latest = request;
    this.request();
  }

  /** @private */
  request() {
    if (this.kind === 'client') return;
    this.ensure().then(() => {
      if (!this.view || this.kind === 'client') return;
      if (!this.latest) {
        this.view.empty();
        return;
      }
      const { op, base, ...panes } = /** @type {any} */ (this.latest);
      this.view.request({
        ...panes, op: 'serverside', apply: this.kind,
        fieldManager: this.fieldManager.value.trim(), forceConflicts: this.force.checked, customResourceDefinitions: this.crds,
      });
    });
  }

  /** Loads the view's chunk once; a failure is retried by the next use. @returns {Promise<void>} */
  ensure() {
    if (!this.loading) {
      this.host.dataset.state = 'loading';
      this.host.textContent = 'Loading the server-side apply…';
      this.loading = import('./view.js').then(({ ServerSideView }) => {
        this.view = new ServerSideView({
          host: this.host, ...this.opts, crds: this.crds,
          onCRDs: (text) => {
            this.crds = text;
            this.request();
            this.onChange();
          },
        });
      }).catch((err) => {
        this.loading = null;
        this.host.dataset.state = 'failed';
        this.host.textContent = `The server-side apply could not be loaded (${err.message}). Check your connection, then choose it again.`;
        this.opts.onSettled();
      });
    }
    return this.loading;
  }

  /** For tests (docs/page.md): how many times the server-side worker started. */
  starts() {
    return this.view ? this.view.client.starts : 0;
  }
}
