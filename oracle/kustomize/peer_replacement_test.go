package kustomize

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/kustomize"
	"sigs.k8s.io/kustomize/api/filters/replacement"
	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"
)

// TestPeerReplacement runs kustomize's own table tests for the replacement
// filter (api/filters/replacement, v0.21.1), read from the module cache as
// the other peer suites read theirs, on kustomize.ApplyReplacements. Each
// case first runs on kustomize's filter, which must give the case's
// expected output or an error containing its expected text (the
// extraction read it right); the engine must then give kustomize's
// output, or kustomize's whole error text, byte for byte, or refuse.
func TestPeerReplacement(t *testing.T) {
	dir := filepath.Join(moduleDir(t, "sigs.k8s.io/kustomize/api"), "filters", "replacement")
	cases := peerCases(t, dir, map[string]bool{"input": true, "replacements": true})
	tally := &peerTally{skipped: map[string]int{}}
	for _, c := range cases {
		t.Run(c.file+"/"+c.name, func(t *testing.T) {
			if x := onlyFields(c, "input", "replacements", "expected", "expectedErr"); x != "" {
				tally.skip("with fields the suite does not read (" + x + ")")
				t.Skipf("fields %s", x)
			}
			input, _ := c.fields["input"].(string)
			reps, _ := c.fields["replacements"].(string)
			expected, _ := c.fields["expected"].(string)
			expectedErr, _ := c.fields["expectedErr"].(string)
			var f replacement.Filter
			if err := kyaml.Unmarshal([]byte(reps), &f); err != nil {
				t.Fatalf("kustomize cannot read the case's replacements: %v", err)
			}
			real, realErr := runFilter(input, f)
			switch {
			case expectedErr != "" && (realErr == nil || !strings.Contains(realErr.Error(), expectedErr)):
				t.Fatalf("the case as read does not fail on kustomize as it expects: %v", realErr)
			case expectedErr == "" && (realErr != nil || strings.TrimSpace(real) != strings.TrimSpace(expected)):
				t.Fatalf("the case as read does not pass on kustomize (%v):\n%s\nwant\n%s", realErr, real, expected)
			}
			tally.ran++
			got, err := kustomize.ApplyReplacements(input, reps)
			if isRefusal(err) {
				tally.refused++
				t.Logf("refused: %v", err)
				return
			}
			if realErr != nil {
				if err == nil || err.Error() != realErr.Error() {
					t.Fatalf("engine error:\n%v\nkustomize's:\n%v", err, realErr)
				}
				tally.agreed++
				return
			}
			if err != nil {
				t.Fatalf("engine: %v", err)
			}
			g, err := kioRoundTrip(got)
			if err != nil {
				t.Fatal(err)
			}
			if strings.TrimSpace(g) != strings.TrimSpace(real) {
				t.Fatalf("engine:\n%s\nkustomize:\n%s", g, real)
			}
			tally.agreed++
		})
	}
	if len(cases) < 70 {
		t.Errorf("read only %d replacement cases", len(cases))
	}
	t.Logf("replacement (%d cases): %s", len(cases), tally)
}
