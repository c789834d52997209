package engine

import (
	"testing"

	"github.com/applylens/applylens/engine/internal/gen"
)

// BenchmarkApplyEngine is the engine half of BenchmarkApply without the
// Kubernetes oracle, so that it also runs as GOOS=js GOARCH=wasm under node:
// the two runs give the wasm/native ratio recorded in docs/performance.md.
func BenchmarkApplyEngine(b *testing.B) {
	for _, sc := range []struct {
		name string
		tr   gen.Triple
	}{
		{"typical", gen.TypicalDeployment()},
		{"large", gen.LargeDeployment()},
	} {
		in := Input{LastApplied: string(sc.tr.Original), File: string(sc.tr.Modified), Live: string(sc.tr.Current)}
		b.Run(sc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Apply(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
