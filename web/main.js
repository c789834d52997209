// The page's entry point: starts the engine worker first (so the wasm
// downloads while the editors are built), then wires inputs, outputs and
// shortcuts together.

import { Transaction } from '@codemirror/state';
import { assets } from './assets.js';
import { EngineClient, debounce, engineClients } from './engine-client.js';
import { adopt, prestart, prestartOnIntent, timelineAddress, workerForAddress } from './prestart.js';
import { byId, h, clear } from './dom.js';
import { preloadSearch } from './cm/setup.js';
import { Inputs } from './inputs.js';
import { StepsView } from './outputs/steps.js';
import { PatchView } from './outputs/patch.js';
import { ResultView } from './outputs/result.js';
import { DiffView } from './outputs/diff.js';
import { statusSentence } from './outputs/format.js';
import { setupTabs } from './tabs.js';
import { Examples } from './examples.js';
import { LazyGallery } from './gallery-lazy.js';
import { ExampleLinks } from './example-open.js';
import { setupTheme } from './theme.js';
import { defaultScenario } from './default-scenario.js';
import { Sharing } from './share-ui.js';
import { LazyTimeline } from './timeline/lazy.js';
import { ModeSwitch } from './timeline/mode-switch.js';
import { ApplySwitch } from './serverside/switch.js';
import { parseOptions } from './embed/options.js';
import { EmbedLoader } from './embed/index.js';
import { setupSaves } from './saves.js';
import { Busy } from './busy.js';
import { ApplyFlags } from './flags.js';
import { errorStatus, renderErrorBlock } from './messages.js';
import { Intro } from './intro.js';
import { showStepLines as showInlineLines } from './step-lines.js';
import {
  JsonnetStage, storedFormat, storeFormat, scenarioFile, textAfterSwitch, fromJsonnetOutput,
} from './file-format.js';

/** @typedef {import('./api-types.js').Response} Response */
/** @typedef {import('./api-types.js').Result} Result */

const DEBOUNCE_MS = 150;

const engineState = byId('engine-state');
const engineMessage = byId('engine-message');
const retryButton = byId('btn-retry');
const outputs = byId('outputs');
const status = byId('status');
const staleNote = byId('stale-note');
const generalError = byId('error-general');

/** The last result that rendered, kept on screen while inputs are wrong. */
let lastGood = /** @type {Result|null} */ (null);
let firstResultSeen = false;
/** A message about the previous worker (timeout, crash) to show until the next answer. */
let engineNotice = '';
/**
 * The file format of the newest apply request: the answer to it is the
 * only one rendered. From Jsonnet, the engine's file spans and error
 * lines are in the JSON output, which the page does not show.
 * @type {import('./file-format.js').FileFormat}
 */
let requestFormat = 'yaml';
/** Same, for the result on screen. */
let resultFormat = /** @type {import('./file-format.js').FileFormat} */ ('yaml');

/** The embed mode's options (index.html?embed…, docs/embedding.md); null on the full page. */
const embed = parseOptions(location.search);
/** Whether the embed has been in sight (its engines may start). */
let embedSeen = false;

/** index.html starts the worker before this script loads; it is used once. */
function createWorker() {
  const early = globalThis.applylensEarly;
  if (early && early.worker) {
    const { worker, messages } = early;
    early.worker = undefined;
    early.messages = undefined;
    return { worker, messages: messages || [] };
  }
  return { worker: new Worker(new URL(assets.worker, document.baseURI)), messages: [] };
}

// The computing state: shown when an answer is slow, with a Stop button.
const busy = new Busy({
  outputs,
  status,
  box: byId('busy'),
  elapsed: byId('busy-elapsed'),
  stopButton: /** @type {HTMLButtonElement} */ (byId('btn-stop')),
  onStop: () => {
    jsonnet.client?.stop();
    client.stop();
    showEngineState('stopped');
  },
});

const client = new EngineClient({
  createWorker,
  onResponse: (response) => render(response),
  onState: (state, detail) => showEngineState(state, detail),
});
// An embed starts its engine once it is in sight (web/embed/embed.js).
// An address that opens the Timeline mode (a timeline example or link)
// starts it once the timeline has played, or when the single apply is
// shown first: on a slow phone the timeline's own engine then has the
// core to itself (early.js started it alone).
const engineAfterTimeline = !embed && timelineAddress(location.hash);
/** Whether the page has opened what its address asked for (then the deferred engine follows the mode shown). */
let addressOpened = false;
/** Starts the engine held back by engineAfterTimeline, once. */
function startDeferredEngine() {
  if (engineAfterTimeline && client.starts === 0) client.start();
}
if (!embed && !engineAfterTimeline) client.start();
// An on-demand engine the address will need (early.js started it: kept
// here until its mode adopts it), or a control a pointer or focus is on,
// starts now (web/prestart.js); never in an embed, whose frames out of
// sight download nothing.
if (!embed) {
  const needed = workerForAddress(location.hash, document.baseURI);
  if (needed) prestart(needed);
  prestartOnIntent(byId('mode-timeline'), new URL(assets.timelineWorker, document.baseURI).href);
  prestartOnIntent(byId('apply-switch'), new URL(assets.serversideWorker, document.baseURI).href);
}

setupTheme(/** @type {HTMLButtonElement} */ (byId('btn-theme')), embed ? embed.theme : undefined);

// Share links and the tab's draft: told of every change the user makes
// (sharing.changed()), it opens the link, the draft or the walkthrough.
// An embed has no draft: the frame's fragment and the Open link instead.
const sharing = embed
  ? new EmbedLoader(embed, {
    getState: () => pageState(),
    setState: (state) => applyState(state),
    showWalkthrough: () => loadScenario(),
    // Once seen, the engine of the mode shown starts; the other one when its mode is first shown.
    startEngine: () => {
      embedSeen = true;
      timeline.startEngine();
      if (modes.current === 'single') client.start();
    },
    setApplyView: (view) => timeline.setApplyView(view),
    inputEditors: () => Object.values(inputs.views),
    selectStep: (index) => {
      if (index >= stepsView.steps.length) return false;
      stepsView.select(index, { focus: false, scroll: false });
      return true;
    },
  })
  : new Sharing({
    getState: () => pageState(),
    setState: (state) => applyState(state),
    showWalkthrough: () => {
      loadScenario();
      intro.start();
    },
    focusPanes: () => inputs.views.file.focus(),
    address: (state) => (exampleLinks ? exampleLinks.address(state) : ''),
    onChange: () => saves.changed(),
  });

// The Timeline mode (loaded when first shown) has its own engine worker.
// In an embed it waits to be seen, keeps to the mode shown (no "Open in
// the three panes": "Open in applylens" is the way out) and follows readonly.
const timeline = new LazyTimeline({
  host: byId('timeline'),
  createClient: (onResponse, onState) => new EngineClient({
    createWorker: () => adopt(new URL(assets.timelineWorker, document.baseURI).href),
    // The timeline played (or its engine gave up): the single apply's engine may start.
    onResponse: (response, id) => {
      onResponse(response, id);
      startDeferredEngine();
    },
    onState: (state, detail) => {
      onState(state, detail);
      if (state !== 'loading' && state !== 'ready') startDeferredEngine();
    },
  }),
  onChange: () => sharing.changed(),
  openInPanes: embed ? undefined : ({ file, live }) => {
    replacePanes({ ...pageState(), mode: 'derived', lastApplied: '', file, live, view: 'single' },
      "Opened the timeline's apply in the three panes.", "Redo: open the timeline's apply");
  },
  readonly: !!embed && embed.readonly,
  deferStart: !!embed,
});
const modes = new ModeSwitch({
  onShow: (view) => {
    timeline.setVisible(view === 'timeline');
    // What describes the inputs belongs to the mode shown.
    examples.setView(view);
    intro.setView(view);
    // An embed seen in the Timeline mode, given a single apply's fragment.
    if (embedSeen && view === 'single' && client.starts === 0) client.start();
    if (addressOpened && view === 'single') startDeferredEngine();
    sharing.changed();
  },
});
// Saved work (IndexedDB, wasm/store loaded when idle after the first
// result): autosaves what the draft follows, named saves, the Saves panel.
// An embed saves nothing: a documentation page's frames are not the
// reader's work, and must not offer it in other tabs.
const saves = embed ? { changed() {} } : setupSaves({
  getState: () => pageState(),
  // The Saves panel says what it opened, with its own Undo: the link bar's line is about panes gone.
  setState: (state) => {
    if (sharing instanceof Sharing) sharing.superseded();
    applyState(state);
  },
  changed: () => sharing.changed(),
  focusPanes: () => inputs.views.file.focus(),
  getStep: () => selectedStep(),
  setStep: (step) => { pendingStep = step; },
});
/** A step to select once the next answer is rendered (saved work being restored). */
let pendingStep = /** @type {import('./saved-work.js').StepRef|null} */ (null);

const inputs = new Inputs({
  onChange: () => {
    // The wait counts from the key, not from when the editor has handled it.
    schedule.since(inputs.lastKeyAt);
    sharing.changed();
  },
});
const formatSelect = /** @type {HTMLSelectElement} */ (byId('file-format'));
const formatState = byId('file-format-state');

// The Jsonnet evaluator: its worker and wasm load on the first request,
// that is when the format is first Jsonnet.
const jsonnet = new JsonnetStage({
  createWorker: () => new Worker(new URL(assets.jsonnetWorker, document.baseURI)),
  onState: (state, detail) => showJsonnetState(state, detail),
});
const patchView = new PatchView();
const resultView = new ResultView();
const diffView = new DiffView();
/** Counts step selections: only the newest one's lines are marked. */
let selections = 0;
/** The selected step's index (-1: none). */
let selectedIndex = -1;
const stepsView = new StepsView(byId('steps'), {
  onSelect: (step, index, scroll = true) => {
    const selection = ++selections;
    // A step the user chose (not one kept across answers) is saved work.
    if (scroll && step) saves.changed();
    selectedIndex = step ? index : -1;
    if (!step) {
      showStepLines(null, scroll);
      return;
    }
    // The engine locates the step when asked (op "where").
    client.where(index).then((where) => {
      if (selection === selections) showStepLines(where || {}, scroll);
    });
  },
});
/** One column: the editors are far from the steps (style.css's breakpoint). */
const narrow = matchMedia('(max-width: 900px)');
/** Touch screens: hints speak of tapping, not of keys. */
const touch = matchMedia('(pointer: coarse)').matches;
if (touch) {
  byId('out-steps').querySelector('.panel-hint').textContent = "Each decision kubectl makes, in the documentation's order. Tap a step to see its field in the panes.";
}
const intro = new Intro({
  before: /** @type {HTMLElement} */ (document.querySelector('main.layout')),
  touch,
});

/**
 * Marks the selected step's lines in the editors (null: no step).
 * @param {import('./api-types.js').Where|null} where
 * @param {boolean} scroll
 */
function showStepLines(where, scroll) {
  if (where && resultFormat === 'jsonnet') where = { ...where, file: undefined };
  inputs.highlight(where, scroll);
  resultView.highlight(where && where.result, scroll);
  patchView.highlight(where && where.patch, scroll);
  const panes = /** @type {const} */ (['lastApplied', 'file', 'live']).map((pane) => {
    const doc = inputs.views[pane].state.doc;
    return { label: paneLabel(pane), span: where && where[pane], lines: doc.lines, text: (n) => doc.line(n).text };
  });
  // Only where the editors are out of sight of the steps (style.css hides it above too).
  showInlineLines(byId('steps'), where && narrow.matches ? selectedIndex : -1, panes);
}
// Only the tab in sight is rendered; the others catch up when shown.
const tabs = setupTabs(byId('tablist'), {
  onShow: (id) => {
    patchView.setVisible(id === 'tab-patch');
    resultView.setVisible(id === 'tab-result');
    diffView.setVisible(id === 'tab-diff');
    sharing.changed();
  },
});

// Client-side, server-side or both: the server-side view and its wasm load on first use.
const applySwitch = new ApplySwitch({
  createClient: () => new EngineClient({
    createWorker: () => adopt(new URL(assets.serversideWorker, document.baseURI).href), onResponse() {}, onState() {},
  }),
  highlight: (where) => inputs.highlight(where, true),
  paneLabel,
  onChange: () => {
    flags.refresh();
    intro.setApply(applySwitch.kind);
    sharing.changed();
  },
});

const schedule = debounce(() => compute(), DEBOUNCE_MS);

// --overwrite, -n and a custom kind's scope (web/flags.js).
const flags = new ApplyFlags({
  onChange: () => {
    compute();
    sharing.changed();
  },
  onInput: () => {
    schedule();
    sharing.changed();
  },
  extraCommand: () => applySwitch.commandFlags(),
});

/** Sends the inputs to the engine, or shows guidance when there is nothing to compute. */
function compute() {
  schedule.cancel();
  const values = inputs.values();
  if (!values.file.trim()) {
    client.cancel();
    jsonnet.cancel();
    showEmpty(values);
    return;
  }
  if (inputs.format === 'jsonnet') {
    // An answer to an older YAML request must not render now.
    client.cancel();
    if (!jsonnet.started) showPending('Loading the Jsonnet evaluator…');
    busy.begin('Evaluating the Jsonnet');
    jsonnet.request(values.file, (answer) => {
      if (answer.error) {
        renderError(answer.error);
        announceRendered();
        return;
      }
      sendApply({ ...values, file: answer.json || '' }, 'jsonnet');
    });
    return;
  }
  jsonnet.cancel();
  sendApply(values, 'yaml');
}

/**
 * @param {ReturnType<Inputs['values']>} values
 * @param {import('./file-format.js').FileFormat} format
 */
function sendApply(values, format) {
  /** @type {import('./api-types.js').Request} */
  const request = { op: 'apply', ...values };
  flags.addTo(request);
  requestFormat = format;
  busy.begin();
  client.request(request);
  applySwitch.inputs(request);
}

/** Says the results wait for something, unless a result is on screen. @param {string} text */
function showPending(text) {
  if (lastGood) return;
  outputs.dataset.state = 'loading';
  status.textContent = text;
}

/** @param {ReturnType<Inputs['values']>} values */
function showEmpty(values) {
  busy.end();
  applySwitch.inputs(null);
  inputs.clearErrors();
  lastGood = null;
  setStale(false);
  hide(generalError);
  renderWarnings([]);
  outputs.dataset.state = 'empty';
  const onlyLive = values.live.trim() !== '';
  status.textContent = onlyLive
    ? 'Now paste the configuration file: the results appear as soon as it is there.'
    : 'Paste a configuration file (and the live object, if it already exists) to see what kubectl apply does.';
  stepsView.message('Nothing to show yet. Paste the configuration file in the middle pane, the live object (from kubectl get -o yaml) in the last pane, or press "Example" to load the documentation\'s walkthrough.');
  stepsView.onSelect(null, -1, false);
  patchView.clear();
  resultView.clear();
  diffView.clear();
  if (inputs.mode === 'derived') inputs.showDerived('');
}

let renders = 0;

/**
 * Says an answer is on screen: the views in sight show it (tabs out of
 * sight catch up when shown). For tests and the page benchmark
 * (docs/page.md): the performance mark applylens:rendered (the newest
 * answer's) and the count <html data-renders>.
 */
function announceRendered() {
  busy.end();
  renders++;
  // The newest answer's mark only: the browser keeps every mark until it
  // is cleared, one per answer for the tab's life (TestMemory).
  performance.clearMarks('applylens:rendered');
  performance.mark('applylens:rendered');
  document.documentElement.dataset.renders = String(renders);
}

/** @param {Response} response */
function render(response) {
  renderAnswer(response);
  if (pendingStep) selectStep(pendingStep);
  announceRendered();
}

/** The selected step, as saved work keeps it. @returns {import('./saved-work.js').StepRef|null} */
function selectedStep() {
  const step = stepsView.selected >= 0 ? stepsView.steps[stepsView.selected] : null;
  return step ? { phase: step.phase, path: step.path, rule: step.rule } : null;
}

/** Selects the step with this phase, path and rule, if the answer has one. @param {import('./saved-work.js').StepRef} ref */
function selectStep(ref) {
  pendingStep = null;
  const index = stepsView.steps.findIndex((s) => s.phase === ref.phase && s.path === ref.path && s.rule === ref.rule);
  if (index >= 0) stepsView.select(index, { focus: false });
}

/** @param {() => void} fn */
function whenIdle(fn) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 0);
}

/** @param {Response} response */
function renderAnswer(response) {
  setTextContent(byId('version'), response.version ? `engine ${response.version}` : '');
  if (!firstResultSeen) {
    firstResultSeen = true;
    // Since navigation start (performance's time origin), not since this
    // script ran: the figure the ≤ 0.8 s budget is about.
    const ms = Math.round(performance.now());
    document.documentElement.dataset.firstResultMs = String(ms);
    performance.mark('applylens:first-result');
    // Search in the editors comes after the first visit's bytes; an
    // embed (one of many on a page) loads it only for a Ctrl+F.
    if (!embed) setTimeout(() => whenIdle(() => preloadSearch().catch(() => {})), 1000);
  }
  const notice = engineNotice;
  engineNotice = '';
  if (response.error) {
    renderError(requestFormat === 'jsonnet' ? fromJsonnetOutput(response.error) : response.error, notice);
    return;
  }
  const result = response.result;
  if (!result) {
    renderError({ kind: 'internal', message: 'the engine answered with neither a result nor an error' }, notice);
    return;
  }
  lastGood = result;
  resultFormat = requestFormat;
  flags.answered(result);
  inputs.clearErrors();
  hide(generalError);
  setStale(false);
  setData(outputs, 'state', 'ready');
  setData(outputs, 'action', result.action);
  if (inputs.mode === 'derived') inputs.showDerived(result.derivedLastAppliedYAML || '');
  setTextContent(status, statusSentence(result));
  renderWarnings(result.warnings || []);
  // Views first, steps last: restoring the selected step highlights
  // lines in the editors, which must hold the new texts (or, for the
  // tabs out of sight, know they are behind).
  resultView.render(result);
  patchView.render(result);
  diffView.render(result);
  stepsView.render(result.steps || []);
}

/**
 * @param {import('./api-types.js').Error} error
 * @param {string} [notice]
 */
function renderError(error, notice = '') {
  flags.answered(null, error);
  const inPane = error.kind === 'input' && inputs.showError(error);
  if (!inPane) inputs.clearErrors();
  if (inPane) {
    hide(generalError);
  } else {
    // The whole message, once (messages.js); the status stays short.
    renderErrorBlock(generalError, error, notice);
    generalError.hidden = false;
    if (error.fields && error.fields.length > 0) inputs.highlight(error.fields[0].where, true);
  }
  const paneName = inPane ? paneLabel(error.pane) : '';
  outputs.dataset.state = 'error';
  status.textContent = errorStatus(error, paneName);
  setStale(lastGood !== null);
}

/** @param {string} pane */
function paneSlug(pane) {
  return pane === 'lastApplied' ? 'last-applied' : pane;
}

/** A pane's label as the page shows it. @param {string} pane */
function paneLabel(pane) {
  const label = document.getElementById(`label-${paneSlug(pane)}`);
  return (label && label.textContent) || pane;
}

/** @param {boolean} stale */
function setStale(stale) {
  outputs.classList.toggle('stale', stale);
  if (staleNote.hidden !== !stale) staleNote.hidden = !stale;
}

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

/** The warnings on screen, as JSON, to skip rebuilding an equal list. */
let shownWarnings = '[]';

/** @param {import('./api-types.js').Warning[]} warnings */
function renderWarnings(warnings) {
  const key = JSON.stringify(warnings);
  if (key === shownWarnings) return;
  shownWarnings = key;
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
 * @param {import('./engine-client.js').EngineState} state
 * @param {string} [detail]
 */
function showEngineState(state, detail = '') {
  if (state !== 'loading' && state !== 'ready') busy.end();
  if (state === 'stopped') {
    outputs.dataset.state = 'error';
    status.textContent = lastGood ? 'Stopped: the results shown are from earlier inputs.' : 'Stopped.';
    show(generalError, 'You stopped the computation. Edit the inputs to compute again.');
    setStale(lastGood !== null);
    return;
  }
  engineState.dataset.state = state;
  retryButton.hidden = state !== 'failed';
  switch (state) {
    case 'loading':
      engineState.hidden = false;
      engineMessage.textContent = 'Loading the engine…';
      if (!lastGood && !busy.shown) {
        outputs.dataset.state = 'loading';
        status.textContent = 'Loading the engine…';
      }
      break;
    case 'ready':
      performance.mark('applylens:engine-ready');
      engineState.hidden = true;
      engineMessage.textContent = '';
      break;
    case 'failed':
      engineState.hidden = false;
      engineMessage.textContent = `The engine could not be loaded: ${detail}. Check your connection and retry.`;
      outputs.dataset.state = 'failed';
      status.textContent = 'The engine could not be loaded.';
      break;
    case 'timeout':
    case 'crashed': {
      engineNotice = state === 'timeout'
        ? `The previous computation ran longer than ${detail} and was stopped; the engine was restarted.`
        : `The engine crashed (${detail}) and was restarted.`;
      show(generalError, `${engineNotice} Edit the inputs to try again.`);
      outputs.dataset.state = 'error';
      status.textContent = state === 'timeout' ? 'Stopped: the computation took too long.' : 'Stopped: the engine crashed.';
      setStale(lastGood !== null);
      break;
    }
  }
}

/** What the format selector says while Jsonnet loads, is ready or failed. */
const JSONNET_STATE_TEXT = { loading: 'Loading Jsonnet…', ready: '', failed: 'Jsonnet could not be loaded' };

/**
 * The Jsonnet evaluator's state, beside the format selector. Its errors
 * (time-outs, crashes, load failures) come as answers: see JsonnetStage.
 * @param {import('./engine-client.js').EngineState} state
 * @param {string} [detail]
 */
function showJsonnetState(state, detail = '') {
  // timeout, crashed: the worker is already being replaced ('loading').
  if (!Object.hasOwn(JSONNET_STATE_TEXT, state)) return;
  const text = JSONNET_STATE_TEXT[state];
  byId('pane-file').dataset.jsonnet = state;
  formatState.dataset.state = state;
  formatState.textContent = text;
  formatState.hidden = text === '';
  if (state === 'failed') console.warn(`applylens: the Jsonnet evaluator could not be loaded: ${detail}`);
}

/** The file pane's format, its selector and hint. @param {import('./file-format.js').FileFormat} format */
function showFormat(format) {
  formatSelect.value = format;
  byId('file-format-hint').hidden = format !== 'jsonnet';
  inputs.setFormat(format);
}

/** Switches the format, and the example's file with it. @param {import('./file-format.js').FileFormat} format */
function setFormat(format) {
  const before = inputs.format;
  showFormat(format);
  inputs.setFileText(textAfterSwitch(inputs.values().file, before, format, defaultScenario));
}

formatSelect.addEventListener('change', () => {
  const format = formatSelect.value === 'jsonnet' ? 'jsonnet' : 'yaml';
  storeFormat(format);
  setFormat(format);
  compute();
  sharing.changed();
});

/**
 * The flags row's state with the apply switch's flags in place of those
 * the row keeps as they came: `flags` only when some flag is set.
 * @param {{overwrite: boolean, flags?: import('./share.js').Flags}} row
 */
function withSwitch({ overwrite, flags: rowFlags = {} }) {
  const { apply, fieldManager, forceConflicts, crds, ...rest } = rowFlags;
  const all = { ...rest, ...applySwitch.flags() };
  return Object.keys(all).length > 0 ? { overwrite, flags: all } : { overwrite };
}

/**
 * What the page shows, as a share link or the draft holds it.
 * @returns {import('./share.js').ShareState}
 */
function pageState() {
  const v = inputs.values();
  const tab = /** @type {import('./share.js').ShareState['tab']} */ (tabs.current().replace(/^tab-/, ''));
  return {
    mode: inputs.mode, lastApplied: v.lastApplied, file: v.file, live: v.live, format: inputs.format, tab,
    view: modes.current, timeline: timeline.state(), ...withSwitch(flags.state()),
  };
}

/**
 * Shows a state (from a link or the draft) and computes it.
 * @param {import('./share.js').ShareState} state
 */
function applyState(state) {
  examples.reset();
  intro.hide();
  const { apply, fieldManager, forceConflicts, crds } = state.flags || {};
  applySwitch.load({ apply, fieldManager, forceConflicts, crds });
  flags.load(state);
  showFormat(state.format);
  inputs.load({ lastApplied: state.lastApplied, file: state.file, live: state.live }, state.mode);
  tabs.show(`tab-${state.tab}`);
  compute();
  if (state.timeline) timeline.load(state.timeline);
  modes.show(state.view || 'single');
}

retryButton.addEventListener('click', () => {
  client.start();
  compute();
});

function show(el, text) {
  el.textContent = text;
  el.hidden = false;
}

function hide(el) {
  if (el.hidden && !el.firstChild) return;
  el.textContent = '';
  el.hidden = true;
}

// Buttons.
byId('btn-embed-code').addEventListener('click', () => {
  import('./embed/code.js').then((m) => m.toggleEmbedCode({
    getState: () => pageState(),
    selectedStep: () => (modes.current === 'timeline' ? timeline.state().selected : stepsView.selected),
    applyView: () => timeline.applyViewShown(),
    // An unchanged example embeds by its id; the tab and the step are embed options.
    exampleAddress: (state) => (exampleLinks
      ? exampleLinks.address({ ...state, tab: 'steps', timeline: state.timeline && { ...state.timeline, selected: 0 } })
      : ''),
  }));
});
// Example and Clear replace the panes, which Undo brings back (Sharing.replace).
byId('btn-clear').addEventListener('click', () => {
  replacePanes({ ...pageState(), mode: 'derived', lastApplied: '', file: '', live: '' },
    'Cleared the panes.', 'Redo: clear the panes');
  inputs.views.file.focus();
});
byId('btn-example').addEventListener('click', () => {
  replacePanes({
    ...pageState(), mode: defaultScenario.mode, lastApplied: defaultScenario.lastApplied, file: scenarioFile(defaultScenario, inputs.format), live: defaultScenario.live,
  }, "Loaded the documentation's walkthrough.", 'Redo: load the walkthrough');
});

/**
 * Shows a state made by one of the page's own buttons, keeping what it
 * replaces for Undo (an embed has no Undo: it shows its example).
 * @param {import('./share.js').ShareState} state
 * @param {string} done
 * @param {string} redoLabel
 */
function replacePanes(state, done, redoLabel) {
  if (sharing instanceof Sharing) {
    sharing.replace(state, done, redoLabel);
  } else {
    applyState(state);
    sharing.changed();
  }
}

// The examples, the gallery that lists them, and their addresses
// (#example=<id>): a chosen example opens like a link (Undo restores the panes).
const examples = new Examples();
const gallery = new LazyGallery({
  load: () => examples.load().then(() => examples.list()),
  onPick: (id) => exampleLinks?.pick(id),
  current: () => examples.current(),
});
// Example addresses on the full page; an embed reads #example= itself (web/embed/embed.js).
const exampleLinks = embed ? null : new ExampleLinks({ examples, sharing: /** @type {Sharing} */ (sharing), gallery });

function loadScenario() {
  inputs.load({ ...defaultScenario, file: scenarioFile(defaultScenario, inputs.format) }, defaultScenario.mode);
  compute();
}

// Help popover.
const help = byId('help');
const helpButton = byId('btn-help');
function toggleHelp(open = help.hidden) {
  help.hidden = !open;
  helpButton.setAttribute('aria-expanded', String(open));
  if (open) help.focus?.();
}
help.tabIndex = -1;
helpButton.addEventListener('click', () => toggleHelp());
help.addEventListener('keydown', (e) => {
  if (e.key === 'Escape') {
    toggleHelp(false);
    helpButton.focus();
  }
});

// Global shortcuts. event.code, not event.key: Alt+J types a character
// on some layouts (macOS), but the key position is the same.
const TAB_KEYS = { Digit1: 'tab-steps', Digit2: 'tab-patch', Digit3: 'tab-result', Digit4: 'tab-diff' };
document.addEventListener('keydown', (e) => {
  if (!e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.code === 'KeyL') {
    e.preventDefault();
    if (!e.repeat) sharing.copyLink();
  } else if (e.code === 'KeyJ' || e.code === 'KeyK') {
    e.preventDefault();
    if (tabs.current() !== 'tab-steps') tabs.show('tab-steps');
    if (e.code === 'KeyJ') stepsView.next();
    else stepsView.previous();
  } else if (TAB_KEYS[e.code]) {
    e.preventDefault();
    tabs.show(TAB_KEYS[e.code]);
    byId(TAB_KEYS[e.code]).focus();
  }
});

// A small handle for browser tests and the console (documented in
// docs/page.md): typing through it is the same as typing in the pane.
const PANES = { 'last-applied': 'lastApplied', file: 'file', live: 'live' };
globalThis.applylensPage = {
  /**
   * @param {'last-applied'|'file'|'live'} pane @param {string} text
   * @param {{history?: boolean}} [opts] history false: the edit stays out of
   *   the undo history (TestMemory: the history keeps 100 to 120 whole texts by design)
   */
  setText(pane, text, opts = {}) {
    const view = inputs.views[PANES[pane]];
    if (!view) throw new Error(`unknown pane ${pane}`);
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: text },
      userEvent: 'input',
      annotations: opts.history === false ? Transaction.addToHistory.of(false) : [],
    });
  },
  /** @param {'last-applied'|'file'|'live'|'patch'|'result'} pane */
  getText(pane) {
    // A tab out of sight may not hold the last answer yet: bring it up to date.
    if (pane === 'patch') return (patchView.flush(), patchView.view.state.doc.toString());
    if (pane === 'result') return (resultView.flush(), resultView.view.state.doc.toString());
    const view = inputs.views[PANES[pane]];
    if (!view) throw new Error(`unknown pane ${pane}`);
    return view.state.doc.toString();
  },
  mode: () => inputs.mode,
  /** The file pane's format: 'yaml' or 'jsonnet'. */
  format: () => inputs.format,
  /** Chooses the file pane's format as the selector does. @param {'yaml'|'jsonnet'} format */
  setFormat(format) {
    formatSelect.value = format;
    formatSelect.dispatchEvent(new Event('change'));
  },
  /** The engine's time limit, in ms (default 4000), for tests. @param {number} ms */
  setTimeLimit(ms) {
    client.timeoutMs = ms;
    jsonnet.timeoutMs = ms;
    if (jsonnet.client) jsonnet.client.timeoutMs = ms;
  },
  /** The ids of the applies requested (the newest) and those the worker received. */
  engineLog: () => ({ lastId: client.lastId, received: [...client.received], starts: client.starts, memoryBytes: client.memoryBytes }),
  /**
   * Every engine's answers and time-outs so far, and whether one computes
   * or has a request waiting (the engine, Jsonnet, timeline, server-side).
   */
  engines() {
    let answers = 0;
    let timeouts = 0;
    let busy = false;
    for (const c of engineClients) {
      answers += c.answers;
      timeouts += c.timeouts;
      busy ||= c.busy;
    }
    // Each worker's start, phase by phase, on the page's clock (ms since
    // navigation): web/wasm-worker.js's timings, and its first answer.
    const page = (/** @type {number|string} */ t) => (typeof t === 'number' ? Math.round(t - performance.timeOrigin) : t);
    const startTimings = [...engineClients].filter((c) => c.startTimings).map((c) => ({
      ...Object.fromEntries(Object.entries(c.startTimings || {}).map(([k, v]) => [k, page(v)])),
      ...(c.firstAnswer ? { firstAnswer: page(c.firstAnswer.at), firstAnswerMs: Math.round(c.firstAnswer.ms) } : {}),
    }));
    return { answers, timeouts, busy, startTimings };
  },
  /** How many times the server-side worker started (0 until the switch leaves client-side). */
  serverSideStarts: () => applySwitch.starts(),
  /** The least time each computation keeps the worker busy, for tests (default 0). @param {number} ms */
  setMinBusy(ms) {
    client.minBusyMs = ms;
  },
  /** How long a replaced computation runs before its worker is replaced (default 500 ms). @param {number} ms */
  setAbandonAfter(ms) {
    client.abandonAfterMs = ms;
  },
};

// An embed shows its own state's format, not the one this browser chose on the full page.
setFormat(embed ? 'yaml' : storedFormat());
// A link in the address bar, else this tab's draft, else the walkthrough;
// then an example's address, over it. An embed opens its fragment itself.
const opening = exampleLinks ? sharing.start().then(() => exampleLinks.start()) : sharing.start();
// An address that was to open a timeline and did not (an unknown
// example, a broken link) leaves the single apply shown: its engine starts.
Promise.resolve(opening).finally(() => {
  addressOpened = true;
  if (modes.current !== 'timeline') startDeferredEngine();
});
