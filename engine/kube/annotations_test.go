package kube

import (
	"reflect"
	"testing"
)

// TestAnnotations: the one reader of metadata.annotations, with
// Unstructured.GetAnnotations' rules (NestedNullCoercingStringMap).
func TestAnnotations(t *testing.T) {
	tests := []struct {
		name string
		obj  map[string]any
		want map[string]string
		ok   bool
	}{
		{"strings", map[string]any{"metadata": map[string]any{"annotations": map[string]any{"a": "1", "b": ""}}}, map[string]string{"a": "1", "b": ""}, true},
		{"null value reads as empty", map[string]any{"metadata": map[string]any{"annotations": map[string]any{"a": nil, "b": "2"}}}, map[string]string{"a": "", "b": "2"}, true},
		{"number value gives up", map[string]any{"metadata": map[string]any{"annotations": map[string]any{"a": int64(1), "b": "2"}}}, nil, false},
		{"annotations null", map[string]any{"metadata": map[string]any{"annotations": nil}}, nil, true},
		{"annotations missing", map[string]any{"metadata": map[string]any{}}, nil, true},
		{"metadata missing", map[string]any{}, nil, true},
		{"metadata null", map[string]any{"metadata": nil}, nil, true},
		{"annotations a list", map[string]any{"metadata": map[string]any{"annotations": []any{}}}, nil, false},
		{"metadata a string", map[string]any{"metadata": "x"}, nil, false},
		{"nil object", nil, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Annotations(tt.obj)
			if ok != tt.ok || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Annotations = %v, %v; want %v, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

// TestLastApplied: kubectl's GetOriginalConfiguration, which both the
// client-side engine and engine/serverside read the annotation with.
func TestLastApplied(t *testing.T) {
	with := func(annots map[string]any) map[string]any {
		return map[string]any{"metadata": map[string]any{"annotations": annots}}
	}
	tests := []struct {
		name string
		obj  map[string]any
		want string
		ok   bool
	}{
		{"present", with(map[string]any{LastAppliedAnnotation: `{"kind":"x"}`}), `{"kind":"x"}`, true},
		{"null is there, empty", with(map[string]any{LastAppliedAnnotation: nil}), "", true},
		{"empty string", with(map[string]any{LastAppliedAnnotation: ""}), "", true},
		{"absent", with(map[string]any{"other": "x"}), "", false},
		{"another annotation null", with(map[string]any{LastAppliedAnnotation: "{}", "other": nil}), "{}", true},
		{"another annotation not a string", with(map[string]any{LastAppliedAnnotation: "{}", "other": true}), "", false},
		{"the annotation not a string", with(map[string]any{LastAppliedAnnotation: map[string]any{}}), "", false},
		{"no metadata", map[string]any{}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := LastApplied(tt.obj)
			if got != tt.want || ok != tt.ok {
				t.Errorf("LastApplied = %q, %v; want %q, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestShallowWithMetadata(t *testing.T) {
	spec := map[string]any{"replicas": int64(1)}
	obj := map[string]any{"kind": "Deployment", "spec": spec, "metadata": map[string]any{"name": "web"}}
	cp := ShallowWithMetadata(obj)
	cp["metadata"].(map[string]any)["annotations"] = map[string]any{"a": "b"}
	cp["kind"] = "Service"
	if _, leaked := obj["metadata"].(map[string]any)["annotations"]; leaked || obj["kind"] != "Deployment" {
		t.Errorf("the copy's changes reached the original: %v", obj)
	}
	if cp["spec"].(map[string]any)["replicas"] != int64(1) || !reflect.DeepEqual(cp["metadata"], map[string]any{"name": "web", "annotations": map[string]any{"a": "b"}}) {
		t.Errorf("copy = %v", cp)
	}
	if got := ShallowWithMetadata(map[string]any{"metadata": "x"}); got["metadata"] != "x" {
		t.Errorf("a metadata that is not a map is kept as is: %v", got)
	}
}

func TestErrorFromServer(t *testing.T) {
	tests := []struct {
		name, reason, message, want string
	}{
		{"with a reason", "NotFound", `deployments.apps "web" not found`, `Error from server (NotFound): deployments.apps "web" not found`},
		{"without a reason", "", "the server is busy", "Error from server: the server is busy"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ErrorFromServer(tt.reason, tt.message); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestSetAnnotations: Unstructured.SetAnnotations, which both engines
// write the annotations with.
func TestSetAnnotations(t *testing.T) {
	tests := []struct {
		name   string
		obj    map[string]any
		annots map[string]string
		want   map[string]any
	}{
		{"replaces", map[string]any{"metadata": map[string]any{"name": "a", "annotations": map[string]any{"x": "1"}}}, map[string]string{"y": "2"},
			map[string]any{"metadata": map[string]any{"name": "a", "annotations": map[string]any{"y": "2"}}}},
		{"nil removes", map[string]any{"metadata": map[string]any{"name": "a", "annotations": map[string]any{"x": "1"}}}, nil,
			map[string]any{"metadata": map[string]any{"name": "a"}}},
		{"empty stays empty", map[string]any{"metadata": map[string]any{}}, map[string]string{},
			map[string]any{"metadata": map[string]any{"annotations": map[string]any{}}}},
		{"missing metadata is made", map[string]any{"kind": "x"}, map[string]string{"y": "2"},
			map[string]any{"kind": "x", "metadata": map[string]any{"annotations": map[string]any{"y": "2"}}}},
		{"metadata not a map is left alone", map[string]any{"metadata": "x"}, map[string]string{"y": "2"},
			map[string]any{"metadata": "x"}},
		{"nil on missing metadata does nothing", map[string]any{"kind": "x"}, nil,
			map[string]any{"kind": "x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			SetAnnotations(tt.obj, tt.annots)
			if !reflect.DeepEqual(tt.obj, tt.want) {
				t.Errorf("got %v, want %v", tt.obj, tt.want)
			}
		})
	}
}
