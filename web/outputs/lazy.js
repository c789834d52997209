// A view of the results that sits in a tab: an answer is rendered into it
// only while the tab is shown (or when the page needs its content), since
// filling an editor with tens of thousands of lines no one sees costs the
// keystroke that asked for it. A step's highlight chosen meanwhile is
// kept and applied, scrolled to, when the view is brought up to date.

export class LazyView {
  constructor() {
    this.visible = false;
    this.dirty = false;
    /** @type {{line: number, endLine: number}|null} */
    this.span = null;
    /** Whether the highlight still has to be scrolled into sight. */
    this.scrollPending = false;
  }

  /** Renders now when shown, otherwise when next shown. */
  invalidate() {
    this.dirty = true;
    if (this.visible) this.flush();
  }

  /** Called when the tab is shown or hidden. @param {boolean} visible */
  setVisible(visible) {
    this.visible = visible;
    if (!visible) return;
    if (this.dirty) this.flush();
    else if (this.scrollPending) this.applyHighlight();
  }

  /** Brings the view up to date with the last answer, shown or not. */
  flush() {
    if (!this.dirty) return;
    this.dirty = false;
    this.update();
    this.applyHighlight();
  }

  /**
   * Marks a step's lines (null clears); scrolled to now when the view is
   * shown and current, otherwise when it is next shown.
   * @param {{line: number, endLine: number}|null|undefined} span
   * @param {boolean} [scroll]
   */
  highlight(span, scroll = true) {
    this.span = span || null;
    this.scrollPending = !!this.span && (scroll || this.scrollPending);
    if (!this.dirty) this.applyHighlight();
  }

  /** @private */
  applyHighlight() {
    const scroll = this.visible && this.scrollPending;
    if (scroll) this.scrollPending = false;
    this.showHighlight(this.span, scroll);
  }

  /** Fills the view from the last answer. @protected @abstract */
  update() {}

  /** @protected @abstract @param {{line: number, endLine: number}|null} _span @param {boolean} _scroll */
  showHighlight(_span, _scroll) {}
}
