// The Kustomize mode's state as data, without DOM: a file tree (paths with
// slashes, as kustomize reads a directory) and the directory to build;
// the edits of the tree (add, rename, delete), the engine request
// (engine/kustomizeapi), and the checks a tree from a link, a draft, a
// saved work or a sample must pass.

import { shapeChecks } from '../share/shape.js';

/**
 * @typedef {{name: string, text: string}} KustomizeFile
 * @typedef {{dir: string, files: KustomizeFile[]}} KustomizeState
 *   dir: the directory to build, relative to the top ('' for the top)
 */

export const KUSTOMIZE_LIMITS = {
  /** The engine takes at most this many files (engine/kustomizeapi MaxFiles). */
  files: 200,
  nameChars: 256,
  /** All the files together (engine/kustomizeapi MaxBytes, in bytes there). */
  totalChars: 2 << 20,
};

/** The names kustomize recognizes as a directory's kustomization (konfig.RecognizedKustomizationFileNames). */
export const KUSTOMIZATION_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

/**
 * A first tree: a base (a Deployment and its kustomization) and, at the
 * top, an overlay that renames, labels and patches it.
 * @returns {KustomizeState}
 */
export function starterKustomization() {
  return {
    dir: '',
    files: [
      { name: 'kustomization.yaml', text: 'resources:\n- base\nnamePrefix: prod-\nlabels:\n- pairs:\n    env: prod\npatches:\n- path: replicas.yaml\n' },
      { name: 'replicas.yaml', text: 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3\n' },
      { name: 'base/kustomization.yaml', text: 'resources:\n- deployment.yaml\n' },
      {
        name: 'base/deployment.yaml',
        text: 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 1\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: web\n        image: nginx:1.27\n',
      },
    ],
  };
}

/** A deep copy. @param {KustomizeState} s @returns {KustomizeState} */
export function copyKustomize(s) {
  return { dir: s.dir, files: s.files.map((f) => ({ name: f.name, text: f.text })) };
}

/** The state in a fixed key order (same tree, same JSON). @param {KustomizeState} s */
export function kustomizePlain(s) {
  return copyKustomize(s);
}

/** The engine request (engine/kustomizeapi, op "kustomize"). @param {KustomizeState} s */
export function kustomizeRequest(s) {
  return { op: 'kustomize', dir: s.dir, files: s.files.map((f) => ({ name: f.name, text: f.text })) };
}

/**
 * What is wrong with a file name, or '' when it may be used: a path
 * relative to the top, slash separated, without empty, '.' or '..' parts,
 * not a file already (taken) nor a folder of files, nor inside a file.
 * @param {string} name
 * @param {KustomizeFile[]} files the other files
 */
export function nameProblem(name, files) {
  if (name === '') return 'A file needs a name.';
  if (name.length > KUSTOMIZE_LIMITS.nameChars) return `A name has at most ${KUSTOMIZE_LIMITS.nameChars} characters.`;
  if (name.startsWith('/')) return 'A name is a path from the top of the tree, without a leading /.';
  if (/[\u0000-\u001f\u007f\\]/.test(name)) return 'A name holds no control characters and no backslashes (folders are separated by /).';
  for (const part of name.split('/')) {
    if (part === '') return 'A name has no empty part (// or a trailing /).';
    if (part === '.' || part === '..') return 'A name has no . or .. parts.';
  }
  for (const f of files) {
    if (f.name === name) return `There is already a file ${name}.`;
    if (f.name.startsWith(`${name}/`)) return `${name} is a folder of the tree.`;
    if (name.startsWith(`${f.name}/`)) return `${f.name} is a file, not a folder.`;
  }
  return '';
}

/**
 * A name for a new file in folder dir ('' for the top): the first of
 * kustomization.yaml (when the folder has none), resource.yaml, fileN.yaml
 * that is free.
 * @param {KustomizeState} s
 * @param {string} dir
 */
export function newFileName(s, dir) {
  const prefix = dir ? `${dir}/` : '';
  for (const name of [...(hasKustomization(s, dir) ? [] : ['kustomization.yaml']), 'resource.yaml']) {
    if (nameProblem(prefix + name, s.files) === '') return prefix + name;
  }
  for (let n = 2; ; n++) {
    if (nameProblem(`${prefix}file${n}.yaml`, s.files) === '') return `${prefix}file${n}.yaml`;
  }
}

/** @param {KustomizeState} s @param {string} dir */
function hasKustomization(s, dir) {
  const prefix = dir ? `${dir}/` : '';
  return s.files.some((f) => KUSTOMIZATION_NAMES.some((k) => f.name === prefix + k));
}

/**
 * Adds a file (its name checked by nameProblem first).
 * @param {KustomizeState} s @param {string} name @param {string} [text]
 * @returns {KustomizeState}
 */
export function addFile(s, name, text = '') {
  const problem = nameProblem(name, s.files);
  if (problem) throw new Error(problem);
  const out = copyKustomize(s);
  out.files.push({ name, text });
  return out;
}

/**
 * Renames file from to name (checked as a new name among the others).
 * @param {KustomizeState} s @param {string} from @param {string} name
 * @returns {KustomizeState}
 */
export function renameFile(s, from, name) {
  const others = s.files.filter((f) => f.name !== from);
  if (others.length === s.files.length) throw new Error(`There is no file ${from}.`);
  const problem = nameProblem(name, others);
  if (problem) throw new Error(problem);
  const out = copyKustomize(s);
  for (const f of out.files) if (f.name === from) f.name = name;
  return out;
}

/** @param {KustomizeState} s @param {string} name @returns {KustomizeState} */
export function deleteFile(s, name) {
  const out = copyKustomize(s);
  out.files = out.files.filter((f) => f.name !== name);
  return out;
}

/**
 * The folders of the tree ('' for the top), sorted.
 * @param {KustomizeState} s
 * @returns {string[]}
 */
export function folders(s) {
  const set = new Set(['']);
  for (const f of s.files) {
    const parts = f.name.split('/');
    for (let i = 1; i < parts.length; i++) set.add(parts.slice(0, i).join('/'));
  }
  return [...set].sort();
}

/**
 * The folders that hold a kustomization: the directories one may build.
 * The top is always offered (kustomize then says it has none).
 * @param {KustomizeState} s
 */
export function buildDirs(s) {
  return folders(s).filter((d) => d === '' || hasKustomization(s, d));
}

/**
 * The tree as rows to show: folders before files, each sorted by name,
 * with their depth. A folder's row has its path; a file's its name.
 * @param {KustomizeState} s
 * @returns {{kind: 'folder'|'file', path: string, label: string, depth: number}[]}
 */
export function treeRows(s) {
  /** @typedef {{folders: Map<string, Node>, files: string[]}} Node */
  /** @type {Node} */
  const root = { folders: new Map(), files: [] };
  for (const f of s.files) {
    const parts = f.name.split('/');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      let next = node.folders.get(part);
      if (!next) {
        next = { folders: new Map(), files: [] };
        node.folders.set(part, next);
      }
      node = next;
    }
    node.files.push(f.name);
  }
  /** @type {{kind: 'folder'|'file', path: string, label: string, depth: number}[]} */
  const rows = [];
  /** @param {Node} node @param {string} prefix @param {number} depth */
  const walk = (node, prefix, depth) => {
    for (const name of [...node.folders.keys()].sort()) {
      const path = prefix + name;
      rows.push({ kind: 'folder', path, label: `${name}/`, depth });
      walk(/** @type {Node} */ (node.folders.get(name)), `${path}/`, depth + 1);
    }
    for (const path of [...node.files].sort()) rows.push({ kind: 'file', path, label: path.slice(prefix.length), depth });
  };
  walk(root, '', 0);
  return rows;
}

/** The command kubectl runs for the state. @param {KustomizeState} s */
export function buildCommand(s) {
  return `kubectl kustomize ${s.dir || '.'}`;
}

/** What is wrong with a tree read from a link, a draft, a save or a sample. */
export class KustomizeShapeError extends Error {}

/**
 * Checks a decoded value and copies its known fields: nothing else
 * survives (no prototype, no extra keys).
 * @param {unknown} value
 * @returns {KustomizeState}
 * @throws {KustomizeShapeError}
 */
export function validateKustomize(value) {
  const bad = (what) => new KustomizeShapeError(what);
  const { object, only } = shapeChecks(bad);
  const v = object(value, 'the kustomization');
  only(v, ['dir', 'files'], 'the kustomization');
  if (typeof v.dir !== 'string' || v.dir.length > KUSTOMIZE_LIMITS.nameChars) throw bad(`"dir" must be a string of at most ${KUSTOMIZE_LIMITS.nameChars} characters`);
  if (!Array.isArray(v.files)) throw bad('the files must be a list');
  if (v.files.length > KUSTOMIZE_LIMITS.files) throw bad(`a kustomization has at most ${KUSTOMIZE_LIMITS.files} files`);
  let total = 0;
  /** @type {KustomizeFile[]} */
  const files = [];
  v.files.forEach((f, i) => {
    const o = object(f, `file ${i + 1}`);
    only(o, ['name', 'text'], `file ${i + 1}`);
    if (typeof o.name !== 'string') throw bad(`the name of file ${i + 1} must be a string`);
    if (typeof o.text !== 'string') throw bad(`file ${i + 1} must be a string`);
    const problem = nameProblem(o.name, files);
    if (problem) throw bad(`file ${i + 1} (${o.name.slice(0, 80)}): ${problem}`);
    total += o.text.length;
    if (total > KUSTOMIZE_LIMITS.totalChars) throw bad(`the files have more than ${KUSTOMIZE_LIMITS.totalChars} characters`);
    files.push({ name: o.name, text: o.text });
  });
  // "." is the top, as `kubectl kustomize .` names it (the samples' meta.yaml does).
  const trimmed = v.dir.replace(/^\/+|\/+$/g, '');
  const dir = trimmed === '.' ? '' : trimmed;
  if (dir !== '' && dir.split('/').some((p) => p === '' || p === '.' || p === '..')) throw bad('"dir" must be a folder of the tree');
  return { dir, files };
}
