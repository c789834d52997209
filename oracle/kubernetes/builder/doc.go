// Package builder checks the engine's namespace handling (-n, the
// context's namespace, the scope of a kind) against kubectl's resource
// builder itself (k8s.io/cli-runtime/pkg/resource), called as `kubectl
// apply -f` calls it; and which object kubectl's GET finds (the Info's
// Get that apply.go decides create or patch by) in a fake cluster holding
// only the live object, against the engine's Elsewhere. It has tests only,
// and imports nothing of k8s.io/kubernetes, so it builds in seconds.
package builder
