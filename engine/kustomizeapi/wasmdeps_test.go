//go:build !js

package kustomizeapi

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestFirstWasmLinksNoKustomize checks that the page's first wasm (./wasm)
// links neither this package nor engine/kustomize: kustomize belongs to
// wasm/kustomize, loaded when the Kustomize mode is first shown, and the
// first visit's budget must not grow (docs/performance.md). And that
// wasm/kustomize does link them (so that the check above is about the
// right packages).
func TestFirstWasmLinksNoKustomize(t *testing.T) {
	const (
		engine = "github.com/applylens/applylens/engine/kustomize"
		api    = "github.com/applylens/applylens/engine/kustomizeapi"
	)
	deps := func(pkg string) []string {
		cmd := exec.Command("go", "list", "-deps", pkg)
		cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
		}
		return strings.Fields(string(out))
	}
	first := deps("github.com/applylens/applylens/wasm")
	for _, p := range []string{engine, api} {
		if slices.Contains(first, p) {
			t.Errorf("./wasm depends on %s under GOOS=js GOARCH=wasm", p)
		}
	}
	own := deps("github.com/applylens/applylens/wasm/kustomize")
	for _, p := range []string{engine, api} {
		if !slices.Contains(own, p) {
			t.Errorf("./wasm/kustomize does not depend on %s", p)
		}
	}
}
