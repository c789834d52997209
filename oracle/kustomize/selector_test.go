package kustomize

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/labelselector"
	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"
)

// TestPatchTargetSelectors compares the engine's build with kustomize's
// on patch targets picked by labelSelector and annotationSelector: which
// objects are patched, and the error kustomize prints for a selector that
// does not parse (labels.Parse's text, which engine/labelselector ports).
func TestPatchTargetSelectors(t *testing.T) {
	objects := `apiVersion: v1
kind: ConfigMap
metadata:
  name: a
  labels: {app: web, tier: front, n: "3"}
  annotations: {team: red, example.com/owner: ops}
data: {k: v}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: b
  labels: {app: db, n: "10"}
  annotations: {team: blue}
data: {k: v}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: c
data: {k: v}
`
	selectors := map[string]string{
		"equals":           "app=web",
		"double equals":    "app==db",
		"not equals":       "app!=web",
		"exists":           "app",
		"does not exist":   "!app",
		"in":               "app in (web,db)",
		"notin":            "app notin (web)",
		"empty set":        "app in ()",
		"two terms":        "app,tier=front",
		"greater than":     "n>5",
		"less than":        "n<5",
		"prefixed key":     "example.com/owner=ops",
		"no match":         "app=none",
		"in as value":      "app in (in,web)",
		"double comma":     "app in (web,,db)",
		"double comma end": "app in (web,,)",
		"commas only":      "app in (,,)",
		"triple comma":     "app in (,,,web)",
		"unclosed set":     "app in (web",
		"missing paren":    "app in web",
		"trailing comma":   "app,",
		"leading comma":    ",app",
		"bad key":          "a/b/c",
		"bad value":        "app=-web",
		"not an integer":   "n>x",
		"operator only":    "=web",
		"junk after term":  "app=web tier",
	}
	for name, sel := range selectors {
		for _, field := range []string{"labelSelector", "annotationSelector"} {
			if field == "annotationSelector" {
				sel = strings.NewReplacer("app", "team", "web", "red", "db", "blue", "tier", "example.com/owner", "front", "ops").Replace(sel)
			}
			quoted := "'" + strings.ReplaceAll(sel, "'", "''") + "'"
			files := map[string]string{
				"objects.yaml": objects,
				"kustomization.yaml": "resources:\n- objects.yaml\npatches:\n- patch: '[{\"op\": \"add\", \"path\": \"/data/patched\", \"value\": \"yes\"}]'\n" +
					"  target:\n    kind: ConfigMap\n    " + field + ": " + quoted + "\n",
			}
			t.Run(name+" "+field, func(t *testing.T) { compare(t, sel, files, "") })
		}
	}
}

// TestSelectorAgainstKyaml compares engine/labelselector's ParseKustomize
// with what kustomize runs for a patch target's selectors, kyaml's
// RNode.MatchesLabelSelector and MatchesAnnotationSelector, on selectors
// made of the syntax's pieces, valid and not: the same error text, or the
// same verdict on objects with random labels and annotations.
func TestSelectorAgainstKyaml(t *testing.T) {
	pieces := []string{
		"app", "tier", "n", "a", "in", "notin", "example.com/app", "Bad/", "-x", "web", "db", "3", "10", "x_y",
		"=", "==", "!=", "!", ">", "<", "(", ")", ",", ",,", " ", " in (", ",,)", "(,,", ",,,", " in ", " notin ", "\t", "===", "!!", "\x00", "é",
	}
	values := []string{"web", "db", "", "3", "10", "-2", "x", "notin"}
	keys := []string{"app", "tier", "n", "a", "in", "example.com/app", "x_y"}
	n := 20000
	if testing.Short() {
		n = 2000
	}
	r := rand.New(rand.NewSource(21))
	accepted := 0
	for i := 0; i < n; i++ {
		var sb strings.Builder
		for k := r.Intn(8); k >= 0; k-- {
			sb.WriteString(pieces[r.Intn(len(pieces))])
		}
		if r.Intn(3) == 0 {
			// A set of values and empty members: "(a,,)" is where kyaml's
			// copy and labels part.
			sb.WriteString(keys[r.Intn(len(keys))] + []string{" in ", " notin "}[r.Intn(2)] + "(")
			for k := r.Intn(5); k >= 0; k-- {
				sb.WriteString([]string{",", "web", "x", ""}[r.Intn(4)])
			}
			sb.WriteString(")")
		}
		sel := sb.String()
		set := map[string]string{}
		for _, k := range keys {
			if r.Intn(2) == 0 {
				set[k] = values[r.Intn(len(values))]
			}
		}
		node := kyaml.NewMapRNode(nil)
		if err := node.SetLabels(set); err != nil {
			t.Fatal(err)
		}
		if err := node.SetAnnotations(set); err != nil {
			t.Fatal(err)
		}
		parsed, err := labelselector.ParseKustomize(sel)
		for _, kind := range []string{"label", "annotation"} {
			want, wantErr := node.MatchesLabelSelector(sel)
			if kind == "annotation" {
				want, wantErr = node.MatchesAnnotationSelector(sel)
			}
			if (err == nil) != (wantErr == nil) || (err != nil && err.Error() != wantErr.Error()) {
				t.Fatalf("%q: error %v, kyaml %v", sel, err, wantErr)
			}
			if err == nil {
				if got := parsed.Matches(set); got != want {
					t.Fatalf("%q on %s %v: engine %v, kyaml %v", sel, kind, set, got, want)
				}
			}
		}
		if err == nil {
			accepted++
		}
	}
	t.Logf("%d of %d generated selectors parse", accepted, n)
	if accepted < n/20 || accepted > n-n/20 {
		t.Fatalf("%d of %d generated selectors parse: the generator is lopsided", accepted, n)
	}
}
