// The embed code (web/embed/snippet.js): the frame's address holds the
// options and the state, escaped for an HTML attribute; the host script
// names the page's origin.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { embedAddress, embedSnippet, hostScript, FALLBACK_HEIGHT } from '../embed/snippet.js';
import { defaultOptions, parseOptions } from '../embed/options.js';

test('the address carries the options and the fragment', () => {
  const src = embedAddress('https://a.example/lens/', { ...defaultOptions(), panes: ['file', 'results'], readonly: true }, 's1=abc_-');
  assert.equal(src, 'https://a.example/lens/?embed&panes=file,results&readonly#s1=abc_-');
  const url = new URL(src);
  assert.deepEqual(parseOptions(url.search), { ...defaultOptions(), panes: ['file', 'results'], readonly: true });
  assert.equal(url.hash, '#s1=abc_-');
});

test('the snippet escapes the address for an attribute', () => {
  const src = embedAddress('https://a.example/', { ...defaultOptions(), tab: 'patch', step: 2 }, 'example=walkthrough');
  const snippet = embedSnippet(src, 'https://a.example');
  assert.match(snippet, /src="https:\/\/a\.example\/\?embed&amp;tab=patch&amp;step=2#example=walkthrough"/);
  assert.match(snippet, new RegExp(`height="${FALLBACK_HEIGHT}"`));
  assert.match(snippet, /data-applylens/);
  assert.ok(!snippet.includes('&tab'), 'no raw ampersand in the attribute');
});

test('the host script accepts only the page origin', () => {
  const script = hostScript('https://a.example');
  assert.match(script, /e\.origin !== "https:\/\/a\.example"/);
  assert.match(script, /applylens:height/);
  assert.ok(!hostScript('https://x</script>').includes('</script>"'), 'an origin cannot close the script');
});

test('a timeline embed: the view and its step in the address', () => {
  const src = embedAddress('https://a.example/', { ...defaultOptions(), view: 'timeline', step: 3, tab: 'diff' }, 'example=timeline-walkthrough');
  assert.equal(src, 'https://a.example/?embed&view=timeline&tab=diff&step=3#example=timeline-walkthrough');
  assert.deepEqual(parseOptions(new URL(src).search), { ...defaultOptions(), view: 'timeline', step: 3, tab: 'diff' });
});
