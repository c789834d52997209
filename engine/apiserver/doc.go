// Package apiserver simulates what the Kubernetes API server does to an
// object before it stores it: defaulting (the fields the server fills in)
// and validation (the writes it refuses, with the server's words).
//
// It is pure Go and linked into the wasm; the tests of the separate module
// in oracle/kubernetes check it against k8s.io/kubernetes' own defaulting
// and validation functions.
package apiserver
