package api

import (
	"strings"
	"testing"

	"github.com/applylens/applylens/samples"
)

// TestSamples runs every shipped sample through Handle: no internal
// errors, and every position points inside the text it names.
func TestSamples(t *testing.T) {
	t.Parallel()
	sess := new(Session)
	all := samples.All()
	if len(all) == 0 {
		t.Fatal("no samples")
	}
	for _, s := range all {
		t.Run(s.ID, func(t *testing.T) {
			req := Request{LastApplied: s.LastApplied, File: s.File, Live: s.Live, Overwrite: s.Overwrite, LastAppliedFromLive: s.LastApplied == ""}
			r := decode(t, sess.Handle(request(t, req)))
			if r.Error != nil {
				if r.Error.Kind == KindInternal {
					t.Fatalf("internal error: %s", r.Error.Message)
				}
				return // kubectl fails on this sample too
			}
			res := r.Result
			texts := map[string]string{"file": s.File, "live": s.Live, "result": res.ObjectYAML, "patch": res.PatchYAML, "lastApplied": s.LastApplied}
			if res.LastAppliedSource == "annotation" {
				texts["lastApplied"] = res.DerivedLastAppliedYAML
			}
			located := 0
			for i, st := range res.Steps {
				w := whereOf(t, sess, r.Seq, i)
				for name, sp := range map[string]*Span{"file": w.File, "live": w.Live, "result": w.Result, "patch": w.Patch, "lastApplied": w.LastApplied} {
					if sp == nil {
						continue
					}
					located++
					n := strings.Count(texts[name], "\n") + 1
					if sp.Line < 1 || sp.EndLine < sp.Line || sp.EndLine > n {
						t.Errorf("step %s: %s span %d-%d outside its %d lines", st.Path, name, sp.Line, sp.EndLine, n)
					}
				}
			}
			if len(res.Steps) > 0 && located == 0 {
				t.Errorf("no step located anywhere")
			}
			for _, d := range res.Directives {
				if d.Line < 1 || !strings.Contains(lineOf(res.PatchYAML, d.Line), d.Name) {
					t.Errorf("directive %+v not at its line in\n%s", d, res.PatchYAML)
				}
			}
		})
	}
}
