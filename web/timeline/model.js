// The timeline as data, without DOM: commands with their files, edits of
// the list (add, remove, move), the engine request, and the checks a
// timeline from a share link or a draft must pass.

import { shapeChecks } from '../share/shape.js';

/**
 * @typedef {{name: string, text: string}} TimelineFile
 * @typedef {{command: string, files: TimelineFile[]}} TimelineCommand
 * @typedef {{namespace: string, allowPrivileged?: boolean, commands: TimelineCommand[], selected: number}} TimelineState
 *
 * allowPrivileged is the simulated API server's --allow-privileged: absent
 * (or true) as kind and kubeadm set it, false to refuse privileged
 * containers. Only false is written (copies, links, requests), so that a
 * timeline with the default reads and links as before the setting existed.
 */

/** The setting as written: only a cluster that refuses privileged containers says so. @param {TimelineState} s */
function settings(s) {
  return s.allowPrivileged === false ? { allowPrivileged: false } : {};
}

export const TIMELINE_LIMITS = {
  /** The engine plays at most this many commands (engine/api maxTimelineCommands). */
  commands: 200,
  filesPerCommand: 50,
  commandChars: 4096,
  nameChars: 256,
  /** All the files of a timeline together. */
  totalChars: 5 << 20,
};

/** A timeline with one empty command. @returns {TimelineState} */
export function emptyTimeline() {
  return { namespace: 'default', commands: [{ command: 'kubectl apply -f app.yaml', files: [{ name: 'app.yaml', text: '' }] }], selected: 0 };
}

/** A deep copy. @param {TimelineState} s @returns {TimelineState} */
export function copyTimeline(s) {
  return {
    namespace: s.namespace,
    ...settings(s),
    commands: s.commands.map((c) => ({ command: c.command, files: c.files.map((f) => ({ name: f.name, text: f.text })) })),
    selected: s.selected,
  };
}

/**
 * The file names a command reads: the arguments of -f, --filename,
 * -f=NAME, --filename=NAME and -fNAME.
 * @param {string} command
 * @returns {string[]}
 */
export function fileArgs(command) {
  const words = command.trim().split(/\s+/);
  /** @type {string[]} */
  const names = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if ((w === '-f' || w === '--filename') && i + 1 < words.length) names.push(words[++i]);
    else if (w.startsWith('--filename=')) names.push(w.slice('--filename='.length));
    else if (w.startsWith('-f=')) names.push(w.slice(3));
    else if (/^-f[^-\s]/.test(w) && !w.startsWith('-f=')) names.push(w.slice(2));
  }
  return names.filter((n) => n !== '' && n !== '-');
}

/**
 * Whether a command runs kustomize: `kubectl kustomize DIR`, or a
 * command with -k / --kustomize (written as pflag reads them: -k DIR,
 * -kDIR, -k=DIR, --kustomize DIR, --kustomize=DIR).
 * @param {string} command
 */
export function usesKustomize(command) {
  const words = command.trim().split(/\s+/);
  if (words[0] === 'kubectl' && words[1] === 'kustomize') return true;
  return words.some((w) => w === '--kustomize' || w.startsWith('--kustomize=') || /^-k(?!-)/.test(w));
}

/**
 * A name for a new file of a command: the first -f argument that names no
 * file yet (not a directory), else fileN.yaml.
 * @param {TimelineCommand} cmd
 */
export function newFileName(cmd) {
  const taken = new Set(cmd.files.map((f) => f.name));
  for (const name of fileArgs(cmd.command)) {
    if (!taken.has(name) && !name.endsWith('/')) return name;
    if (name.endsWith('/') && !cmd.files.some((f) => f.name.startsWith(name))) return `${name}app.yaml`;
  }
  for (let n = 1; ; n++) {
    const name = `file${n}.yaml`;
    if (!taken.has(name)) return name;
  }
}

/**
 * Inserts a command after index at (at -1: first); the new one is
 * selected. It repeats the command it follows, whose files it copies, so
 * that "apply the file again, edited" is one click and an edit.
 * @param {TimelineState} s
 * @param {number} at
 * @returns {TimelineState}
 */
export function addCommand(s, at) {
  const out = copyTimeline(s);
  const from = out.commands[at];
  const cmd = from
    ? { command: from.command, files: from.files.map((f) => ({ ...f })) }
    : { command: 'kubectl apply -f app.yaml', files: [{ name: 'app.yaml', text: '' }] };
  out.commands.splice(at + 1, 0, cmd);
  out.selected = at + 1;
  return out;
}

/** @param {TimelineState} s @param {number} i @returns {TimelineState} */
export function removeCommand(s, i) {
  const out = copyTimeline(s);
  out.commands.splice(i, 1);
  if (out.selected > i || out.selected >= out.commands.length) out.selected--;
  if (out.selected < 0 && out.commands.length > 0) out.selected = 0;
  return out;
}

/**
 * Moves command i by delta places (-1 up, +1 down); the selection
 * follows it. Out of range: unchanged.
 * @param {TimelineState} s @param {number} i @param {number} delta
 * @returns {TimelineState}
 */
export function moveCommand(s, i, delta) {
  const j = i + delta;
  if (j < 0 || j >= s.commands.length) return s;
  const out = copyTimeline(s);
  const [cmd] = out.commands.splice(i, 1);
  out.commands.splice(j, 0, cmd);
  if (out.selected === i) out.selected = j;
  else if (out.selected === j) out.selected = i;
  return out;
}

/**
 * The engine request (op "timeline") for the state, with the selected
 * step's details asked for.
 * @param {TimelineState} s
 */
export function timelineRequest(s) {
  return {
    op: 'timeline',
    namespace: s.namespace,
    ...settings(s),
    commands: s.commands.map((c) => {
      /** @type {Record<string, string>} */
      const files = {};
      for (const f of c.files) files[f.name] = f.text;
      return { command: c.command, files };
    }),
    ...(s.selected >= 0 && s.selected < s.commands.length ? { select: { step: s.selected } } : {}),
  };
}

/** The state in a fixed key order (same timeline, same JSON). @param {TimelineState} s */
export function timelinePlain(s) {
  return {
    namespace: s.namespace,
    ...settings(s),
    commands: s.commands.map((c) => ({ command: c.command, files: c.files.map((f) => ({ name: f.name, text: f.text })) })),
    selected: s.selected,
  };
}

/** What is wrong with a timeline read from a link or a draft. */
export class TimelineShapeError extends Error {}

/**
 * Checks a decoded value and copies its known fields: nothing else
 * survives (no prototype, no extra keys).
 * @param {unknown} value
 * @returns {TimelineState}
 * @throws {TimelineShapeError}
 */
export function validateTimeline(value) {
  const bad = (what) => new TimelineShapeError(what);
  const { object, only } = shapeChecks(bad);
  const string = (x, what, max) => {
    if (typeof x !== 'string') throw bad(`${what} must be a string`);
    if (x.length > max) throw bad(`${what} has ${x.length} characters, over the limit of ${max}`);
    return x;
  };
  const v = object(value, 'the timeline');
  only(v, ['namespace', 'allowPrivileged', 'commands', 'selected'], 'the timeline');
  const namespace = string(v.namespace, 'the namespace', 253);
  if (v.allowPrivileged !== undefined && typeof v.allowPrivileged !== 'boolean') throw bad('"allowPrivileged" must be true or false');
  if (!Array.isArray(v.commands)) throw bad('the commands must be a list');
  if (v.commands.length > TIMELINE_LIMITS.commands) throw bad(`a timeline has at most ${TIMELINE_LIMITS.commands} commands`);
  let total = 0;
  const commands = v.commands.map((c, i) => {
    const o = object(c, `command ${i + 1}`);
    only(o, ['command', 'files'], `command ${i + 1}`);
    if (!Array.isArray(o.files)) throw bad(`the files of command ${i + 1} must be a list`);
    if (o.files.length > TIMELINE_LIMITS.filesPerCommand) throw bad(`command ${i + 1} has more than ${TIMELINE_LIMITS.filesPerCommand} files`);
    return {
      command: string(o.command, `command ${i + 1}`, TIMELINE_LIMITS.commandChars),
      files: o.files.map((f, j) => {
        const fo = object(f, `file ${j + 1} of command ${i + 1}`);
        only(fo, ['name', 'text'], `file ${j + 1} of command ${i + 1}`);
        const text = string(fo.text, `file ${j + 1} of command ${i + 1}`, TIMELINE_LIMITS.totalChars);
        total += text.length;
        if (total > TIMELINE_LIMITS.totalChars) throw bad(`the files have more than ${TIMELINE_LIMITS.totalChars} characters`);
        return { name: string(fo.name, `the name of file ${j + 1} of command ${i + 1}`, TIMELINE_LIMITS.nameChars), text };
      }),
    };
  });
  const selected = v.selected;
  if (!Number.isInteger(selected) || /** @type {number} */ (selected) < -1 || /** @type {number} */ (selected) >= Math.max(commands.length, 1)) {
    throw bad('"selected" must be the index of a command');
  }
  return { namespace, ...(v.allowPrivileged === false ? { allowPrivileged: false } : {}), commands, selected: /** @type {number} */ (selected) };
}
