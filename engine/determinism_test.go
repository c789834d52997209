package engine

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/applylens/applylens/engine/internal/gen"
	"github.com/applylens/applylens/engine/jsonvalue"
)

// TestApplyIsDeterministic runs the same inputs many times: the whole
// result (patch, object, annotation, steps, warnings) must come out as the
// same bytes every time, whatever Go's map order does.
func TestApplyIsDeterministic(t *testing.T) {
	inputs := []Input{
		{LastApplied: walkthroughLastApplied, File: walkthroughFile, Live: walkthroughLive},
		{File: walkthroughFile},
	}
	n := 60
	if testing.Short() {
		n = 15
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		tr := gen.NewTriple(seed)
		inputs = append(inputs, Input{LastApplied: string(tr.Original), File: string(tr.Modified), Live: string(tr.Current), Overwrite: boolp(seed%3 != 0)})
	}
	for i, in := range inputs {
		var first []byte
		for run := 0; run < 20; run++ {
			res, err := Apply(in)
			var got []byte
			if err != nil {
				got = []byte(err.Error())
			} else if got, err = json.Marshal(res); err != nil {
				t.Fatal(err)
			}
			if run == 0 {
				first = got
				continue
			}
			if !bytes.Equal(first, got) {
				t.Fatalf("input %d, run %d: different bytes\nfirst: %.400s\nnow:   %.400s", i, run, first, got)
			}
		}
	}
}

// TestCanonical checks what Result.Canonical promises: Patch and Object
// are exactly the encoding of PatchValue and ObjectValue.
func TestCanonical(t *testing.T) {
	inputs := []Input{{LastApplied: walkthroughLastApplied, File: walkthroughFile, Live: walkthroughLive}}
	for seed := uint64(1); seed <= 80; seed++ {
		tr := gen.NewTriple(seed)
		inputs = append(inputs, Input{LastApplied: string(tr.Original), File: string(tr.Modified), Live: string(tr.Current)})
	}
	canonical := 0
	for i, in := range inputs {
		res, err := Apply(in)
		if err != nil || !res.Canonical {
			continue
		}
		canonical++
		for _, c := range []struct {
			name string
			json []byte
			v    any
		}{{"patch", res.Patch, res.PatchValue}, {"object", res.Object, res.ObjectValue}} {
			enc, err := jsonvalue.Encode(c.v)
			if err != nil || !bytes.Equal(enc, c.json) {
				t.Fatalf("input %d: the %s is not the encoding of its value (%v)\n%s\n%s", i, c.name, err, c.json, enc)
			}
		}
	}
	if canonical < len(inputs)/2 {
		t.Fatalf("only %d of %d applies are canonical", canonical, len(inputs))
	}
}
