// The computing state of the results: after a short delay (fast answers
// do not flicker), the results are marked as out of date and being
// recomputed (class "recomputing", aria-busy on #outputs), the status says
// so, a bar shows the time spent so far once it passes a second, and a
// Stop button ends the computation. The previous result stays on screen,
// marked as out of date, until the answer replaces it.

/** Wait before the busy state shows: answers faster than this never show it. */
export const BUSY_DELAY_MS = 150;
/** Elapsed time is shown from this long on. */
const ELAPSED_FROM_MS = 1000;

export class Busy {
  /**
   * @param {object} opts
   * @param {HTMLElement} opts.outputs the results section (#outputs)
   * @param {HTMLElement} opts.status the one-line status (#status)
   * @param {HTMLElement} opts.box the busy bar (#busy)
   * @param {HTMLElement} opts.elapsed where the time spent goes (#busy-elapsed)
   * @param {HTMLButtonElement} opts.stopButton (#btn-stop)
   * @param {() => void} opts.onStop the user pressed Stop
   * @param {number} [opts.delayMs]
   * @param {() => number} [opts.now]
   */
  constructor({ outputs, status, box, elapsed, stopButton, onStop, delayMs = BUSY_DELAY_MS, now = () => performance.now() }) {
    this.outputs = outputs;
    this.status = status;
    this.box = box;
    this.elapsed = elapsed;
    this.delayMs = delayMs;
    this.now = now;
    this.startedAt = 0;
    this.shown = false;
    this.active = false;
    this.timer = undefined;
    this.ticker = undefined;
    stopButton.addEventListener('click', () => onStop());
  }

  /**
   * A computation was asked for. The time counts from the newest request:
   * it is that answer the page waits for.
   * @param {string} [what] what is being done, e.g. 'Evaluating the Jsonnet'
   */
  begin(what = 'Computing') {
    this.active = true;
    this.startedAt = this.now();
    this.what = what;
    if (this.shown) {
      this.show();
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.show(), this.delayMs);
  }

  /** The answer (or an error, a stop, a time-out) is on screen. */
  end() {
    this.active = false;
    clearTimeout(this.timer);
    clearInterval(this.ticker);
    this.timer = undefined;
    this.ticker = undefined;
    if (!this.shown) return;
    this.shown = false;
    this.outputs.classList.remove('recomputing');
    this.outputs.removeAttribute('aria-busy');
    this.box.hidden = true;
    this.elapsed.textContent = '';
  }

  /** @private */
  show() {
    if (!this.active) return;
    const hasResult = this.outputs.dataset.state === 'ready' || this.outputs.classList.contains('stale');
    this.outputs.classList.toggle('recomputing', hasResult);
    this.outputs.setAttribute('aria-busy', 'true');
    this.status.textContent = hasResult
      ? `${this.what}… the results below are from the previous inputs.`
      : `${this.what}…`;
    this.box.hidden = false;
    this.shown = true;
    this.tick();
    clearInterval(this.ticker);
    this.ticker = setInterval(() => this.tick(), 100);
  }

  /** @private */
  tick() {
    const ms = this.now() - this.startedAt;
    const text = ms >= ELAPSED_FROM_MS ? `${(ms / 1000).toFixed(1)} s` : '';
    if (this.elapsed.textContent !== text) this.elapsed.textContent = text;
  }
}
