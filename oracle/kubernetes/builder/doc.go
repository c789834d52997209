// Package builder checks the engine's namespace handling (-n, the
// context's namespace, the scope of a kind) against kubectl's resource
// builder itself (k8s.io/cli-runtime/pkg/resource), called as `kubectl
// apply -f` calls it. It has tests only, and imports nothing of
// k8s.io/kubernetes, so it builds in seconds.
package builder
