// The gallery's categories, in display order. Samples name theirs in
// samples/<id>/meta.yaml (`category:`, checked against samples.Categories
// by `go test ./samples`). A new category is one line here; items whose
// category is not listed are shown under "More". Items from elsewhere than
// the samples (timelines, say) join through the Gallery's `load` in
// main.js, each with its `category`.

/** @typedef {{id: string, title: string, blurb: string}} GalleryCategory */

/** @type {GalleryCategory[]} */
export const CATEGORIES = [
  { id: 'walkthrough', title: "The documentation's walkthrough", blurb: 'The example of the Kubernetes documentation, step by step.' },
  { id: 'merge', title: 'Merge tables', blurb: 'When a field is set, cleared or kept.' },
  { id: 'lists', title: 'Lists', blurb: 'Merged by key, replaced whole, or merged as a set.' },
  { id: 'traps', title: 'Traps', blurb: 'Surprises of kubectl apply, and how to avoid them.' },
  { id: 'workloads', title: 'Workloads', blurb: 'Pods, ReplicaSets, StatefulSets, DaemonSets, Jobs, CronJobs, autoscalers.' },
  { id: 'custom-resources', title: 'Custom resources', blurb: 'Kinds kubectl does not know: JSON merge patches.' },
  { id: 'server-side', title: 'Server-side apply', blurb: 'kubectl apply --server-side: field owners, conflicts, and how it differs from client-side apply.' },
  { id: 'timelines', title: 'Timelines', blurb: 'Stories of several kubectl commands, played on a simulated cluster.' },
  { id: 'kustomize', title: 'Kustomize', blurb: 'kubectl kustomize and apply -k: overlays, generators, patches, and where kustomize merges otherwise than kubectl apply.' },
];
