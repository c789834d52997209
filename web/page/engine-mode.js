// A mode computed by an engine of its own (the Timeline, Kustomize): the
// options both take, the engine client made on first use (a worker of its
// own, started at once or, for an embed, once startEngine is called) and
// the pause between an edit and the computation. A subclass builds its
// view, and says what to compute (compute), how to show an answer (render)
// and the engine's states (engineState).

/** The pause after an edit before computing, so that typing computes once. */
const DEBOUNCE_MS = 150;

/** @typedef {import('../workers/engine-client.js').EngineClient} EngineClient */

export class EngineMode {
  /**
   * @param {object} opts
   * @param {HTMLElement} opts.host the mode's section
   * @param {(onResponse: (response: any) => void, onState: (state: string, detail?: string) => void) => EngineClient} opts.createClient
   *   an engine client (its own worker) answering to the two callbacks; made on first use
   * @param {() => void} opts.onChange the user changed the mode's state (for the draft)
   * @param {boolean} [opts.readonly] the state cannot be edited (an embed's readonly)
   * @param {boolean} [opts.deferStart] the engine waits for startEngine()
   *   (an embed starts it once in sight)
   */
  constructor({ host, createClient, onChange, readonly = false, deferStart = false }) {
    this.host = host;
    this.createClient = createClient;
    this.onChange = onChange;
    this.readonly = readonly;
    this.deferStart = deferStart;
    /** @type {EngineClient|null} */
    this.client = null;
    this.visible = false;
    /** 0: none. @type {ReturnType<typeof setTimeout>|0} */
    this.timer = 0;
    /** How many answers were shown (the tests read it from the host's data-renders). */
    this.renders = 0;
  }

  /** Called when the mode is shown or hidden. @param {boolean} visible */
  setVisible(visible) {
    this.visible = visible;
    this.host.hidden = !visible;
    if (visible) {
      this.measure();
      this.compute();
    }
  }

  /** Lets the engine start (deferStart), now if a computation waits for it. */
  startEngine() {
    if (!this.deferStart) return;
    this.deferStart = false;
    if (this.client) this.client.start();
  }

  /** The user changed something: compute after a pause. @protected */
  changed() {
    this.onChange();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.compute(), DEBOUNCE_MS);
  }

  /**
   * The engine client for a computation now: the pause cancelled, the client
   * made (and started unless deferred) on first use. Null while the mode is
   * hidden: nothing is computed then.
   * @protected
   * @returns {EngineClient|null}
   */
  engine() {
    clearTimeout(this.timer);
    if (!this.visible) return null;
    if (!this.client) {
      this.client = this.createClient((response) => this.render(response), (state, detail) => this.engineState(state, detail));
      if (!this.deferStart) this.client.start();
    }
    return this.client;
  }

  /** The mode was shown: its editors measure themselves again. @protected */
  measure() {}

  /** Asks the engine for the mode's answer, now. */
  compute() {}

  /** Renders an answer. @param {any} _response */
  render(_response) {}

  /** The engine's state (its own worker). @param {string} _state @param {string} [_detail] */
  engineState(_state, _detail = '') {}
}
