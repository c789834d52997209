package kustomize

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzAgainstKrusty builds arbitrary kustomization and resource text with
// the real kustomize and with engine/kustomize: the outputs, warnings and
// error texts must agree, or the engine must refuse the input as
// unsupported. Seeds: engine/kustomize's testdata cases of one directory.
func FuzzAgainstKrusty(f *testing.F) {
	paths, _ := filepath.Glob(archiveDir + "/*.txtar")
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		_, files, dir := splitArchive(string(b))
		if dir != "" {
			continue
		}
		r := ""
		for name, c := range files {
			if name != "kustomization.yaml" {
				r = c
				break
			}
		}
		f.Add(files["kustomization.yaml"], r)
	}
	f.Fuzz(func(t *testing.T, kustomization, resource string) {
		files := map[string]string{
			"kustomization.yaml": kustomization,
			"r.yaml":             resource,
			"cm.yaml":            resource,
			"d.yaml":             resource,
		}
		compareOrUnsupported(t, "fuzz", files, "")
	})
}
