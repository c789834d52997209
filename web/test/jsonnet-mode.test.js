// Jsonnet highlighting (the stream tokenizer) and folding by indentation.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StringStream } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { jsonnetParser, indentFold } from '../editor/cm/jsonnet.js';

/** Runs the tokenizer over text: [token text, style] pairs, spaces left out. */
function tokens(text) {
  const state = jsonnetParser.startState(2);
  const out = [];
  for (const line of text.split('\n')) {
    const stream = new StringStream(line, 2, 2);
    while (!stream.eol()) {
      const style = jsonnetParser.token(stream, state);
      const piece = line.slice(stream.start, stream.pos);
      assert.ok(stream.pos > stream.start, `no progress at ${stream.start} of ${JSON.stringify(line)}`);
      if (piece.trim()) out.push([piece, style]);
      stream.start = stream.pos;
    }
  }
  return out;
}

test('Jsonnet tokens', async (t) => {
  const cases = [
    { name: 'keywords, field names and strings', text: "local app = 'nginx';", want: [['local', 'keyword'], ['app', 'variableName'], ['=', 'operator'], ["'nginx'", 'string'], [';', 'punctuation']] },
    { name: 'a field name before :', text: "{ name: app, image+: 'x' }", want: [['{', 'brace'], ['name', 'propertyName'], [':', 'punctuation'], ['app', 'variableName'], [',', 'punctuation'], ['image', 'propertyName'], ['+', 'operator'], [':', 'punctuation'], ["'x'", 'string'], ['}', 'brace']] },
    { name: 'hidden fields', text: 'n:: 1', want: [['n', 'propertyName'], ['::', 'punctuation'], ['1', 'number']] },
    { name: 'quoted field name', text: '"app.kubernetes.io/name": "x"', want: [['"app.kubernetes.io/name"', 'propertyName'], [':', 'punctuation'], ['"x"', 'string']] },
    { name: 'literals', text: '[true, false, null, 1.5e3, self, $, super]', want: [['[', 'squareBracket'], ['true', 'bool'], [',', 'punctuation'], ['false', 'bool'], [',', 'punctuation'], ['null', 'null'], [',', 'punctuation'], ['1.5e3', 'number'], [',', 'punctuation'], ['self', 'self'], [',', 'punctuation'], ['$', 'self'], [',', 'punctuation'], ['super', 'self'], [']', 'squareBracket']] },
    { name: 'std', text: 'std.join', want: [['std', 'variableName.standard'], ['.', 'punctuation'], ['join', 'variableName']] },
    { name: 'line comments', text: "# a\n// b 'c'", want: [['# a', 'comment'], ["// b 'c'", 'comment']] },
    { name: 'a block comment over lines', text: '/* a\nb */ 1', want: [['/* a', 'comment'], ['b */', 'comment'], ['1', 'number']] },
    { name: 'escapes', text: "'it\\'s' \"q\\\"\"", want: [["'it\\'s'", 'string'], ['"q\\""', 'string']] },
    { name: 'verbatim strings double their quote', text: "@'it''s' 1", want: [["@'it''s'", 'string'], ['1', 'number']] },
    { name: 'a string over lines', text: '"a\nb" 2', want: [['"a', 'string'], ['b"', 'string'], ['2', 'number']] },
    { name: 'a text block', text: 'x: |||\n  echo |\n  done\n|||, y: 1', want: [['x', 'propertyName'], [':', 'punctuation'], ['|||', 'string'], ['  echo |', 'string'], ['  done', 'string'], ['|||', 'string'], [',', 'punctuation'], ['y', 'propertyName'], [':', 'punctuation'], ['1', 'number']] },
    { name: 'conditionals and functions', text: 'if a then b else function(x) x', want: [['if', 'keyword'], ['a', 'variableName'], ['then', 'keyword'], ['b', 'variableName'], ['else', 'keyword'], ['function', 'keyword'], ['(', 'paren'], ['x', 'variableName'], [')', 'paren'], ['x', 'variableName']] },
  ];
  for (const c of cases) {
    await t.test(c.name, () => assert.deepEqual(tokens(c.text), c.want));
  }
});

test('the walkthrough in Jsonnet tokenizes without getting stuck', async () => {
  const { defaultScenario } = await import('../examples/default-scenario.js');
  const all = tokens(defaultScenario.fileJsonnet);
  assert.ok(all.some(([text, style]) => text === 'apiVersion' && style === 'propertyName'));
  assert.ok(all.some(([text, style]) => text === "'1.16.1'" && style === 'string'));
  assert.ok(!all.some(([, style]) => style === null));
});

test('folding by indentation', async (t) => {
  const doc = '{\n  a: {\n    b: 1,\n\n    c: 2,\n  },\n  d: 3,\n}';
  const state = EditorState.create({ doc });
  const at = (n) => state.doc.line(n).from;
  const cases = [
    { name: 'the outer object', line: 1, want: { from: state.doc.line(1).to, to: state.doc.line(7).to } },
    { name: 'a nested object, over a blank line', line: 2, want: { from: state.doc.line(2).to, to: state.doc.line(5).to } },
    { name: 'a leaf line', line: 3, want: null },
    { name: 'a blank line', line: 4, want: null },
    { name: 'the last line', line: 8, want: null },
  ];
  for (const c of cases) {
    await t.test(c.name, () => assert.deepEqual(indentFold(state, at(c.line)), c.want));
  }
});
