// The page's entry point and composition root: it makes the page's parts
// and wires them together, and keeps no state of its own. The engine's
// worker starts first (so the wasm downloads while the editors are built).
// The single-apply round trip and its state are page/single-apply.js's,
// the engine's state page/engine.js's, the keys page/shortcuts.js's and
// page/help.js's, the tests' handle page/test-handle.js's.

import { assets } from './workers/assets.js';
import { EngineClient, debounce } from './workers/engine-client.js';
import { adopt } from './workers/prestart.js';
import { byId } from './dom.js';
import { Inputs } from './editor/inputs.js';
import { JsonnetStage, storedFormat, storeFormat, scenarioFile, textAfterSwitch } from './editor/file-format.js';
import { StepsView } from './outputs/steps.js';
import { PatchView } from './outputs/patch.js';
import { ResultView } from './outputs/result.js';
import { DiffView } from './outputs/diff.js';
import { Busy } from './outputs/busy.js';
import { Examples } from './examples/examples.js';
import { ExampleLinks } from './examples/open.js';
import { defaultScenario } from './examples/default-scenario.js';
import { LazyGallery } from './gallery/lazy.js';
import { Sharing } from './share/share-ui.js';
import { setupSaves } from './saves/saves.js';
import { LazyTimeline } from './timeline/lazy.js';
import { ModeSwitch } from './timeline/mode-switch.js';
import { footerDocs, showFooterDocs } from './page/footer.js';
import { LazyKustomize } from './kustomize/lazy.js';
import { ApplySwitch } from './serverside/switch.js';
import { parseOptions } from './embed/options.js';
import { EmbedLoader } from './embed/index.js';
import { setupTabs } from './page/tabs.js';
import { setupTheme } from './page/theme.js';
import { ApplyFlags } from './page/flags.js';
import { Intro } from './page/intro.js';
import { SingleApply, paneLabel } from './page/single-apply.js';
import { EngineStart, createWorker, prestartEngines, showEngineBanner, showJsonnetState } from './page/engine.js';
import { setupShortcuts } from './page/shortcuts.js';
import { setupHelp } from './page/help.js';
import { installTestHandle } from './page/test-handle.js';

const DEBOUNCE_MS = 150;

/** The embed mode's options (index.html?embed…, docs/embedding.md); null on the full page. */
const embed = parseOptions(location.search);

// The computing state: shown when an answer is slow, with a Stop button.
const busy = new Busy({
  outputs: byId('outputs'),
  status: byId('status'),
  box: byId('busy'),
  elapsed: byId('busy-elapsed'),
  stopButton: /** @type {HTMLButtonElement} */ (byId('btn-stop')),
  onStop: () => {
    jsonnet.client?.stop();
    client.stop();
    showEngineState('stopped');
  },
});

// The single-apply round trip: requests, answers rendered, and its state.
const single = new SingleApply({ busy, embed: !!embed });

/**
 * The engine's state, in the results and above them.
 * @param {import('./workers/engine-client.js').EngineState} state
 * @param {string} [detail]
 */
function showEngineState(state, detail = '') {
  single.engineState(state, detail);
  showEngineBanner(state, detail);
}

const client = new EngineClient({
  createWorker,
  onResponse: (response) => single.render(response),
  onState: (state, detail) => showEngineState(state, detail),
});
// An embed starts its engine once it is in sight (web/embed/embed.js).
// An address that opens the Timeline mode or a server-side example starts
// it once that has answered (page/engine.js's EngineStart).
const engineStart = new EngineStart(client, { embed: !!embed });
// The on-demand engines the address or the user's pointer will need.
if (!embed) prestartEngines();

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
      single.state.embedSeen = true;
      timeline.startEngine();
      kustomize.startEngine();
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
    onResponse: (response) => {
      onResponse(response);
      engineStart.timelineSettled();
    },
    onState: (state, detail) => {
      onState(state, detail);
      if (state !== 'loading' && state !== 'ready') engineStart.timelineSettled();
    },
  }),
  onChange: () => {
    // A command's -k brings the Kustomize page into the footer.
    showFooterDocs(footerDocs(modes.current, timeline.commandLines()));
    sharing.changed();
  },
  openInPanes: embed ? undefined : ({ file, live }) => {
    replacePanes({ ...pageState(), mode: 'derived', lastApplied: '', file, live, view: 'single' },
      "Opened the timeline's apply in the three panes.", "Redo: open the timeline's apply");
  },
  readonly: !!embed && embed.readonly,
  deferStart: !!embed,
});
// The Kustomize mode (loaded when first shown), with its own engine
// worker; "Then kubectl apply -k" opens the Timeline on the same files.
const kustomize = new LazyKustomize({
  host: byId('kustomize'),
  createClient: (onResponse, onState) => new EngineClient({
    createWorker: () => adopt(new URL(assets.kustomizeWorker, document.baseURI).href),
    // The build answered (or its engine gave up): the single apply's engine may start.
    onResponse: (response) => {
      onResponse(response);
      engineStart.kustomizeSettled();
    },
    onState: (state, detail) => {
      onState(state, detail);
      if (state !== 'loading' && state !== 'ready') engineStart.kustomizeSettled();
    },
  }),
  onChange: () => sharing.changed(),
  onApply: embed ? undefined : (tree) => {
    const command = { command: `kubectl apply -k ${tree.dir || '.'}`, files: tree.files };
    replacePanes({ ...pageState(), view: 'timeline', timeline: { namespace: 'default', commands: [command], selected: 0 } },
      'Opened kubectl apply -k on the kustomization in the Timeline.', 'Redo: open kubectl apply -k in the Timeline');
  },
  readonly: !!embed && embed.readonly,
  deferStart: !!embed,
});
const modes = new ModeSwitch({
  onShow: (view) => {
    timeline.setVisible(view === 'timeline');
    kustomize.setVisible(view === 'kustomize');
    // What describes the inputs belongs to the mode shown.
    examples.setView(view);
    intro.setView(view);
    showFooterDocs(footerDocs(view, timeline.commandLines()));
    // An embed seen in the Timeline mode, given a single apply's fragment.
    if (single.state.embedSeen && view === 'single' && client.starts === 0) client.start();
    engineStart.viewShown(view);
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
  getStep: () => single.selectedStep(),
  setStep: (step) => single.selectAfterAnswer(step),
});
const inputs = new Inputs({
  onChange: () => {
    // The wait counts from the key, not from when the editor has handled it.
    schedule.since(inputs.lastKeyAt);
    sharing.changed();
  },
});
const formatSelect = /** @type {HTMLSelectElement} */ (byId('file-format'));

// The Jsonnet evaluator: its worker and wasm load on the first request,
// that is when the format is first Jsonnet.
const jsonnet = new JsonnetStage({
  createWorker: () => new Worker(new URL(assets.jsonnetWorker, document.baseURI)),
  onState: (state, detail) => showJsonnetState(state, detail),
});
const patchView = new PatchView();
const resultView = new ResultView();
const diffView = new DiffView();
const stepsView = new StepsView(byId('steps'), {
  onSelect: (step, index, scroll = true) => single.stepSelected(step, index, scroll),
});
/** Touch screens: hints speak of tapping, not of keys. */
const touch = matchMedia('(pointer: coarse)').matches;
if (touch) {
  byId('out-steps').querySelector('.panel-hint').textContent = "Each decision kubectl makes, in the documentation's order. Tap a step to see its field in the panes.";
}
const intro = new Intro({
  before: /** @type {HTMLElement} */ (document.querySelector('main.layout')),
  touch,
});

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
  onSettled: () => engineStart.serverSideSettled(),
  onChange: () => {
    flags.refresh();
    engineStart.applyShown(applySwitch.kind);
    intro.setApply(applySwitch.kind);
    sharing.changed();
  },
});

const schedule = debounce(() => compute(), DEBOUNCE_MS);
/** Sends the inputs to the engine now (a change waiting for its debounce included). */
const compute = () => single.compute(() => schedule.cancel());

// --overwrite, -n and a custom kind's scope (web/page/flags.js).
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

single.attach({
  inputs, jsonnet, client, stepsView, patchView, resultView, diffView, flags, applySwitch,
  stepChosen: () => saves.changed(),
});

/** The file pane's format, its selector and hint. @param {import('./editor/file-format.js').FileFormat} format */
function showFormat(format) {
  formatSelect.value = format;
  byId('file-format-hint').hidden = format !== 'jsonnet';
  inputs.setFormat(format);
}

/** Switches the format, and the example's file with it. @param {import('./editor/file-format.js').FileFormat} format */
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
 * @param {{overwrite: boolean, flags?: import('./share/share.js').Flags}} row
 */
function withSwitch({ overwrite, flags: rowFlags = {} }) {
  const { apply, fieldManager, forceConflicts, crds, ...rest } = rowFlags;
  const all = { ...rest, ...applySwitch.flags() };
  return Object.keys(all).length > 0 ? { overwrite, flags: all } : { overwrite };
}

/**
 * What the page shows, as a share link or the draft holds it.
 * @returns {import('./share/share.js').ShareState}
 */
function pageState() {
  const v = inputs.values();
  const tab = /** @type {import('./share/share.js').ShareState['tab']} */ (tabs.current().replace(/^tab-/, ''));
  return {
    mode: inputs.mode, lastApplied: v.lastApplied, file: v.file, live: v.live, format: inputs.format, tab,
    view: modes.current, timeline: timeline.state(), ...withSwitch(flags.state()), kustomize: kustomize.state(),
  };
}

/**
 * Shows a state (from a link or the draft) and computes it.
 * @param {import('./share/share.js').ShareState} state
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
  if (state.kustomize) kustomize.load(state.kustomize);
  modes.show(state.view || 'single');
}

byId('btn-retry').addEventListener('click', () => {
  client.start();
  compute();
});

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
 * @param {import('./share/share.js').ShareState} state
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

// Keys, the help that lists them, and the tests' handle.
setupHelp();
setupShortcuts({ copyLink: () => sharing.copyLink(), tabs, steps: stepsView });
installTestHandle({ inputs, patchView, resultView, formatSelect, client, jsonnet, applySwitch });

// An embed shows its own state's format, not the one this browser chose on the full page.
setFormat(embed ? 'yaml' : storedFormat());
// A link in the address bar, else this tab's draft, else the walkthrough;
// then an example's address, over it. An embed opens its fragment itself.
const opening = exampleLinks ? sharing.start().then(() => exampleLinks.start()) : sharing.start();
// An address that was to open a timeline and did not (an unknown
// example, a broken link) leaves the single apply shown: its engine starts.
Promise.resolve(opening).finally(() => {
  engineStart.addressOpened(modes.current, applySwitch.kind);
});
