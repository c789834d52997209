package ssaview

import (
	"testing"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/api"
	"github.com/applylens/applylens/samples"
)

// BenchmarkRespond: op "serverside" on a sample, against engine.Apply alone
// (the server-side apply the answer is built around).
func BenchmarkRespond(b *testing.B) {
	s, _ := samples.Get("ssa-force-conflicts")
	for _, apply := range []string{ApplyServer, ApplyBoth} {
		req := api.ServerSideRequest{File: s.File, Live: s.Live, Apply: apply, FieldManager: s.Flags.FieldManager, ForceConflicts: s.Flags.ForceConflicts}
		b.Run(apply, func(b *testing.B) {
			for b.Loop() {
				if _, e := Compute(req); e != nil {
					b.Fatal(e)
				}
			}
		})
	}
	b.Run("engine.Apply", func(b *testing.B) {
		for b.Loop() {
			if _, err := engine.Apply(s.Input()); err != nil {
				b.Fatal(err)
			}
		}
	})
}
