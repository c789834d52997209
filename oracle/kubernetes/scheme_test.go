package kubernetes

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/jsonvalue"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	_ "k8s.io/kubernetes/pkg/apis/apps/install"
	_ "k8s.io/kubernetes/pkg/apis/autoscaling/install"
	_ "k8s.io/kubernetes/pkg/apis/batch/install"
	_ "k8s.io/kubernetes/pkg/apis/core/install"
	_ "k8s.io/kubernetes/pkg/apis/networking/install"
	_ "k8s.io/kubernetes/pkg/apis/policy/install"
	"sigs.k8s.io/yaml"
)

// typed decodes a JSON-shaped object into the versioned Go type of its
// apiVersion and kind, as the API server's decoder does.
func typed(t testing.TB, obj map[string]any) runtime.Object {
	t.Helper()
	gvk := schema.FromAPIVersionAndKind(obj["apiVersion"].(string), obj["kind"].(string))
	out, err := legacyscheme.Scheme.New(gvk)
	if err != nil {
		t.Fatalf("%s: %v", gvk, err)
	}
	data, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, out); err != nil {
		t.Fatalf("decode %s: %v\n%s", gvk, err, data)
	}
	return out
}

// untyped encodes a Go object back into the JSON-shaped form.
func untyped(t testing.TB, obj runtime.Object) map[string]any {
	t.Helper()
	data, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	m, err := jsonvalue.DecodeObject(data)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// roundTrip is what the typed Go object keeps of obj.
func roundTrip(t testing.TB, obj map[string]any) map[string]any {
	return untyped(t, typed(t, obj))
}

// toInternal converts a versioned object to its internal type.
func toInternal(t testing.TB, obj runtime.Object) runtime.Object {
	t.Helper()
	gvk := obj.GetObjectKind().GroupVersionKind()
	internal, err := legacyscheme.Scheme.New(gvk.GroupKind().WithVersion(runtime.APIVersionInternal))
	if err != nil {
		t.Fatal(err)
	}
	if err := legacyscheme.Scheme.Convert(obj, internal, nil); err != nil {
		t.Fatal(err)
	}
	return internal
}

// fromInternal converts an internal object back to version gvk.
func fromInternal(t testing.TB, obj runtime.Object, gvk schema.GroupVersionKind) runtime.Object {
	t.Helper()
	out, err := legacyscheme.Scheme.New(gvk)
	if err != nil {
		t.Fatal(err)
	}
	if err := legacyscheme.Scheme.Convert(obj, out, nil); err != nil {
		t.Fatal(err)
	}
	out.GetObjectKind().SetGroupVersionKind(gvk)
	return out
}

func gvkOf(obj map[string]any) schema.GroupVersionKind {
	return schema.FromAPIVersionAndKind(obj["apiVersion"].(string), obj["kind"].(string))
}

// sampleObjects reads the objects of the repository's samples whose kind
// the simulated server knows.
func sampleObjects(t testing.TB, known func(map[string]any) bool) map[string]map[string]any {
	t.Helper()
	files, err := filepath.Glob("../../samples/*/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]any{}
	for _, f := range files {
		if strings.HasSuffix(f, "meta.yaml") || strings.HasSuffix(f, "index.yaml") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		js, err := yaml.YAMLToJSON(data)
		if err != nil {
			continue
		}
		obj, err := jsonvalue.DecodeObject(js)
		if err != nil || obj == nil || !known(obj) {
			continue
		}
		delete(obj, "status")
		out[strings.TrimPrefix(f, "../../samples/")] = obj
	}
	if len(out) == 0 {
		t.Fatal("no samples found")
	}
	return out
}

func mustJSON(v any) string {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// decodes reports whether obj is of a kind the scheme knows and decodes
// into its Go type (some samples hold values of the wrong type on purpose).
func decodes(obj map[string]any) bool {
	out, err := legacyscheme.Scheme.New(gvkOf(obj))
	if err != nil {
		return false
	}
	data, err := json.Marshal(obj)
	return err == nil && json.Unmarshal(data, out) == nil
}
