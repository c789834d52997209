// Package gen builds realistic, reproducible inputs for tests and
// benchmarks of the merge engine: triples of documents as kubectl apply sees
// them (the last-applied configuration, the edited file and the live object
// after server defaulting and drift), MergeItem-shaped documents matching
// apimachinery's own test schema, and fixed-size Deployments for benchmarks.
//
// Everything is driven by an explicit seed, so a failing case is reproduced
// by its seed alone. The package is pure Go and imports nothing from
// k8s.io, so engine tests built for WebAssembly can use it too.
package gen
