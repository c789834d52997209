package serverside

import "testing"

// TestBuildLastAppliedNullAnnotation: the server builds the last-applied
// annotation of a kubectl server-side apply from the applied object's
// annotations as Unstructured.GetAnnotations reads them, which in
// apimachinery v0.37 (NestedNullCoercingStringMap) reads a null value as
// "" — the rule kubectl's GetOriginalConfiguration follows too
// (kube.Annotations). A value of another type still makes it give up:
// the annotations are left out.
func TestBuildLastAppliedNullAnnotation(t *testing.T) {
	tests := []struct {
		name   string
		annots map[string]any
		want   string
	}{
		{"strings", map[string]any{"team": "a", LastAppliedAnnotation: "old"},
			`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"annotations":{"team":"a"},"name":"x"}}` + "\n"},
		{"a null value reads as empty", map[string]any{"team": nil, LastAppliedAnnotation: "old"},
			`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"annotations":{"team":""},"name":"x"}}` + "\n"},
		{"a number gives up", map[string]any{"team": int64(1), LastAppliedAnnotation: "old"},
			`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x"}}` + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			applied := map[string]any{"apiVersion": "v1", "kind": "ConfigMap",
				"metadata": map[string]any{"name": "x", "annotations": tt.annots}}
			got, err := buildLastApplied(applied)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("buildLastApplied = %s, want %s", got, tt.want)
			}
		})
	}
}
