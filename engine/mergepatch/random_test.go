//go:build !js

package mergepatch

import (
	"flag"
	"testing"
)

var randomCases = flag.Int("mergepatch.cases", 3000, "random triples in TestRandomAgainstOracle")

// TestRandomAgainstOracle holds CreateThreeWay, CreateThreeWayValues and
// Apply to apimachinery and json-patch on generated custom resources, with
// and without kubectl's preconditions, and Apply to json-patch on arbitrary
// patches as well.
func TestRandomAgainstOracle(t *testing.T) {
	n := *randomCases
	if testing.Short() {
		n /= 10
	}
	var compared, failedPre, patches int
	for seed := range uint64(n) {
		g := newCRGen(seed)
		original, modified, current := g.triple()
		for _, kubectl := range []bool{false, true} {
			d, ran := compareThreeWay(original, modified, current, kubectl)
			if d != "" {
				t.Fatalf("seed %d, kubectl %v:\noriginal %s\nmodified %s\ncurrent  %s\n%s", seed, kubectl, original, modified, current, d)
			}
			if ran {
				compared++
			}
			if _, err := CreateThreeWay(original, modified, current, ours(kubectl)...); IsPreconditionFailed(err) {
				failedPre++
			}
		}
		cur, _ := decodeLenient(current)
		patch := mustJSON(g.patch(cur.(map[string]any)))
		if d := compareApply(current, patch); d != "" {
			t.Fatalf("seed %d: %s", seed, d)
		}
		patches++
	}
	// Guard against a generator that stopped producing interesting cases.
	if compared < 2*n || failedPre == 0 || failedPre > n {
		t.Errorf("compared %d triples, %d failed a precondition: generator out of balance", compared, failedPre)
	}
	t.Logf("%d three-way comparisons (%d failed preconditions), %d arbitrary patches", compared, failedPre, patches)
}
