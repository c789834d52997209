// The gallery: every example, by category, with a search, in a modal
// dialog (#gallery). Keyboard (the combobox pattern): the search field
// keeps the focus while the arrow keys and Page Up/Down mark an example
// (aria-activedescendant), Enter loads it, Escape closes; Tab reaches the
// Close button and the category filters. On a phone the dialog fills the
// screen.
//
// Items come from `load` (the samples, see examples.js); their `category`
// picks the group (gallery-categories.js), unknown ones go under "More".

import { byId, h, clear, reveal } from '../dom.js';
import { exampleHash } from '../examples/link.js';
import { CATEGORIES } from './categories.js';
import { addGalleryStyle } from './style.js';

/**
 * @typedef {{id: string, title: string, description?: string, shows?: string[], category?: string}} GalleryItem
 * @typedef {import('./categories.js').GalleryCategory} GalleryCategory
 */

/** The group of items whose category the gallery does not list. */
const MORE = { id: 'more', title: 'More', blurb: '' };

/**
 * The words of a search: lower case, split at spaces, hyphens and
 * underscores (so an id such as "hpa-reset" finds "hpa-replicas-reset").
 * @param {string} query
 */
export function searchWords(query) {
  return query.toLowerCase().split(/[\s_-]+/).filter(Boolean);
}

/**
 * Whether an item matches every word of a search, in its id, title,
 * description, what it shows, or its category's title.
 * @param {GalleryItem} item
 * @param {string[]} words from searchWords
 * @param {string} [categoryTitle]
 */
export function matches(item, words, categoryTitle = '') {
  if (words.length === 0) return true;
  const text = [item.id, item.title, item.description || '', ...(item.shows || []), categoryTitle]
    .join(' ').toLowerCase().replace(/[_-]+/g, ' ');
  return words.every((w) => text.includes(w));
}

/**
 * The items to show, grouped in the categories' order (then "More"),
 * each group in the items' order.
 * @param {GalleryItem[]} items
 * @param {GalleryCategory[]} categories
 * @param {{query?: string, category?: string}} filter category 'all' or an id
 * @returns {{category: GalleryCategory, items: GalleryItem[], total: number}[]} total counts the group's items matching the search in any category filter
 */
export function groupItems(items, categories, { query = '', category = 'all' } = {}) {
  const words = searchWords(query);
  const known = new Map(categories.map((c) => [c.id, c]));
  /** @type {Map<string, {category: GalleryCategory, items: GalleryItem[], total: number}>} */
  const groups = new Map();
  for (const c of [...categories, MORE]) groups.set(c.id, { category: c, items: [], total: 0 });
  for (const item of items) {
    // Ids are lower case; a sample may name its category as titled ("Kustomize").
    const cat = known.get((item.category || '').toLowerCase()) || MORE;
    if (!matches(item, words, cat.title)) continue;
    const g = /** @type {{category: GalleryCategory, items: GalleryItem[], total: number}} */ (groups.get(cat.id));
    g.total++;
    if (category === 'all' || category === cat.id) g.items.push(item);
  }
  return [...groups.values()].filter((g) => g.total > 0);
}

/** @param {number} n @param {string} one @param {string} many */
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

export class Gallery {
  /**
   * @param {object} opts
   * @param {() => Promise<GalleryItem[]>} opts.load the items (fetched once by the caller)
   * @param {(id: string) => void} opts.onPick loads the chosen example
   * @param {() => string} [opts.current] the id of the example the panes hold, if any
   * @param {GalleryCategory[]} [opts.categories]
   */
  constructor({ load, onPick, current = () => '', categories = CATEGORIES }) {
    addGalleryStyle();
    this.load = load;
    this.onPick = onPick;
    this.current = current;
    this.categories = categories;
    this.dialog = /** @type {HTMLDialogElement} */ (byId('gallery'));
    this.opener = byId('btn-gallery');
    this.search = /** @type {HTMLInputElement} */ (byId('gallery-search'));
    this.filters = byId('gallery-categories');
    this.status = byId('gallery-status');
    this.list = byId('gallery-list');
    this.retry = byId('btn-gallery-retry');
    /** @type {GalleryItem[]} */
    this.items = [];
    this.category = 'all';
    /** The item ids in sight, in order, and the one marked. @type {string[]} */
    this.visible = [];
    this.active = '';
    this.loaded = false;
    /** An Enter pressed on an example, loaded when released. */
    this.enterDown = false;

    // Fetch on the first sign of interest, before the click.
    for (const ev of ['pointerenter', 'focus']) {
      this.opener.addEventListener(ev, () => this.fetch(), { once: true });
    }
    this.opener.addEventListener('click', () => this.open());
    byId('btn-gallery-close').addEventListener('click', () => this.close());
    this.retry.addEventListener('click', () => this.fetch());
    this.search.addEventListener('input', () => this.render());
    this.dialog.addEventListener('keydown', (e) => this.onKey(e));
    this.dialog.addEventListener('keyup', (e) => {
      if (e.key !== 'Enter' || !this.enterDown) return;
      this.enterDown = false;
      if (this.active) this.pick(this.active);
    });
    // Escape (and the browser's own close requests): our close, which
    // puts the focus back on the opener.
    this.dialog.addEventListener('cancel', (e) => {
      e.preventDefault();
      this.close();
    });
    // A click on the backdrop (outside the dialog's box) closes it.
    this.dialog.addEventListener('click', (e) => {
      if (e.target === this.dialog) {
        const r = this.dialog.getBoundingClientRect();
        if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) this.close();
      }
    });
    this.filters.addEventListener('click', (e) => {
      const button = /** @type {HTMLElement} */ (e.target).closest('button[data-category]');
      if (!button) return;
      this.category = /** @type {string} */ (button.getAttribute('data-category'));
      this.render();
    });
    this.list.addEventListener('click', (e) => {
      const option = /** @type {HTMLElement|null} */ (/** @type {HTMLElement} */ (e.target).closest('[role="option"]'));
      if (option) this.pick(/** @type {string} */ (option.dataset.id));
    });
    this.list.addEventListener('mousemove', (e) => {
      const option = /** @type {HTMLElement|null} */ (/** @type {HTMLElement} */ (e.target).closest('[role="option"]'));
      if (option && option.dataset.id !== this.active) this.mark(/** @type {string} */ (option.dataset.id), false);
    });
  }

  /** Whether the dialog is open. */
  get isOpen() {
    return this.dialog.open;
  }

  /**
   * Opens the gallery, the search focused.
   * @param {{query?: string}} [opts] a search to start with
   */
  open({ query } = {}) {
    if (query !== undefined) {
      this.search.value = query;
      this.category = 'all';
    }
    if (!this.dialog.open) this.dialog.showModal();
    this.opener.setAttribute('aria-expanded', 'true');
    this.active = '';
    this.render();
    this.search.focus();
    this.search.select();
    this.fetch();
  }

  /** Closes the gallery and gives the focus back to its button. */
  close() {
    if (this.dialog.open) this.dialog.close();
    this.opener.setAttribute('aria-expanded', 'false');
    this.opener.focus();
  }

  /** Fetches the items (once; again after a failure). @private */
  fetch() {
    if (this.loaded) return;
    if (!this.items.length) this.say('Loading the examples…', 'loading');
    this.retry.hidden = true;
    this.load().then((items) => {
      this.items = items;
      this.loaded = true;
      this.render();
    }, (err) => {
      this.say(`The examples could not be loaded (${err instanceof Error ? err.message : String(err)}). Check your connection and retry.`, 'failed');
      this.retry.hidden = false;
    });
  }

  /** @private @param {string} text @param {string} state */
  say(text, state) {
    this.status.textContent = text;
    this.status.dataset.state = state;
  }

  /** Builds the filters and the list for the search and category. @private */
  render() {
    if (!this.dialog.open) return;
    const query = this.search.value.trim();
    const all = groupItems(this.items, this.categories, { query });
    if (this.category !== 'all' && !all.some((g) => g.category.id === this.category)) this.category = 'all';
    const groups = groupItems(this.items, this.categories, { query, category: this.category });
    this.renderFilters(all);
    clear(this.list);
    this.visible = [];
    for (const g of groups) {
      if (g.items.length === 0) continue;
      const headingId = `gallery-group-${g.category.id}`;
      // A listbox per category, labelled by its heading (the search is
      // the combobox of them all).
      this.list.append(h('section', { className: 'gallery-group', dataset: { category: g.category.id }, attrs: { 'aria-labelledby': headingId } },
        h('h3', { id: headingId, className: 'gallery-group-title' }, g.category.title, ' ', h('span', { className: 'gallery-count', text: `(${g.items.length})` })),
        g.category.blurb ? h('p', { className: 'gallery-blurb', text: g.category.blurb }) : null,
        h('div', { className: 'gallery-items', attrs: { role: 'listbox', 'aria-labelledby': headingId } }, ...g.items.map((item) => this.option(item)))));
      for (const item of g.items) this.visible.push(item.id);
    }
    const shown = this.visible.length;
    if (!this.loaded) {
      // The loading or failure message stays.
    } else if (shown === 0) {
      this.say(query
        ? `No example matches “${query}”. The search looks in titles, descriptions and what each example shows.`
        : 'No examples.', 'empty');
    } else {
      const of = query || this.category !== 'all' ? ` of ${this.items.length}` : '';
      const what = query ? ` match “${query}”` : '';
      this.say(`${plural(shown, 'example', 'examples')}${of}${what}. ↑ ↓ to choose, Enter to load, Esc to close.`, 'ready');
    }
    const keep = this.visible.includes(this.active) ? this.active : this.visible.includes(this.current()) ? this.current() : this.visible[0] || '';
    this.mark(keep, true);
  }

  /** @private @param {{category: GalleryCategory, total: number}[]} groups */
  renderFilters(groups) {
    // Rebuilt on every search: keep the row's scroll and the focus on a
    // filter (a keyboard user just pressed it).
    const left = this.filters.scrollLeft;
    const active = document.activeElement;
    const focused = active instanceof HTMLElement && this.filters.contains(active) ? active.dataset.category : undefined;
    clear(this.filters);
    const total = groups.reduce((n, g) => n + g.total, 0);
    const chip = (id, title, n) => h('button', {
      type: 'button', className: 'gallery-filter', text: `${title} (${n})`,
      dataset: { category: id }, attrs: { 'aria-pressed': String(this.category === id) },
    });
    this.filters.append(chip('all', 'All', total), ...groups.map((g) => chip(g.category.id, g.category.title, g.total)));
    this.filters.scrollLeft = left;
    const pressed = this.filters.querySelector('[aria-pressed="true"]');
    if (pressed instanceof HTMLElement) {
      const row = this.filters.getBoundingClientRect();
      const r = pressed.getBoundingClientRect();
      if (r.left < row.left) this.filters.scrollLeft -= row.left - r.left + 8;
      else if (r.right > row.right) this.filters.scrollLeft += r.right - row.right + 8;
    }
    const again = focused && this.filters.querySelector(`[data-category="${CSS.escape(focused)}"]`);
    if (again instanceof HTMLElement) again.focus({ preventScroll: true });
  }

  /** @private @param {GalleryItem} item */
  option(item) {
    return h('div', {
      id: `gallery-item-${item.id}`, className: 'gallery-item',
      attrs: { role: 'option', 'aria-selected': 'false' }, dataset: { id: item.id },
    },
    h('span', { className: 'gallery-item-title', text: item.title || item.id }),
    item.description ? h('span', { className: 'gallery-item-desc', text: item.description }) : null,
    h('code', { className: 'gallery-item-id', text: exampleHash(item.id) }));
  }

  /**
   * Marks an item (aria-activedescendant of the search and the list).
   * @private @param {string} id @param {boolean} scroll
   */
  mark(id, scroll) {
    const before = this.active && document.getElementById(`gallery-item-${this.active}`);
    if (before) {
      before.classList.remove('active');
      before.setAttribute('aria-selected', 'false');
    }
    this.active = id;
    const el = id && document.getElementById(`gallery-item-${id}`);
    if (el) {
      el.classList.add('active');
      el.setAttribute('aria-selected', 'true');
      if (scroll) reveal(el);
      this.search.setAttribute('aria-activedescendant', el.id);
    } else {
      this.search.removeAttribute('aria-activedescendant');
    }
  }

  /** @private @param {KeyboardEvent} e */
  onKey(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      this.close();
      return;
    }
    if (e.target !== this.search) return;
    const i = this.visible.indexOf(this.active);
    const last = this.visible.length - 1;
    let next = -1;
    switch (e.key) {
      case 'ArrowDown': next = Math.min(i + 1, last); break;
      case 'ArrowUp': next = Math.max(i - 1, 0); break;
      case 'PageDown': next = Math.min(i + 5, last); break;
      case 'PageUp': next = Math.max(i - 5, 0); break;
      case 'Enter':
        // Loaded on the key's release: the focus then goes back to the
        // gallery's button, which must not take this Enter as a click.
        if (this.active) {
          e.preventDefault();
          this.enterDown = true;
        }
        return;
      default: return;
    }
    if (next < 0 || last < 0) return;
    e.preventDefault();
    this.mark(this.visible[next], true);
  }

  /** @private @param {string} id */
  pick(id) {
    this.close();
    this.onPick(id);
  }
}
