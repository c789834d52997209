// The single-apply mode's round trip: the panes sent to the engine (through
// the Jsonnet evaluator first when the file is Jsonnet), the answer
// rendered in the results column (status, warnings, errors, the tabs,
// the steps), the selected step's lines marked in the editors, and what
// the results show while the engine loads, fails or is stopped. Its state
// between answers is one value, SingleApply.state (PageState), which only
// this module changes.

import { byId, h, clear } from '../dom.js';
import { preloadSearch } from '../editor/cm/setup.js';
import { statusSentence } from '../outputs/format.js';
import { errorStatus, renderErrorBlock } from '../outputs/messages.js';
import { showStepLines as showInlineLines } from '../outputs/step-lines.js';
import { renderElsewhere } from '../outputs/elsewhere.js';
import { fromJsonnetOutput } from '../editor/file-format.js';

/** @typedef {import('../workers/api-types.js').Response} Response */
/** @typedef {import('../workers/api-types.js').Result} Result */
/** @typedef {import('../editor/file-format.js').FileFormat} FileFormat */
/** @typedef {import('../saves/saved-work.js').StepRef} StepRef */

/**
 * What the single-apply mode keeps between answers.
 * @typedef {object} PageState
 * @property {Result|null} lastGood the last result that rendered, kept on screen while inputs are wrong
 * @property {boolean} firstResultSeen
 * @property {string} engineNotice a message about the previous worker (timeout, crash) to show until the next answer
 * @property {FileFormat} requestFormat the file format of the newest apply request: the answer to it is the
 *   only one rendered. From Jsonnet, the engine's file spans and error lines are in the JSON output,
 *   which the page does not show.
 * @property {FileFormat} resultFormat same, for the result on screen
 * @property {boolean} embedSeen whether the embed has been in sight (its engines may start)
 * @property {StepRef|null} pendingStep a step to select once the next answer is rendered (saved work being restored)
 * @property {number} selections counts step selections: only the newest one's lines are marked
 * @property {number} selectedIndex the selected step's index (-1: none)
 * @property {number} renders the answers rendered (<html data-renders>)
 * @property {string} shownWarnings the warnings on screen, as JSON, to skip rebuilding an equal list
 */

/** @returns {PageState} */
function newPageState() {
  return {
    lastGood: null,
    firstResultSeen: false,
    engineNotice: '',
    requestFormat: 'yaml',
    resultFormat: 'yaml',
    embedSeen: false,
    pendingStep: null,
    selections: 0,
    selectedIndex: -1,
    renders: 0,
    shownWarnings: '[]',
  };
}

/** A pane's label as the page shows it. @param {string} pane */
export function paneLabel(pane) {
  const slug = pane === 'lastApplied' ? 'last-applied' : pane;
  const label = document.getElementById(`label-${slug}`);
  return (label && label.textContent) || pane;
}

/** @param {() => void} fn */
function whenIdle(fn) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 0);
}

/** The stale results' note after an error in the inputs (index.html's text). */
const STALE_AFTER_ERROR = 'These results are from the last inputs that worked: fix the error to update them.';
/** After a computation that did not finish: nothing in the inputs to fix. */
const STALE_AFTER_STOP = 'These results are from earlier inputs: the last computation did not finish.';

/**
 * Sets an element's text, leaving the DOM alone when it is the same.
 * @param {HTMLElement} el
 * @param {string} text
 */
function setTextContent(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * Sets a data attribute, leaving the DOM alone when it is the same.
 * @param {HTMLElement} el
 * @param {string} key
 * @param {string} value
 */
function setData(el, key, value) {
  if (el.dataset[key] !== value) el.dataset[key] = value;
}

/** @param {HTMLElement} el @param {string} text */
function show(el, text) {
  el.textContent = text;
  el.hidden = false;
}

/** @param {HTMLElement} el */
function hide(el) {
  if (el.hidden && !el.firstChild) return;
  el.textContent = '';
  el.hidden = true;
}

/**
 * The parts of the page the round trip uses, made after it (see attach).
 * @typedef {object} Parts
 * @property {import('../editor/inputs.js').Inputs} inputs
 * @property {import('../editor/file-format.js').JsonnetStage} jsonnet
 * @property {import('../workers/engine-client.js').EngineClient} client
 * @property {import('../outputs/steps.js').StepsView} stepsView
 * @property {import('../outputs/patch.js').PatchView} patchView
 * @property {import('../outputs/result.js').ResultView} resultView
 * @property {import('../outputs/diff.js').DiffView} diffView
 * @property {import('./flags.js').ApplyFlags} flags
 * @property {import('../serverside/switch.js').ApplySwitch} applySwitch
 * @property {() => void} stepChosen the user chose a step (saved work follows)
 */

export class SingleApply {
  /**
   * Made before the engine starts (its state shows from the first
   * moment); attach gives it the views and the engine before any answer.
   * @param {object} opts
   * @param {import('../outputs/busy.js').Busy} opts.busy
   * @param {boolean} opts.embed in an embed (search loads only for a Ctrl+F)
   */
  constructor({ busy, embed }) {
    this.busy = busy;
    this.embed = embed;
    /** The one value of the mode's state between answers. */
    this.state = newPageState();
    this.outputs = byId('outputs');
    this.status = byId('status');
    this.staleNote = byId('stale-note');
    this.generalError = byId('error-general');
    this.elsewhereNote = byId('elsewhere');
    /** One column: the editors are far from the steps (style.css's breakpoint). */
    this.narrow = matchMedia('(max-width: 900px)');
    /** @type {Parts|null} */
    this.parts = null;
  }

  /** @param {Parts} parts */
  attach(parts) {
    this.parts = parts;
  }

  /** @private @returns {Parts} */
  get p() {
    return /** @type {Parts} */ (this.parts);
  }

  /**
   * Sends the inputs to the engine, or shows guidance when there is
   * nothing to compute.
   * @param {() => void} cancelSchedule drops a computation still waiting for its debounce
   */
  compute(cancelSchedule) {
    cancelSchedule();
    const { inputs, client, jsonnet } = this.p;
    const values = inputs.values();
    if (!values.file.trim()) {
      client.cancel();
      jsonnet.cancel();
      this.showEmpty(values);
      return;
    }
    if (inputs.format === 'jsonnet') {
      // An answer to an older YAML request must not render now.
      client.cancel();
      if (!jsonnet.started) this.showPending('Loading the Jsonnet evaluator…');
      this.busy.begin('Evaluating the Jsonnet');
      jsonnet.request(values.file, (answer) => {
        if (answer.error) {
          this.renderError(answer.error);
          this.announceRendered();
          return;
        }
        this.sendApply({ ...values, file: answer.json || '' }, 'jsonnet');
      });
      return;
    }
    jsonnet.cancel();
    this.sendApply(values, 'yaml');
  }

  /**
   * @private
   * @param {ReturnType<import('../editor/inputs.js').Inputs['values']>} values
   * @param {FileFormat} format
   */
  sendApply(values, format) {
    /** @type {import('../workers/api-types.js').Request} */
    const request = { op: 'apply', ...values };
    this.p.flags.addTo(request);
    this.state.requestFormat = format;
    this.busy.begin();
    this.p.client.request(request);
    this.p.applySwitch.inputs(request);
  }

  /** Says the results wait for something, unless a result is on screen. @private @param {string} text */
  showPending(text) {
    if (this.state.lastGood) return;
    this.outputs.dataset.state = 'loading';
    this.status.textContent = text;
  }

  /** @private @param {ReturnType<import('../editor/inputs.js').Inputs['values']>} values */
  showEmpty(values) {
    const { inputs, stepsView, patchView, resultView, diffView } = this.p;
    this.busy.end();
    this.p.applySwitch.inputs(null);
    inputs.clearErrors();
    this.state.lastGood = null;
    this.setStale(false);
    hide(this.generalError);
    renderElsewhere(this.elsewhereNote, undefined);
    this.renderWarnings([]);
    this.outputs.dataset.state = 'empty';
    const onlyLive = values.live.trim() !== '';
    this.status.textContent = onlyLive
      ? 'Now paste the configuration file: the results appear as soon as it is there.'
      : 'Paste a configuration file (and the live object, if it already exists) to see what kubectl apply does.';
    stepsView.message('Nothing to show yet. Paste the configuration file in the middle pane, the live object (from kubectl get -o yaml) in the last pane, or press "Example" to load the documentation\'s walkthrough.');
    stepsView.onSelect(null, -1, false);
    patchView.clear();
    resultView.clear();
    diffView.clear();
    if (inputs.mode === 'derived') inputs.showDerived('');
  }

  /**
   * Says an answer is on screen: the views in sight show it (tabs out of
   * sight catch up when shown). For tests and the page benchmark
   * (docs/page.md): the performance mark applylens:rendered (the newest
   * answer's) and the count <html data-renders>.
   * @private
   */
  announceRendered() {
    this.busy.end();
    this.state.renders++;
    // The newest answer's mark only: the browser keeps every mark until it
    // is cleared, one per answer for the tab's life (TestMemory).
    performance.clearMarks('applylens:rendered');
    performance.mark('applylens:rendered');
    document.documentElement.dataset.renders = String(this.state.renders);
  }

  /** The engine's answer. @param {Response} response */
  render(response) {
    this.renderAnswer(response);
    if (this.state.pendingStep) this.selectStep(this.state.pendingStep);
    this.announceRendered();
  }

  /** The selected step, as saved work keeps it. @returns {StepRef|null} */
  selectedStep() {
    const { stepsView } = this.p;
    const step = stepsView.selected >= 0 ? stepsView.steps[stepsView.selected] : null;
    return step ? { phase: step.phase, path: step.path, rule: step.rule } : null;
  }

  /** Selects this step once the next answer is rendered. @param {StepRef} step */
  selectAfterAnswer(step) {
    this.state.pendingStep = step;
  }

  /** Selects the step with this phase, path and rule, if the answer has one. @private @param {StepRef} ref */
  selectStep(ref) {
    const { stepsView } = this.p;
    this.state.pendingStep = null;
    const index = stepsView.steps.findIndex((s) => s.phase === ref.phase && s.path === ref.path && s.rule === ref.rule);
    if (index >= 0) stepsView.select(index, { focus: false });
  }

  /** @private @param {Response} response */
  renderAnswer(response) {
    const { inputs, flags, stepsView, patchView, resultView, diffView } = this.p;
    const state = this.state;
    setTextContent(byId('version'), response.version ? `engine ${response.version}` : '');
    if (!state.firstResultSeen) {
      state.firstResultSeen = true;
      // Since navigation start (performance's time origin), not since this
      // script ran: the figure the ≤ 0.8 s budget is about.
      const ms = Math.round(performance.now());
      document.documentElement.dataset.firstResultMs = String(ms);
      performance.mark('applylens:first-result');
      // Search in the editors comes after the first visit's bytes; an
      // embed (one of many on a page) loads it only for a Ctrl+F.
      if (!this.embed) setTimeout(() => whenIdle(() => preloadSearch().catch(() => {})), 1000);
    }
    const notice = state.engineNotice;
    state.engineNotice = '';
    if (response.error) {
      this.renderError(state.requestFormat === 'jsonnet' ? fromJsonnetOutput(response.error) : response.error, notice);
      return;
    }
    const result = response.result;
    if (!result) {
      this.renderError({ kind: 'internal', message: 'the engine answered with neither a result nor an error' }, notice);
      return;
    }
    state.lastGood = result;
    state.resultFormat = state.requestFormat;
    flags.answered(result);
    inputs.clearErrors();
    hide(this.generalError);
    this.setStale(false);
    setData(this.outputs, 'state', 'ready');
    setData(this.outputs, 'action', result.action);
    if (inputs.mode === 'derived') inputs.showDerived(result.derivedLastAppliedYAML || '');
    setTextContent(this.status, statusSentence(result));
    renderElsewhere(this.elsewhereNote, result.elsewhere);
    this.renderWarnings(result.warnings || []);
    // Views first, steps last: restoring the selected step highlights
    // lines in the editors, which must hold the new texts (or, for the
    // tabs out of sight, know they are behind).
    resultView.render(result);
    patchView.render(result);
    diffView.render(result);
    stepsView.render(result.steps || []);
  }

  /**
   * @param {import('../workers/api-types.js').ApiError} error
   * @param {string} [notice]
   */
  renderError(error, notice = '') {
    const { inputs, flags } = this.p;
    flags.answered(null, error);
    renderElsewhere(this.elsewhereNote, undefined);
    const inPane = error.kind === 'input' && inputs.showError(error);
    if (!inPane) inputs.clearErrors();
    if (inPane) {
      hide(this.generalError);
    } else {
      // The whole message, once (messages.js); the status stays short.
      renderErrorBlock(this.generalError, error, notice);
      this.generalError.hidden = false;
      if (error.fields && error.fields.length > 0) inputs.highlight(error.fields[0].where, true);
    }
    const paneName = inPane ? paneLabel(error.pane) : '';
    this.outputs.dataset.state = 'error';
    this.status.textContent = errorStatus(error, paneName);
    this.setStale(this.state.lastGood !== null);
  }

  /** @private @param {boolean} stale @param {string} [note] */
  setStale(stale, note = STALE_AFTER_ERROR) {
    this.outputs.classList.toggle('stale', stale);
    if (this.staleNote.hidden !== !stale) this.staleNote.hidden = !stale;
    setTextContent(this.staleNote, note);
  }

  /** @private @param {import('../workers/api-types.js').Warning[]} warnings */
  renderWarnings(warnings) {
    const key = JSON.stringify(warnings);
    if (key === this.state.shownWarnings) return;
    this.state.shownWarnings = key;
    const list = byId('warnings');
    clear(list);
    for (const w of warnings) {
      list.append(h('li', { dataset: { code: w.code } },
        h('span', { className: 'badge warn', text: w.code }),
        w.path ? h('code', { className: 'warn-path', text: w.path }) : null,
        h('span', { className: 'warn-message', text: ` ${w.message}` })));
    }
    byId('warnings-block').hidden = warnings.length === 0;
  }

  /**
   * A step was selected in the Steps tab (null: none): the engine locates
   * it (op "where") and its lines are marked.
   * @param {import('../workers/api-types.js').Step|null} step
   * @param {number} index
   * @param {boolean} [scroll]
   */
  stepSelected(step, index, scroll = true) {
    const selection = ++this.state.selections;
    // A step the user chose (not one kept across answers) is saved work.
    if (scroll && step) this.p.stepChosen();
    this.state.selectedIndex = step ? index : -1;
    if (!step) {
      this.showStepLines(null, scroll);
      return;
    }
    this.p.client.where(index).then((where) => {
      if (selection === this.state.selections) this.showStepLines(where || {}, scroll);
    });
  }

  /**
   * Marks the selected step's lines in the editors (null: no step).
   * @private
   * @param {import('../workers/api-types.js').Where|null} where
   * @param {boolean} scroll
   */
  showStepLines(where, scroll) {
    const { inputs, resultView, patchView } = this.p;
    if (where && this.state.resultFormat === 'jsonnet') where = { ...where, file: undefined };
    inputs.highlight(where, scroll);
    resultView.highlight(where && where.result, scroll);
    patchView.highlight(where && where.patch, scroll);
    const panes = /** @type {const} */ (['lastApplied', 'file', 'live']).map((pane) => {
      const doc = inputs.views[pane].state.doc;
      return { label: paneLabel(pane), span: where && where[pane], lines: doc.lines, text: (n) => doc.line(n).text };
    });
    // Only where the editors are out of sight of the steps (style.css hides it above too).
    showInlineLines(byId('steps'), where && this.narrow.matches ? this.state.selectedIndex : -1, panes);
  }

  /**
   * What the results show of the engine's state (the banner above them is
   * page/engine.js's): loading, failed, stopped, or a worker replaced
   * after a time-out or a crash, said with the next answer too.
   * @param {import('../workers/engine-client.js').EngineState} state
   * @param {string} [detail]
   */
  engineState(state, detail = '') {
    const s = this.state;
    if (state !== 'loading' && state !== 'ready') this.busy.end();
    switch (state) {
      case 'stopped':
        this.outputs.dataset.state = 'error';
        this.status.textContent = s.lastGood ? 'Stopped: the results shown are from earlier inputs.' : 'Stopped.';
        show(this.generalError, 'You stopped the computation. Edit the inputs to compute again.');
        this.setStale(s.lastGood !== null, STALE_AFTER_STOP);
        break;
      case 'loading':
        if (!s.lastGood && !this.busy.shown) {
          this.outputs.dataset.state = 'loading';
          this.status.textContent = 'Loading the engine…';
        }
        break;
      case 'failed':
        this.outputs.dataset.state = 'failed';
        this.status.textContent = 'The engine could not be loaded.';
        break;
      case 'timeout':
      case 'crashed':
        s.engineNotice = state === 'timeout'
          ? `The previous computation ran longer than ${detail} and was stopped; the engine was restarted.`
          : `The engine crashed (${detail}) and was restarted.`;
        show(this.generalError, `${s.engineNotice} Edit the inputs to try again.`);
        this.outputs.dataset.state = 'error';
        this.status.textContent = state === 'timeout' ? 'Stopped: the computation took too long.' : 'Stopped: the engine crashed.';
        this.setStale(s.lastGood !== null, STALE_AFTER_STOP);
        break;
    }
  }
}
