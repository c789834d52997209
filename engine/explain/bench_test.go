package explain_test

import (
	"testing"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/explain"
	"github.com/applylens/applylens/engine/internal/gen"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/schema"
)

// BenchmarkExplain is phase 7 alone (Steps and Warnings) on the documents
// the engine computes for the benchmark applies, to weigh the explanation
// against the whole apply (BenchmarkApplyEngine in package engine).
func BenchmarkExplain(b *testing.B) {
	for _, sc := range []struct {
		name string
		tr   gen.Triple
	}{
		{"typical", gen.TypicalDeployment()},
		{"large", gen.LargeDeployment()},
	} {
		in := benchInputs(b, sc.tr)
		b.Run(sc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				explain.Steps(in)
				explain.Warnings(in)
			}
		})
	}
}

// benchInputs rebuilds explain's inputs from what engine.Apply returns.
func benchInputs(b *testing.B, tr gen.Triple) explain.Inputs {
	res, err := engine.Apply(engine.Input{LastApplied: string(tr.Original), File: string(tr.Modified), Live: string(tr.Current)})
	if err != nil {
		b.Fatal(err)
	}
	decode := func(data []byte) map[string]any {
		m, err := jsonvalue.DecodeObject(data)
		if err != nil {
			b.Fatal(err)
		}
		return m
	}
	root, _ := schema.Builtin.Root(tr.APIVersion, tr.Kind)
	file := decode(tr.Modified)
	modified := decode(tr.Modified)
	meta, _ := modified["metadata"].(map[string]any)
	annots, _ := meta["annotations"].(map[string]any)
	if annots == nil {
		annots = map[string]any{}
		meta["annotations"] = annots
	}
	annots[explain.LastAppliedAnnotation] = res.LastApplied
	return explain.Inputs{
		File: file, Original: decode(tr.Original), Modified: modified, Current: decode(tr.Current),
		Patch: decode(res.Patch), Result: decode(res.Object), Schema: root, PatchType: res.PatchType,
	}
}
