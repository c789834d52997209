// The server-side apply's view (a chunk loaded when the apply switch first
// leaves client-side): the server-side result with each field's owners
// beside its lines, the conflicts (kubectl's error once, each field
// highlighted in the panes), the steps, and for "both" the two results side
// by side with their differences explained. Everything from the user or the
// engine is text (dom.js h()).

import { h, clear } from '../dom.js';
import { addViewStyle } from './view-style.js';
import { paragraphs } from './kubectl-text.js';
import { renderElsewhere } from '../outputs/elsewhere.js';
import { addressed } from '../outputs/format.js';
import { renderErrorBlock } from '../outputs/messages.js';
import { ssaStep, addStepsStyle } from './steps-list.js';

/** @typedef {import('../workers/api-types.js').ServerSide} ServerSide */
/** @typedef {import('../workers/api-types.js').Where} Where */

export class ServerSideView {
  /**
   * @param {object} opts
   * @param {HTMLElement} opts.host
   * @param {() => import('../workers/engine-client.js').EngineClient} opts.createClient
   * @param {(where: Where|null) => void} opts.highlight
   * @param {(pane: string) => string} opts.paneLabel a pane's label, for an error that names it
   * @param {string} [opts.crds] the CustomResourceDefinitions pasted so far
   * @param {(text: string) => void} [opts.onCRDs] they were edited
   * @param {() => void} [opts.onSettled] an answer (a result or an error)
   *   is shown, or the engine failed, was stopped or crashed
   */
  constructor({ host, createClient, highlight, paneLabel, crds = '', onCRDs = () => {}, onSettled = () => {} }) {
    addViewStyle();
    addStepsStyle();
    this.host = host;
    this.highlight = highlight;
    this.paneLabel = paneLabel;
    clear(host);
    host.dataset.state = 'loading';
    this.status = h('p', { className: 'status ssa-status', attrs: { role: 'status', 'aria-live': 'polite' }, text: 'Loading the server-side apply…' });
    this.body = h('div', { className: 'ssa-body' });
    // A custom kind is merged by the schema of the CRD that serves it, as
    // the server does once the CRD is applied; without one, every list of
    // the kind is atomic and every map granular.
    this.crdText = /** @type {HTMLTextAreaElement} */ (h('textarea', {
      id: 'ssa-crds-text', className: 'ssa-crds-text', spellcheck: false, autocomplete: 'off',
      attrs: { rows: '10', placeholder: 'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n…   (several separated by ---)', 'aria-label': 'CustomResourceDefinitions the server knows' },
    }));
    this.crdText.value = crds;
    this.crdText.readOnly = document.documentElement.hasAttribute('data-embed-readonly');
    this.crdText.addEventListener('input', () => {
      this.crdSummary();
      onCRDs(this.crdText.value);
    });
    this.crdCount = h('span', { className: 'ssa-crds-count' });
    this.crds = /** @type {HTMLDetailsElement} */ (h('details', { id: 'ssa-crds', className: 'ssa-crds' },
      h('summary', {}, 'CustomResourceDefinitions the server knows ', this.crdCount),
      h('p', { className: 'panel-hint', text: 'For a custom resource: paste its CRD (YAML, several separated by ---). The server-side apply then merges by the served version\'s openAPIV3Schema (x-kubernetes-list-type, list-map-keys, map-type…), as the API server does once the CRD is applied. Without one, every list of a custom kind is atomic.' }),
      this.crdText));
    this.crds.open = crds !== '';
    this.crdSummary();
    host.append(this.crds, this.status, this.body);
    this.client = createClient();
    this.client.onResponse = (response) => {
      this.render(/** @type {any} */ (response));
      onSettled();
    };
    this.client.onState = (state, detail) => {
      this.engineState(state, detail);
      if (state === 'failed' || state === 'timeout' || state === 'crashed') onSettled();
    };
    this.client.start();
  }

  /** Shows pasted CRDs (a link or a save opened). @param {string} text */
  setCRDs(text) {
    if (this.crdText.value === text) return;
    this.crdText.value = text;
    if (text) this.crds.open = true;
    this.crdSummary();
  }

  /** @private */
  crdSummary() {
    const n = (this.crdText.value.match(/^kind:\s*CustomResourceDefinition\s*$/gm) || []).length;
    this.crdCount.textContent = n ? `(${n})` : '(none)';
  }

  /** @param {import('../workers/api-types.js').ServerSideRequest} request */
  request(request) {
    this.client.request(/** @type {any} */ (request));
  }

  empty() {
    this.client.cancel();
    this.host.dataset.state = 'empty';
    this.status.textContent = 'Paste a configuration file to see what kubectl apply --server-side does.';
    clear(this.body);
  }

  /** @param {string} state @param {string} [detail] */
  engineState(state, detail = '') {
    if (state === 'loading' && this.host.dataset.state !== 'ready') this.status.textContent = 'Loading the server-side apply…';
    if (state === 'failed') {
      this.host.dataset.state = 'failed';
      this.status.textContent = `The server-side apply could not be loaded: ${detail}. Choose it again to retry.`;
    }
    if (state === 'timeout' || state === 'crashed') {
      this.host.dataset.state = 'error';
      this.status.textContent = state === 'timeout' ? `Stopped: the server-side apply ran longer than ${detail}; edit the inputs to try again.` : `The server-side engine crashed (${detail}) and was restarted.`;
    }
  }

  /** @param {import('../workers/api-types.js').ServerSideResponse} response */
  render(response) {
    clear(this.body);
    this.highlight(null);
    if (response.error || !response.serverSide) {
      const e = response.error || { kind: 'internal', message: 'the engine answered with neither a result nor an error' };
      this.host.dataset.state = 'error';
      this.status.textContent = e.kind === 'input' ? 'The inputs have an error (see the pane).' : 'kubectl apply --server-side would fail:';
      // The field the error is about (two list entries with one key),
      // marked in the pane it names.
      const marked = e.fields && e.fields.length > 0 ? e.fields[0].where : null;
      const pane = e.pane ? this.paneLabel(e.pane) : '';
      const where = pane ? ` (${pane}${e.line ? `, line ${e.line}` : ''}${marked ? ', marked' : ''})` : '';
      const box = h('div', { className: 'error-general', attrs: { role: 'alert' } });
      if (!e.explanation) {
        box.textContent = `${e.message}${where}`;
      } else {
        // As the client-side apply's: the plain words first, the
        // server's or kubectl's exact text (Go syntax, some of it) folded
        // below them.
        renderErrorBlock(box, e);
        if (pane) box.append(h('p', { className: 'error-where', text: `In the ${pane}${e.line ? ` at line ${e.line}` : ''}${marked ? ' (marked)' : ''}.` }));
      }
      this.body.append(box);
      if (marked) this.highlight(marked);
      return;
    }
    const s = response.serverSide;
    this.host.dataset.state = 'ready';
    this.host.dataset.action = s.server.action;
    this.host.dataset.view = s.client || s.clientError ? 'both' : 'server';
    this.status.textContent = statusOf(s);
    this.body.append(h('p', { className: 'panel-hint', text: this.host.dataset.view === 'both'
      ? 'The same file and live object through both applies: kubectl apply (a three-way patch from the last-applied pane) and kubectl apply --server-side (the server merges by the kind\'s schema and records field owners).'
      : 'kubectl apply --server-side sends the file as it is; the API server merges it into the live object by the kind\'s schema and records who owns each field (metadata.managedFields). The last-applied pane is not used.' }));
    if (s.server.elsewhere) {
      // The client-side apply beside it ("both") goes to the same object.
      const note = h('div', { className: 'elsewhere', id: 'ssa-elsewhere', attrs: { role: 'note' } });
      renderElsewhere(note, s.server.elsewhere);
      this.body.append(note);
    }
    this.renderMessages(s);
    if (s.conflicts.length > 0) this.renderConflicts(s);
    if (this.host.dataset.view === 'both') this.renderBoth(s);
    else {
      this.result = this.renderBlame(s);
      this.renderSteps(s);
    }
  }

  /** kubectl's error (once) and warnings. @param {ServerSide} s @private */
  renderMessages(s) {
    for (const w of s.server.warnings) {
      if (w.code === 'apply-conflict') {
        // kubectl's exact words, a block per paragraph: its line breaks
        // inside a paragraph are laid out as spaces, so that the text
        // wraps to the box (see kubectl-text.js); the text is unchanged.
        const blocks = paragraphs(w.message).flatMap((p, i) => [i > 0 ? '\n' : '', h('span', { className: `kubectl-para${/^[*-] /.test(p) ? ' bullet' : ''}`, text: p })]);
        this.body.append(h('div', { className: 'ssa-kubectl-error', id: 'ssa-kubectl-error', attrs: { role: 'group', 'aria-label': 'kubectl prints', tabindex: '0' } }, ...blocks));
      } else {
        this.body.append(h('p', { className: 'ssa-warning', dataset: { code: w.code } }, h('span', { className: 'badge warn', text: w.code }), ` ${w.message}`));
      }
    }
  }

  /** @param {ServerSide} s @private */
  renderConflicts(s) {
    const list = h('ul', { className: 'ssa-conflicts', id: 'ssa-conflicts' });
    s.conflicts.forEach((c, i) => {
      const item = h('button', { type: 'button', className: 'ssa-conflict', dataset: { index: String(i) }, attrs: { 'aria-pressed': 'false' } },
        h('span', { className: 'ssa-manager', text: `${c.manager} (${c.operation})` }), ' owns ', h('code', { text: c.field }));
      item.addEventListener('click', () => this.select(list, item, c.where));
      list.append(h('li', {}, item));
    });
    this.body.append(h('h3', { className: 'small-heading', text: `Conflicts (${s.conflicts.length}): fields another manager owns with another value` }), list);
    // Where each conflicting field is, at once: the first one in the panes.
    const first = /** @type {HTMLElement} */ (list.querySelector('button'));
    this.select(list, first, s.conflicts[0].where);
  }

  /** @param {HTMLElement} list @param {HTMLElement} item @param {Where|null} where @private */
  select(list, item, where) {
    for (const b of list.querySelectorAll('[aria-pressed="true"]')) b.setAttribute('aria-pressed', 'false');
    item.setAttribute('aria-pressed', 'true');
    this.highlight(where);
  }

  /**
   * The result, each line with the managers of the fields that start on it.
   * @param {ServerSide} s @private
   * @returns {HTMLElement[]} the rows, by line
   */
  renderBlame(s) {
    const owners = new Map();
    for (const o of s.owners) {
      const names = o.owners.map((m) => `${m.manager} · ${m.operation}`);
      const at = owners.get(o.line) || [];
      for (const n of names) if (!at.includes(n)) at.push(n);
      owners.set(o.line, at);
    }
    const lines = s.server.objectYAML.replace(/\n$/, '').split('\n');
    const table = h('div', { className: 'blame', id: 'ssa-result', attrs: { role: 'table', 'aria-label': 'Result with field owners' } });
    let previous = '';
    const rows = lines.map((text, i) => {
      const who = owners.get(i + 1) || [];
      // Each owner whole, one a line; on a phone the names go above the
      // line they own, once for a run of lines with the same owners.
      const same = who.length > 0 && who.join(', ') === previous;
      previous = who.join(', ');
      const row = h('div', { className: `blame-row${same ? ' same-owners' : ''}`, attrs: { role: 'row' }, dataset: { line: String(i + 1), owners: who.join(', ') } },
        h('span', { className: 'blame-owner', attrs: { role: 'cell' } }, ...who.map((n) => h('span', { className: 'owner-name', text: n }))),
        h('span', { className: 'blame-no', attrs: { role: 'cell', 'aria-hidden': 'true' }, text: String(i + 1) }),
        h('code', { className: 'blame-text', attrs: { role: 'cell' }, text }));
      table.append(row);
      return row;
    });
    foldManagedFields(table, rows, lines);
    const title = s.server.action === 'conflict' ? 'The live object, unchanged (the server refused the apply), with its owners' : 'Result, with each field\'s owners (manager · Apply or Update)';
    this.body.append(h('h3', { className: 'small-heading', text: title }), table);
    return rows;
  }

  /** @param {ServerSide} s @private */
  renderSteps(s) {
    const list = h('ol', { className: 'ssa-steps', id: 'ssa-steps' });
    s.server.steps.forEach((step, i) => {
      const button = ssaStep(step);
      button.addEventListener('click', () => {
        const where = s.stepsWhere[i] || null;
        this.select(list, button, where);
        this.markRows(this.result, where && where.result);
      });
      list.append(h('li', {}, button));
    });
    this.body.append(h('h3', { className: 'small-heading', text: 'Steps: what this apply does to the field manager\'s fields' }), list);
  }

  /** @param {HTMLElement[]|undefined} rows @param {{line: number, endLine: number}|null|undefined} span @private */
  markRows(rows, span) {
    if (!rows) return;
    for (const [i, row] of rows.entries()) {
      const marked = !!span && i + 1 >= span.line && i + 1 <= span.endLine;
      row.classList.toggle('marked', marked);
      if (marked) row.hidden = false;
    }
    if (span && rows[span.line - 1]) rows[span.line - 1].scrollIntoView({ block: 'nearest' });
  }

  /** The two results side by side, and each difference explained. @param {ServerSide} s @private */
  renderBoth(s) {
    const diffs = s.differences || [];
    const clientLines = new Set(diffs.map((d) => d.clientLine).filter(Boolean));
    const serverLines = new Set(diffs.map((d) => d.serverLine).filter(Boolean));
    const column = (title, text, marked, id) => {
      const lines = text.replace(/\n$/, '').split('\n');
      const rows = lines.map((line, i) => h('div', { className: `both-row${marked.has(i + 1) ? ' differs' : ''}`, dataset: { line: String(i + 1) } },
        h('span', { className: 'blame-no', attrs: { 'aria-hidden': 'true' }, text: String(i + 1) }), h('code', { text: line })));
      const box = h('div', { className: 'both-lines' }, ...rows);
      foldManagedFields(box, rows, lines);
      return { el: h('div', { className: 'both-col', id }, h('h3', { className: 'small-heading', text: title }), box), rows };
    };
    const server = column(`server-side: ${s.server.action}`, s.server.objectYAML, serverLines, 'both-server');
    const client = s.client
      ? column(`client-side: ${s.client.action}`, s.client.objectYAML, clientLines, 'both-client')
      : { el: h('div', { className: 'both-col', id: 'both-client' }, h('h3', { className: 'small-heading', text: 'client-side: fails' }), clientErrorBlock(s.clientError)), rows: [] };
    const grid = h('div', { className: 'both-grid' }, client.el, server.el);
    const list = h('ol', { className: 'ssa-differences', id: 'ssa-differences' });
    for (const d of diffs) {
      const button = h('button', { type: 'button', className: `ssa-difference${d.bookkeeping ? ' bookkeeping' : ''}`, attrs: { 'aria-pressed': 'false' } },
        h('code', { className: 'diff-path', text: d.path || '(the whole object)' }),
        d.bookkeeping ? h('span', { className: 'diff-note', text: ' kubectl\'s bookkeeping, not the object: each apply keeps its last-applied annotation its own way' }) : false,
        ...elementsOnly(d),
        d.bookkeeping ? false : sides(d),
        h('p', { className: 'ssa-why', text: d.clientWhy }),
        h('p', { className: 'ssa-why', text: d.serverWhy }));
      button.addEventListener('click', () => {
        this.select(list, button, null);
        this.markRows(client.rows, d.clientLine ? { line: d.clientLine, endLine: d.clientLine } : null);
        this.markRows(server.rows, d.serverLine ? { line: d.serverLine, endLine: d.serverLine } : null);
      });
      // kubectl's bookkeeping: its values (a JSON document in a string)
      // whole, but folded, below the explanation.
      list.append(h('li', {}, button, d.bookkeeping ? h('details', { className: 'diff-details' }, h('summary', { text: 'the two values' }), sides(d)) : false));
    }
    const heading = diffs.length === 0 ? 'The two applies give the same object (managedFields aside).' : `Differences (${diffs.length}), each with the rule of each apply that decided it; select one to mark it in both results`;
    // The differences first: on a phone the two results are long.
    this.body.append(h('h3', { className: 'small-heading', text: heading }), list, grid);
  }
}

/**
 * The rows of metadata.managedFields in a result's lines ([start, end), 0-based;
 * null without them): folded behind one row, since the owners column (or the
 * server-side view) says the same per field.
 * @param {string[]} lines
 * @returns {[number, number]|null}
 */
function managedFieldsRows(lines) {
  const start = lines.indexOf('  managedFields:');
  if (start < 0) return null;
  let end = start + 1;
  while (end < lines.length && /^( {3,}|  - )/.test(lines[end])) end++;
  return [start, end];
}

/**
 * Hides the managedFields rows behind a toggle row inserted before them.
 * @param {HTMLElement} container
 * @param {HTMLElement[]} rows
 * @param {string[]} lines
 */
function foldManagedFields(container, rows, lines) {
  const range = managedFieldsRows(lines);
  if (!range) return;
  const [start, end] = range;
  const folded = rows.slice(start + 1, end);
  for (const r of folded) r.hidden = true;
  const toggle = h('button', { type: 'button', className: 'fold-toggle small', attrs: { 'aria-expanded': 'false' }, text: `show ${folded.length} lines of managedFields (their fields' owners are beside the lines)` });
  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    toggle.textContent = open ? 'hide managedFields' : `show ${folded.length} lines of managedFields (their fields' owners are beside the lines)`;
    for (const r of folded) r.hidden = !open;
  });
  container.insertBefore(h('div', { className: 'fold-row' }, toggle), rows[start + 1] || null);
}

/**
 * A value as JSON, whole: the value that differs is the answer, so it
 * wraps (at the spaces after commas and colons) rather than being cut. A
 * list shows one element a line, as YAML does.
 * @param {unknown} v
 */
function shown(v) {
  if (v === undefined) return 'absent';
  if (Array.isArray(v) && v.length > 0) return v.map((e) => `- ${flow(e)}`).join('\n');
  return flow(v);
}

/** JSON on one line with a space after each comma and colon. @param {unknown} v @returns {string} */
function flow(v) {
  if (Array.isArray(v)) return `[${v.map(flow).join(', ')}]`;
  if (v !== null && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${flow(x)}`).join(', ')}}`;
  return JSON.stringify(v);
}

/** Each apply's value of a difference. @param {import('../workers/api-types.js').Difference} d */
function sides(d) {
  return h('span', { className: 'diff-sides' }, side('client-side', d.client), side('server-side', d.server));
}

/** One apply's value of a difference. @param {string} label @param {unknown} v */
function side(label, v) {
  return h('span', { className: 'diff-side' }, h('span', { className: 'diff-label', text: `${label}:` }), h('code', { className: 'diff-value', text: shown(v) }));
}

/**
 * The list elements one result has and the other lacks (the engine's
 * onlyClient and onlyServer), each whole on its own line.
 * @param {import('../workers/api-types.js').Difference} d
 * @returns {HTMLElement[]}
 */
function elementsOnly(d) {
  const rows = [];
  for (const [label, list] of /** @type {[string, any[]|undefined][]} */ ([['only client-side has', d.onlyClient], ['only server-side has', d.onlyServer]])) {
    for (const v of list || []) rows.push(h('span', { className: 'diff-only' }, h('span', { className: 'diff-label', text: `${label}:` }), h('code', { className: 'diff-value', text: flow(v) })));
  }
  return rows;
}

/** @param {ServerSide} s */
function statusOf(s) {
  const owned = s.owners.length;
  if (s.client || s.clientError) {
    const n = (s.differences || []).length;
    const client = s.client ? `client-side ${s.client.action}` : 'client-side fails';
    return `Both applies: ${client}, server-side ${s.server.action}; ${s.clientError ? 'nothing to compare' : n === 0 ? 'the same object' : `${n} difference${n === 1 ? '' : 's'}, explained below`}.`;
  }
  switch (s.server.action) {
    case 'conflict':
      return `Server-side apply refused: ${s.conflicts.length} conflict${s.conflicts.length === 1 ? '' : 's'} with other managers. kubectl exits 1 and nothing changes.`;
    case 'create':
      if (s.server.elsewhere) {
        const { sought, live } = addressed(s.server.elsewhere);
        return `Server-side apply creates the object${sought}; the live object, ${live}, is another object, left untouched. ${owned} fields have owners.`;
      }
      return `Server-side apply creates the object; ${owned} fields have owners.`;
    case 'unchanged':
      return 'Server-side apply changes nothing (the object and its managedFields stay as they are).';
    default:
      return `Server-side apply configures the object; ${owned} fields have owners.`;
  }
}

/**
 * Why the client-side apply beside the server-side one fails, as the
 * client-side view says it (plain words, kubectl's text folded).
 * @param {import('../workers/api-types.js').ApiError|undefined} error
 */
function clientErrorBlock(error) {
  const box = h('div', { className: 'error-general' });
  if (error) renderErrorBlock(box, error);
  return box;
}
