// The first visit's guided introduction: the walkthrough's story (the
// same description the examples menu shows for it) above the panes. The
// editors stay at their tops, where apiVersion and kind say what each
// document is, and nothing is selected: the page stays as the user's
// first click expects it. Dismissed with "Got it",
// remembered in localStorage; loading anything else into the page (Clear,
// Example, the gallery, a link, a save, Undo) hides it for now, and the
// Timeline mode and the server-side apply hide it while shown: it tells
// the client-side apply of the three panes.

import { h } from '../dom.js';

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
   * @param {boolean} [opts.touch] a touch screen: the hints say "tap"
   */
  constructor({ before, touch = false }) {
    this.before = before;
    this.touch = touch;
    /** @type {HTMLElement|null} */
    this.box = null;
    /** The mode shown: the introduction is about the single apply's panes. */
    this.view = 'single';
    /** The apply switch's choice (ApplySwitch.kind). */
    this.apply = 'client';
    for (const id of ['btn-clear', 'btn-example']) {
      document.getElementById(id)?.addEventListener('click', () => this.hide());
    }
  }

  /** The mode now shown (ModeSwitch). @param {'single'|'timeline'|'kustomize'} view */
  setView(view) {
    this.view = view;
    this.refresh();
  }

  /**
   * The apply switch's choice: the story is the client-side apply's, so
   * the server-side apply alone hides it ("both" shows the client-side too).
   * @param {'client'|'server'|'both'} kind
   */
  setApply(kind) {
    this.apply = kind;
    this.refresh();
  }

  /** @private */
  refresh() {
    if (this.box) this.box.hidden = this.view !== 'single' || this.apply === 'server';
  }

  /** The walkthrough was loaded for a first visit: tell its story, unless dismissed before. */
  start() {
    if (dismissed()) return;
    const pick = this.touch ? 'Tap' : 'Select';
    const narrow = matchMedia('(max-width: 900px)').matches;
    // On a phone the story is folded: open, it would fill the first screen.
    this.box = h('section', { id: 'intro', className: 'intro', attrs: { 'aria-labelledby': 'intro-title' } },
      h('h2', { id: 'intro-title', text: walkthroughIntro.title }),
      h('details', { className: 'intro-story', open: !narrow },
        h('summary', { text: 'The story of this example' }),
        h('p', { id: 'intro-text', text: walkthroughIntro.description })),
      h('p', { className: 'intro-next', text: `Below: the three inputs kubectl apply reads, and ${narrow ? 'after them' : 'on the right'} what it does, step by step. ${pick} a step to mark its field in the panes, or edit a pane to see the steps change.` }),
      h('button', { type: 'button', id: 'btn-intro-dismiss', className: 'small', text: 'Got it', onclick: () => this.dismiss() }));
    this.refresh();
    this.before.before(this.box);
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
    this.box?.remove();
    this.box = null;
  }
}
