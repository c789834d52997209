//go:build browser

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// timelineBudget is the Timeline mode's on-demand budget: its engine (the
// wasm and its worker) as sent, brotli, at most 2.5 MB, as the other
// on-demand engines (docs/performance.md). It grew with kustomize
// (kubectl kustomize, apply -k).
const timelineBudget = 2_500_000

// TestTimelineOnDemandBudget reads the built site's asset-manifest.json:
// the Timeline's engine, compressed, within its budget. A site built
// without compression (scripts/build --no-compress) has no sizes as sent
// to check.
func TestTimelineOnDemandBudget(t *testing.T) {
	dist := os.Getenv("APPLYLENS_DIST")
	if dist == "" {
		dist = filepath.Join(repoRoot, "dist")
	}
	raw, err := os.ReadFile(filepath.Join(dist, "asset-manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var manifest struct {
		Assets struct {
			TimelineWasm string `json:"timelineWasm"`
		} `json:"assets"`
		OnDemandTimeline struct {
			Files []string `json:"files"`
			Raw   int64    `json:"raw"`
			Br    int64    `json:"br"`
		} `json:"onDemandTimeline"`
	}
	if err := json.Unmarshal(raw, &manifest); err != nil {
		t.Fatal(err)
	}
	if manifest.Assets.TimelineWasm == "" || len(manifest.OnDemandTimeline.Files) != 2 {
		t.Fatalf("the manifest names no Timeline engine: %s", raw)
	}
	if _, err := os.Stat(filepath.Join(dist, manifest.Assets.TimelineWasm+".br")); os.IsNotExist(err) {
		t.Skip("the site was built without compression (--no-compress): no brotli sizes to check")
	}
	if br := manifest.OnDemandTimeline.Br; br <= 0 || br >= manifest.OnDemandTimeline.Raw || br > timelineBudget {
		t.Errorf("the Timeline's on-demand engine is %d bytes brotli (%d raw); the budget is %d", br, manifest.OnDemandTimeline.Raw, timelineBudget)
	}
}
