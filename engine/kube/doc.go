// Package kube is the vocabulary the engine's packages share about a
// Kubernetes object and about an apply's outcome, below both the
// client-side engine (package engine, with engine/explain and
// engine/strategic) and the server-side one (engine/serverside), so that
// neither imports the other and each concept is written once:
//
//   - the last-applied annotation's name and the one reader of it
//     (kubectl's GetOriginalConfiguration, with Unstructured.GetAnnotations'
//     rule for null), and the metadata helpers around it;
//   - the strategic merge patch's directive names;
//   - kubectl's field-manager names;
//   - kubectl's "Error from server (Reason): message" line;
//   - the result types: Result, Step, Row, Warning, Conflict, Owner, and
//     the errors an apply returns (InputError, ApplyError, CRDSchemaError).
//
// It imports nothing of the engine's, so every package can use it; it
// links no structured-merge-diff, so the page's first wasm can.
package kube
