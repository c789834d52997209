// Package cluster simulates a Kubernetes cluster and the kubectl that
// talks to it, so that the documentation's story can be played as a
// timeline of kubectl commands: Run interprets one command line against
// the stored objects and returns what kubectl prints (Outcome) and every
// object written or removed (Change).
//
// Client-side apply is engine.Apply, exactly as kubectl computes it;
// server-side apply (apply --server-side, diff --server-side) is
// engine/serverside's field manager with kubectl's requests around it; the
// other commands (create -f and create namespace|deployment|configmap,
// replace, delete, get, diff, scale, label, annotate, set image, set env,
// patch, edit, apply view-last-applied, set-last-applied and
// edit-last-applied) send what kubectl sends, read from kubectl's sources.
// kubectl kustomize DIR and the -k of apply, diff and delete build with
// engine/kustomize, then read the build as kubectl's resource builder
// reads a file (kustomize.go).
// The simulated API server then does, in the real one's order, what it
// does to a write: registry checks (namespace, name, resourceVersion),
// defaulting, the field manager (serverside.Update: metadata.managedFields
// with their fieldsV1 sets, through the main resource or the status and
// scale subresources), PrepareForCreate/PrepareForUpdate and validation
// from engine/apiserver, uid, resourceVersion, creationTimestamp (a fixed
// clock, one second per command), and the typed encoding of built-in
// kinds. See NotSimulated for what it leaves out, and docs/timeline.md.
// Output is deterministic: the same commands give the same bytes.
package cluster
