// Every rule the engine names has a table, and the rows a step can take
// are matched to exactly one table row.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { TABLES, matchRow, PHASES } from '../outputs/tables.js';

// The rule and phase constants live in engine/kube (engine and explain
// re-export them).
const engineGo = readFileSync(new URL('../../engine/kube/result.go', import.meta.url), 'utf8');

test('every engine rule has a decision table', () => {
  const rules = [...engineGo.matchAll(/Rule\w+\s*=\s*"([^"]+)"/g)].map((m) => m[1]);
  assert.ok(rules.length >= 5, `found rules: ${rules}`);
  for (const rule of rules) assert.ok(TABLES[rule], `no table for rule ${rule}`);
});

test('every engine phase has a title', () => {
  const phases = [...engineGo.matchAll(/Phase\w+\s*=\s*(\d+)/g)].map((m) => Number(m[1]));
  assert.ok(phases.length >= 5);
  for (const p of phases) assert.ok(PHASES[p], `no title for phase ${p}`);
});

const bools = [false, true];
for (const [rule, table] of Object.entries(TABLES)) {
  test(`${rule}: no presence matches two rows`, () => {
    for (const inFile of bools) for (const inLive of bools) for (const inLastApplied of bools) {
      const hits = table.rows.filter((r) =>
        (r.inFile === null || r.inFile === inFile) &&
        (r.inLive === null || r.inLive === inLive) &&
        (r.inLastApplied === null || r.inLastApplied === inLastApplied));
      assert.ok(hits.length <= 1, `${JSON.stringify({ inFile, inLive, inLastApplied })} matches ${hits.length} rows`);
    }
  });
}

test('matchRow picks the documentation rows', () => {
  const cases = [
    { name: 'primitive set from file', rule: 'primitive', row: { inFile: true, inLive: true, inLastApplied: false }, want: 0 },
    { name: 'primitive added', rule: 'primitive', row: { inFile: true, inLive: false, inLastApplied: true }, want: 1 },
    { name: 'primitive cleared', rule: 'primitive', row: { inFile: false, inLive: true, inLastApplied: true }, want: 2 },
    { name: 'primitive kept (kubectl scale)', rule: 'primitive', row: { inFile: false, inLive: true, inLastApplied: false }, want: 3 },
    { name: 'map key removed', rule: 'map', row: { inFile: false, inLive: true, inLastApplied: true }, want: 2 },
    { name: 'element kept by key', rule: 'list-merge-key', row: { inFile: false, inLive: true, inLastApplied: false }, want: 3 },
    { name: 'annotation replaced', rule: 'annotation', row: { inFile: false, inLive: true, inLastApplied: false }, want: 0 },
    { name: 'annotation added', rule: 'annotation', row: { inFile: false, inLive: false, inLastApplied: false }, want: 1 },
    { name: 'create', rule: 'create', row: { inFile: true, inLive: false, inLastApplied: false }, want: 0 },
    { name: 'create has no row for a live object', rule: 'create', row: { inFile: true, inLive: true, inLastApplied: false }, want: -1 },
  ];
  for (const c of cases) assert.equal(matchRow(TABLES[c.rule], c.row), c.want, c.name);
  assert.equal(matchRow(undefined, { inFile: true }), -1);
});
