package serverside

import (
	"fmt"
	"testing"
	"time"

	"github.com/applylens/applylens/engine/internal/benchcpu"
	"github.com/applylens/applylens/engine/internal/gen"

	"sigs.k8s.io/structured-merge-diff/v6/schema"
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

// BenchmarkKindSchema is what the first server-side apply of a
// Deployment reads of the schema now: the index of lines and the
// Deployment's types (kindParser), against BenchmarkBuildSchema's whole.
func BenchmarkKindSchema(b *testing.B) {
	const name = "io.k8s.api.apps.v1.Deployment"
	for b.Loop() {
		x := &typeIndex{data: builtinSchemaJSON}
		p := &typed.Parser{Schema: schema.Schema{Types: closure(x.find, name)}}
		if !p.Type(name).IsValid() {
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

// containersUpdate is the input of the containers benchmarks: a Deployment of
// n containers as applied first, and the file that bumps every image.
func containersUpdate(b *testing.B, n int) (first *Outcome, file gen.Obj) {
	b.Helper()
	first, err := Apply(Request{File: gen.ContainersDeployment(n, "1")})
	if err != nil {
		b.Fatal(err)
	}
	return first, gen.ContainersDeployment(n, "2")
}

// BenchmarkServerSideApplyContainers is a whole server-side apply as the
// page asks for it (ApplyResult: the apply, the result, the step trace)
// of a Deployment of n containers over the one applied before, every
// image bumped: the cost should grow linearly with n.
func BenchmarkServerSideApplyContainers(b *testing.B) {
	for _, n := range []int{500, 1000, 2000, 5000, 10000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			first, file := containersUpdate(b, n)
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

// BenchmarkMergeAloneContainers is structured-merge-diff's part of
// BenchmarkServerSideApplyContainers alone, on the same inputs: the typed
// conversions and merge.Updater.Apply, as mergeApply calls them. The
// difference between the two is ours (the apply's wrappers, the managed
// fields' encoding, the result and the step trace).
func BenchmarkMergeAloneContainers(b *testing.B) {
	for _, n := range []int{500, 1000, 2000, 5000, 10000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			first, file := containersUpdate(b, n)
			entries, err := managedFieldsOf(first.Object)
			if err != nil {
				b.Fatal(err)
			}
			m, err := decodeManaged(entries)
			if err != nil {
				b.Fatal(err)
			}
			fm, err := newFieldManager("apps/v1", "Deployment", time.Now(), nil)
			if err != nil {
				b.Fatal(err)
			}
			defer benchcpu.Report(b)()
			for b.Loop() {
				patch, err := fromUnstructured(fm.typ, file)
				if err != nil {
					b.Fatal(err)
				}
				live, err := fromUnstructured(fm.typ, first.Object, typed.AllowDuplicates)
				if err != nil {
					b.Fatal(err)
				}
				out, _, err := fm.updater.Apply(live, patch, "apps/v1", m.fields, fm.managerID(DefaultManager, OperationApply), false)
				if err != nil || out == nil {
					b.Fatalf("%v (a result: %t)", err, out != nil)
				}
			}
		})
	}
}
