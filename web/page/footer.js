// The footer's "Based on …": the kubernetes.io pages that describe what
// the mode shown does. What describes the inputs belongs to what is
// loaded: the three panes follow "Declarative Management of Kubernetes
// Objects Using Configuration Files", the Kustomize mode the Kustomize
// page, and a timeline the first, with the second too when one of its
// commands runs kustomize (-k, kubectl kustomize). Embeds hide the footer
// (embed.css) but it follows the mode there as well.

import { byId, clear, h } from '../dom.js';
import { usesKustomize } from '../timeline/model.js';

/** @typedef {{href: string, title: string}} DocsPage */

/** The pages the footer can name. */
export const DOCS_PAGES = {
  declarative: {
    href: 'https://kubernetes.io/docs/tasks/manage-kubernetes-objects/declarative-config/',
    title: 'Declarative Management of Kubernetes Objects Using Configuration Files',
  },
  kustomize: {
    href: 'https://kubernetes.io/docs/tasks/manage-kubernetes-objects/kustomization/',
    title: 'Declarative Management of Kubernetes Objects Using Kustomize',
  },
};

/**
 * The pages that describe a mode's inputs.
 * @param {'single'|'timeline'|'kustomize'} view
 * @param {string[]} commands the Timeline mode's commands (read in that mode only)
 * @returns {DocsPage[]}
 */
export function footerDocs(view, commands) {
  if (view === 'kustomize') return [DOCS_PAGES.kustomize];
  if (view === 'timeline' && commands.some(usesKustomize)) {
    return [DOCS_PAGES.declarative, DOCS_PAGES.kustomize];
  }
  return [DOCS_PAGES.declarative];
}

/**
 * Shows the pages in #based-on (index.html holds the single apply's, the
 * first paint's): "A" or "A and B". Rewritten only when they change.
 * @param {DocsPage[]} pages
 */
export function showFooterDocs(pages) {
  const host = byId('based-on');
  const key = pages.map((p) => p.href).join(' ');
  if (host.dataset.pages === key) return;
  host.dataset.pages = key;
  clear(host);
  pages.forEach((p, i) => {
    if (i > 0) host.append(i === pages.length - 1 ? ' and ' : ', ');
    host.append(h('a', { href: p.href, text: p.title }));
  });
}
