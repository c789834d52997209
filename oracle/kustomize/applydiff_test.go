package kustomize

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	"k8s.io/apimachinery/pkg/util/strategicpatch"

	"github.com/applylens/applylens/engine/kustomize"
	"github.com/applylens/applylens/engine/kustomize/applydiff"
)

// apiTypes are the k8s.io/api types of the kinds the merges below reach:
// the data struct strategicpatch.StrategicMergePatch reads the patch
// metadata from.
var apiTypes = map[string]any{
	"apps/v1 Deployment":           appsv1.Deployment{},
	"apps/v1 StatefulSet":          appsv1.StatefulSet{},
	"apps/v1 DaemonSet":            appsv1.DaemonSet{},
	"batch/v1 Job":                 batchv1.Job{},
	"batch/v1 CronJob":             batchv1.CronJob{},
	"v1 Pod":                       corev1.Pod{},
	"v1 Service":                   corev1.Service{},
	"v1 ConfigMap":                 corev1.ConfigMap{},
	"v1 Secret":                    corev1.Secret{},
	"v1 ServiceAccount":            corev1.ServiceAccount{},
	"networking.k8s.io/v1 Ingress": networkingv1.Ingress{},
	"rbac.authorization.k8s.io/v1 RoleBinding": rbacv1.RoleBinding{},
}

// TestApplyDiffAgainstApimachinery proves the apimachinery side of
// engine/kustomize/applydiff: for every strategic merge patch kustomize
// merges in the Kustomize samples and the strategic merge archives, the
// result applydiff computes (engine/strategic, or engine/mergepatch for a
// kind without patch metadata) is the real strategicpatch's (or the API
// server's JSON merge patch's, json-patch v4), and so are the differences
// it names: kustomize's side of each is proven by the same builds against
// krusty (TestKustomizeSamples, TestArchives).
func TestApplyDiffAgainstApimachinery(t *testing.T) {
	merges := 0
	for name, files := range mergeInputs(t) {
		res, err := kustomize.Build(kustomize.Input{Files: files.files, Dir: files.dir})
		if err != nil {
			continue // refused or failing cases have nothing merged to compare
		}
		for i, m := range res.Merges {
			patch, err := applydiff.PatchFor(m)
			if err != nil {
				t.Fatalf("%s merge %d: %v", name, i, err)
			}
			var want []byte
			if applydiff.Builtin(m) {
				typ, ok := apiTypes[m.APIVersion+" "+m.Kind]
				if !ok {
					t.Errorf("%s: %s %s has no k8s.io/api type in apiTypes: add it", name, m.APIVersion, m.Kind)
					continue
				}
				want, err = strategicpatch.StrategicMergePatch(m.Before, patch, typ)
			} else {
				want, err = jsonpatch.MergePatch(m.Before, patch)
			}
			got, method, gerr := applydiff.ApplyPatch(m)
			if (err != nil) != (gerr != nil) {
				t.Errorf("%s merge %d (%s): apimachinery error %v, applydiff error %v", name, i, method, err, gerr)
				continue
			}
			if err != nil {
				continue
			}
			merges++
			if !jsonEqual(t, want, got) {
				t.Errorf("%s merge %d into %s (%s):\napimachinery %s\napplydiff    %s", name, i, m.Object, method, want, got)
			}
		}
	}
	if merges < 20 {
		t.Errorf("only %d merges compared: the inputs do not reach the merge", merges)
	}
	t.Logf("%d merges compared with apimachinery", merges)
}

type buildInput struct {
	files map[string][]byte
	dir   string
}

// mergeInputs are the Kustomize samples and the strategic merge archives.
func mergeInputs(t *testing.T) map[string]buildInput {
	out := map[string]buildInput{}
	var ids []string
	readYAMLFile(t, filepath.Join(samplesDir, "index.yaml"), &ids)
	for _, id := range ids {
		var meta struct {
			Dir string `json:"dir"`
		}
		readYAMLFile(t, filepath.Join(samplesDir, id, "meta.yaml"), &meta)
		root := filepath.Join(samplesDir, id, "files")
		files := map[string][]byte{}
		err := filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
			if err != nil || info.IsDir() {
				return err
			}
			b, err := os.ReadFile(p)
			rel, _ := filepath.Rel(root, p)
			files[filepath.ToSlash(rel)] = b
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		out["sample "+id] = buildInput{files, strings.TrimPrefix(meta.Dir, ".")}
	}
	paths, err := filepath.Glob("../../engine/kustomize/testdata/build/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		_, files, dir := splitArchive(string(b))
		in := buildInput{files: map[string][]byte{}, dir: dir}
		for k, v := range files {
			in.files[k] = []byte(v)
		}
		out["archive "+filepath.Base(p)] = in
	}
	return out
}

func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatalf("%s: %v", a, err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return reflect.DeepEqual(x, y)
}

// TestSampleDifferences: the differences the samples' descriptions and
// docs/kustomize.md claim between kustomize's merge and apimachinery's
// are the ones applydiff finds, each with its reason and both values; the
// apimachinery side is the real strategicpatch's, computed here.
func TestSampleDifferences(t *testing.T) {
	cases := []struct {
		sample, field string
		why           applydiff.Why
		kustomize     string // a fragment of kustomize's value
		apply         string // apimachinery's value, exactly
	}{
		{"kustomize-keyed-list-order", "spec.template.spec.containers", applydiff.Ordering,
			`[{"image":"nginx-exporter:1.2","name":"metrics"},{"image":"nginx:1.25","name":"app"}]`,
			`[{"image":"nginx:1.25","name":"app"},{"image":"nginx-exporter:1.2","name":"metrics"}]`},
		{"kustomize-json6902-vs-strategic", "spec.template.spec.containers[0].env", applydiff.Ordering,
			`[{"name":"DEBUG","value":"true"},{"name":"TIMEOUT","value":"60"},{"name":"REGION","value":"eu-west"}]`,
			`[{"name":"DEBUG","value":"true"},{"name":"REGION","value":"eu-west"},{"name":"TIMEOUT","value":"60"}]`},
		{"kustomize-patch-replace-element", "spec.template.spec.containers", applydiff.ElementReplace,
			`"image":"nginx:1.25"`, `[]`},
		{"kustomize-annotation-drops-containers", "spec.template.spec.containers", applydiff.NoMergeKey,
			`[{"command":["sh","-c","tail -f /var/log/worker.log"],"image":"busybox:1.36"}]`,
			`[{"args":["--queue","jobs"],"image":"worker:2.3"},{"command":["sh","-c","tail -f /var/log/worker.log"],"image":"busybox:1.36"}]`},
		{"kustomize-openapi-replaces-builtin", "spec.template.spec.containers", applydiff.Schema,
			`[{"image":"nginx:1.27","name":"app"}]`,
			`[{"image":"nginx:1.27","name":"app","ports":[{"containerPort":80}]},{"image":"fluent-bit:3.0","name":"log-shipper"}]`},
		{"kustomize-port-without-protocol", "spec.ports[0].targetPort", applydiff.KeyedElements,
			`8080`, `9090`},
		{"kustomize-crd-list-openapi", "spec.listeners", applydiff.CustomResource,
			`{"name":"http","port":80,"protocol":"HTTP"}`, `[{"name":"https","port":8443}]`},
	}
	inputs := mergeInputs(t)
	for _, c := range cases {
		t.Run(c.sample, func(t *testing.T) {
			in := inputs["sample "+c.sample]
			res, err := kustomize.Build(kustomize.Input{Files: in.files, Dir: in.dir})
			if err != nil {
				t.Fatal(err)
			}
			ds, err := applydiff.Differences(res.Merges)
			if err != nil {
				t.Fatal(err)
			}
			var d applydiff.Difference
			for _, x := range ds {
				if x.Field == c.field {
					d = x
				}
			}
			if d.Why != c.why || !strings.Contains(d.Kustomize, c.kustomize) || d.Apply != c.apply {
				t.Fatalf("difference at %s %+v, want %s kustomize ~%s apply %s (all: %+v)", c.field, d, c.why, c.kustomize, c.apply, ds)
			}
			// apimachinery's value is the real strategicpatch's.
			var m kustomize.Merge
			for _, x := range res.Merges {
				if x.Object == d.Object && x.Patch == d.Patch {
					m = x
				}
			}
			patch, _ := applydiff.PatchFor(m)
			var real []byte
			if typ, ok := apiTypes[m.APIVersion+" "+m.Kind]; ok {
				real, err = strategicpatch.StrategicMergePatch(m.Before, patch, typ)
			} else {
				real, err = jsonpatch.MergePatch(m.Before, patch)
			}
			if err != nil {
				t.Fatal(err)
			}
			var obj map[string]any
			if err := json.Unmarshal(real, &obj); err != nil {
				t.Fatal(err)
			}
			v := valueAt(obj, d.Field)
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(v); err != nil {
				t.Fatal(err)
			}
			if !jsonEqual(t, bytes.TrimSpace(buf.Bytes()), []byte(c.apply)) {
				t.Errorf("the real strategicpatch has %s at %s, the case says %s", buf.Bytes(), d.Field, c.apply)
			}
		})
	}
	// The samples that show no difference have none.
	for _, id := range []string{"kustomize-patch-replace-list", "kustomize-crd-list-replaced", "kustomize-base-two-overlays"} {
		in := inputs["sample "+id]
		res, err := kustomize.Build(kustomize.Input{Files: in.files, Dir: in.dir})
		if err != nil {
			t.Fatal(err)
		}
		if ds, err := applydiff.Differences(res.Merges); err != nil || len(ds) != 0 || len(res.Merges) == 0 {
			t.Errorf("%s: %d merges, differences %+v (%v), want merges and no difference", id, len(res.Merges), ds, err)
		}
	}
}

// valueAt reads a Difference's field path ("a.b[0].c") in a decoded object.
func valueAt(v any, path string) any {
	for _, part := range strings.Split(strings.ReplaceAll(path, "[", ".["), ".") {
		if part == "" {
			continue
		}
		if strings.HasPrefix(part, "[") {
			var i int
			fmt.Sscanf(part, "[%d]", &i)
			l, _ := v.([]any)
			if i >= len(l) {
				return nil
			}
			v = l[i]
			continue
		}
		m, _ := v.(map[string]any)
		v = m[part]
	}
	return v
}
