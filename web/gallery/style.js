// The gallery's styles, loaded with the gallery (a lazy chunk) so that the
// first visit does not carry them; see lazy-style.js.

import { addStyle } from '../page/lazy-style.js';

const CSS = `
.gallery {
  width: min(64rem, calc(100vw - 2rem));
  height: min(52rem, calc(100dvh - 2rem));
  max-height: none;
  padding: 0;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--bg);
  color: var(--fg);
  box-shadow: 0 10px 40px rgba(0, 0, 0, 0.35);
}
.gallery[open] { display: flex; flex-direction: column; }
.gallery::backdrop { background: rgba(10, 14, 22, 0.55); }
.gallery-head {
  flex: none;
  display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 0.75rem;
  padding: 0.75rem 1rem 0.5rem;
  background: var(--panel-bg);
  border-bottom: 1px solid var(--border);
}
.gallery-head h2 { margin: 0; font-size: 1.1rem; }
#gallery-search {
  flex: 1 1 14rem;
  min-width: 0;
  font: inherit;
  color: var(--fg);
  background: var(--bg);
  border: 1px solid var(--border);
  border-radius: var(--radius);
  padding: 0.35rem 0.6rem;
}
.gallery-filters {
  flex: none;
  display: flex; gap: 0.35rem; padding: 0.5rem 1rem 0.3rem;
  overflow-x: auto; scrollbar-width: thin;
}
.gallery-filter { white-space: nowrap; font-size: 0.9em; padding: 0.15rem 0.6rem; border-radius: 999px; }
.gallery-status { flex: none; margin: 0.2rem 1rem 0.2rem; color: var(--muted); font-size: 0.9em; }
.gallery-status[data-state="failed"] { color: var(--err); }
#btn-gallery-retry { align-self: flex-start; margin: 0 1rem 0.4rem; }
.gallery-list { overflow-y: auto; padding: 0 1rem 1rem; min-height: 8rem; flex: 1 1 auto; }
.gallery-group-title { font-size: 1rem; margin: 0.9rem 0 0.1rem; }
.gallery-count { color: var(--muted); font-weight: normal; }
.gallery-blurb { margin: 0 0 0.4rem; color: var(--muted); font-size: 0.9em; }
.gallery-items { display: grid; grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr)); gap: 0.5rem; }
.gallery-item {
  display: flex; flex-direction: column; gap: 0.2rem;
  padding: 0.5rem 0.7rem;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--panel-bg);
  cursor: pointer;
  min-width: 0;
}
.gallery-item.active { border-color: var(--accent); box-shadow: inset 0 0 0 1px var(--accent); background: var(--info-bg); }
.gallery-item-title { font-weight: 600; }
.gallery-item-desc {
  color: var(--muted); font-size: 0.88em;
  display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden;
}
.gallery-item-id { font-size: 0.8em; color: var(--muted); overflow-wrap: anywhere; }
@media (max-width: 520px) {
  .gallery {
    width: 100vw; max-width: 100vw; height: 100dvh; max-height: 100dvh;
    margin: 0; border: none; border-radius: 0;
  }
  .gallery-items { grid-template-columns: 1fr; }
  .gallery-head h2 { flex: 1 1 auto; }
  #gallery-search { order: 3; flex-basis: 100%; }
  .gallery-item-desc { -webkit-line-clamp: 2; }
}
`;

/** Adds the gallery's styles to the document, once. */
export const addGalleryStyle = () => addStyle('gallery-style', CSS);
