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

// TestFirstWasmLinksNoFieldManager checks that the page's first wasm
// (./wasm) links neither the simulated cluster nor the field manager it
// runs on every write (engine/serverside, structured-merge-diff), nor the
// typed schema and decoding of the simulated server: they
// belong to wasm/timeline, loaded when the Timeline mode is first shown,
// and would break the first visit's budget (docs/performance.md).
func TestFirstWasmLinksNoFieldManager(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "github.com/applylens/applylens/wasm")
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps ./wasm: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list -deps ./wasm listed only %d packages", len(deps))
	}
	for _, d := range deps {
		if d == "github.com/applylens/applylens/engine/cluster" || d == "github.com/applylens/applylens/engine/serverside" ||
			d == "github.com/applylens/applylens/engine/schema/typedschema" || d == "github.com/applylens/applylens/engine/typedjson" ||
			strings.HasPrefix(d, "sigs.k8s.io/structured-merge-diff/") {
			t.Errorf("./wasm depends on %s under GOOS=js GOARCH=wasm", d)
		}
	}
}
