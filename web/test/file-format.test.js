// The file pane's format: the stored choice, what happens to the text on
// a switch, engine errors about Jsonnet output, and the Jsonnet stage
// (lazy worker, newest answer only, cache, time-outs, crashes, load
// failures answered as file errors).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeWorker } from './fakes.js';
import {
  FORMAT_KEY, storedFormat, storeFormat, scenarioFile, textAfterSwitch, fromJsonnetOutput, JsonnetStage,
} from '../editor/file-format.js';
import { defaultScenario } from '../examples/default-scenario.js';
import { FIRST_COMPUTATION_FACTOR } from '../workers/engine-client.js';

class MemoryStorage {
  constructor(items = {}) { this.items = { ...items }; }
  getItem(k) { return k in this.items ? this.items[k] : null; }
  setItem(k, v) { this.items[k] = String(v); }
}
const brokenStorage = {
  getItem() { throw new Error('SecurityError'); },
  setItem() { throw new Error('QuotaExceededError'); },
};

test('the stored format', async (t) => {
  const cases = [
    { name: 'nothing stored', storage: new MemoryStorage(), want: 'yaml' },
    { name: 'jsonnet stored', storage: new MemoryStorage({ [FORMAT_KEY]: 'jsonnet' }), want: 'jsonnet' },
    { name: 'yaml stored', storage: new MemoryStorage({ [FORMAT_KEY]: 'yaml' }), want: 'yaml' },
    { name: 'an unknown value', storage: new MemoryStorage({ [FORMAT_KEY]: 'toml' }), want: 'yaml' },
    { name: 'storage that throws', storage: brokenStorage, want: 'yaml' },
  ];
  for (const c of cases) {
    await t.test(c.name, () => assert.equal(storedFormat(c.storage), c.want));
  }
});

test('storing the format round-trips, and a broken storage is ignored', () => {
  const storage = new MemoryStorage();
  storeFormat('jsonnet', storage);
  assert.equal(storage.items[FORMAT_KEY], 'jsonnet');
  assert.equal(storedFormat(storage), 'jsonnet');
  storeFormat('yaml', storage);
  assert.equal(storedFormat(storage), 'yaml');
  assert.doesNotThrow(() => storeFormat('jsonnet', brokenStorage));
});

test('the example has a Jsonnet file that is not its YAML file', () => {
  assert.equal(scenarioFile(defaultScenario, 'yaml'), defaultScenario.file);
  assert.equal(scenarioFile(defaultScenario, 'jsonnet'), defaultScenario.fileJsonnet);
  assert.match(defaultScenario.fileJsonnet, /local /);
  assert.notEqual(defaultScenario.fileJsonnet, defaultScenario.file);
});

test('the text after a format switch', async (t) => {
  const s = { file: 'kind: Pod\n', fileJsonnet: "{ kind: 'Pod' }\n" };
  const cases = [
    { name: 'the example follows the format', text: s.file, from: 'yaml', to: 'jsonnet', want: s.fileJsonnet },
    { name: 'and back', text: s.fileJsonnet, from: 'jsonnet', to: 'yaml', want: s.file },
    { name: 'an edited example is kept', text: 'kind: Pod\n# mine\n', from: 'yaml', to: 'jsonnet', want: 'kind: Pod\n# mine\n' },
    { name: 'JSON is kept (it is Jsonnet)', text: '{"kind": "Pod"}', from: 'yaml', to: 'jsonnet', want: '{"kind": "Pod"}' },
    { name: 'an empty pane stays empty', text: '', from: 'yaml', to: 'jsonnet', want: '' },
    { name: 'no switch changes nothing', text: s.file, from: 'yaml', to: 'yaml', want: s.file },
    { name: 'the YAML example in the Jsonnet format is not the Jsonnet example', text: s.file, from: 'jsonnet', to: 'yaml', want: s.file },
  ];
  for (const c of cases) {
    await t.test(c.name, () => assert.equal(textAfterSwitch(c.text, c.from, c.to, s), c.want));
  }
});

test('engine errors about Jsonnet output lose their JSON position', async (t) => {
  await t.test('a file error', () => {
    const got = fromJsonnetOutput({ kind: 'input', pane: 'file', line: 3, column: 4, path: 'metadata.name', message: 'metadata.name is missing' });
    assert.deepEqual(got, { kind: 'input', pane: 'file', message: "In the Jsonnet's output (metadata.name): metadata.name is missing" });
  });
  await t.test('a file error without a path', () => {
    const got = fromJsonnetOutput({ kind: 'input', pane: 'file', line: 1, message: 'two objects' });
    assert.deepEqual(got, { kind: 'input', pane: 'file', message: "In the Jsonnet's output: two objects" });
  });
  await t.test('another pane keeps its position', () => {
    const e = { kind: 'input', pane: 'live', line: 3, column: 4, message: 'bad' };
    assert.deepEqual(fromJsonnetOutput(e), e);
  });
  await t.test('an apply error is untouched', () => {
    const e = { kind: 'apply', message: 'conflict' };
    assert.deepEqual(fromJsonnetOutput(e), e);
  });
});

/**
 * FakeWorker that starts each computation at once, as the real worker
 * says it does, and answers as the Jsonnet worker.
 */
class StartingWorker extends FakeWorker {
  postMessage(msg) {
    super.postMessage(msg);
    if (msg.type === 'apply') queueMicrotask(() => this.emit({ type: 'started', id: msg.id }));
  }
  last() { return this.sent[this.sent.length - 1]; }
  answer(body, msg = this.last()) {
    this.emit({ type: 'response', id: msg.id, response: JSON.stringify({ version: 'go-jsonnet v0.22.0', ...body }) });
  }
}

function setup(opts = {}) {
  const workers = [];
  const states = [];
  const stage = new JsonnetStage({
    createWorker: () => { const w = new StartingWorker(); workers.push(w); return w; },
    onState: (s, d) => states.push(d ? `${s}:${d}` : s),
    timeoutMs: 30,
    loadTimeoutMs: 1000,
    ...opts,
  });
  return { stage, workers, states };
}

test('the worker starts only on the first request, then evaluates', () => {
  const { stage, workers, states } = setup();
  assert.equal(workers.length, 0, 'no worker before a request');
  assert.equal(stage.started, false);
  const answers = [];
  stage.request('{ a: 1 }', (r) => answers.push(r));
  assert.equal(workers.length, 1);
  assert.equal(stage.started, true);
  assert.deepEqual(states, ['loading']);
  const w = workers[0];
  assert.equal(w.sent.length, 0, 'nothing is sent before the wasm is ready');
  w.emit({ type: 'ready', version: 'go-jsonnet v0.22.0' });
  assert.equal(w.sent.length, 1);
  assert.deepEqual(JSON.parse(w.sent[0].request), { source: '{ a: 1 }' });
  w.answer({ json: '{"a": 1}\n' });
  assert.equal(answers.length, 1);
  assert.equal(answers[0].json, '{"a": 1}\n');
  stage.stop();
});

test('only the newest request is answered; an unchanged text is answered from memory', () => {
  const { stage, workers } = setup();
  const answers = [];
  stage.request('{ a: 1 }', (r) => answers.push(['first', r]));
  const w = workers[0];
  w.emit({ type: 'ready', version: 'v' });
  stage.request('{ a: 2 }', (r) => answers.push(['second', r]));
  w.answer({ json: '1' }, w.sent[0]);
  assert.equal(answers.length, 0, 'the superseded answer is dropped');
  assert.equal(w.sent.length, 2);
  w.answer({ json: '2' });
  assert.deepEqual(answers, [['second', { version: 'go-jsonnet v0.22.0', json: '2' }]]);
  // The same text again (another pane was edited): no new evaluation.
  stage.request('{ a: 2 }', (r) => answers.push(['cached', r]));
  assert.equal(w.sent.length, 2);
  assert.deepEqual(answers[1], ['cached', { version: 'go-jsonnet v0.22.0', json: '2' }]);
  // An error is remembered too: it is the text's.
  stage.request('{ a: error "x" }', (r) => answers.push(['error', r]));
  w.answer({ error: { kind: 'input', pane: 'file', line: 1, column: 6, message: 'x' } });
  stage.request('{ a: error "x" }', (r) => answers.push(['error again', r]));
  assert.equal(w.sent.length, 3);
  assert.equal(answers[3][0], 'error again');
  assert.equal(answers[3][1].error.line, 1);
  stage.stop();
});

test('an internal error is not remembered', () => {
  const { stage, workers } = setup();
  const answers = [];
  stage.request('{}', (r) => answers.push(r));
  const w = workers[0];
  w.emit({ type: 'ready', version: 'v' });
  w.answer({ error: { kind: 'internal', message: 'bug' } });
  stage.request('{}', (r) => answers.push(r));
  assert.equal(w.sent.length, 2, 'asked again');
  stage.stop();
});

test('cancel drops the waiting answer', () => {
  const { stage, workers } = setup();
  const answers = [];
  stage.request('{}', (r) => answers.push(r));
  const w = workers[0];
  w.emit({ type: 'ready', version: 'v' });
  stage.cancel();
  w.answer({ json: '{}' });
  assert.equal(answers.length, 0);
  stage.stop();
});

test('a runaway evaluation is stopped, answered as a file error, and the worker replaced', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { stage, workers, states } = setup();
  const answers = [];
  stage.request('local f(x) = f(x) tailstrict; f(0)', (r) => answers.push(r));
  workers[0].emit({ type: 'ready', version: 'v' });
  await null; // the fake worker says 'started' in a microtask: the time limit runs from then
  // A worker's first computation gets FIRST_COMPUTATION_FACTOR times the limit.
  t.mock.timers.tick(30 * FIRST_COMPUTATION_FACTOR - 1);
  assert.equal(answers.length, 0, 'not stopped before the limit');
  t.mock.timers.tick(1);
  assert.equal(answers.length, 1);
  assert.equal(answers[0].error.kind, 'input');
  assert.equal(answers[0].error.pane, 'file');
  assert.match(answers[0].error.message, /ran longer than .* and was stopped/);
  assert.equal(workers[0].terminated, true);
  assert.equal(workers.length, 2, 'a fresh worker');
  assert.ok(states.some((s) => s.startsWith('timeout')));
  // The fresh worker answers the next edit.
  stage.request('{ b: 1 }', (r) => answers.push(r));
  workers[1].emit({ type: 'ready', version: 'v' });
  workers[1].answer({ json: '{"b": 1}' });
  assert.equal(answers[1].json, '{"b": 1}');
  stage.stop();
});

test('a crash is answered as a file error, and the retry in the fresh worker still answers', () => {
  const { stage, workers } = setup();
  const answers = [];
  stage.request('{ c: 1 }', (r) => answers.push(r));
  const w = workers[0];
  w.emit({ type: 'ready', version: 'v' });
  w.emit({ type: 'crashed', id: w.sent[0].id, message: 'the Go program exited' });
  assert.equal(answers.length, 1);
  assert.match(answers[0].error.message, /crashed \(the Go program exited\)/);
  assert.equal(workers.length, 2);
  workers[1].emit({ type: 'ready', version: 'v' });
  assert.deepEqual(JSON.parse(workers[1].sent[0].request), { source: '{ c: 1 }' }, 'retried once');
  workers[1].answer({ json: '{"c": 1}' });
  assert.equal(answers[1].json, '{"c": 1}');
  stage.stop();
});

test('a text that crashes every runtime is answered twice as a crash, then the worker waits for the next edit', () => {
  const { stage, workers } = setup();
  const answers = [];
  const text = '{a: 1' + '+1'.repeat(100000) + '}';
  stage.request(text, (r) => answers.push(r));
  workers[0].emit({ type: 'ready', version: 'v' });
  workers[0].emit({ type: 'crashed', id: workers[0].sent[0].id, message: 'Maximum call stack size exceeded' });
  assert.equal(workers[0].terminated, true, 'the dead runtime is not reused');
  assert.equal(answers.length, 1);
  assert.equal(answers[0].error.pane, 'file');
  assert.match(answers[0].error.message, /crashed \(Maximum call stack size exceeded\) and was restarted; your text is kept/);
  // The retry in the fresh worker crashes too: answered once more, and
  // not retried again.
  workers[1].emit({ type: 'ready', version: 'v' });
  assert.deepEqual(JSON.parse(workers[1].sent[0].request), { source: text });
  workers[1].emit({ type: 'crashed', id: workers[1].sent[0].id, message: 'the Go program exited' });
  assert.equal(workers.length, 3);
  workers[2].emit({ type: 'ready', version: 'v' });
  assert.equal(workers[2].sent.length, 0, 'no third try');
  // A crash is not the text's answer: the same text is evaluated again.
  stage.request(text, (r) => answers.push(r));
  assert.equal(workers[2].sent.length, 1);
  workers[2].answer({ error: { kind: 'input', pane: 'file', reason: 'too-deep', line: 1, column: 1000, message: 'nested' } });
  assert.equal(answers.at(-1).error.reason, 'too-deep');
  stage.stop();
});

test('a load failure is answered as a file error; the next request loads again', () => {
  const { stage, workers } = setup();
  const answers = [];
  stage.request('{}', (r) => answers.push(r));
  workers[0].emit({ type: 'failed', message: 'applylens-jsonnet.wasm: HTTP 404' });
  assert.equal(answers.length, 1);
  assert.equal(answers[0].error.pane, 'file');
  assert.match(answers[0].error.message, /could not be loaded: applylens-jsonnet\.wasm: HTTP 404/);
  stage.request('{ d: 1 }', (r) => answers.push(r));
  assert.equal(workers.length, 2, 'a new worker for the retry');
  workers[1].emit({ type: 'ready', version: 'v' });
  workers[1].answer({ json: '{"d": 1}' });
  assert.equal(answers[1].json, '{"d": 1}');
  stage.stop();
});
