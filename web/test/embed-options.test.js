// The embed mode's options (web/embed/options.js): what each option
// accepts, bad values and unknown names ignored (and listed), and the
// query written for the embed code reading back as the same options.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseOptions, optionsQuery, isEmbed, defaultOptions, MAX_STEP } from '../embed/options.js';

test('without embed there are no options', () => {
  assert.equal(parseOptions(''), null);
  assert.equal(parseOptions('?panes=file&tab=patch'), null);
  assert.equal(isEmbed('?foo=1'), false);
  assert.equal(isEmbed('?embed'), true);
  assert.equal(isEmbed('embed=0'), true, 'any embed parameter asks for the embed mode');
});

test('defaults', () => {
  assert.deepEqual(parseOptions('?embed'), defaultOptions());
  assert.deepEqual(parseOptions('?embed=1'), defaultOptions());
});

const cases = [
  { name: 'panes', search: '?embed&panes=file,live', want: { panes: ['file', 'live'] } },
  { name: 'panes in page order', search: '?embed&panes=results,file', want: { panes: ['file', 'results'] } },
  { name: 'panes with spaces', search: '?embed&panes=file,%20live', want: { panes: ['file', 'live'] } },
  { name: 'panes with an unknown name', search: '?embed&panes=file,lvie', want: { ignored: ['panes'] } },
  { name: 'panes empty', search: '?embed&panes=', want: { ignored: ['panes'] } },
  { name: 'tab', search: '?embed&tab=patch', want: { tab: 'patch' } },
  { name: 'tab unknown', search: '?embed&tab=yaml', want: { ignored: ['tab'] } },
  { name: 'tab in capitals', search: '?embed&tab=Patch', want: { ignored: ['tab'] } },
  { name: 'step', search: '?embed&step=3', want: { step: 3 } },
  { name: 'step zero', search: '?embed&step=0', want: { ignored: ['step'] } },
  { name: 'step negative', search: '?embed&step=-1', want: { ignored: ['step'] } },
  { name: 'step not a number', search: '?embed&step=three', want: { ignored: ['step'] } },
  { name: 'step fraction', search: '?embed&step=1.5', want: { ignored: ['step'] } },
  { name: 'step at the limit', search: `?embed&step=${MAX_STEP}`, want: { step: MAX_STEP } },
  { name: 'step past the limit', search: `?embed&step=${MAX_STEP + 1}`, want: { ignored: ['step'] } },
  { name: 'readonly bare', search: '?embed&readonly', want: { readonly: true } },
  { name: 'readonly true', search: '?embed&readonly=true', want: { readonly: true } },
  { name: 'readonly 0', search: '?embed&readonly=0', want: { readonly: false } },
  { name: 'readonly bad', search: '?embed&readonly=yes', want: { ignored: ['readonly'] } },
  { name: 'theme dark', search: '?embed&theme=dark', want: { theme: 'dark' } },
  { name: 'theme light', search: '?embed&theme=light', want: { theme: 'light' } },
  { name: 'theme bad', search: '?embed&theme=blue', want: { ignored: ['theme'] } },
  { name: 'unknown option', search: '?embed&height=400&tab=diff', want: { tab: 'diff', ignored: ['height'] } },
  { name: 'repeated option: the first counts', search: '?embed&tab=patch&tab=diff', want: { tab: 'patch', ignored: ['tab'] } },
  { name: 'view timeline', search: '?embed&view=timeline', want: { view: 'timeline' } },
  { name: 'view single', search: '?embed&view=single', want: { view: 'single' } },
  { name: 'view kustomize', search: '?embed&view=kustomize&readonly', want: { view: 'kustomize', readonly: true } },
  { name: 'view unknown', search: '?embed&view=timelines', want: { ignored: ['view'] } },
  { name: 'view empty', search: '?embed&view=', want: { ignored: ['view'] } },
  { name: 'timeline with a step and read-only', search: '?embed&view=timeline&step=2&readonly',
    want: { view: 'timeline', step: 2, readonly: true } },
  { name: 'all at once', search: '?embed&panes=file,results&tab=result&step=2&readonly&theme=light',
    want: { panes: ['file', 'results'], tab: 'result', step: 2, readonly: true, theme: 'light' } },
];

for (const c of cases) {
  test(`parse: ${c.name}`, () => {
    assert.deepEqual(parseOptions(c.search), { ...defaultOptions(), ...c.want });
  });
}

test('optionsQuery writes only what differs from the defaults', () => {
  assert.equal(optionsQuery(defaultOptions()), '?embed');
  assert.equal(optionsQuery({ ...defaultOptions(), panes: ['live', 'file'], readonly: true, theme: 'dark', tab: 'patch', step: 4 }),
    '?embed&panes=file,live&tab=patch&step=4&readonly&theme=dark');
  assert.equal(optionsQuery({ ...defaultOptions(), view: 'timeline', step: 3 }), '?embed&view=timeline&step=3');
});

test('optionsQuery reads back as the same options', () => {
  for (const c of cases) {
    const options = parseOptions(c.search);
    assert.ok(options);
    const { ignored, ...rest } = options;
    const again = parseOptions(optionsQuery(rest));
    assert.deepEqual(again, { ...rest, ignored: [] }, c.name);
  }
});
