// Stand-ins for the browser objects the page's modules touch, shared by
// the unit tests: an element of a fake DOM and a Web Worker.

/** An element of a fake DOM: the fields and methods the modules use. */
export class FakeElement {
  /** @param {string} [tag] */
  constructor(tag) {
    this.tagName = tag;
    this.hidden = false;
    this.textContent = '';
    this.value = '';
    this.checked = false;
    this.disabled = false;
    /** @type {Map<string, string>} */
    this.attributes = new Map();
    /** @type {Record<string, Function[]>} */
    this.listeners = {};
    /** @type {Record<string, string>} */
    this.dataset = {};
  }

  /** @param {string} type @param {Function} fn */
  addEventListener(type, fn) { (this.listeners[type] ||= []).push(fn); }
  /** @param {string} type */
  fire(type) { for (const fn of this.listeners[type] || []) fn(); }
  /** @param {string} name @param {string} value */
  setAttribute(name, value) { this.attributes.set(name, value); }
  /** @param {string} name */
  removeAttribute(name) { this.attributes.delete(name); }
  /** @param {string} name */
  getAttribute(name) { return this.attributes.get(name) ?? null; }
}

/** A Worker stand-in that records what it is sent and lets tests answer. */
export class FakeWorker {
  constructor() {
    /** @type {any[]} */
    this.sent = [];
    this.terminated = false;
    /** @type {((e: {data: any}) => void)|null} */
    this.onmessage = null;
    this.onerror = null;
  }
  /** @param {any} msg */
  postMessage(msg) { this.sent.push(msg); }
  terminate() { this.terminated = true; }
  /** @param {any} data */
  emit(data) { this.onmessage?.({ data }); }
}
