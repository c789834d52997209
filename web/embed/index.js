// The embed mode's door in the page's first bundle: the mode itself
// (embed.js) is a chunk of its own, fetched only by frames that ask for it,
// so the full page's first visit does not carry it.

/** @typedef {import('./embed.js').EmbedPage} EmbedPage */

/** Sharing's place in the embed mode: start, changed and copyLink, delegated once embed.js is loaded. */
export class EmbedLoader {
  /**
   * @param {import('./options.js').EmbedOptions} options
   * @param {EmbedPage} page
   */
  constructor(options, page) {
    // index.html's first script sets it before the first paint; set here
    // too, so the layout never depends on that script alone.
    document.documentElement.dataset.embed = '';
    this.embed = import('./embed.js').then((m) => new m.Embed(options, page));
  }

  start() {
    return this.embed.then((e) => e.start());
  }

  changed() {
    this.embed.then((e) => e.changed());
  }

  copyLink() {
    this.embed.then((e) => e.copyLink());
  }
}
