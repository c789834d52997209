//go:build !js

package mergepatch

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var updateGolden = flag.Bool("mergepatch.update", false, "rewrite "+goldenFile+" from the oracles")

// TestGoldenFileMatchesOracles recomputes the golden answers with
// apimachinery and json-patch.
func TestGoldenFileMatchesOracles(t *testing.T) {
	var cases []goldenCase
	from, to := goldenSeeds()
	for seed := from; seed < to; seed++ {
		o, m, c := newCRGen(seed).triple()
		for _, kubectl := range []bool{false, true} {
			gc := goldenCase{Seed: seed, Kubectl: kubectl}
			patch, err := oracleThreeWay(o, m, c, kubectl)
			if err != nil {
				gc.Error = err.Error()
			} else {
				gc.Patch = string(patch)
				applied, err := oracleApply(c, patch)
				if err != nil {
					t.Fatalf("seed %d: oracle cannot apply its patch: %v", seed, err)
				}
				gc.Applied = digest(t, applied)
			}
			cases = append(cases, gc)
		}
	}
	want := encodeGolden(cases)
	if *updateGolden {
		if err := os.WriteFile(goldenFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: run go test -run TestGoldenFileMatchesOracles -mergepatch.update", goldenFile)
	}
}
