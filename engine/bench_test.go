//go:build !js

package engine

import (
	"testing"

	"github.com/applylens/applylens/engine/internal/gen"
)

// BenchmarkApply runs a whole apply (parsing the three panes, the patch, the
// server-side application) through the engine and through kubectl's own
// code (sigs.k8s.io/yaml + kubectl util + apimachinery) on the same inputs.
// The engine's figure also includes the step trace and warnings, which
// kubectl does not compute. Figures: docs/performance.md.
func BenchmarkApply(b *testing.B) {
	for _, sc := range []struct {
		name string
		tr   gen.Triple
	}{
		{"typical", gen.TypicalDeployment()},
		{"large", gen.LargeDeployment()},
	} {
		in := Input{LastApplied: string(sc.tr.Original), File: string(sc.tr.Modified), Live: string(sc.tr.Current)}
		if res := kubectlApply(in); res.err != nil {
			b.Fatalf("%s: kubectl: %v", sc.name, res.err)
		}
		b.Run(sc.name+"/engine", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Apply(in); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(sc.name+"/kubectl", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if res := kubectlApply(in); res.err != nil {
					b.Fatal(res.err)
				}
			}
		})
	}
}
