// Saved work without DOM: the store's client (the wasm/store program,
// loaded into the page when first needed), the autosaver that writes the
// working state to it as the user types, and the wording of times and
// import reports. The panel is saves-ui.js; the tab's session id is
// session.js.
//
// The state saved is the page's state as pageState() returns it (the same
// object share links carry), opaque to the store: fields the page adds
// later are saved and restored with the rest.

/**
 * @typedef {object} StoreError
 * @property {'invalid'|'not-found'|'conflict'|'too-large'|'format'|'quota'|'unavailable'|'internal'} kind
 * @property {string} message
 */
/**
 * @typedef {object} SaveItem a save or an autosave, without its state
 * @property {string} id
 * @property {'named'|'autosave'} kind
 * @property {string} [name]
 * @property {string} [summary] the object it holds, as "Deployment web"
 * @property {number} created ms since the epoch
 * @property {number} updated
 */
/**
 * @typedef {object} StoreResponse
 * @property {StoreError} [error]
 * @property {SaveItem} [item]
 * @property {SaveItem & {state: object}} [record]
 * @property {SaveItem[]} [saves]
 * @property {SaveItem[]} [autosaves]
 * @property {string} [file]
 * @property {{added: number, renamed: number, skipped: number, rejected: number}} [report]
 */

/**
 * @typedef {object} StepRef the selected step, saved beside the page's
 *   state as `selectedStep` (steps are renumbered between answers; these
 *   three name one)
 * @property {number} phase
 * @property {string} path
 * @property {string} rule
 */

/** The field of a saved state that holds the selected step. */
export const STEP_FIELD = 'selectedStep';

/**
 * Splits a stored state into the page's state and the selected step (null
 * when absent or malformed). The page's state still has to be validated.
 * @param {unknown} stored
 * @returns {{page: unknown, step: StepRef|null}}
 */
export function splitStep(stored) {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored) || !Object.hasOwn(stored, STEP_FIELD)) {
    return { page: stored, step: null };
  }
  const { [STEP_FIELD]: raw, ...page } = /** @type {Record<string, unknown>} */ (stored);
  const r = /** @type {any} */ (raw);
  const ok = r && typeof r === 'object' && Number.isInteger(r.phase) && typeof r.path === 'string' && r.path.length <= 10000 && typeof r.rule === 'string' && r.rule.length <= 100;
  return { page, step: ok ? { phase: r.phase, path: r.path, rule: r.rule } : null };
}

/**
 * The store's wasm, run in the page (it is small work: IndexedDB does
 * the waiting). Loaded by load(), at most once; calls made before wait
 * for it. A wasm that cannot load, like a browser without storage,
 * answers every call with an 'unavailable' error.
 */
export class StoreClient {
  /**
   * @param {() => Promise<{call: (request: string) => Promise<string>}>} loadBridge
   *   starts the store's program and resolves with its bridge
   */
  constructor(loadBridge) {
    this.loadBridge = loadBridge;
    /** @type {Promise<{call: (request: string) => Promise<string>}|null>|null} */
    this.loading = null;
    /** Why the store cannot be used, once known. */
    this.failure = '';
  }

  /** Starts loading (again calls do nothing). @returns {Promise<void>} */
  load() {
    if (!this.loading) {
      this.loading = this.loadBridge().catch((err) => {
        this.failure = `the saved work could not be loaded (${err instanceof Error ? err.message : String(err)})`;
        return null;
      });
    }
    return this.loading.then(() => undefined);
  }

  get loaded() {
    return this.loading !== null;
  }

  /**
   * Sends a request; never rejects.
   * @param {object} request
   * @returns {Promise<StoreResponse>}
   */
  async call(request) {
    await this.load();
    const bridge = await this.loading;
    if (!bridge) return { error: { kind: 'unavailable', message: this.failure } };
    try {
      return JSON.parse(await bridge.call(JSON.stringify(request)));
    } catch (err) {
      return { error: { kind: 'internal', message: err instanceof Error ? err.message : String(err) } };
    }
  }
}

/**
 * Writes the working state as the user types: one write at a time, and
 * while one is under way later changes only mark the state dirty, so
 * that the next write takes the newest state (read then, not at every
 * keystroke). A large state waits for the page to be idle.
 */
export class Autosaver {
  /**
   * @param {object} opts
   * @param {(state: object) => Promise<StoreResponse>} opts.write
   * @param {() => object} opts.getState
   * @param {(response: StoreResponse) => void} [opts.onWritten]
   * @param {(fn: () => void) => void} [opts.whenIdle] runs fn when the page is idle
   */
  constructor({ write, getState, onWritten = () => {}, whenIdle = (fn) => setTimeout(fn, 0) }) {
    this.write = write;
    this.getState = getState;
    this.onWritten = onWritten;
    this.whenIdle = whenIdle;
    this.dirty = false;
    this.busy = false;
    this.enabled = true;
    /** The write waiting for idle, if any. @type {(() => void)|null} */
    this.waiting = null;
    /** Size of the last state written, in characters: past LARGE, writes wait for idle. */
    this.lastSize = 0;
    /** @type {Array<() => void>} */
    this.waiters = [];
  }

  /** The working state changed. */
  changed() {
    if (!this.enabled) return;
    this.dirty = true;
    if (!this.busy) this.next();
  }

  /** @private */
  next() {
    if (!this.dirty || !this.enabled) {
      this.busy = false;
      const waiters = this.waiters;
      this.waiters = [];
      for (const w of waiters) w();
      return;
    }
    this.busy = true;
    const go = () => {
      if (this.waiting !== go) return; // flushed meanwhile
      this.waiting = null;
      this.dirty = false;
      const state = this.getState();
      this.lastSize = textSize(state);
      this.write(state).then((response) => {
        this.onWritten(response);
        this.next();
      });
    };
    this.waiting = go;
    if (this.lastSize > Autosaver.LARGE) this.whenIdle(go);
    else go();
  }

  /**
   * Writes a change that waits for idle now (the page is being left).
   * Nothing is written when nothing changed: an autosave's time is that
   * of the last change.
   */
  flush() {
    if (this.waiting) this.waiting();
  }

  /** Resolves when nothing is left to write. @returns {Promise<void>} */
  idle() {
    if (!this.busy && !this.dirty) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Stops writing (the store is unavailable). */
  stop() {
    this.enabled = false;
    this.dirty = false;
  }
}
/** The characters of a state's texts (its panes), without serializing it. @param {object} state */
function textSize(state) {
  let n = 0;
  for (const v of Object.values(state)) if (typeof v === 'string') n += v.length;
  return n;
}

/** States past this many characters are written when the page is idle. */
Autosaver.LARGE = 256 * 1024;

/**
 * When a save was made, as the list says it: "14:05" today, "Nov 24,
 * 14:05" before.
 * @param {number} ms
 * @param {number} [now]
 */
export function describeTime(ms, now = Date.now()) {
  const d = new Date(ms);
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  const today = new Date(now).toDateString() === d.toDateString();
  if (today) return time;
  const day = d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: d.getFullYear() === new Date(now).getFullYear() ? undefined : 'numeric' });
  return `${day}, ${time}`;
}

/**
 * What an import did, in a sentence.
 * @param {{added: number, renamed: number, skipped: number, rejected: number}} r
 */
export function describeImport(r) {
  const saves = (n) => `${n} save${n === 1 ? '' : 's'}`;
  const parts = [];
  parts.push(r.added ? `Imported ${saves(r.added)}` : 'Nothing new to import');
  if (r.renamed) parts.push(`${r.renamed} renamed, as a different save had the name`);
  if (r.skipped) parts.push(`${saves(r.skipped)} already here, skipped`);
  if (r.rejected) parts.push(`${saves(r.rejected)} unreadable, left out`);
  return `${parts.join('; ')}.`;
}

/** The export file's name for a day: applylens-saves-2026-11-25.json. @param {number} ms */
export function exportFileName(ms) {
  return `applylens-saves-${new Date(ms).toISOString().slice(0, 10)}.json`;
}

/**
 * What the page says when the store cannot save, by the error's kind.
 * @param {StoreError} error
 */
export function unavailableMessage(error) {
  if (error.kind === 'quota') return "Autosave is paused: the browser's storage for this page is full. Delete or export saves to make room; the page works as before.";
  return `Saving is off: ${error.message.replace(/\.$/, '')}. The page works as before, but your work is not saved beyond this tab.`;
}
