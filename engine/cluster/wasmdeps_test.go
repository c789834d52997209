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
// module: those are test oracles only. Label selectors (-l, and a
// kustomize patch target's labelSelector) go through engine/labelselector,
// a port of k8s.io/apimachinery/pkg/labels; the binaries that link
// engine/kustomize are checked to (so that the check covers them).
func TestWasmLinksNoKubernetesModule(t *testing.T) {
	const (
		kustomizePkg = "github.com/applylens/applylens/engine/kustomize"
		selectorPkg  = "github.com/applylens/applylens/engine/labelselector"
	)
	pkgs := append(goList(t, "github.com/applylens/applylens/wasm/..."), "github.com/applylens/applylens/engine/cluster")
	for _, pkg := range pkgs {
		deps := goListDeps(t, pkg)
		for _, d := range deps {
			if strings.HasPrefix(d, "k8s.io/") {
				t.Errorf("%s depends on %s under GOOS=js GOARCH=wasm", pkg, d)
			}
		}
		switch pkg {
		case "github.com/applylens/applylens/engine/cluster", "github.com/applylens/applylens/wasm/timeline", "github.com/applylens/applylens/wasm/kustomize":
			if !slices.Contains(deps, kustomizePkg) || !slices.Contains(deps, selectorPkg) {
				t.Errorf("%s does not link %s and %s: the check above no longer covers kustomize's selectors", pkg, kustomizePkg, selectorPkg)
			}
		}
	}
	if !slices.Contains(pkgs, "github.com/applylens/applylens/wasm/kustomize") || !slices.Contains(pkgs, "github.com/applylens/applylens/wasm/timeline") {
		t.Errorf("go list ./wasm/... lists %v: wasm/kustomize or wasm/timeline is missing", pkgs)
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
