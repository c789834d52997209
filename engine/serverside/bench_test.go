package serverside

import (
	"fmt"
	"testing"

	"github.com/applylens/applylens/engine/internal/benchcpu"
	"github.com/applylens/applylens/engine/internal/gen"

	"sigs.k8s.io/structured-merge-diff/v6/typed"
)

// BenchmarkBuildSchema is the one-time cost of the first server-side
// apply: the generated schema read, indexed by a first lookup.
func BenchmarkBuildSchema(b *testing.B) {
	for b.Loop() {
		p := &typed.Parser{Schema: *newBuiltinSchema()}
		if !p.Type("io.k8s.api.apps.v1.Deployment").IsValid() {
			b.Fatal("no Deployment")
		}
	}
}

// BenchmarkApplyConflict is one apply against a live object another manager
// shares (a conflict, then the same apply forced).
func BenchmarkApplyConflict(b *testing.B) {
	t := &testing.T{}
	live := liveOwnedByAutoscaler(t)
	file := object(t, deploymentJSON("3", "nginx:2"))
	for b.Loop() {
		for _, force := range []bool{false, true} {
			if _, err := Apply(Request{File: file, Live: live, Force: force}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkApplyCustomResource is one apply of a custom resource with its
// CRD: the schema converted and joined to the built-in one, then the merge
// (compare BenchmarkApplyConflict's two applies).
func BenchmarkApplyCustomResource(b *testing.B) {
	t := &testing.T{}
	crds := []map[string]any{widgetCRD(t, "widgets.example.com", "Widget", "v1")}
	first, err := Apply(Request{File: widget(t, "example.com/v1", `{"ports":[{"port":80,"name":"http"}]}`), CustomResourceDefinitions: crds})
	if err != nil {
		b.Fatal(err)
	}
	file := widget(t, "example.com/v1", `{"ports":[{"port":9090,"name":"metrics"}]}`)
	for b.Loop() {
		if _, err := Apply(Request{File: file, Live: first.Object, Manager: "mesh", CustomResourceDefinitions: crds}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkServerSideApplyContainers is a whole server-side apply as the
// page asks for it (ApplyResult: the apply, the result, the step trace)
// of a Deployment of n containers over the one applied before, every
// image bumped: the cost should grow linearly with n.
func BenchmarkServerSideApplyContainers(b *testing.B) {
	for _, n := range []int{500, 1000, 2000, 5000, 10000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			first, err := Apply(Request{File: gen.ContainersDeployment(n, "1")})
			if err != nil {
				b.Fatal(err)
			}
			file := gen.ContainersDeployment(n, "2")
			defer benchcpu.Report(b)()
			for b.Loop() {
				res, err := ApplyResult(file, first.Object, "", false, nil)
				if err != nil {
					b.Fatal(err)
				}
				if len(res.Steps) < 2*n {
					b.Fatalf("%d steps for %d containers", len(res.Steps), n)
				}
			}
		})
	}
}
