import { test } from 'node:test';
import assert from 'node:assert/strict';
import { footerDocs, DOCS_PAGES } from '../page/footer.js';
import { usesKustomize } from '../timeline/model.js';

test('usesKustomize: kubectl kustomize and -k as pflag reads it', () => {
  const cases = [
    { name: 'kubectl kustomize', command: 'kubectl kustomize overlays/prod', want: true },
    { name: 'apply -k DIR', command: 'kubectl apply -k base --prune -l app=shop', want: true },
    { name: 'apply -kDIR', command: 'kubectl apply -kbase', want: true },
    { name: 'apply -k=DIR', command: 'kubectl apply -k=base', want: true },
    { name: '--kustomize DIR', command: 'kubectl apply --kustomize base', want: true },
    { name: '--kustomize=DIR', command: 'kubectl diff --kustomize=base', want: true },
    { name: 'spaces around', command: '  kubectl   kustomize  ', want: true },
    { name: 'apply -f', command: 'kubectl apply -f app.yaml', want: false },
    { name: 'a long flag starting with k', command: 'kubectl apply --kubeconfig=x -f app.yaml', want: false },
    { name: 'a word containing kustomize', command: 'kubectl apply -f kustomize.yaml', want: false },
    { name: 'empty', command: '', want: false },
  ];
  for (const c of cases) assert.equal(usesKustomize(c.command), c.want, c.name);
});

test('footerDocs: the pages that describe what the mode shown does', () => {
  const { declarative, kustomize } = DOCS_PAGES;
  const cases = [
    { name: 'single apply', view: 'single', commands: ['kubectl apply -k base'], want: [declarative] },
    { name: 'Kustomize mode', view: 'kustomize', commands: [], want: [kustomize] },
    { name: 'timeline of -f', view: 'timeline', commands: ['kubectl apply -f a.yaml', 'kubectl scale deployment/web --replicas=2'], want: [declarative] },
    { name: 'timeline with one -k', view: 'timeline', commands: ['kubectl apply -f a.yaml', 'kubectl apply -k overlays/prod'], want: [declarative, kustomize] },
    { name: 'timeline with kubectl kustomize', view: 'timeline', commands: ['kubectl kustomize .'], want: [declarative, kustomize] },
    { name: 'empty timeline', view: 'timeline', commands: [], want: [declarative] },
  ];
  for (const c of cases) {
    assert.deepEqual(footerDocs(/** @type {any} */ (c.view), c.commands), c.want, c.name);
  }
  assert.match(kustomize.href, /^https:\/\/kubernetes\.io\/docs\/tasks\/manage-kubernetes-objects\/kustomization\/$/);
  assert.equal(kustomize.title, 'Declarative Management of Kubernetes Objects Using Kustomize');
});
