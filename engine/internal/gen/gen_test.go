package gen

import (
	"bytes"
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

func TestTripleIsReproducible(t *testing.T) {
	for seed := range uint64(100) {
		a, b := NewTriple(seed), NewTriple(seed)
		if !bytes.Equal(a.Original, b.Original) || !bytes.Equal(a.Modified, b.Modified) || !bytes.Equal(a.Current, b.Current) {
			t.Fatalf("seed %d: two runs differ", seed)
		}
		c, d := MergeItemTriple(seed), MergeItemTriple(seed)
		if !bytes.Equal(c.Original, d.Original) || !bytes.Equal(c.Modified, d.Modified) || !bytes.Equal(c.Current, d.Current) {
			t.Fatalf("MergeItem seed %d: two runs differ", seed)
		}
	}
}

func TestTriplesCoverTheTraps(t *testing.T) {
	// Each feature must show up in some of the first 2000 triples, or the
	// differential tests built on them would silently stop covering it.
	features := map[string]string{
		"no last-applied":    "",
		"UDP twin":           `"protocol":"UDP"`,
		"explicit null":      `:null`,
		"sidecar drift":      `istio-proxy`,
		"retainKeys volume":  `"secret":`,
		"Recreate":           `"Recreate"`,
		"finalizers":         `"finalizers"`,
		"annotation":         LastAppliedAnnotation,
		"unknown field":      `"x-note"`,
		"float quantity":     `"cpu":0.5`,
		"valueFrom":          `"valueFrom"`,
		"missing merge key":  `{"value":"orphan"}`,
		"duplicate env":      `"value":"dup"`,
		"unchanged template": "",
	}
	seen := map[string]bool{}
	kinds := map[string]bool{}
	for seed := range uint64(2000) {
		tr := NewTriple(seed)
		kinds[tr.Kind] = true
		for _, doc := range [][]byte{tr.Original, tr.Modified, tr.Current} {
			if doc == nil {
				continue
			}
			var v map[string]any
			if err := json.Unmarshal(doc, &v); err != nil {
				t.Fatalf("seed %d: invalid JSON: %v", seed, err)
			}
		}
		if tr.Original == nil {
			seen["no last-applied"] = true
		}
		if bytes.Equal(tr.Original, tr.Modified) {
			seen["unchanged template"] = true
		}
		for name, s := range features {
			if s != "" && (bytes.Contains(tr.Modified, []byte(s)) || bytes.Contains(tr.Current, []byte(s))) {
				seen[name] = true
			}
		}
	}
	for name := range features {
		if !seen[name] {
			t.Errorf("no triple has %s", name)
		}
	}
	for _, k := range Kinds {
		if !kinds[k.Kind] {
			t.Errorf("no triple of kind %s", k.Kind)
		}
	}
}

func TestBenchInputsHaveTheAdvertisedSize(t *testing.T) {
	typical := TypicalDeployment()
	y, err := yaml.JSONToYAML(typical.Modified)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(y), "\n"); n < 45 || n > 75 {
		t.Errorf("typical Deployment file has %d lines of YAML, want about 60", n)
	}
	large := LargeDeployment()
	var d struct {
		Spec struct {
			Template struct {
				Spec struct {
					Containers []struct {
						Image string
						Env   []struct{ Name, Value string }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(large.Modified, &d); err != nil {
		t.Fatal(err)
	}
	cs := d.Spec.Template.Spec.Containers
	if len(cs) != 500 || len(cs[0].Env) != 2000 {
		t.Fatalf("large Deployment has %d containers, first with %d env vars; want 500 and 2000", len(cs), len(cs[0].Env))
	}
	edited := 0
	for _, e := range cs[0].Env {
		if strings.HasSuffix(e.Value, "-edited") {
			edited++
		}
	}
	if edited != 200 {
		t.Errorf("%d env vars edited, want 200 (10%%)", edited)
	}
}

func TestGeneratorsNeverPanic(t *testing.T) {
	// Edits stack on one another (a dropped merge key, then an edit of
	// that element), so sweep far more seeds than the other tests use.
	n := uint64(40000)
	if testing.Short() || runtime.GOOS == "js" {
		n = 4000
	}
	for seed := range n {
		NewTriple(seed)
		MergeItemTriple(seed)
	}
}
