//go:build !js

package cluster

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestWasmLinksNoKubernetesModule checks that no wasm binary (./wasm/...,
// among them the one that links this package) depends on a k8s.io
// module: those are test oracles only. The one exception is the
// Kustomize mode's wasm (wasm/kustomize): engine/kustomize parses a patch
// target's labelSelector with k8s.io/apimachinery/pkg/labels, as
// kustomize itself does; that package and what it needs are allowed
// there, and nothing else of k8s.io.
func TestWasmLinksNoKubernetesModule(t *testing.T) {
	const kustomizeWasm = "github.com/applylens/applylens/wasm/kustomize"
	allowed := map[string]bool{}
	for _, d := range goListDeps(t, "k8s.io/apimachinery/pkg/labels") {
		allowed[d] = true
	}
	pkgs := goList(t, "github.com/applylens/applylens/wasm/...")
	if !slices.Contains(pkgs, kustomizeWasm) {
		t.Fatalf("go list ./wasm/... does not list %s: the exception below is stale", kustomizeWasm)
	}
	for _, pkg := range append(pkgs, "github.com/applylens/applylens/engine/cluster") {
		for _, d := range goListDeps(t, pkg) {
			if strings.HasPrefix(d, "k8s.io/") && !(pkg == kustomizeWasm && allowed[d]) {
				t.Errorf("%s depends on %s under GOOS=js GOARCH=wasm", pkg, d)
			}
		}
	}
}

// goList runs go list with args under GOOS=js GOARCH=wasm.
func goList(t *testing.T, args ...string) []string {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list"}, args...)...)
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.Fields(string(out))
}

// goListDeps lists pkg's dependencies under GOOS=js GOARCH=wasm.
func goListDeps(t *testing.T, pkg string) []string {
	t.Helper()
	deps := goList(t, "-deps", pkg)
	if len(deps) < 10 {
		t.Fatalf("go list -deps %s listed only %d packages", pkg, len(deps))
	}
	return deps
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
