// The Kustomize mode, loaded when first shown: its modules (the view, the
// steps' words, its styles) are a chunk of their own, outside the first
// visit, and its engine a worker and wasm of their own. Until then this
// holds the tree a link, the draft or a sample gave, so the page's state
// is complete either way.

import { starterKustomization, copyKustomize } from './model.js';

export class LazyKustomize {
  /** @param {ConstructorParameters<typeof import('./view.js').KustomizeMode>[0]} opts */
  constructor(opts) {
    this.opts = opts;
    /** @type {import('./view.js').KustomizeMode|null} */
    this.mode = null;
    this.tree = starterKustomization();
    this.visible = false;
    /** @type {Promise<void>|null} */
    this.loading = null;
  }

  /** @returns {import('./model.js').KustomizeState} */
  state() {
    return this.mode ? this.mode.state() : copyKustomize(this.tree);
  }

  /** @param {import('./model.js').KustomizeState} state */
  load(state) {
    if (this.mode) this.mode.load(state);
    else this.tree = copyKustomize(state);
  }

  /** Lets the mode's engine start (an embed's, once in sight). */
  startEngine() {
    this.opts = { ...this.opts, deferStart: false };
    if (this.mode) this.mode.startEngine();
  }

  /** @param {boolean} visible */
  setVisible(visible) {
    this.visible = visible;
    if (this.mode) this.mode.setVisible(visible);
    else if (visible) this.ensure();
  }

  /** Loads the mode's modules once; a failure can be retried by showing the mode again. @returns {Promise<void>} */
  ensure() {
    if (!this.loading) {
      const host = this.opts.host;
      host.dataset.state = 'loading';
      host.textContent = 'Loading the Kustomize mode…';
      this.loading = import('./view.js').then(({ KustomizeMode }) => {
        this.mode = new KustomizeMode(this.opts);
        this.mode.load(this.tree);
        this.mode.setVisible(this.visible);
      }).catch((err) => {
        this.loading = null;
        host.dataset.state = 'failed';
        host.textContent = `The Kustomize mode could not be loaded (${err.message}). Check your connection, then choose Kustomize again.`;
      });
    }
    return this.loading;
  }
}
