// Package cluster simulates a Kubernetes cluster and the kubectl that
// talks to it, so that the documentation's story can be played as a
// timeline of kubectl commands: Run interprets one command line against
// the stored objects and returns what kubectl prints and what changed.
//
// Client-side apply is engine.Apply, exactly as kubectl computes it; the
// other commands (create, replace, delete, get, diff, scale, label,
// annotate, set image, set env, patch, edit, apply view-last-applied,
// set-last-applied and edit-last-applied) send what kubectl sends. The
// simulated API server then does, in kubectl's order, what the real one
// does to a write: PrepareForCreate/PrepareForUpdate, defaulting and
// validation from engine/apiserver, then uid, resourceVersion,
// creationTimestamp (a fixed clock, one second per command) and a
// managedFields entry per field manager (without fieldsV1). See
// NotSimulated for what it leaves out. Output is deterministic: the same
// commands give the same bytes.
package cluster
