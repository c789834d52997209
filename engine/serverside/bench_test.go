package serverside

import (
	"testing"

	"sigs.k8s.io/structured-merge-diff/v6/typed"
)

// BenchmarkParseSchema is the one-time cost of the first server-side apply.
func BenchmarkParseSchema(b *testing.B) {
	for b.Loop() {
		if _, err := typed.NewParser(typed.YAMLObject(schemaYAML)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkApplyConflict is one apply against a live object another manager
// shares (a conflict, then the same apply forced).
func BenchmarkApplyConflict(b *testing.B) {
	t := &testing.T{}
	live := liveOwnedByAutoscaler(t)
	file := object(t, deploymentJSON("3", "nginx:2"))
	for b.Loop() {
		for _, force := range []bool{false, true} {
			if _, err := Apply(Request{File: file, Live: live, Force: force}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
