//go:build !js

package cluster

import (
	"os/exec"
	"strings"
	"testing"
)

// TestWasmLinksNoKubernetesModule checks that no wasm binary (./wasm/...,
// among them the one that links this package) depends on a k8s.io
// module: those are test oracles only.
func TestWasmLinksNoKubernetesModule(t *testing.T) {
	for _, pkg := range []string{"github.com/applylens/applylens/wasm/...", "github.com/applylens/applylens/engine/cluster"} {
		cmd := exec.Command("go", "list", "-deps", pkg)
		cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
		}
		deps := strings.Fields(string(out))
		if len(deps) < 10 {
			t.Fatalf("go list -deps %s listed only %d packages", pkg, len(deps))
		}
		for _, d := range deps {
			if strings.HasPrefix(d, "k8s.io/") {
				t.Errorf("%s depends on %s under GOOS=js GOARCH=wasm", pkg, d)
			}
		}
	}
}
