// A mode loaded when first shown (the Timeline, Kustomize): its modules
// are a chunk of their own, outside the first visit, and often an engine
// of their own. Until the chunk has loaded, this holds the state a link,
// the draft or a sample gave, so that the page's state is complete either
// way; a chunk that fails to load can be retried by showing the mode again.

/**
 * What a loaded mode offers the page.
 * @template S
 * @typedef {{state(): S, load(state: S): void, startEngine(): void, setVisible(visible: boolean): void}} ModeView
 */

/**
 * @template S the mode's state (a timeline, a file tree)
 * @template {ModeView<S>} M the loaded mode
 * @template {{host: HTMLElement, deferStart?: boolean}} O the mode's options
 */
export class LazyMode {
  /**
   * @param {O} opts
   * @param {{title: string, initial: S, copy: (state: S) => S, load: () => Promise<(opts: O) => M>}} how
   *   title names the mode in its messages ("Timeline"); load imports the
   *   mode's chunk (a literal import() in the caller, for the bundler) and
   *   gives what makes the mode, called with the options as they are once
   *   the chunk is there (startEngine may have changed them meanwhile).
   */
  constructor(opts, how) {
    this.opts = opts;
    this.how = how;
    /** @type {M|null} */
    this.mode = null;
    /** The state held until the mode is loaded. @type {S} */
    this.held = how.initial;
    this.visible = false;
    /** @type {Promise<void>|null} */
    this.loading = null;
  }

  /** @returns {S} */
  state() {
    return this.mode ? this.mode.state() : this.how.copy(this.held);
  }

  /** @param {S} state */
  load(state) {
    if (this.mode) this.mode.load(state);
    else this.held = this.how.copy(state);
  }

  /** Lets the mode's engine start (an embed's, once in sight: the deferStart option). */
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

  /**
   * Called once the mode is made, before it gets the state held: a
   * subclass passes on what it held besides.
   * @param {M} _mode
   */
  prepare(_mode) {}

  /** Loads the mode's modules once; a failure can be retried by showing the mode again. @returns {Promise<void>} */
  ensure() {
    if (!this.loading) {
      const host = this.opts.host;
      host.dataset.state = 'loading';
      host.textContent = `Loading the ${this.how.title} mode…`;
      this.loading = this.how.load().then((make) => {
        const mode = make(this.opts);
        this.mode = mode;
        this.prepare(mode);
        mode.load(this.held);
        mode.setVisible(this.visible);
      }).catch((err) => {
        this.loading = null;
        host.dataset.state = 'failed';
        host.textContent = `The ${this.how.title} mode could not be loaded (${err.message}). Check your connection, then choose ${this.how.title} again.`;
      });
    }
    return this.loading;
  }
}
