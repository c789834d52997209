package serverside

import (
	"testing"

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
