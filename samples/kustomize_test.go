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

// TestKustomizeSampleSteps: what each sample teaches is said by a step of
// the build (the page's explanation), not only visible in the output.
func TestKustomizeSampleSteps(t *testing.T) {
	cases := []struct {
		sample, transformer, object, field, rule string // rule: a fragment
	}{
		{"kustomize-base-two-overlays", "replicas", "Deployment shop (namespace production)", "spec/replicas", "field spec spec/replicas"},
		{"kustomize-components", "namePrefix", "PodDisruptionBudget api (namespace staging)", "metadata/name", "field spec metadata/name"},
		{"kustomize-generator-rollout", "nameReference", "Deployment web", "spec/template/spec/volumes/configMap/name", "renamed web-config → web-config-9bfd5bb66d"},
		{"kustomize-generator-merge-overlay", "configMapGenerator", "ConfigMap app-config", "", "behavior merge"},
		{"kustomize-namespace-prefix-references", "nameReference", "RoleBinding team-a-web-reader (namespace team-a)", "subjects/name", "renamed web → team-a-web"},
		{"kustomize-labels-selectors", "labels", "Deployment pay", "spec/selector/matchLabels/version", "field spec spec/selector/matchLabels"},
		{"kustomize-replacements-image-tag", "replacements", "Job migrate-v2", "spec.template.spec.containers.[name=migrate].env.[name=CONFIG_NAME].value", "replacement 2: copied ConfigMap shop-config-v2's metadata.name (shop-config-v2)"},
		{"kustomize-images", "images", "CronJob cleanup", "spec/jobTemplate/spec/template/spec/containers[]/image", "images entry busybox"},
		{"kustomize-json6902-vs-strategic", "patches", "Deployment worker", "spec/template/spec/containers[name=main]/env[name=DEBUG]", "kyaml puts the patch's elements first"},
		{"kustomize-target-no-match", "patches", "", "", "matches no object"},
		{"kustomize-crd-list-replaced", "patches", "Gateway edge", "spec/listeners", "kyaml has no schema for this kind"},
		{"kustomize-crd-list-openapi", "patches", "Gateway edge", "spec/listeners[name=https]/port", "replaces the object's"},
		{"kustomize-openapi-replaces-builtin", "patches", "Deployment web", "spec/template/spec/containers", "replaces kyaml's builtin one and does not define this kind"},
		{"kustomize-patch-replace-list", "patches", "Deployment web", "spec/template/spec/containers", "`$patch: replace`: the patch's list replaces"},
		{"kustomize-patch-replace-element", "patches", "Deployment web", "spec/template/spec/containers[name=app]", "puts the object's element back, unchanged"},
		{"kustomize-annotation-drops-containers", "patches", "Deployment worker", "spec/template/spec/containers", "kustomize#5150"},
		{"kustomize-keyed-list-order", "patches", "Deployment web", "spec/template/spec/containers", "the object's elements are in another order"},
		{"kustomize-port-without-protocol", "patches", "Service web", "spec/ports[port=80,protocol=]", "the patch's element is ignored: it has no protocol"},
	}
	samples := map[string]Kustomize{}
	for _, k := range KustomizeSamples() {
		samples[k.ID] = k
	}
	covered := map[string]bool{}
	for _, c := range cases {
		t.Run(c.sample, func(t *testing.T) {
			k, ok := samples[c.sample]
			if !ok {
				t.Fatalf("no sample %s", c.sample)
			}
			covered[c.sample] = true
			res, err := kustomize.Build(kustomize.Input{Files: k.FileMap(), Dir: k.Dir})
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range res.Steps {
				if s.Transformer == c.transformer && s.Object == c.object && s.Field == c.field && strings.Contains(s.Rule, c.rule) {
					return
				}
			}
			var got []string
			for _, s := range res.Steps {
				got = append(got, s.Transformer+" | "+s.Object+" | "+s.Field+" | "+s.Rule)
			}
			t.Errorf("no step %s | %s | %s | …%s… among:\n%s", c.transformer, c.object, c.field, c.rule, strings.Join(got, "\n"))
		})
	}
	for id := range samples {
		if !covered[id] {
			t.Errorf("%s: say here which step explains what it shows", id)
		}
	}
}
