// The embed mode (index.html?embed…): the page inside another site's
// <iframe>, for documentation. It takes the place of share-ui.js's
// Sharing: it opens the state in the fragment (a share link `#s1=…` or
// `#s2=…`, or a sample `#example=<id>`, else the walkthrough), in the mode
// it names (the three panes or a timeline), applies the options of
// the query (options.js), starts the engine only once the frame is in
// sight, keeps the "Open in applylens" link on the state shown, and tells
// the host page its height. docs/embedding.md is the host's side.

import { EditorState, StateEffect } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { byId, h } from '../dom.js';
import { encodeState, decodeFragment, fragmentVersion, LinkError } from '../share/share.js';
import { exampleIdOf, loadExample, sampleState } from './example-source.js';

/** @typedef {import('../share/share.js').ShareState} ShareState */
/** @typedef {import('./options.js').EmbedOptions} EmbedOptions */

/** The message the frame posts to its parent whenever its height changes. */
export const HEIGHT_MESSAGE = 'applylens:height';
/** A parent may post this to have the height sent again (say, its listener came late). */
export const MEASURE_MESSAGE = 'applylens:measure';

/** The sample `?embed&view=timeline` shows without a fragment. */
const TIMELINE_WALKTHROUGH = 'timeline-walkthrough';

/** Quiet time after a change before the Open link is brought up to date. */
const LINK_MS = 200;

/** Element ids of the panes the `panes` option names. */
const PANE_ELEMENTS = { 'last-applied': 'pane-last-applied', file: 'pane-file', live: 'pane-live', results: 'outputs' };

/**
 * @typedef {object} EmbedPage what the page lends the embed (main.js)
 * @property {() => ShareState} getState what the page shows
 * @property {(state: ShareState) => void} setState loads a state and computes it
 * @property {() => void} showWalkthrough loads the documentation's walkthrough
 * @property {() => void} startEngine starts the engine's worker (the shown mode's)
 * @property {(view: 'steps'|'patch'|'result'|'diff') => void} setApplyView the view each apply of a timeline step shows first
 * @property {() => EditorView[]} inputEditors the three input editors
 * @property {(index: number) => boolean} selectStep selects step index (0-based) of the answer shown; false when there is none
 */

export class Embed {
  /**
   * @param {EmbedOptions} options
   * @param {EmbedPage} page
   */
  constructor(options, page) {
    this.options = options;
    this.page = page;
    this.root = document.documentElement;
    /** 0: none. @type {ReturnType<typeof setTimeout>|0} */
    this.timer = 0;
    /** Bumped by every change: a slower, older encoding must not win. */
    this.version = 0;
    /** performance.now() when the engine was started (the frame seen). @type {number|undefined} */
    this.startedAt = undefined;
    /** Whether the step option was applied to the state shown. */
    this.stepShown = false;
    this.openLink = /** @type {HTMLAnchorElement} */ (h('a', {
      id: 'embed-open', className: 'embed-open', href: pageAddress() + location.hash,
      attrs: { target: '_blank', rel: 'noopener', title: 'Open this example in the full applylens page, in a new tab' },
      text: 'Open in applylens ↗',
    }));
    document.body.prepend(h('div', { id: 'embed-bar', className: 'embed-bar' },
      h('span', { className: 'embed-brand' }, h('strong', { text: 'applylens' }), h('span', { className: 'embed-tagline', text: ' · what kubectl apply does, step by step' })),
      this.openLink));
    byId('btn-link-error-dismiss').addEventListener('click', () => { byId('link-error').hidden = true; });

    this.root.dataset.embedEngine = 'waiting';
    /** The options ignored for the state shown (the query's, and those it cannot take). */
    this.ignored = [...options.ignored];
    this.showIgnored();
    for (const [name, id] of Object.entries(PANE_ELEMENTS)) {
      byId(id).hidden = !options.panes.includes(/** @type {any} */ (name));
    }
    if (options.readonly) this.makeReadonly();
    reportHeight();
    window.addEventListener('hashchange', () => this.open());
  }

  /** Opens the fragment's state, then waits to be seen to start the engine. */
  async start() {
    await this.open();
    this.watchRenders();
    startWhenSeen(() => {
      this.root.dataset.embedEngine = 'started';
      this.startedAt = performance.now();
      this.page.startEngine();
    });
  }

  /** Loads what the fragment names; a fragment that cannot be read is said, and the walkthrough shown. */
  async open() {
    const hash = location.hash;
    /** @type {ShareState|null} */
    let state = null;
    try {
      // view=timeline without a fragment: the documentation's walkthrough as a timeline.
      const id = exampleIdOf(hash) ?? (this.options.view === 'timeline' && !fragmentVersion(hash) ? TIMELINE_WALKTHROUGH : null);
      if (id !== null) {
        const sample = await loadExample(id);
        if (!sample) throw new LinkError('example', `no example has the id "${id.slice(0, 80)}".`);
        state = sampleState(sample);
      } else if (fragmentVersion(hash)) {
        state = await decodeFragment(hash);
      }
      byId('link-error').hidden = true;
    } catch (err) {
      const message = err instanceof LinkError ? err.message : `it could not be read (${err instanceof Error ? err.message : String(err)}).`;
      byId('link-error-message').textContent = `This example could not be opened: ${message} The documentation's walkthrough is shown instead.`;
      byId('link-error').dataset.code = err instanceof LinkError ? err.code : 'unsupported';
      byId('link-error').hidden = false;
    }
    if (location.hash !== hash) return; // a newer fragment came meanwhile
    this.ignored = [...this.options.ignored];
    this.stepShown = false;
    if (state) this.page.setState(this.withOptions(state));
    else if (this.options.view === 'kustomize') {
      // view=kustomize without a fragment: the Kustomize mode's first tree.
      this.page.setState({ ...this.page.getState(), view: 'kustomize' });
    } else {
      this.page.showWalkthrough();
      if (this.options.tab) this.page.setState({ ...this.page.getState(), tab: this.options.tab });
    }
    this.showIgnored();
    this.changed();
  }

  /**
   * The state with the options that shape it: the mode (view), and in the
   * Timeline mode the step selected and each apply's view (tab). A
   * single apply's step is selected once its answer is there
   * (watchRenders).
   * @private
   * @param {ShareState} state
   * @returns {ShareState}
   */
  withOptions(state) {
    const { view, tab, step } = this.options;
    let out = state;
    if (view === 'timeline' && !state.timeline) this.ignored.push('view'); // nothing to play
    else if (view === 'kustomize' && !state.kustomize) this.ignored.push('view'); // nothing to build
    else if (view) out = { ...out, view };
    if (out.view === 'kustomize') {
      if (step > 0) this.ignored.push('step');
      if (tab) this.ignored.push('tab');
      this.stepShown = true;
      return out;
    }
    if (out.view === 'timeline' && out.timeline) {
      this.stepShown = true;
      if (tab) this.page.setApplyView(tab);
      if (step > 0 && step <= out.timeline.commands.length) out = { ...out, timeline: { ...out.timeline, selected: step - 1 } };
      else if (step > 0) this.ignored.push('step');
      return out;
    }
    return tab ? { ...out, tab } : out;
  }

  /** <html data-embed-ignored>: the options ignored, for the page's author. @private */
  showIgnored() {
    if (this.ignored.length > 0) this.root.dataset.embedIgnored = this.ignored.join(',');
    else delete this.root.dataset.embedIgnored;
  }

  /**
   * Counts answers: the first after the engine started is the result's
   * time (<html data-embed-result-ms>, from the start), and the moment to
   * select the step the options name.
   * @private
   */
  watchRenders() {
    const observer = new MutationObserver(() => {
      if (this.startedAt === undefined) return;
      if (this.root.dataset.embedResultMs === undefined) {
        this.root.dataset.embedResultMs = String(Math.round(performance.now() - this.startedAt));
      }
      if (!this.stepShown && this.options.step > 0 && this.root.dataset.view !== 'timeline') {
        this.stepShown = true;
        if (this.page.selectStep(this.options.step - 1)) scrollStepIntoPanel(this.options.step - 1);
        else {
          this.ignored.push('step');
          this.showIgnored();
        }
      }
    });
    // The single apply's answers, and the Timeline mode's.
    observer.observe(this.root, { attributes: true, attributeFilter: ['data-renders'] });
    observer.observe(byId('timeline'), { attributes: true, attributeFilter: ['data-renders'] });
    observer.observe(byId('kustomize'), { attributes: true, attributeFilter: ['data-renders'] });
  }

  /** Call after every change of the page's state: the Open link follows it. */
  changed() {
    clearTimeout(this.timer);
    const version = ++this.version;
    this.timer = setTimeout(async () => {
      try {
        const fragment = await encodeState(this.page.getState());
        if (version === this.version) this.openLink.href = `${pageAddress()}#${fragment}`;
      } catch {
        // Too large for a link: the Open link keeps the last state it could carry.
      }
    }, LINK_MS);
  }

  /** Alt+L: in a frame the Open link is the page's link; it gets the focus. */
  copyLink() {
    this.openLink.focus();
  }

  /** @private */
  makeReadonly() {
    this.root.dataset.embedReadonly = '';
    for (const view of this.page.inputEditors()) {
      view.dispatch({ effects: StateEffect.appendConfig.of([EditorState.readOnly.of(true), EditorView.editable.of(false)]) });
    }
    /** @type {HTMLSelectElement} */ (byId('file-format')).disabled = true;
    // The flags' row (web/page/flags.js) too: the reader sees them, the page's author set them.
    for (const id of ['opt-overwrite', 'opt-namespace', 'opt-scope']) /** @type {HTMLInputElement} */ (byId(id)).disabled = true;
  }
}

/** The full page's address: this one without its query and fragment. */
export function pageAddress() {
  return location.href.split('#')[0].split('?')[0];
}

/**
 * Runs start once, when some of the frame is in the viewport: in a
 * frame, IntersectionObserver's viewport is the top page's, so an embed
 * below the fold waits until the reader scrolls to it.
 * @param {() => void} start
 */
function startWhenSeen(start) {
  if (typeof IntersectionObserver !== 'function') {
    start();
    return;
  }
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    observer.disconnect();
    start();
  });
  observer.observe(document.body);
}

/**
 * Posts {type: 'applylens:height', height} to the parent whenever the
 * page's height changes (and when the parent asks). The page's height
 * never depends on the frame's (embed.css has no viewport units), so a
 * host that sizes the frame to it does not start a loop.
 */
function reportHeight() {
  if (window.parent === window) return;
  let last = -1;
  const send = (force = false) => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last && !force) return;
    last = height;
    window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
  };
  new ResizeObserver(() => send()).observe(document.body);
  window.addEventListener('message', (event) => {
    if (event.source === window.parent && event.data && event.data.type === MEASURE_MESSAGE) send(true);
  });
}

/** Scrolls the Steps panel (not the host page) to a step. @param {number} index */
function scrollStepIntoPanel(index) {
  const head = document.getElementById(`step-${index}`);
  const panel = byId('out-steps');
  if (!head) return;
  const item = head.closest('.step') || head;
  panel.scrollTop += item.getBoundingClientRect().top - panel.getBoundingClientRect().top - 8;
}
