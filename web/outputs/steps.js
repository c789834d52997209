// The Steps tab: the engine's decisions grouped by phase, each with its
// decision table and the row it took. One step at a time is selected; the
// page then highlights that field in every editor (see main.js).
//
// A keystroke usually leaves most steps as they were, and a large apply
// has thousands: a render keeps the element of every step whose content is
// unchanged (same signature: the step without its `where` spans, which
// move whenever lines are added above) and only renumbers it, builds the
// others, and touches the DOM only where the order changed. The steps of a
// closed "kept" group are built when it is opened; past a time budget, new
// elements are built in later tasks (in order, #steps[data-pending] set
// meanwhile) so that no task runs long. Clicks and toggles are handled
// once, on the container.

import { h, clear, reveal } from '../dom.js';
import { TABLES, PHASES, matchRow, docLink } from './tables.js';
import { formatValue } from './format.js';

/** @typedef {import('../workers/api-types.js').Step} Step */

const YES_NO = (v) => (v === null ? '–' : v ? 'yes' : 'no');

/**
 * The element of a built step, with what it was built from.
 * @typedef {HTMLElement & {_sig: string, _index: number, _filled?: boolean}} StepItem
 */

/**
 * One list of steps (a phase's changes, or its kept fields).
 * @typedef {object} ListPlan
 * @property {HTMLOListElement} list
 * @property {number[]} indexes the steps it shows, in order
 * @property {number} pos the first index not yet placed (built lists: indexes.length)
 */

/** Signatures by step object: a result rebuilt from a delta keeps unchanged steps as the same objects. */
const signatures = new WeakMap();

/**
 * What a step's element shows, as a string: equal signatures, equal elements
 * (apart from the index-based ids).
 * @param {Step} step
 * @returns {string}
 */
export function stepSignature(step) {
  let sig = signatures.get(step);
  if (sig === undefined) {
    sig = JSON.stringify(step);
    signatures.set(step, sig);
  }
  return sig;
}

/**
 * Whether a step goes in its phase's closed group of fields kept as they
 * are (the apply leaves them alone; they can be many, every server default).
 * @param {Step} step
 */
function isKept(step) {
  return step.action === 'keep' && !!step.path;
}

export class StepsView {
  /**
   * @param {HTMLElement} container
   * @param {object} opts
   * @param {(step: Step|null, index: number, scroll?: boolean) => void} opts.onSelect
   * @param {number} [opts.budgetMs] building new step elements in one task stops after this long…
   * @param {number} [opts.minItems] once this many are built
   * @param {(fn: () => void) => void} [opts.later] runs fn in a later task
   */
  constructor(container, { onSelect, budgetMs = 10, minItems = 50, later = (fn) => setTimeout(fn, 0) }) {
    this.container = container;
    this.onSelect = onSelect;
    this.budgetMs = budgetMs;
    this.minItems = minItems;
    this.later = later;
    /** @type {Step[]} */
    this.steps = [];
    /** The element of each step, by index; undefined while not built. @type {(StepItem|undefined)[]} */
    this.items = [];
    this.selected = -1;
    /**
     * The DOM of each phase present.
     * @type {Map<number, {section: HTMLElement, list: HTMLOListElement, keeps: HTMLOListElement, kept: HTMLDetailsElement, summary: HTMLElement}>}
     */
    this.phases = new Map();
    /** Lists whose steps are not all built yet, in page order. @type {ListPlan[]} */
    this.pendingLists = [];
    this.scheduled = false;
    /** @type {HTMLElement|null} */
    this.note = null;

    container.addEventListener('click', (event) => {
      const target = /** @type {HTMLElement} */ (event.target);
      const button = target.closest?.('.step-head, .decision-toggle');
      const li = /** @type {StepItem|null} */ (button && button.closest('li.step'));
      if (!li || !container.contains(li) || this.items[li._index] !== li) return;
      if (button.classList.contains('step-head')) this.select(li._index, { focus: false });
      else this.showTable(li, button.getAttribute('aria-expanded') !== 'true');
    });
    // toggle does not bubble; a capturing listener still sees it.
    container.addEventListener('toggle', (event) => {
      const details = /** @type {HTMLDetailsElement} */ (event.target);
      if (!details.open || !details.classList.contains('kept')) return;
      const phase = Number(/** @type {HTMLElement} */ (details.closest('section.phase'))?.dataset.phase);
      this.fillKept(phase);
    }, true);
  }

  /**
   * Shows steps. The step that was selected stays selected when a step
   * with the same phase and path is still there, so typing does not lose
   * the reader's place.
   * @param {Step[]} steps
   */
  render(steps) {
    const previous = this.selected >= 0 ? this.steps[this.selected] : null;
    this.unmarkSelected();
    const old = this.items;
    this.steps = steps || [];
    this.items = new Array(this.steps.length);
    this.selected = -1;
    this.pendingLists = [];
    if (this.steps.length === 0) {
      this.showNote('No steps: nothing in the inputs needs a decision.');
      if (previous) this.onSelect(null, -1, false);
      return;
    }
    this.removeNote();

    // The elements there are, by signature, to be taken by equal steps.
    /** @type {Map<string, StepItem[]>} */
    const pool = new Map();
    for (const item of old) {
      if (!item) continue;
      const same = pool.get(item._sig);
      if (same) same.push(item);
      else pool.set(item._sig, [item]);
    }
    for (const same of pool.values()) same.reverse();

    /** @type {Map<number, {main: number[], kept: number[]}>} */
    const byPhase = new Map();
    this.steps.forEach((step, index) => {
      let group = byPhase.get(step.phase);
      if (!group) byPhase.set(step.phase, (group = { main: [], kept: [] }));
      (isKept(step) ? group.kept : group.main).push(index);
    });

    // Sections in phase order, made or kept.
    const phases = [...byPhase.keys()].sort((a, b) => a - b);
    let cursor = this.container.firstChild;
    for (const phase of phases) {
      const dom = this.phaseDOM(phase);
      if (dom.section === cursor) cursor = cursor.nextSibling;
      else this.container.insertBefore(dom.section, cursor);
    }
    while (cursor) {
      const next = cursor.nextSibling;
      cursor.remove();
      cursor = next;
    }
    for (const phase of [...this.phases.keys()]) if (!byPhase.has(phase)) this.phases.delete(phase);

    // Which element shows which step: the same signature's element when
    // there is one. Closed kept groups are built when opened.
    /** @type {ListPlan[]} */
    const plans = [];
    for (const phase of phases) {
      const dom = this.phases.get(phase);
      const { main, kept } = byPhase.get(phase);
      plans.push({ list: dom.list, indexes: main, pos: 0 });
      if (kept.length > 0 && dom.kept.open) plans.push({ list: dom.keeps, indexes: kept, pos: 0 });
      else clear(dom.keeps);
      this.shapeSection(dom, main.length, kept.length);
    }
    /** @type {Set<StepItem>} */
    const taken = new Set();
    for (const plan of plans) {
      for (const index of plan.indexes) {
        const same = pool.get(stepSignature(this.steps[index]));
        const item = same && same.pop();
        if (!item) continue;
        taken.add(item);
        this.place(item, index);
      }
    }
    // Put the reused elements in order, removing the rest; steps without
    // an element are built next, within the budget.
    for (const plan of plans) {
      let at = plan.list.firstChild;
      for (const index of plan.indexes) {
        const item = this.items[index];
        if (!item) continue;
        while (at && !taken.has(/** @type {StepItem} */ (at))) {
          const next = at.nextSibling;
          at.remove();
          at = next;
        }
        if (item === at) at = at.nextSibling;
        else plan.list.insertBefore(item, at);
      }
      while (at) {
        const next = at.nextSibling;
        if (!taken.has(/** @type {StepItem} */ (at)) || at.parentNode === plan.list) at.remove();
        at = next;
      }
    }
    this.pendingLists = plans;
    this.build(performance.now());

    if (previous) {
      const again = this.steps.findIndex((s) => s.phase === previous.phase && s.path === previous.path && s.rule === previous.rule);
      if (again >= 0) this.select(again, { focus: false, scroll: false });
      else this.onSelect(null, -1, false);
    }
  }

  /**
   * The section of a phase, made the first time.
   * @private
   * @param {number} phase
   */
  phaseDOM(phase) {
    let dom = this.phases.get(phase);
    if (dom) return dom;
    const info = PHASES[phase] || { title: `Phase ${phase}`, detail: '' };
    const list = /** @type {HTMLOListElement} */ (h('ol', { className: 'step-list' }));
    const keeps = /** @type {HTMLOListElement} */ (h('ol', { className: 'step-list' }));
    const summary = h('summary', {});
    const kept = /** @type {HTMLDetailsElement} */ (h('details', { className: 'kept' }, summary, keeps));
    const section = h('section', { className: 'phase', attrs: { 'aria-labelledby': `phase-${phase}` }, dataset: { phase: String(phase) } },
      h('h3', { id: `phase-${phase}` },
        h('span', { className: 'phase-no', text: String(phase) }),
        ` ${info.title}`,
        h('span', { className: 'phase-detail', text: info.detail ? ` — ${info.detail}` : '' })));
    dom = { section, list, keeps, kept, summary };
    this.phases.set(phase, dom);
    return dom;
  }

  /**
   * A section holds its list of changes when there are some, then the
   * closed group of kept fields when there are some.
   * @private
   */
  shapeSection(dom, changes, kept) {
    const { section, list, kept: group, summary } = dom;
    if (changes > 0 && list.parentNode !== section) section.insertBefore(list, group.parentNode === section ? group : null);
    if (changes === 0 && list.parentNode) list.remove();
    if (kept > 0) {
      const text = `${kept} ${kept === 1 ? 'field' : 'fields'} kept as they are in live`;
      if (summary.textContent !== text) summary.textContent = text;
      if (group.parentNode !== section) section.append(group);
    } else if (group.parentNode) {
      group.remove();
      group.open = false;
    }
  }

  /**
   * Records that item shows step index, renumbering its ids when needed.
   * @private
   * @param {StepItem} item
   * @param {number} index
   */
  place(item, index) {
    this.items[index] = item;
    if (item._index === index) return;
    item._index = index;
    item.dataset.index = String(index);
    const head = /** @type {HTMLElement} */ (item.firstChild);
    head.id = `step-${index}`;
    head.setAttribute('aria-describedby', `step-why-${index}`);
    /** @type {HTMLElement} */ (head.nextSibling).id = `step-why-${index}`;
  }

  /**
   * Builds the steps still without an element, in page order, until the
   * budget is spent (when started is given) or all of them (or up to the
   * step until, when given) otherwise; the rest waits for a later task.
   * @private
   * @param {number|null} started when the task began, or null: no budget
   * @param {number} [until] stop once this step is built
   */
  build(started, until = -1) {
    let made = 0;
    while (this.pendingLists.length > 0) {
      const plan = this.pendingLists[0];
      const { list, indexes } = plan;
      // The element the next new one goes before: the first built one
      // after it in the list.
      let anchorAt = -1;
      /** @type {StepItem|null} */
      let anchor = null;
      while (plan.pos < indexes.length) {
        const index = indexes[plan.pos];
        if (!this.items[index]) {
          if (started !== null && made >= this.minItems && performance.now() - started > this.budgetMs) {
            this.schedule();
            return;
          }
          if (anchorAt < plan.pos) {
            anchorAt = plan.pos + 1;
            while (anchorAt < indexes.length && !this.items[indexes[anchorAt]]) anchorAt++;
            anchor = anchorAt < indexes.length ? this.items[indexes[anchorAt]] || null : null;
          }
          const item = this.renderStep(this.steps[index], index);
          this.items[index] = item;
          list.insertBefore(item, anchor);
          made++;
        }
        plan.pos++;
        if (index === until) return;
      }
      this.pendingLists.shift();
    }
    delete this.container.dataset.pending;
  }

  /** @private */
  schedule() {
    this.container.dataset.pending = 'true';
    if (this.scheduled) return;
    this.scheduled = true;
    this.later(() => {
      this.scheduled = false;
      if (this.pendingLists.length > 0) this.build(performance.now());
    });
  }

  /**
   * Builds the kept group of a phase, when it was opened.
   * @private
   * @param {number} phase
   */
  fillKept(phase) {
    const dom = this.phases.get(phase);
    if (!dom || !dom.kept.open || dom.keeps.firstChild) return;
    if (this.pendingLists.some((p) => p.list === dom.keeps)) return;
    const indexes = [];
    this.steps.forEach((step, index) => { if (step.phase === phase && isKept(step)) indexes.push(index); });
    if (indexes.length === 0) return;
    // In page order among the lists still waiting: after those of earlier phases.
    const plan = { list: dom.keeps, indexes, pos: 0 };
    const at = this.pendingLists.findIndex((p) => this.phaseOf(p) > phase);
    if (at < 0) this.pendingLists.push(plan);
    else this.pendingLists.splice(at, 0, plan);
    this.build(performance.now());
  }

  /** @private @param {ListPlan} plan */
  phaseOf(plan) {
    return plan.indexes.length ? this.steps[plan.indexes[0]].phase : 0;
  }

  /**
   * The element of step index, built now when it is not yet.
   * @private
   * @param {number} index
   * @returns {StepItem|undefined}
   */
  ensureItem(index) {
    if (this.items[index]) return this.items[index];
    const step = this.steps[index];
    if (!step) return undefined;
    if (isKept(step)) {
      const dom = this.phases.get(step.phase);
      if (dom && !dom.kept.open) {
        dom.kept.open = true;
        this.fillKept(step.phase);
      }
    }
    if (!this.items[index]) this.build(null, index);
    if (this.pendingLists.length > 0) this.schedule();
    return this.items[index];
  }

  /**
   * @param {Step} step
   * @param {number} index
   * @returns {StepItem}
   */
  renderStep(step, index) {
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
    const table = TABLES[step.rule];
    // A disclosure button rather than <details>: each <details> brings a
    // shadow tree with its own style sheet, which makes every later style
    // update of the page slower, and a large apply has thousands of steps.
    // The table itself is built when first opened: most are never looked at.
    const decision = table ? h('div', { className: 'decision' },
      h('button', { type: 'button', className: 'decision-toggle', attrs: { 'aria-expanded': 'false' }, text: `Decision table: ${table.title}` })) : null;
    const head = h('button', {
      type: 'button', className: 'step-head', id: `step-${index}`,
      attrs: { 'aria-describedby': `step-why-${index}` },
    },
    h('code', { className: 'step-path', text: step.path || '(object)' }),
    h('span', { className: `badge action action-${slug(step.action)}`, text: step.action }),
    h('span', { className: 'badge rule', text: step.rule + (step.mergeKey ? ` by ${step.mergeKey}` : '') }));
    const item = /** @type {StepItem} */ (h('li', { className: 'step', dataset: { index: String(index), rule: step.rule, action: step.action } },
      head,
      h('p', { className: 'why', id: `step-why-${index}`, text: step.why || '' }),
      values,
      presence,
      decision));
    item._sig = stepSignature(step);
    item._index = index;
    return item;
  }

  /**
   * Opens or closes a step's decision table, building it the first time.
   * @private
   * @param {StepItem} item
   * @param {boolean} open
   */
  showTable(item, open) {
    const decision = item.querySelector('.decision');
    const toggle = decision && decision.firstElementChild;
    if (!toggle) return;
    if (open && !item._filled) {
      const step = this.steps[item._index];
      const table = step && TABLES[step.rule];
      if (!table) return;
      item._filled = true;
      decision.append(h('div', { className: 'decision-body' }, ...tableContents(table, step)));
    }
    if (toggle.getAttribute('aria-expanded') === String(open)) return;
    toggle.setAttribute('aria-expanded', String(open));
    if (item._filled) /** @type {HTMLElement} */ (decision.lastElementChild).hidden = !open;
  }

  /**
   * @param {number} index
   * @param {{focus?: boolean, scroll?: boolean}} [opts]
   */
  select(index, { focus = true, scroll = true } = {}) {
    if (index < 0 || index >= this.steps.length) return;
    const item = this.ensureItem(index);
    if (!item) return;
    this.unmarkSelected();
    this.selected = index;
    item.classList.add('selected');
    const head = /** @type {HTMLElement} */ (item.firstChild);
    head.setAttribute('aria-current', 'step');
    const group = /** @type {HTMLDetailsElement|null} */ (item.closest('details.kept'));
    if (group && !group.open) group.open = true;
    this.showTable(item, true);
    if (focus) head.focus({ preventScroll: true });
    if (scroll) reveal(item);
    this.onSelect(this.steps[index], index, scroll);
  }

  /** @private */
  unmarkSelected() {
    const old = this.selected >= 0 ? this.items[this.selected] : undefined;
    if (!old) return;
    old.classList.remove('selected');
    /** @type {HTMLElement} */ (old.firstChild).removeAttribute('aria-current');
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
    this.pendingLists = [];
    this.showNote(text);
  }

  /** @private @param {string} text */
  showNote(text) {
    this.phases.clear();
    delete this.container.dataset.pending;
    if (this.note && this.note.parentNode === this.container && this.container.childNodes.length === 1) {
      if (this.note.textContent !== text) this.note.textContent = text;
      return;
    }
    clear(this.container);
    this.note = h('p', { className: 'empty', text });
    this.container.append(this.note);
  }

  /** @private */
  removeNote() {
    if (this.note && this.note.parentNode === this.container) this.note.remove();
    this.note = null;
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
