//go:build !js

package serverside

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImportsNoRootEngine keeps the server-side engine below the facade
// it serves: it shares the result types through engine/kube, and the
// builds that link it wire it into an engine.Engine (engine/ssaview). The
// reverse holds too: the root engine links no structured-merge-diff (the
// first visit's wasm; engine/cluster's TestFirstWasmLinksNoFieldManager
// checks that wasm itself).
func TestImportsNoRootEngine(t *testing.T) {
	tests := []struct {
		name, pkg, forbidden string
	}{
		{"serverside does not import the root engine", "github.com/applylens/applylens/engine/serverside", "github.com/applylens/applylens/engine"},
		{"the root engine does not import serverside", "github.com/applylens/applylens/engine", "github.com/applylens/applylens/engine/serverside"},
		{"kube imports no engine package", "github.com/applylens/applylens/engine/kube", "github.com/applylens/applylens/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := exec.Command("go", "list", "-deps", tt.pkg).CombinedOutput()
			if err != nil {
				t.Fatalf("go list -deps %s: %v\n%s", tt.pkg, err, out)
			}
			deps := strings.Fields(string(out))
			if len(deps) < 2 {
				t.Fatalf("go list -deps %s listed only %v", tt.pkg, deps)
			}
			for _, d := range deps {
				if d == tt.pkg {
					continue
				}
				if d == tt.forbidden || strings.HasSuffix(tt.forbidden, "/") && strings.HasPrefix(d, tt.forbidden) {
					t.Errorf("%s depends on %s", tt.pkg, d)
				}
			}
		})
	}
}
