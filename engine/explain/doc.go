// Package explain turns one `kubectl apply` into the decisions a learner can
// follow: which field was cleared, set or kept, by which row of the
// documentation's merge tables, and which traps the inputs walk into.
//
// It reads the documents the engine already computed (last-applied, the
// modified file, the live object, the patch and the result) and never
// recomputes the patch: every step is checked against what the patch and the
// result really contain, so the explanation cannot claim a change kubectl did
// not make.
package explain
