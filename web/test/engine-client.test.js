// Tests of the worker scheduling: one request in flight, only the newest
// answer delivered, timeouts and crashes replace the worker.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeWorker } from './fakes.js';
import { EngineClient, FIRST_COMPUTATION_FACTOR, debounce } from '../workers/engine-client.js';

function setup(opts = {}) {
  const workers = [];
  const responses = [];
  const states = [];
  const client = new EngineClient({
    createWorker: () => { const w = new FakeWorker(); workers.push(w); return w; },
    onResponse: (r, id) => responses.push({ r, id }),
    onState: (s, d) => states.push(d === undefined ? s : `${s}:${d}`),
    timeoutMs: 50,
    loadTimeoutMs: 1000,
    ...opts,
  });
  client.start();
  return { client, workers, responses, states };
}

const answer = (worker, msg, body) =>
  worker.emit({ type: 'response', id: msg.id, response: JSON.stringify(body) });

test('requests wait for ready and then go out one at a time', () => {
  const { client, workers, responses } = setup();
  const w = workers[0];
  client.request({ file: 'a' });
  assert.equal(w.sent.length, 0, 'nothing is sent before ready');
  w.emit({ type: 'ready', version: 'v1' });
  assert.equal(w.sent.length, 1);
  assert.equal(JSON.parse(w.sent[0].request).file, 'a');
  client.request({ file: 'b' });
  client.request({ file: 'c' });
  assert.equal(w.sent.length, 1, 'a second request waits for the first answer');
  answer(w, w.sent[0], { version: 'v1', result: { action: 'configure' } });
  assert.equal(responses.length, 0, 'the answer to a superseded request is dropped');
  assert.equal(w.sent.length, 2);
  assert.equal(JSON.parse(w.sent[1].request).file, 'c', 'only the newest waiting request is sent');
  answer(w, w.sent[1], { version: 'v1', result: { action: 'create' } });
  assert.equal(responses.length, 1);
  assert.equal(responses[0].r.result.action, 'create');
  client.stopWorker();
});

test('a computation past the time limit replaces the worker', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { client, workers, responses, states } = setup();
  workers[0].emit({ type: 'ready', version: 'v1' });
  client.request({ file: 'first' });
  workers[0].emit({ type: 'started', id: workers[0].sent[0].id });
  t.mock.timers.tick(50 * FIRST_COMPUTATION_FACTOR - 1);
  assert.equal(workers.length, 1, 'the first computation gets longer: it compiles the code it runs');
  answer(workers[0], workers[0].sent[0], { version: 'v1', result: { action: 'create' } });
  responses.length = 0;
  client.request({ file: 'slow' });
  workers[0].sent.shift();
  workers[0].emit({ type: 'started', id: workers[0].sent[0].id });
  t.mock.timers.tick(49);
  assert.equal(workers.length, 1, 'not stopped before the limit');
  t.mock.timers.tick(1);
  assert.ok(workers[0].terminated, 'the stuck worker is terminated');
  assert.equal(workers.length, 2, 'a fresh worker is started');
  assert.ok(states.includes('timeout:0.05 s'), `states: ${states}`);
  assert.equal(client.timeouts, 1);
  workers[1].emit({ type: 'ready', version: 'v1' });
  assert.equal(workers[1].sent.length, 0, 'the request that timed out is not retried');
  client.request({ file: 'fast' });
  workers[1].emit({ type: 'started', id: workers[1].sent[0].id });
  t.mock.timers.tick(50 * FIRST_COMPUTATION_FACTOR - 1);
  assert.equal(workers.length, 2, "the fresh worker's first computation gets the longer limit again");
  answer(workers[1], workers[1].sent[0], { version: 'v1', result: { action: 'unchanged' } });
  assert.equal(responses.length, 1);
  client.stopWorker();
});

test('the time limit counts the computation, not the wait for it to start', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { client, workers, responses } = setup();
  workers[0].emit({ type: 'ready', version: 'v1' });
  client.request({ file: 'a' });
  // The worker's thread is busy (a slow phone, a warm-up call): the
  // request waits in its queue for longer than the limit.
  t.mock.timers.tick(500);
  assert.equal(workers.length, 1, 'nothing stopped while the computation has not started');
  workers[0].emit({ type: 'started', id: workers[0].sent[0].id });
  t.mock.timers.tick(40);
  answer(workers[0], workers[0].sent[0], { version: 'v1', result: { action: 'create' } });
  assert.equal(responses.length, 1, 'the answer arrives within the limit of its own computation');
  t.mock.timers.tick(100);
  assert.equal(workers.length, 1, 'the answered computation leaves no timer behind');
  assert.equal(client.timeouts, 0);
  client.stopWorker();
});

test('a crash retries the newest request once in a fresh worker', () => {
  const { client, workers, responses, states } = setup();
  workers[0].emit({ type: 'ready', version: 'v1' });
  client.request({ file: 'x' });
  workers[0].emit({ type: 'crashed', id: workers[0].sent[0].id, message: 'the Go program exited' });
  assert.ok(states.includes('crashed:the Go program exited'));
  workers[1].emit({ type: 'ready', version: 'v1' });
  assert.equal(workers[1].sent.length, 1, 'retried once');
  workers[1].emit({ type: 'crashed', id: workers[1].sent[0].id, message: 'again' });
  workers[2].emit({ type: 'ready', version: 'v1' });
  assert.equal(workers[2].sent.length, 0, 'not retried a second time');
  assert.equal(responses.length, 0);
  client.stopWorker();
});

test('a load failure is reported and retry starts over', () => {
  const { client, workers, states } = setup();
  workers[0].emit({ type: 'failed', message: 'HTTP 404' });
  assert.equal(states.at(-1), 'failed:HTTP 404');
  assert.ok(workers[0].terminated);
  client.start();
  assert.equal(states.at(-1), 'loading');
  workers[1].emit({ type: 'ready', version: 'v2' });
  assert.equal(states.at(-1), 'ready:v2');
  client.stopWorker();
});

test('the load timeout fails a worker that never gets ready', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { client, states } = setup({ loadTimeoutMs: 30 });
  t.mock.timers.tick(29);
  assert.equal(states.at(-1), 'loading', 'not failed before the limit');
  t.mock.timers.tick(1);
  assert.match(states.at(-1), /^failed:the engine did not start/);
  client.stopWorker();
});

test('cancel drops the answer of the running request', () => {
  const { client, workers, responses } = setup();
  workers[0].emit({ type: 'ready', version: 'v1' });
  client.request({ file: 'a' });
  client.cancel();
  answer(workers[0], workers[0].sent[0], { version: 'v1', result: {} });
  assert.equal(responses.length, 0);
  client.stopWorker();
});

test('an unreadable response becomes an internal error', () => {
  const { client, workers, responses } = setup();
  workers[0].emit({ type: 'ready', version: 'v1' });
  client.request({ file: 'a' });
  workers[0].emit({ type: 'response', id: workers[0].sent[0].id, response: 'not json' });
  assert.equal(responses[0].r.error.kind, 'internal');
  client.stopWorker();
});

test('messages an early worker sent before adoption are handled', () => {
  const w = new FakeWorker();
  const states = [];
  const client = new EngineClient({
    createWorker: () => ({ worker: w, messages: [{ type: 'ready', version: 'early' }] }),
    onResponse: () => {},
    onState: (s, d) => states.push(d === undefined ? s : `${s}:${d}`),
  });
  client.start();
  assert.deepEqual(states, ['loading', 'ready:early']);
  client.request({ file: 'a' });
  assert.equal(w.sent.length, 1, 'ready was taken from the early messages');
  client.stopWorker();
});

test('debounce runs once with the last arguments', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const calls = [];
  const d = debounce((x) => calls.push(x), 20, () => 0);
  d(1); d(2); d(3);
  assert.deepEqual(calls, []);
  t.mock.timers.tick(19);
  assert.deepEqual(calls, [], 'not before the wait');
  t.mock.timers.tick(1);
  assert.deepEqual(calls, [3]);
  d(4);
  d.cancel();
  t.mock.timers.tick(40);
  assert.deepEqual(calls, [3]);
  d(5);
  d.flush();
  assert.deepEqual(calls, [3, 5]);
});

/** A client with result seq 4 held. */
function holding() {
  const s = setup();
  const w = s.workers[0];
  w.emit({ type: 'ready', version: 'v1' });
  s.client.request({ file: 'a' });
  answer(w, w.sent[0], { version: 'v1', seq: 4, result: { action: 'configure', steps: [{}, {}] } });
  return { ...s, w };
}

test('where asks about a step of the held result and resolves with its lines', async () => {
  const { client, w } = holding();
  const asked = client.where(1);
  assert.equal(w.sent.length, 2);
  const sent = w.sent[1];
  assert.ok(sent.id < 0, 'a question has an id no apply has');
  assert.deepEqual(JSON.parse(sent.request), { op: 'where', base: 4, step: 1 });
  answer(w, sent, { version: 'v1', seq: 4, where: { file: { line: 3, endLine: 4 } } });
  assert.deepEqual(await asked, { file: { line: 3, endLine: 4 } });
  client.stopWorker();
});

test('where waits for a computation and gives way to a waiting one', async () => {
  const { client, w, responses } = holding();
  client.request({ file: 'b' });
  const asked = client.where(0);
  assert.equal(w.sent.length, 2, 'nothing more while the apply runs');
  answer(w, w.sent[1], { version: 'v1', seq: 5, result: { action: 'configure', steps: [{}] } });
  assert.equal(responses.length, 2);
  assert.equal(await asked, null, 'asked about result 4, which result 5 replaced');
  assert.equal(w.sent.length, 2, 'a stale question is not sent');

  const again = client.where(0);
  client.request({ file: 'c' });
  assert.equal(JSON.parse(w.sent[2].request).op, 'where');
  answer(w, w.sent[2], { version: 'v1', seq: 5, where: { live: { line: 1, endLine: 1 } } });
  assert.deepEqual(await again, { live: { line: 1, endLine: 1 } });
  assert.equal(JSON.parse(w.sent[3].request).file, 'c', 'the apply goes out after the answer');
  client.stopWorker();
});

test('a newer question, an error or a replaced worker resolve where with null', async () => {
  const { client, w, workers } = holding();
  const first = client.where(0);
  const second = client.where(1);
  const third = client.where(0);
  assert.equal(await second, null, 'a waiting question gives way to a newer one');
  answer(w, w.sent[1], { version: 'v1', seq: 4, where: { file: { line: 1, endLine: 1 } } });
  assert.deepEqual(await first, { file: { line: 1, endLine: 1 } }, 'a question already sent gets its answer');
  assert.deepEqual(JSON.parse(w.sent[2].request), { op: 'where', base: 4, step: 0 });
  answer(w, w.sent[2], { version: 'v1', error: { kind: 'internal', message: 'op where: result 4 is not the last one (5)' } });
  assert.equal(await third, null, 'an error locates nothing');
  const fourth = client.where(0);
  w.emit({ type: 'crashed', id: w.sent[3].id, message: 'boom' });
  assert.equal(await fourth, null);
  assert.equal(workers.length, 2, 'the worker was replaced');
  assert.equal(await client.where(0), null, 'a fresh worker holds no result');
  client.stopWorker();
});

test('debounce.since counts the wait from a past start', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  let clock = 1000;
  const calls = [];
  const timers = [];
  const mockedSetTimeout = globalThis.setTimeout;
  globalThis.setTimeout = (fn, ms) => { timers.push(ms); return mockedSetTimeout(fn, ms); };
  try {
    const d = debounce((x) => calls.push(x), 150, () => clock);
    d.since(995, 'key');
    assert.equal(timers.at(-1), 145, 'a key 5 ms ago leaves 145 ms to wait');
    d.since(700, 'old');
    assert.equal(timers.at(-1), 150, 'a start longer ago than the wait counts from now');
    d.since(1200, 'future');
    assert.equal(timers.at(-1), 150, 'a start in the future counts from now');
    d('plain');
    assert.equal(timers.at(-1), 150);
    clock = 1100;
    d.since(-Infinity, 'never');
    assert.equal(timers.at(-1), 150, 'no key yet');
  } finally {
    globalThis.setTimeout = mockedSetTimeout;
  }
  t.mock.timers.tick(149);
  assert.deepEqual(calls, [], 'not before the last wait');
  t.mock.timers.tick(1);
  assert.deepEqual(calls, ['never'], 'only the last call runs');
});

test('a long computation that a newer request replaces is abandoned; the replaced waiting request is never sent', (t) => {
  // The client reads the time a computation has run from performance.now().
  let clock = 1000;
  t.mock.method(performance, 'now', () => clock);
  const { client, workers, responses } = setup({ timeoutMs: 5000, abandonAfterMs: 30 });
  workers[0].emit({ type: 'ready', version: 'v1' });
  client.request({ file: 'long' });
  assert.equal(workers[0].sent.length, 1);
  client.request({ file: 'replaced' });
  assert.equal(workers.length, 1, 'a computation that just began is waited for');
  clock += 40;
  client.request({ file: 'newest' });
  assert.ok(workers[0].terminated, 'the long computation is abandoned');
  assert.equal(workers.length, 2);
  workers[1].emit({ type: 'ready', version: 'v1' });
  assert.deepEqual(workers[1].sent.map((m) => JSON.parse(m.request).file), ['newest'], 'only the newest request reaches the fresh worker');
  answer(workers[1], workers[1].sent[0], { version: 'v1', result: { action: 'create' } });
  assert.equal(responses.length, 1);
  client.stopWorker();
});

test('stop ends the computation, reports it and retries nothing', () => {
  const { client, workers, responses, states } = setup({ timeoutMs: 5000 });
  workers[0].emit({ type: 'ready', version: 'v1' });
  client.request({ file: 'long' });
  client.request({ file: 'waiting' });
  assert.equal(client.busy, true);
  client.stop();
  assert.ok(states.includes('stopped'), `states: ${states}`);
  assert.ok(workers[0].terminated);
  assert.equal(client.busy, false);
  workers[1].emit({ type: 'ready', version: 'v1' });
  assert.equal(workers[1].sent.length, 0, 'nothing is retried after a stop');
  assert.equal(responses.length, 0);
  client.stop();
  assert.equal(states.filter((s) => s === 'stopped').length, 1, 'stopping when idle reports nothing');
  client.stopWorker();
});

test('the ids the worker says it received are kept', () => {
  const { client, workers } = setup();
  workers[0].emit({ type: 'ready', version: 'v1' });
  workers[0].emit({ type: 'received', id: 3 });
  workers[0].emit({ type: 'received', id: -1 });
  assert.deepEqual(client.received, [3], 'where() questions (negative ids) are not counted');
  client.stopWorker();
});
