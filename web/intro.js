// The first visit's guided introduction: the walkthrough's story (the
// same description the examples menu shows for it) above the panes, and
// the step about the changed image selected, so that its lines are in view
// in every editor. Dismissed with "Got it", remembered in localStorage;
// loading something else (Clear, Example, the menu) hides it for now.

import { h } from './dom.js';

/** The walkthrough sample's title and description (samples/walkthrough/meta.yaml; a test keeps them equal). */
export const walkthroughIntro = {
  title: 'Walkthrough: new image after kubectl scale',
  description: 'The example from the Kubernetes documentation. The Deployment was created with kubectl apply, then kubectl scale raised replicas to 2 on the live object only. The file now moves to nginx:1.16.1 and no longer sets minReadySeconds. Apply clears minReadySeconds because last-applied has it and the file does not, sets the new image because the file and the live value differ, and leaves replicas at 2 because neither the file nor last-applied ever set it.',
};

/** localStorage key: set once the introduction was dismissed. */
export const INTRO_KEY = 'applylens-intro-dismissed';

function dismissed() {
  try {
    return localStorage.getItem(INTRO_KEY) === '1';
  } catch {
    return false;
  }
}

export class Intro {
  /**
   * @param {object} opts
   * @param {HTMLElement} opts.before the element the introduction goes before
   * @param {(index: number) => void} opts.selectStep selects a step without
   *   moving the page, scrolling the editors to its lines
   * @param {boolean} [opts.touch] a touch screen: the hints say "tap"
   */
  constructor({ before, selectStep, touch = false }) {
    this.before = before;
    this.selectStep = selectStep;
    this.touch = touch;
    /** @type {HTMLElement|null} */
    this.box = null;
    /** Waiting for the walkthrough's first result to select its step. */
    this.pending = false;
    for (const id of ['btn-clear', 'btn-example']) {
      document.getElementById(id)?.addEventListener('click', () => this.hide());
    }
    document.getElementById('sample-picker')?.addEventListener('change', () => this.hide());
  }

  /** The walkthrough was loaded for a first visit: tell its story, unless dismissed before. */
  start() {
    if (dismissed()) return;
    this.pending = true;
    const pick = this.touch ? 'Tap' : 'Select';
    this.box = h('section', { id: 'intro', className: 'intro', attrs: { 'aria-labelledby': 'intro-title' } },
      h('h2', { id: 'intro-title', text: walkthroughIntro.title }),
      h('p', { id: 'intro-text', text: walkthroughIntro.description }),
      h('p', { className: 'intro-next', text: `Below: the three inputs kubectl apply reads, and ${matchMedia('(max-width: 900px)').matches ? 'after them' : 'on the right'} what it does, step by step. The step that sets the new image is selected: its lines are marked in the panes. ${pick} any step to follow kubectl's decisions, or edit a pane to see them change.` }),
      h('button', { type: 'button', id: 'btn-intro-dismiss', className: 'small', text: 'Got it', onclick: () => this.dismiss() }));
    this.before.before(this.box);
  }

  /**
   * A result is on screen: on the walkthrough's first, select the step
   * that sets the image (the change the story is about).
   * @param {import('./api-types.js').Step[]} steps
   */
  rendered(steps) {
    if (!this.pending) return;
    this.pending = false;
    const i = steps.findIndex((s) => s.action === 'set');
    this.selectStep(i >= 0 ? i : 0);
  }

  /** Hides the introduction and remembers it. */
  dismiss() {
    try {
      localStorage.setItem(INTRO_KEY, '1');
    } catch {
      // Not remembered: it shows again on the next first visit.
    }
    this.hide();
  }

  /** Hides the introduction for now. */
  hide() {
    this.pending = false;
    this.box?.remove();
    this.box = null;
  }
}
