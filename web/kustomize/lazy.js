// The Kustomize mode, loaded when first shown (../page/lazy-mode.js): its
// modules (the view, the steps' words, its styles) are a chunk of their
// own, outside the first visit, and its engine a worker and wasm of their
// own. Until then this holds the tree a link, the draft or a sample gave.

import { LazyMode } from '../page/lazy-mode.js';
import { starterKustomization, copyKustomize } from './model.js';

/** @typedef {ConstructorParameters<typeof import('./view.js').KustomizeMode>[0]} KustomizeOptions */

/** @extends {LazyMode<import('./model.js').KustomizeState, import('./view.js').KustomizeMode, KustomizeOptions>} */
export class LazyKustomize extends LazyMode {
  /** @param {KustomizeOptions} opts */
  constructor(opts) {
    super(opts, {
      title: 'Kustomize',
      initial: starterKustomization(),
      copy: copyKustomize,
      load: () => import('./view.js').then(({ KustomizeMode }) => (o) => new KustomizeMode(o)),
    });
  }
}
