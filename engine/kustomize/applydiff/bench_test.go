package applydiff

import (
	"testing"

	"github.com/applylens/applylens/engine/kustomize"
	"github.com/applylens/applylens/samples"
)

// BenchmarkDifferences compares kustomize's merges of the sample with the
// most of them (two Deployments, a JSON 6902 patch and a strategic merge
// patch) with apimachinery's: the cost the page adds to a rebuild.
func BenchmarkDifferences(b *testing.B) {
	var res *kustomize.Result
	for _, k := range samples.KustomizeSamples() {
		if k.ID == "kustomize-json6902-vs-strategic" {
			var err error
			if res, err = kustomize.Build(kustomize.Input{Files: k.FileMap(), Dir: k.Dir}); err != nil {
				b.Fatal(err)
			}
		}
	}
	if res == nil || len(res.Merges) == 0 {
		b.Fatal("no merges")
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Differences(res.Merges); err != nil {
			b.Fatal(err)
		}
	}
}
