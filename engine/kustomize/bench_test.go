package kustomize

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkBuild10Files is a recomputation after a keystroke in a
// 10-file kustomization (goal: well under 50 ms; docs/kustomize.md).
// The tree is testdata/build/bench-10-files.txtar (a base with a
// generator and five resource files, an overlay), whose output
// oracle/kustomize checks like every other case.
func BenchmarkBuild10Files(b *testing.B) {
	var in Input
	for _, a := range readArchives(b) {
		if a.name == "bench-10-files" {
			in = Input{Files: map[string][]byte{}, Dir: a.dir}
			for p, c := range a.files {
				in.Files[p] = []byte(c)
			}
		}
	}
	if len(in.Files) != 10 {
		b.Fatalf("%d files, want 10", len(in.Files))
	}
	if _, err := Build(in); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Build(in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkKeyedList merges a patch of n Service ports into an object of n
// (half of them the object's, all with port and protocol): kyaml's walk,
// which the engine follows step by step, looks every element up in both
// lists and sets each back by its keys, so its cost grows with n².
func BenchmarkKeyedList(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			var obj, patch strings.Builder
			obj.WriteString("apiVersion: v1\nkind: Service\nmetadata:\n  name: s\nspec:\n  ports:\n")
			patch.WriteString("apiVersion: v1\nkind: Service\nmetadata:\n  name: s\nspec:\n  ports:\n")
			for i := 0; i < n; i++ {
				fmt.Fprintf(&obj, "  - port: %d\n    protocol: TCP\n    targetPort: 8080\n", i)
				fmt.Fprintf(&patch, "  - port: %d\n    protocol: TCP\n    targetPort: 9090\n", i+n/2)
			}
			o, p := obj.String(), patch.String()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := MergeYAML(o, p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
