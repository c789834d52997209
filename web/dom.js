// Small DOM helpers. Everything that may come from the user or the engine
// is added as text nodes: nothing in the page goes through innerHTML.

/**
 * A child for h and append: a node, a string (added as text), nothing
 * (null, undefined, false: skipped), or a list of them (flattened once).
 * @typedef {Node|string|null|undefined|false|Array<Node|string|null|undefined|false>} Child
 */

/**
 * Creates an element. props: className, id, text, title, hidden, attrs
 * (attributes), dataset, and on* event handlers (onclick, onkeydown...).
 * Children are nodes or strings (added as text).
 * @param {string} tag
 * @param {Record<string, any>} [props]
 * @param {...Child} children
 * @returns {HTMLElement}
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null) continue;
    if (key === 'className') el.className = value;
    else if (key === 'text') el.textContent = String(value);
    else if (key === 'attrs') for (const [a, v] of Object.entries(value)) { if (v !== undefined && v !== null && v !== false) el.setAttribute(a, v === true ? '' : String(v)); }
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else el[key] = value;
  }
  append(el, children);
  return el;
}

/**
 * @param {Node} parent
 * @param {Child[]} children
 */
export function append(parent, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** Removes every child of node. @param {Node} node */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

/**
 * getElementById that fails loudly: a missing id is a bug in index.html.
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`applylens: element #${id} is missing from the page`);
  return el;
}

/**
 * Scrolls el into sight within the nearest scrolling ancestor that is an
 * element, without scrolling the window when that ancestor already fits:
 * scrollIntoView would also move the page, taking the editors away.
 * @param {HTMLElement} el
 */
export function reveal(el) {
  for (let sc = el.parentElement; sc && sc !== document.body; sc = sc.parentElement) {
    const style = getComputedStyle(sc);
    if (!/(auto|scroll)/.test(style.overflowY) || sc.scrollHeight <= sc.clientHeight) continue;
    const r = el.getBoundingClientRect();
    const c = sc.getBoundingClientRect();
    const margin = 8;
    if (r.top < c.top + margin) sc.scrollTop += r.top - c.top - margin;
    else if (r.bottom > c.bottom - margin) sc.scrollTop += Math.min(r.bottom - c.bottom + margin, r.top - c.top - margin);
    return;
  }
  el.scrollIntoView({ block: 'nearest' });
}
