package samples

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/kustomize"
)

// TestKustomizeSamples builds every Kustomize sample with engine/kustomize
// and requires its golden output.yaml, byte for byte (-update rewrites
// them; oracle/kustomize's TestKustomizeSamples checks the same files
// against the real kustomize).
func TestKustomizeSamples(t *testing.T) {
	all := KustomizeSamples()
	if len(all) < 12 {
		t.Errorf("%d Kustomize samples, want at least 12", len(all))
	}
	for _, k := range all {
		t.Run(k.ID, func(t *testing.T) {
			res, err := kustomize.Build(kustomize.Input{Files: k.FileMap(), Dir: k.Dir})
			if err != nil {
				t.Fatalf("kubectl kustomize %s: %v", k.Dir, err)
			}
			path := filepath.Join(kustomizeDir, k.ID, kustomizeOutputFile)
			if *update {
				if err := os.WriteFile(path, res.YAML, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if k.Output == "" {
				t.Fatalf("no %s (run go test ./samples -run TestKustomizeSamples -update)", path)
			}
			if string(res.YAML) != k.Output {
				t.Errorf("the output differs from %s (run go test ./samples -run TestKustomizeSamples -update and review the diff):\n%s", path, res.YAML)
			}
			if len(res.Steps) == 0 {
				t.Errorf("no steps: the page would explain nothing")
			}
		})
	}
}

// TestKustomizeFolders: every folder under kustomize/ is in its index, and
// the other way round.
func TestKustomizeFolders(t *testing.T) {
	entries, err := os.ReadDir(kustomizeDir)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, k := range KustomizeSamples() {
		ids = append(ids, k.ID)
	}
	for _, e := range entries {
		if e.IsDir() && !slices.Contains(ids, e.Name()) {
			t.Errorf("kustomize/%s is not listed in kustomize/index.yaml", e.Name())
		}
	}
}

func TestKustomizeLoadErrors(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"id without the prefix", map[string]string{"kustomize/index.yaml": "- base\n"}, "starts with"},
		{"listed twice", map[string]string{"kustomize/index.yaml": "- kustomize-a\n- kustomize-a\n",
			"kustomize/kustomize-a/meta.yaml": "title: t\ndescription: d\ndir: .\n", "kustomize/kustomize-a/files/kustomization.yaml": "resources: []\n"}, "listed twice"},
		{"no dir", map[string]string{"kustomize/index.yaml": "- kustomize-a\n",
			"kustomize/kustomize-a/meta.yaml": "title: t\ndescription: d\n"}, "dir are required"},
		{"dir not in the files", map[string]string{"kustomize/index.yaml": "- kustomize-a\n",
			"kustomize/kustomize-a/meta.yaml": "title: t\ndescription: d\ndir: overlay\n", "kustomize/kustomize-a/files/kustomization.yaml": "resources: []\n"}, "is not in files/"},
		{"no files", map[string]string{"kustomize/index.yaml": "- kustomize-a\n",
			"kustomize/kustomize-a/meta.yaml": "title: t\ndescription: d\ndir: .\n"}, "files"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := loadKustomize(mapFS(c.files))
			var le *LoadError
			if !errors.As(err, &le) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want a LoadError with %q", err, c.want)
			}
		})
	}
}

// TestKustomizePageJSON: the entries the examples menu gets (samplesjson)
// carry the page's contract: id, title, category, description and
// kustomize {dir, files [{name, text}]}, the files sorted by name, and the
// same bytes every time.
func TestKustomizePageJSON(t *testing.T) {
	type entry struct {
		ID          string `json:"id"`
		Title       string `json:"title"`
		Category    string `json:"category"`
		Description string `json:"description"`
		Kustomize   struct {
			Dir   string `json:"dir"`
			Files []struct {
				Name string `json:"name"`
				Text string `json:"text"`
			} `json:"files"`
		} `json:"kustomize"`
	}
	first := KustomizePageJSON()
	if len(first) != len(KustomizeSamples()) {
		t.Fatalf("%d entries for %d samples", len(first), len(KustomizeSamples()))
	}
	again := KustomizePageJSON()
	for i, raw := range first {
		if string(raw) != string(again[i]) {
			t.Errorf("entry %d differs between two calls", i)
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		var e entry
		if err := dec.Decode(&e); err != nil {
			t.Fatalf("entry %d: %v", i, err)
		}
		k := KustomizeSamples()[i]
		if e.ID != k.ID || e.Title != k.Title || e.Description != k.Description || e.Category != KustomizeCategory || e.Kustomize.Dir != k.Dir {
			t.Errorf("entry %d = %+v, want the sample %s", i, e, k.ID)
		}
		var names []string
		for _, f := range e.Kustomize.Files {
			names = append(names, f.Name)
			if f.Text == "" {
				t.Errorf("%s: %s is empty", e.ID, f.Name)
			}
		}
		if !slices.IsSorted(names) || !slices.Contains(names, path.Join(strings.TrimPrefix(k.Dir, "."), "kustomization.yaml")) {
			t.Errorf("%s: files %v are not sorted or lack %s/kustomization.yaml", e.ID, names, k.Dir)
		}
	}
}
