//go:build !js

package engine

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/applylens/applylens/engine/internal/gen"
)

func TestApplyAgreesWithKubectl(t *testing.T) {
	cases := []struct {
		name string
		in   Input
	}{
		{"walkthrough", Input{LastApplied: walkthroughLastApplied, File: walkthroughFile, Live: walkthroughLive}},
		{"walkthrough without last-applied", Input{File: walkthroughFile, Live: walkthroughLive}},
		{"create", Input{File: walkthroughFile}},
		{"create prunes nulls", Input{File: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labels: null\ndata:\n  a: null\n  b: x\n"}},
		{"unchanged", Input{LastApplied: walkthroughFile, File: walkthroughFile, Live: walkthroughFile}},
		{"explicit null clears", Input{File: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  replicas: null\n", Live: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  replicas: 3\n"}},
		{"non-string annotation", Input{File: "apiVersion: v1\nkind: Service\nmetadata:\n  name: s\n  annotations:\n    prometheus.io/scrape: true\n    team: a\nspec:\n  ports:\n  - port: 80\n", Live: "apiVersion: v1\nkind: Service\nmetadata:\n  name: s\nspec:\n  ports:\n  - port: 80\n    protocol: TCP\n"}},
		{"overwrite false conflict", Input{Overwrite: boolp(false), LastApplied: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: \"1\"\n", File: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: \"2\"\n", Live: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: \"3\"\n"}},
		{"custom resource", Input{LastApplied: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 1\n  tags: [a, b]\n", File: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  tags: [b]\n", Live: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 1\n  tags: [a, b]\n  extra: 9007199254740993\n"}},
		{"custom resource renamed", Input{File: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w2\n", Live: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n"}},
		{"tcp and udp twins", Input{LastApplied: "apiVersion: v1\nkind: Service\nmetadata:\n  name: dns\nspec:\n  ports:\n  - port: 53\n    protocol: TCP\n  - port: 53\n    protocol: UDP\n", File: "apiVersion: v1\nkind: Service\nmetadata:\n  name: dns\nspec:\n  ports:\n  - port: 53\n    protocol: UDP\n", Live: "apiVersion: v1\nkind: Service\nmetadata:\n  name: dns\nspec:\n  ports:\n  - port: 53\n    protocol: TCP\n  - port: 53\n    protocol: UDP\n"}},
		{"strategy switch to Recreate", Input{LastApplied: walkthroughFile, File: walkthroughFile + "  strategy:\n    type: Recreate\n", Live: walkthroughLive}},
		{"int vs float", Input{File: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  terminationGracePeriodSeconds: 30.5\n", Live: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  terminationGracePeriodSeconds: 30\n"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { compareWithKubectl(t, c.name, c.in) })
	}
}

// TestApplyRandomAgreesWithKubectl compares Apply with kubectl on generated
// applies. APPLYLENS_RANDOM=N runs N instead of the default.
func TestApplyRandomAgreesWithKubectl(t *testing.T) {
	n := 1500
	if testing.Short() {
		n = 200
	}
	if v, err := strconv.Atoi(os.Getenv("APPLYLENS_RANDOM")); err == nil {
		n = v
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		tr := gen.NewTriple(seed)
		in := Input{File: string(tr.Modified), Live: string(tr.Current)}
		if tr.Original != nil {
			in.LastApplied = string(tr.Original)
		}
		for _, ow := range []bool{true, false} {
			in.Overwrite = boolp(ow)
			compareWithKubectl(t, fmt.Sprintf("seed %d overwrite %v", seed, ow), in)
		}
		if t.Failed() {
			return
		}
	}
}
