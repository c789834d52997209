package main

import (
	"os"
	"testing"

	"github.com/applylens/applylens/oracle/kubernetes/served"
)

// TestGeneratedFileIsCurrent: engine/cluster/zz_generated_kinds.go is what
// genkinds writes from the k8s.io/kubernetes in go.mod (./scripts/generate
// rewrites it).
func TestGeneratedFileIsCurrent(t *testing.T) {
	d, err := served.Load()
	if err != nil {
		t.Fatal(err)
	}
	want, err := generate(d)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../../../engine/cluster/zz_generated_kinds.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Error("engine/cluster/zz_generated_kinds.go is stale: run ./scripts/generate")
	}
}
