package realmanifests

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Dir returns shared/real-manifests beside the repository (as CI lays it
// out), or skips the test when it is not there.
func Dir(t testing.TB) string {
	t.Helper()
	// This file is internal/realmanifests/dir.go in the repository: the
	// folder is found from it, whatever the test's working directory.
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("realmanifests: no source path to find the repository from")
	}
	root := filepath.Dir(filepath.Dir(filepath.Dir(file)))
	dir := filepath.Join(filepath.Dir(root), "shared", "real-manifests")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no real manifests at %s (CI puts shared/ beside the repository): %v", dir, err)
	}
	return dir
}
