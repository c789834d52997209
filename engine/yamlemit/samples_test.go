package yamlemit_test

import (
	"testing"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/document"
	"github.com/applylens/applylens/engine/internal/gen"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/samples"
)

// checkApply checks the renderings of everything one apply shows: the
// panes' objects, the live annotation, the patch and the result.
func checkApply(t *testing.T, in engine.Input) {
	t.Helper()
	for pane, text := range map[string]string{engine.PaneLastApplied: in.LastApplied, engine.PaneFile: in.File, engine.PaneLive: in.Live} {
		d, err := document.ParseWith(pane, text, document.Options{AllowEmpty: true, SkipIdentity: true})
		if err != nil || d == nil {
			continue
		}
		checkRender(t, d.Object)
		md, _ := d.Object["metadata"].(map[string]any)
		annots, _ := md["annotations"].(map[string]any)
		if la, ok := annots[engine.LastAppliedAnnotation].(string); ok {
			if v, err := jsonvalue.Decode([]byte(la)); err == nil {
				checkRender(t, v)
			}
		}
	}
	r, err := engine.Apply(in)
	if err != nil {
		return
	}
	checkRenderJSON(t, r.Object)
	if len(r.Patch) > 0 {
		checkRenderJSON(t, r.Patch)
	}
}

func TestRenderSamples(t *testing.T) {
	for _, s := range samples.All() {
		t.Run(s.ID, func(t *testing.T) {
			checkApply(t, s.Input())
		})
	}
}

func TestRenderGenerated(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 30
	}
	triples := []gen.Triple{gen.TypicalDeployment(), gen.LargeDeployment()}
	for seed := range uint64(n) {
		triples = append(triples, gen.NewTriple(seed), gen.MergeItemTriple(seed))
	}
	for _, tr := range triples {
		in := engine.Input{LastApplied: string(tr.Original), File: string(tr.Modified), Live: string(tr.Current)}
		checkApply(t, in)
		if t.Failed() {
			t.Fatalf("seed %d", tr.Seed)
		}
	}
}
