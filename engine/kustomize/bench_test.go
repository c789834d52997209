package kustomize

import "testing"

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
