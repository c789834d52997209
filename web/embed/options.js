// The embed mode's options, read from the page's query string
// (index.html?embed&panes=file,live&tab=patch&step=3&readonly&theme=dark,
// or index.html?embed&view=timeline&step=2 for the Timeline mode),
// and written back for the "Copy embed code" snippet. Pure functions, no
// DOM: embed.js applies them.
//
// A documentation page must never break because of a typo in its iframe's
// address: an unknown option, or a known one with a value it cannot take,
// is ignored and its default used. Nothing is logged and nothing is shown;
// the names ignored are listed in <html data-embed-ignored> for whoever
// inspects the frame (docs/embedding.md).

/** The input panes and the results column, in page order. */
export const PANES = /** @type {const} */ (['last-applied', 'file', 'live', 'results']);
/** The result tabs (as in share links). */
export const TABS = /** @type {const} */ (['steps', 'patch', 'result', 'diff']);
export const THEMES = /** @type {const} */ (['auto', 'light', 'dark']);
/** The page's modes: the three panes, or a timeline of commands. */
export const VIEWS = /** @type {const} */ (['single', 'timeline', 'kustomize']);
/** The highest step=N accepted (a large apply has thousands of steps). */
export const MAX_STEP = 100000;

/**
 * @typedef {object} EmbedOptions
 * @property {typeof VIEWS[number]|null} view the mode shown (null: the fragment's, else single)
 * @property {Array<typeof PANES[number]>} panes the panes shown, in page order (single apply)
 * @property {typeof TABS[number]|null} tab the tab to start on (null: the link's, else Steps);
 *   in the Timeline mode, the view of each apply of the selected step
 * @property {number} step the step to select first, 1-based (0: none); in the
 *   Timeline mode, the timeline's step (command)
 * @property {boolean} readonly whether the editors refuse edits
 * @property {typeof THEMES[number]} theme auto follows the visitor's system
 * @property {string[]} ignored the options ignored (unknown, repeated or bad values)
 */

/** @returns {EmbedOptions} */
export function defaultOptions() {
  return { view: null, panes: [...PANES], tab: null, step: 0, readonly: false, theme: 'auto', ignored: [] };
}

/**
 * Whether a query string asks for the embed mode: an `embed` parameter,
 * with or without a value.
 * @param {string} search location.search, with or without '?'
 */
export function isEmbed(search) {
  return new URLSearchParams(search).has('embed');
}

/** @param {string} value */
function flag(value) {
  if (value === '' || value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  return null;
}

/**
 * Reads the embed options of a query string; null when it does not ask
 * for the embed mode.
 * @param {string} search location.search, with or without '?'
 * @returns {EmbedOptions|null}
 */
export function parseOptions(search) {
  const params = new URLSearchParams(search);
  if (!params.has('embed')) return null;
  const options = defaultOptions();
  const seen = new Set();
  for (const [name, raw] of params) {
    const value = raw.trim();
    const ignore = () => options.ignored.push(name);
    if (seen.has(name)) {
      ignore();
      continue;
    }
    seen.add(name);
    switch (name) {
      case 'embed':
        break;
      case 'view':
        if (/** @type {readonly string[]} */ (VIEWS).includes(value)) options.view = /** @type {EmbedOptions['view']} */ (value);
        else ignore();
        break;
      case 'panes': {
        const wanted = new Set(value.split(',').map((p) => p.trim()));
        const panes = PANES.filter((p) => wanted.has(p));
        // Any unknown name makes the whole list suspect: all panes show.
        if (panes.length === 0 || panes.length !== wanted.size) ignore();
        else options.panes = panes;
        break;
      }
      case 'tab':
        if (/** @type {readonly string[]} */ (TABS).includes(value)) options.tab = /** @type {EmbedOptions['tab']} */ (value);
        else ignore();
        break;
      case 'step': {
        const n = /^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : 0;
        if (n >= 1 && n <= MAX_STEP) options.step = n;
        else ignore();
        break;
      }
      case 'readonly': {
        const on = flag(value);
        if (on === null) ignore();
        else options.readonly = on;
        break;
      }
      case 'theme':
        if (/** @type {readonly string[]} */ (THEMES).includes(value)) options.theme = /** @type {EmbedOptions['theme']} */ (value);
        else ignore();
        break;
      default:
        ignore();
    }
  }
  return options;
}

/**
 * The query string of an embed with these options: only the ones that
 * differ from the defaults, in a fixed order, so the same options give
 * the same address.
 * @param {Omit<EmbedOptions, 'ignored'>} options
 * @returns {string} starting with '?embed'
 */
export function optionsQuery(options) {
  const parts = ['embed'];
  if (options.view) parts.push(`view=${options.view}`);
  const panes = PANES.filter((p) => options.panes.includes(p));
  if (panes.length > 0 && panes.length < PANES.length) parts.push(`panes=${panes.join(',')}`);
  if (options.tab) parts.push(`tab=${options.tab}`);
  if (options.step > 0) parts.push(`step=${options.step}`);
  if (options.readonly) parts.push('readonly');
  if (options.theme !== 'auto') parts.push(`theme=${options.theme}`);
  return `?${parts.join('&')}`;
}
