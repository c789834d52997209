// The decision tables of the documentation's "how apply calculates
// differences and merges changes", one per engine rule, in our own words.
// Each row says where the field (or key, or list element) is present;
// null is "does not matter". matchRow finds the row a step took.

/**
 * @typedef {object} TableRow
 * @property {boolean|null} inFile
 * @property {boolean|null} inLive
 * @property {boolean|null} inLastApplied
 * @property {string} action
 *
 * @typedef {object} DecisionTable
 * @property {string} title
 * @property {string} subject   what a row is about: field, key, element
 * @property {string} intro
 * @property {TableRow[]} rows
 * @property {string} [docAnchor] section of the upstream page
 */

const DOC_PAGE = 'https://kubernetes.io/docs/tasks/manage-kubernetes-objects/declarative-config/';

/** @param {boolean|null} f @param {boolean|null} l @param {boolean|null} a @param {string} action */
const row = (f, l, a, action) => ({ inFile: f, inLive: l, inLastApplied: a, action });

/** @type {Record<string, DecisionTable>} */
export const TABLES = {
  primitive: {
    title: 'Primitive fields (string, number, boolean)',
    subject: 'field',
    intro: 'A primitive value is never merged: the file either wins outright, or the field is removed, or live is left as it is.',
    docAnchor: 'merging-changes-to-primitive-fields',
    rows: [
      row(true, true, null, 'Live takes the value from the file.'),
      row(true, false, null, 'Live gets the field, with the file\'s value.'),
      row(false, null, true, 'The file dropped it since the last apply: it is cleared from live.'),
      row(false, null, false, 'Never managed by apply: live keeps whatever it has.'),
    ],
  },
  map: {
    title: 'Map fields (objects)',
    subject: 'key',
    intro: 'A map is merged key by key; each key that is itself a map or list gets its own steps.',
    docAnchor: 'merging-changes-to-map-fields',
    rows: [
      row(true, true, null, 'Both have the key: its value is compared in turn.'),
      row(true, false, null, 'Live gets the key with the file\'s value.'),
      row(false, null, true, 'The file dropped the key since the last apply: it is removed from live.'),
      row(false, null, false, 'Never managed by apply: live keeps the key.'),
    ],
  },
  'list-replace': {
    title: 'Lists without a merge strategy (replaced whole)',
    subject: 'list',
    intro: 'A list with no patchStrategy is handled like a primitive: the whole list is the value, in the file\'s order; elements added to live by others are lost.',
    docAnchor: 'merging-changes-for-fields-of-type-list',
    rows: [
      row(true, true, null, 'Live takes the file\'s whole list.'),
      row(true, false, null, 'Live gets the file\'s whole list.'),
      row(false, null, true, 'The file dropped the list since the last apply: it is cleared from live.'),
      row(false, null, false, 'Never managed by apply: live keeps its list.'),
    ],
  },
  'list-merge-key': {
    title: 'Lists merged by key (patchStrategy: merge, patchMergeKey)',
    subject: 'element',
    intro: 'The list is treated as a map from each element\'s merge key to the element; elements are matched by that key, not by position.',
    docAnchor: 'merging-changes-for-fields-of-type-list',
    rows: [
      row(true, true, null, 'Same key on both sides: the element\'s fields are merged.'),
      row(true, false, null, 'The element is added to live.'),
      row(false, null, true, 'The file dropped the element since the last apply: it is deleted from live.'),
      row(false, null, false, 'Added to live by someone else: the element stays.'),
    ],
  },
  'list-primitive-merge': {
    title: 'Lists of primitives merged as sets (patchStrategy: merge)',
    subject: 'element',
    intro: 'Each value is an element of a set: values are added or deleted one by one, and the file\'s order is kept through $setElementOrder.',
    docAnchor: 'merging-changes-for-fields-of-type-list',
    rows: [
      row(true, true, null, 'The value is in both: it stays.'),
      row(true, false, null, 'The value is added to live.'),
      row(false, null, true, 'The file dropped the value since the last apply: it is deleted from live ($deleteFromPrimitiveList).'),
      row(false, null, false, 'Added to live by someone else: the value stays.'),
    ],
  },
  'retain-keys': {
    title: 'Maps with patchStrategy: retainKeys',
    subject: 'key',
    intro: 'The patch lists the file\'s keys in $retainKeys; the server removes every other key, so such a map ends up with only what the file has.',
    rows: [
      row(true, true, null, 'Both have the key: its value is compared in turn.'),
      row(true, false, null, 'Live gets the key with the file\'s value.'),
      row(false, null, true, 'Not in $retainKeys: removed from live.'),
      row(false, null, false, 'Not in $retainKeys: removed from live, even though apply never managed it.'),
    ],
  },
  'explicit-null': {
    title: 'Fields set to null in the file',
    subject: 'field',
    intro: 'null in the file is an instruction to clear, whatever the last-applied configuration says.',
    docAnchor: 'how-apply-calculates-differences-and-merges-changes',
    rows: [
      row(true, true, null, 'Cleared from live.'),
      row(true, false, null, 'Nothing to clear; the patch may still carry the null.'),
    ],
  },
  'json-merge-patch': {
    title: 'Custom resources (JSON merge patch)',
    subject: 'field',
    intro: 'kubectl knows no patch strategies for custom resources: maps are merged key by key and every list is replaced whole.',
    rows: [
      row(true, true, null, 'Live takes the file\'s value (a map is compared key by key).'),
      row(true, false, null, 'Live gets the field with the file\'s value.'),
      row(false, null, true, 'The file dropped it since the last apply: it is cleared (null in the patch).'),
      row(false, null, false, 'Never managed by apply: live keeps it.'),
    ],
  },
  annotation: {
    title: 'The last-applied-configuration annotation',
    subject: 'annotation',
    intro: 'Every apply stores the file, as JSON, in kubectl.kubernetes.io/last-applied-configuration, so that the next apply knows what the file used to contain.',
    rows: [
      row(null, true, null, 'Live has an annotation: it is replaced by the file\'s content.'),
      row(null, false, null, 'Live has none (created without apply, or it is being created): it is added.'),
    ],
  },
  'strategic-merge-patch': {
    title: 'The strategic merge patch',
    subject: 'field',
    intro: 'The deletions, the changes and the new annotation travel together in one PATCH request. Keys that start with $ are directives that tell the server how to merge lists and maps; each field\'s own step shows the table that decided it.',
    docAnchor: 'merge-patch-calculation',
    rows: [],
  },
  create: {
    title: 'Creating an object',
    subject: 'object',
    intro: 'With no live object there is nothing to patch: kubectl creates the object from the file, adding the last-applied annotation.',
    rows: [
      row(true, false, null, 'The object is created from the file.'),
    ],
  },
};

/** Link to the upstream documentation section of a table. */
export function docLink(rule) {
  const t = TABLES[rule];
  return t && t.docAnchor ? `${DOC_PAGE}#${t.docAnchor}` : DOC_PAGE;
}

/**
 * The index of the row of table that a step's row matches, or -1.
 * @param {DecisionTable} table
 * @param {{inFile: boolean, inLive: boolean, inLastApplied: boolean}} stepRow
 */
export function matchRow(table, stepRow) {
  if (!table || !stepRow) return -1;
  return table.rows.findIndex((r) =>
    (r.inFile === null || r.inFile === !!stepRow.inFile) &&
    (r.inLive === null || r.inLive === !!stepRow.inLive) &&
    (r.inLastApplied === null || r.inLastApplied === !!stepRow.inLastApplied));
}

/** Phases of an apply, as engine.Phase* numbers them. */
export const PHASES = {
  1: { title: 'Fields to delete', detail: 'last-applied configuration compared with the file: what the file no longer has is cleared' },
  2: { title: 'Fields to set', detail: 'the file compared with live: what differs is set' },
  3: { title: 'The last-applied annotation', detail: 'the file is recorded for the next apply' },
  4: { title: 'One patch', detail: 'steps 1 to 3 merged into the request kubectl sends' },
  5: { title: 'On the server', detail: 'the API server applies the patch to the live object' },
};
