package applydiff

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/kustomize"
	"github.com/applylens/applylens/samples"
)

// archiveFiles reads a testdata/build archive's files (its sections other
// than .dir, .want and .error) and directory.
func archiveFiles(t *testing.T, name string) (map[string][]byte, string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "build", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	dir, cur := "", ""
	for _, line := range strings.SplitAfter(string(b), "\n") {
		if strings.HasPrefix(line, "-- ") && strings.HasSuffix(line, " --\n") {
			cur = strings.TrimSuffix(strings.TrimPrefix(line, "-- "), " --\n")
			continue
		}
		switch cur {
		case "", ".want", ".error":
		case ".dir":
			dir += strings.TrimSpace(line)
		default:
			files[cur] = append(files[cur], line...)
		}
	}
	return files, dir
}

// TestDifferences names, for each input, the fields where kustomize's
// merge and apimachinery's differ and why. oracle/kustomize proves the
// apimachinery side of the same merges against the real strategicpatch.
func TestDifferences(t *testing.T) {
	type diff struct {
		field string
		why   Why
	}
	cases := []struct {
		name, sample, archive string
		want                  []diff
	}{
		{"patched element moved first", "kustomize-keyed-list-order", "", []diff{{"spec.template.spec.containers", Ordering}}},
		{"env reordered inside a container", "kustomize-json6902-vs-strategic", "", []diff{{"spec.template.spec.containers[0].env", Ordering}}},
		{"$patch: replace in an element", "kustomize-patch-replace-element", "", []diff{{"spec.template.spec.containers", ElementReplace}}},
		{"containers without names", "kustomize-annotation-drops-containers", "", []diff{{"spec.template.spec.containers", NoMergeKey}}},
		{"custom resource merged by its openapi schema", "kustomize-crd-list-openapi", "", []diff{{"spec.listeners", CustomResource}}},
		{"an openapi file leaves the Deployment without a schema", "kustomize-openapi-replaces-builtin", "", []diff{{"spec.listeners", CustomResource}, {"spec.template.spec.containers", Schema}}},
		{"custom resource without a schema: both replace", "kustomize-crd-list-replaced", "", nil},
		{"$patch: replace on the list: both replace", "kustomize-patch-replace-list", "", nil},
		{"a plain merge: the same", "kustomize-base-two-overlays", "", nil},
		{"apply's directives are fields to kyaml", "", "smp-apply-directives-are-fields", []diff{
			{"metadata.$deleteFromPrimitiveList/finalizers", ApplyDirective},
			{"metadata.finalizers", ApplyDirective},
			{"spec.template.spec.$setElementOrder/containers", ApplyDirective}}},
		{"null label becomes a string", "", "smp-maps-and-scalars", []diff{{"metadata.labels.tier", MetadataStrings}}},
		{"$patch: delete on a map", "", "smp-map-directives", []diff{{"spec.template.spec.securityContext", MapDelete}}},
		{"empty null dropped", "", "smp-empty-null-dropped", []diff{{"spec.empty", DroppedNull}}},
		{"container ports: two keys against one", "", "smp-ports-two-keys", []diff{{"spec.template.spec.containers[0].ports", Schema}}},
		{"service ports reordered", "", "smp-service-ports-one-key", []diff{{"spec.ports", Ordering}}},
		{"a patch's port without protocol", "", "smp-port-without-protocol", []diff{{"spec.ports[0].targetPort", KeyedElements}}},
		{"a patch's container port without protocol", "", "smp-container-port-without-protocol", []diff{{"spec.template.spec.containers[0].ports[0].name", KeyedElements}}},
		{"apimachinery refuses a deleted element without its key", "", "smp-delete-element-and-list", []diff{{"", ApplyFails}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var in kustomize.Input
			if c.sample != "" {
				found := false
				for _, k := range samples.KustomizeSamples() {
					if k.ID == c.sample {
						in, found = kustomize.Input{Files: k.FileMap(), Dir: k.Dir}, true
					}
				}
				if !found {
					t.Fatalf("no sample %s", c.sample)
				}
			} else {
				in.Files, in.Dir = archiveFiles(t, c.archive)
			}
			res, err := kustomize.Build(in)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Merges) == 0 {
				t.Fatal("no strategic merge recorded")
			}
			ds, err := Differences(res.Merges)
			if err != nil {
				t.Fatal(err)
			}
			var got []diff
			for _, d := range ds {
				got = append(got, diff{d.Field, d.Why})
				if d.Why.Explain() == "" {
					t.Errorf("%s: no explanation for %q", d.Field, d.Why)
				}
				if d.Why != ApplyFails && d.Kustomize == d.Apply {
					t.Errorf("%s: the same value on both sides, %s", d.Field, d.Kustomize)
				}
				if d.Object == "" || d.Patch == "" || d.Kustomization == "" {
					t.Errorf("%+v does not name its object, patch and kustomization", d)
				}
			}
			if len(got) != len(c.want) {
				t.Fatalf("differences %+v, want %+v", ds, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Errorf("difference %d = %+v, want %+v (%+v)", i, got[i], c.want[i], ds[i])
				}
			}
		})
	}
}

// TestIdentityFromObject: a patch with a target need not name the object;
// apimachinery gets it with the object's identity, as kustomize keeps it.
func TestIdentityFromObject(t *testing.T) {
	m := kustomize.Merge{Object: "Deployment web", APIVersion: "apps/v1", Kind: "Deployment",
		Before:    []byte(`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"prod"},"spec":{"replicas":1}}`),
		PatchJSON: []byte(`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"other"},"spec":{"replicas":3}}`),
		After:     []byte(`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"prod"},"spec":{"replicas":3}}`)}
	r, err := CompareOne(m)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Differences) != 0 || r.Method != "strategic merge patch" {
		t.Errorf("%s: differences %+v", r.Method, r.Differences)
	}
	if !strings.Contains(string(r.Apply), `"name":"web","namespace":"prod"`) {
		t.Errorf("apimachinery's result %s does not keep the object's identity", r.Apply)
	}
}
