// The Steps tab: the engine's decisions grouped by phase, each with its
// decision table and the row it took. One step at a time is selected; the
// page then highlights that field in every editor (see main.js).

import { h, clear, reveal } from '../dom.js';
import { TABLES, PHASES, matchRow, docLink } from './tables.js';
import { formatValue } from './format.js';

/** @typedef {import('../api-types.js').Step} Step */

const YES_NO = (v) => (v === null ? '–' : v ? 'yes' : 'no');

export class StepsView {
  /**
   * @param {HTMLElement} container
   * @param {{onSelect: (step: Step|null, index: number, scroll?: boolean) => void}} opts
   */
  constructor(container, { onSelect }) {
    this.container = container;
    this.onSelect = onSelect;
    /** @type {Step[]} */
    this.steps = [];
    /** @type {HTMLElement[]} */
    this.items = [];
    this.selected = -1;
  }

  /**
   * Shows steps. The step that was selected stays selected when a step
   * with the same phase and path is still there, so typing does not lose
   * the reader's place.
   * @param {Step[]} steps
   */
  render(steps) {
    const previous = this.selected >= 0 ? this.steps[this.selected] : null;
    this.steps = steps || [];
    this.items = [];
    this.selected = -1;
    clear(this.container);
    if (this.steps.length === 0) {
      this.container.append(h('p', { className: 'empty', text: 'No steps: nothing in the inputs needs a decision.' }));
      return;
    }
    const byPhase = new Map();
    this.steps.forEach((step, index) => {
      if (!byPhase.has(step.phase)) byPhase.set(step.phase, []);
      byPhase.get(step.phase).push({ step, index });
    });
    this.items = new Array(this.steps.length);
    for (const phase of [...byPhase.keys()].sort((a, b) => a - b)) {
      const info = PHASES[phase] || { title: `Phase ${phase}`, detail: '' };
      const list = h('ol', { className: 'step-list' });
      // Fields the apply leaves alone can be many (every server default);
      // they go in a closed group so the changes stand out.
      const keeps = h('ol', { className: 'step-list' });
      for (const { step, index } of byPhase.get(phase)) {
        const item = this.renderStep(step, index);
        this.items[index] = item;
        (step.action === 'keep' && step.path ? keeps : list).append(item);
      }
      const kept = keeps.childElementCount;
      const keptGroup = kept === 0 ? null : h('details', { className: 'kept' },
        h('summary', { text: `${kept} ${kept === 1 ? 'field' : 'fields'} kept as they are in live` }),
        keeps);
      this.container.append(
        h('section', { className: 'phase', attrs: { 'aria-labelledby': `phase-${phase}` }, dataset: { phase: String(phase) } },
          h('h3', { id: `phase-${phase}` },
            h('span', { className: 'phase-no', text: String(phase) }),
            ` ${info.title}`,
            h('span', { className: 'phase-detail', text: info.detail ? ` — ${info.detail}` : '' })),
          list.childElementCount ? list : null,
          keptGroup));
    }
    if (previous) {
      const again = this.steps.findIndex((s) => s.phase === previous.phase && s.path === previous.path && s.rule === previous.rule);
      if (again >= 0) this.select(again, { focus: false, scroll: false });
      else this.onSelect(null, -1, false);
    }
  }

  /**
   * @param {Step} step
   * @param {number} index
   * @returns {HTMLElement}
   */
  renderStep(step, index) {
    const table = TABLES[step.rule];
    const values = [];
    const same = step.old !== undefined && step.new !== undefined && formatValue(step.old, Infinity) === formatValue(step.new, Infinity);
    if (same) {
      values.push(h('div', { className: 'step-values' },
        h('span', { className: 'label', text: 'value' }),
        h('code', { className: 'value', text: formatValue(step.new) })));
    } else if (!step.path && step.old === undefined && step.new !== undefined) {
      values.push(h('div', { className: 'step-values' },
        h('span', { className: 'label', text: step.phase === 4 ? 'patch' : 'object' }),
        h('code', { className: 'value', text: formatValue(step.new) })));
    } else if (step.old !== undefined || step.new !== undefined) {
      values.push(h('div', { className: 'step-values' },
        h('span', { className: 'label', text: 'before' }),
        h('code', { className: 'value old', text: formatValue(step.old) }),
        h('span', { className: 'arrow', attrs: { 'aria-hidden': 'true' }, text: '→' }),
        h('span', { className: 'label', text: 'after' }),
        h('code', { className: 'value new', text: formatValue(step.new) })));
    }
    // A step without a path is about the whole object (create, the whole
    // patch): where "it" is present says nothing there.
    const presence = !step.path ? null : h('p', { className: 'presence' },
      presenceChip('file', step.row && step.row.inFile),
      presenceChip('live', step.row && step.row.inLive),
      presenceChip('last-applied', step.row && step.row.inLastApplied));
    const details = table ? renderTable(table, step) : null;
    const head = h('button', {
      type: 'button', className: 'step-head', id: `step-${index}`,
      attrs: { 'aria-describedby': `step-why-${index}` },
      onclick: () => this.select(index, { focus: false }),
    },
    h('code', { className: 'step-path', text: step.path || '(object)' }),
    h('span', { className: `badge action action-${slug(step.action)}`, text: step.action }),
    h('span', { className: 'badge rule', text: step.rule + (step.mergeKey ? ` by ${step.mergeKey}` : '') }));
    return h('li', { className: 'step', dataset: { index: String(index), rule: step.rule, action: step.action } },
      head,
      h('p', { className: 'why', id: `step-why-${index}`, text: step.why || '' }),
      values,
      presence,
      details);
  }

  /**
   * @param {number} index
   * @param {{focus?: boolean, scroll?: boolean}} [opts]
   */
  select(index, { focus = true, scroll = true } = {}) {
    if (index < 0 || index >= this.steps.length) return;
    if (this.selected >= 0 && this.items[this.selected]) {
      const old = this.items[this.selected];
      old.classList.remove('selected');
      old.querySelector('.step-head').removeAttribute('aria-current');
    }
    this.selected = index;
    const item = this.items[index];
    item.classList.add('selected');
    const head = item.querySelector('.step-head');
    head.setAttribute('aria-current', 'step');
    const group = item.closest('details.kept');
    if (group) group.open = true;
    const details = item.querySelector('details.decision');
    if (details) {
      /** @type {any} */ (details).fill();
      details.open = true;
    }
    if (focus) head.focus({ preventScroll: true });
    if (scroll) reveal(item);
    this.onSelect(this.steps[index], index, scroll);
  }

  next() {
    this.select(this.selected < 0 ? 0 : Math.min(this.selected + 1, this.steps.length - 1));
  }

  previous() {
    this.select(this.selected < 0 ? 0 : Math.max(this.selected - 1, 0));
  }

  /** Shows a message instead of steps. @param {string} text */
  message(text) {
    this.steps = [];
    this.items = [];
    this.selected = -1;
    clear(this.container);
    this.container.append(h('p', { className: 'empty', text }));
  }
}

function slug(s) {
  return String(s || '').replace(/[^a-z0-9]+/gi, '-').toLowerCase();
}

function presenceChip(where, present) {
  return h('span', { className: `chip ${present ? 'yes' : 'no'}`, text: `${present ? 'in' : 'not in'} ${where}` });
}

/**
 * The rule's decision table with the step's row marked.
 * @param {import('./tables.js').DecisionTable} table
 * @param {Step} step
 */
function renderTable(table, step) {
  // The table itself is built when first opened: a large apply has
  // hundreds of steps, and most tables are never looked at.
  const details = h('details', { className: 'decision' },
    h('summary', { text: `Decision table: ${table.title}` }));
  let filled = false;
  const fill = () => {
    if (filled) return;
    filled = true;
    details.append(...tableContents(table, step));
  };
  details.addEventListener('toggle', () => { if (details.open) fill(); });
  /** @type {any} */ (details).fill = fill;
  return details;
}

/**
 * @param {import('./tables.js').DecisionTable} table
 * @param {Step} step
 */
function tableContents(table, step) {
  // The phase-4 step without a path is the whole patch: no row of a
  // field's table describes it.
  const whole = step.phase === 4 && !step.path;
  const match = whole ? -1 : matchRow(table, step.row);
  const subject = table.subject;
  const body = h('tbody', {});
  table.rows.forEach((r, i) => {
    const tr = h('tr', { className: i === match ? 'match' : '' },
      h('td', { text: YES_NO(r.inFile) }),
      h('td', { text: YES_NO(r.inLive) }),
      h('td', { text: YES_NO(r.inLastApplied) }),
      h('td', {}, r.action, i === match ? h('span', { className: 'match-note', text: ' ← this step' }) : null));
    if (i === match) tr.setAttribute('aria-current', 'true');
    body.append(tr);
  });
  return [
    h('p', { className: 'table-intro', text: table.intro }),
    table.rows.length === 0 ? null : h('table', {},
      h('thead', {}, h('tr', {},
        h('th', { attrs: { scope: 'col' }, text: `${subject} in file` }),
        h('th', { attrs: { scope: 'col' }, text: `in live` }),
        h('th', { attrs: { scope: 'col' }, text: `in last-applied` }),
        h('th', { attrs: { scope: 'col' }, text: 'what apply does' }))),
      body),
    match < 0 && table.rows.length > 0
      ? h('p', { className: 'table-note', text: whole ? 'This step shows the whole patch; each field\'s own step shows its row.' : 'This step is not one of the table\'s rows.' })
      : null,
    h('p', { className: 'table-link' },
      h('a', { href: docLink(step.rule), target: '_blank', rel: 'noopener', text: 'The Kubernetes documentation on this' })),
  ].filter(Boolean);
}
