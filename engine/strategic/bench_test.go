//go:build !js

package strategic_test

import (
	"testing"

	"github.com/applylens/applylens/engine/internal/gen"
)

// Benchmarks of the engine side by side with apimachinery on the same
// inputs: go test -run '^$' -bench . -benchmem ./engine/strategic/
// The sub-benchmarks are named <input>/engine and <input>/apimachinery.

func benchInputs() []struct {
	name string
	tr   gen.Triple
} {
	return []struct {
		name string
		tr   gen.Triple
	}{
		{"typical", gen.TypicalDeployment()},
		{"large", gen.LargeDeployment()},
	}
}

// benchSides are the two implementations each benchmark measures side by side.
var benchSides = []struct {
	name string
	impl impl
}{{"engine", engineImpl}, {"apimachinery", apimachinery}}

func BenchmarkCreateThreeWayMergePatch(b *testing.B) {
	for _, in := range benchInputs() {
		p := pairForKind(b, in.tr.APIVersion, in.tr.Kind)
		for _, side := range benchSides {
			b.Run(in.name+"/"+side.name, func(b *testing.B) {
				if _, err := side.impl.threeWay(p, in.tr.Original, in.tr.Modified, in.tr.Current, true); err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(len(in.tr.Original) + len(in.tr.Modified) + len(in.tr.Current)))
				b.ReportAllocs()
				for b.Loop() {
					side.impl.threeWay(p, in.tr.Original, in.tr.Modified, in.tr.Current, true)
				}
			})
		}
	}
}

func BenchmarkStrategicMergePatch(b *testing.B) {
	for _, in := range benchInputs() {
		p := pairForKind(b, in.tr.APIVersion, in.tr.Kind)
		// Both sides apply the same patch: apimachinery's.
		patch, err := apimachinery.threeWay(p, in.tr.Original, in.tr.Modified, in.tr.Current, true)
		if err != nil {
			b.Fatal(err)
		}
		for _, side := range benchSides {
			b.Run(in.name+"/"+side.name, func(b *testing.B) {
				if _, err := side.impl.apply(p, in.tr.Current, patch); err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(len(in.tr.Current) + len(patch)))
				b.ReportAllocs()
				for b.Loop() {
					side.impl.apply(p, in.tr.Current, patch)
				}
			})
		}
	}
}
