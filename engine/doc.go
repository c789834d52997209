// Package engine computes what `kubectl apply` (client-side) does to an
// object and explains every decision.
//
// Apply takes the three documents a user pastes (the last-applied
// configuration, the configuration file and the live object) and returns the
// patch kubectl would send, the object the API server ends up with, the new
// last-applied annotation and the ordered steps that lead there. The work is
// split into phases, each in its own package:
//
//   - document: YAML/JSON text to values, with positions for error messages
//   - schema: patch metadata of the built-in kinds (generated)
//   - strategic: three-way strategic merge patch and its application
//   - mergepatch: three-way JSON merge patch for custom resources
//   - explain: the step trace
//
// This package wires them in kubectl's order (see docs/architecture.md).
// With Input.ServerSide, Apply hands the file and the live object to
// serverside instead (kubectl apply --server-side: field managers,
// conflicts, owners).
package engine
