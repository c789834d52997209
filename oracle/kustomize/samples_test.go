package kustomize

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"sigs.k8s.io/yaml"
)

// samplesDir holds the page's Kustomize samples (samples/kustomize: an
// index.yaml, and per sample meta.yaml, files/ and output.yaml). They are
// read from there at test time, as samples.KustomizeSamples reads them
// (importing the samples package would link the whole engine here).
const samplesDir = "../../samples/kustomize"

// TestKustomizeSamples builds every Kustomize sample with the real
// kustomize and requires its golden output.yaml, which `go test ./samples`
// checks against engine/kustomize: what a sample shows is what kubectl
// kustomize prints.
func TestKustomizeSamples(t *testing.T) {
	var ids []string
	readYAMLFile(t, filepath.Join(samplesDir, "index.yaml"), &ids)
	if len(ids) < 12 {
		t.Fatalf("%d Kustomize samples, want at least 12", len(ids))
	}
	others := 0
	defer func() { t.Logf("%d samples, and %d other kustomizations of their trees, compared", len(ids), others) }()
	for _, id := range ids {
		t.Run(id, func(t *testing.T) {
			var meta struct {
				Dir string `json:"dir"`
			}
			readYAMLFile(t, filepath.Join(samplesDir, id, "meta.yaml"), &meta)
			root := filepath.Join(samplesDir, id, "files")
			files := map[string]string{}
			err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				b, err := os.ReadFile(p)
				rel, _ := filepath.Rel(root, p)
				files[filepath.ToSlash(rel)] = string(b)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join(samplesDir, id, "output.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			dir := meta.Dir
			if dir == "." {
				dir = ""
			}
			out, err := krustyBuild(files, dir)
			if err != nil {
				t.Fatalf("kustomize build %s: %v", meta.Dir, err)
			}
			if out != string(want) {
				t.Errorf("samples/kustomize/%s/output.yaml is not what kustomize prints:\n%s", id, out)
			}
			compare(t, id, files, dir)
			// Every other kustomization of the tree (the other overlay, a
			// base, a component built alone) builds alike too, or fails
			// alike: the page lets people build any of them.
			for name := range files {
				if d := filepath.ToSlash(filepath.Dir(name)); filepath.Base(name) == "kustomization.yaml" && d != meta.Dir && !(d == "." && dir == "") {
					if d == "." {
						d = ""
					}
					compare(t, id+" "+d, files, d)
					others++
				}
			}
		})
	}
}

func readYAMLFile(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}
