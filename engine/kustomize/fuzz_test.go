package kustomize

import (
	"bytes"
	"testing"
)

// FuzzBuild feeds arbitrary kustomization and resource text to Build:
// it must not panic, and two builds of the same input must agree (the
// output is deterministic). oracle/kustomize's FuzzAgainstKrusty compares
// the same shape of input with the real kustomize.
func FuzzBuild(f *testing.F) {
	for _, a := range readArchives(f) {
		if a.dir != "" {
			continue
		}
		k, r := a.files["kustomization.yaml"], ""
		for p, c := range a.files {
			if p != "kustomization.yaml" {
				r = c
				break
			}
		}
		f.Add(k, r)
	}
	f.Fuzz(func(t *testing.T, kustomization, resource string) {
		in := Input{Files: map[string][]byte{
			"kustomization.yaml": []byte(kustomization),
			"r.yaml":             []byte(resource),
			"cm.yaml":            []byte(resource),
			"d.yaml":             []byte(resource),
		}}
		a, errA := Build(in)
		b, errB := Build(in)
		if (errA == nil) != (errB == nil) {
			t.Fatalf("one build failed: %v / %v", errA, errB)
		}
		if errA != nil {
			if errA.Error() != errB.Error() {
				t.Fatalf("errors differ:\n%v\n%v", errA, errB)
			}
			return
		}
		if !bytes.Equal(a.YAML, b.YAML) {
			t.Fatalf("outputs differ:\n%s\n%s", a.YAML, b.YAML)
		}
	})
}
