// The gallery's button and the gallery itself, loaded on first use: the
// dialog's code (gallery.js) is a lazy chunk, fetched with the samples at
// the first sign of interest (the button pointed at or focused), so the
// first visit carries neither.

import { byId } from '../dom.js';

/** @typedef {ConstructorParameters<typeof import('./gallery.js').Gallery>[0]} GalleryOptions */

export class LazyGallery {
  /** @param {GalleryOptions} opts */
  constructor(opts) {
    this.opts = opts;
    /** @type {Promise<import('./gallery.js').Gallery>|null} */
    this.loading = null;
    const opener = byId('btn-gallery');
    const prefetch = () => {
      this.gallery();
      opts.load().catch(() => {}); // the gallery says it, with Retry, once open
    };
    for (const ev of ['pointerenter', 'focus']) opener.addEventListener(ev, prefetch, { once: true });
    // Until the gallery exists; then its own listener opens it (opening
    // twice is harmless).
    const first = () => this.gallery().then((g) => {
      opener.removeEventListener('click', first);
      g.open();
    });
    opener.addEventListener('click', first);
  }

  /**
   * The gallery, created once; from then on it answers its button itself.
   * @returns {Promise<import('./gallery.js').Gallery>}
   */
  gallery() {
    if (!this.loading) {
      this.loading = import('./gallery.js').then(({ Gallery }) => new Gallery(this.opts));
      this.loading.catch(() => { this.loading = null; });
    }
    return this.loading;
  }

  /**
   * Opens the gallery, the search focused.
   * @param {{query?: string}} [opts] a search to start with
   */
  open(opts) {
    this.gallery().then((g) => g.open(opts));
  }
}
