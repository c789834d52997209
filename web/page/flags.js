// The flags of the single-apply mode's `kubectl apply -f` (the row
// #apply-flags): --overwrite, -n and the scope of a custom kind (kubectl
// learns it from the cluster's discovery; the page has no cluster, so the
// user tells it). They go with every apply request (engine/api Request:
// overwrite, namespace, clusterScoped) and into the page's state (links,
// drafts, saves, embeds: share.js Flags, only those not at their default).
// Flags this row does not show (the other share.js Flags) are kept as they
// came, so that a state goes back out as it came in.

import { byId } from '../dom.js';
import { FLAG_DEFAULTS } from '../share/share.js';

/** The flags this row owns, of share.js Flags. */
const OWN = ['namespace', 'scope'];
/** Characters a namespace never holds (share.js refuses them in a link). */
const CONTROL = /[\u0000-\u001f\u007f]/g;
const NAMESPACE_CHARS = 253;

export class ApplyFlags {
  /**
   * @param {{onChange: () => void, onInput: () => void, extraCommand?: () => string}} handlers onChange
   *   for a choice made (compute now), onInput for typing (compute after a pause);
   *   extraCommand, flags shown after the command line's (the apply switch's)
   */
  constructor({ onChange, onInput, extraCommand = () => '' }) {
    this.extraCommand = extraCommand;
    this.overwrite = /** @type {HTMLInputElement} */ (byId('opt-overwrite'));
    this.namespace = /** @type {HTMLInputElement} */ (byId('opt-namespace'));
    this.scope = /** @type {HTMLSelectElement} */ (byId('opt-scope'));
    this.scopeBox = byId('flag-scope');
    this.row = byId('apply-flags');
    this.command = byId('flags-command');
    /** Whether the last answer was about a custom kind (its warning not-built-in). */
    this.customKind = false;
    /** @type {Record<string, unknown>} the flags of the state loaded that this row does not show */
    this.others = {};
    this.overwrite.addEventListener('change', () => this.changed(onChange));
    this.scope.addEventListener('change', () => this.changed(onChange));
    this.namespace.addEventListener('input', () => this.changed(onInput));
    this.show();
  }

  /** @private @param {() => void} then */
  changed(then) {
    this.show();
    then();
  }

  /** -n as sent and shared: without control characters, within a link's limit. */
  namespaceValue() {
    return this.namespace.value.replace(CONTROL, '').slice(0, NAMESPACE_CHARS);
  }

  /**
   * Adds the flags to an apply request (only those not at their default).
   * @param {import('../workers/api-types.js').Request} request
   */
  addTo(request) {
    if (!this.overwrite.checked) request.overwrite = false;
    const namespace = this.namespaceValue();
    if (namespace) request.namespace = namespace;
    if (this.scope.value === 'cluster') request.clusterScoped = true;
  }

  /**
   * The flags as a page state holds them: overwrite, and flags when some
   * is not at its default.
   * @returns {{overwrite: boolean, flags?: import('../share/share.js').Flags}}
   */
  state() {
    /** @type {Record<string, unknown>} */
    const flags = { ...this.others };
    const namespace = this.namespaceValue();
    if (namespace !== FLAG_DEFAULTS.namespace) flags.namespace = namespace;
    if (this.scope.value !== FLAG_DEFAULTS.scope) flags.scope = this.scope.value;
    return Object.keys(flags).length > 0
      ? { overwrite: this.overwrite.checked, flags: /** @type {import('../share/share.js').Flags} */ (flags) }
      : { overwrite: this.overwrite.checked };
  }

  /**
   * Shows the flags of a page state (absent ones at their default).
   * @param {{overwrite: boolean, flags?: import('../share/share.js').Flags}} state
   */
  load(state) {
    const flags = /** @type {Record<string, unknown>} */ (state.flags || {});
    this.overwrite.checked = state.overwrite;
    this.namespace.value = typeof flags.namespace === 'string' ? flags.namespace : FLAG_DEFAULTS.namespace;
    this.scope.value = flags.scope === 'cluster' ? 'cluster' : FLAG_DEFAULTS.scope;
    this.others = Object.fromEntries(Object.entries(flags).filter(([key]) => !OWN.includes(key)));
    this.namespace.removeAttribute('aria-invalid');
    this.show();
  }

  /**
   * After an answer: the scope choice shows for a custom kind (the
   * engine's warning not-built-in), and -n is marked when kubectl refused
   * it (the error itself is shown once, under the file pane).
   * @param {import('../workers/api-types.js').Result|null} result
   * @param {import('../workers/api-types.js').ApiError|null} [error]
   */
  answered(result, error = null) {
    if (result) this.customKind = (result.warnings || []).some((w) => w.code === 'not-built-in');
    if (isNamespaceMismatch(error)) this.namespace.setAttribute('aria-invalid', 'true');
    else this.namespace.removeAttribute('aria-invalid');
    this.show();
  }

  /** Shows the command line again (the apply switch changed). */
  refresh() {
    this.show();
  }

  /** Disables the controls (a read-only embed). */
  disable() {
    this.overwrite.disabled = true;
    this.namespace.readOnly = true;
    this.scope.disabled = true;
  }

  /** @private The scope choice's visibility and the command line. */
  show() {
    // Shown for a custom kind, and whenever it is not at its default, so
    // that a choice in effect is never out of sight.
    const scopeShown = this.customKind || this.scope.value !== FLAG_DEFAULTS.scope;
    if (this.scopeBox.hidden === scopeShown) this.scopeBox.hidden = !scopeShown;
    const text = commandLine(!this.overwrite.checked, this.namespaceValue()) + this.extraCommand();
    if (this.command.textContent !== text) this.command.textContent = text;
    // An embed shows the row only when a flag is set (embed.css).
    const allDefault = String(this.overwrite.checked && !this.namespaceValue() && this.scope.value === FLAG_DEFAULTS.scope);
    if (this.row.dataset.default !== allDefault) this.row.dataset.default = allDefault;
  }
}

/**
 * The command the page computes, as a learner would type it (a custom
 * kind's scope is the cluster's, not a flag).
 * @param {boolean} noOverwrite
 * @param {string} namespace
 */
export function commandLine(noOverwrite, namespace) {
  let s = 'kubectl apply -f file.yaml';
  if (noOverwrite) s += ' --overwrite=false';
  if (namespace) s += ` -n ${/^[A-Za-z0-9._-]+$/.test(namespace) ? namespace : `'${namespace.replace(/'/g, "'\\''")}'`}`;
  return s;
}

/**
 * kubectl's refusal of a file naming another namespace than -n (the
 * engine's input error on the file's metadata.namespace).
 * @param {import('../workers/api-types.js').ApiError|null} error
 */
export function isNamespaceMismatch(error) {
  return !!error && error.kind === 'input' && error.pane === 'file' && error.path === 'metadata.namespace'
    && error.message.startsWith('the namespace from the provided object');
}
