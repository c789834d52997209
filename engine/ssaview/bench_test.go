package ssaview

import (
	"fmt"
	"testing"

	"github.com/applylens/applylens/engine/api"
	"github.com/applylens/applylens/engine/internal/benchcpu"
	"github.com/applylens/applylens/engine/internal/gen"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/serverside"
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
			if _, err := Engine.Apply(s.Input()); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkRespondContainers: op "serverside" on a Deployment of n
// containers over the one applied before (server-side, as JSON texts),
// every image bumped: the steps, owners and differences located in the
// texts should cost time linear in n.
func BenchmarkRespondContainers(b *testing.B) {
	for _, apply := range []string{ApplyServer, ApplyBoth} {
		for _, n := range []int{500, 2000, 10000} {
			b.Run(fmt.Sprintf("%s/n=%d", apply, n), func(b *testing.B) {
				first, err := serverside.Apply(serverside.Request{File: gen.ContainersDeployment(n, "1")})
				if err != nil {
					b.Fatal(err)
				}
				live, err := jsonvalue.Encode(first.Object)
				if err != nil {
					b.Fatal(err)
				}
				file, err := jsonvalue.Encode(gen.ContainersDeployment(n, "2"))
				if err != nil {
					b.Fatal(err)
				}
				req := api.ServerSideRequest{File: string(file), Live: string(live), Apply: apply}
				defer benchcpu.Report(b)()
				for b.Loop() {
					out, e := Compute(req)
					if e != nil {
						b.Fatal(e)
					}
					if len(out.StepsWhere) < 2*n {
						b.Fatalf("%d steps located for %d containers", len(out.StepsWhere), n)
					}
				}
			})
		}
	}
}
