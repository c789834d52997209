package fieldpath

import (
	"reflect"
	"testing"
)

func TestLookup(t *testing.T) {
	obj := map[string]any{
		"metadata": map[string]any{"annotations": map[string]any{"a.b/c": "x"}},
		"spec": map[string]any{
			"containers": []any{
				map[string]any{"name": "web", "image": "nginx", "ports": []any{map[string]any{"containerPort": int64(80)}}},
				map[string]any{"name": "80", "image": "busybox"},
				"not a map",
			},
			"args": []any{"a", "b"},
		},
	}
	tests := []struct {
		name string
		path string
		want any
		ok   bool
	}{
		{"root", "", obj, true},
		{"key", "spec.args", []any{"a", "b"}, true},
		{"index", "spec.args[1]", "b", true},
		{"selector", "spec.containers[name=web].image", "nginx", true},
		{"quoted selector", `spec.containers[name="web"].image`, "nginx", true},
		{"number selector", "spec.containers[name=web].ports[containerPort=80]", map[string]any{"containerPort": int64(80)}, true},
		{"quoted string that reads as a number", `spec.containers[name="80"].image`, "busybox", true},
		{"quoted key", `metadata.annotations["a.b/c"]`, "x", true},
		{"missing key", "spec.nope", nil, false},
		{"index past the end", "spec.args[2]", nil, false},
		{"index into a map", "spec[0]", nil, false},
		{"key into a list", "spec.args.x", nil, false},
		{"selector matching nothing", "spec.containers[name=db]", nil, false},
		{"selector on a list of strings", "spec.args[name=a]", nil, false},
		{"malformed", "spec..args", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := LookupPath(obj, tt.path)
			if ok != tt.ok || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("LookupPath(%s) = %v, %v; want %v, %v", tt.path, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestElement(t *testing.T) {
	tests := []struct {
		name string
		el   any
		key  string
		want string
	}{
		{"by merge key", map[string]any{"name": "web"}, "name", "c[name=web]"},
		{"by number", map[string]any{"port": int64(80)}, "port", "c[port=80]"},
		{"no merge key", map[string]any{"name": "web"}, "", "c[3]"},
		{"element without the key", map[string]any{"image": "x"}, "name", "c[3]"},
		{"key holding a map", map[string]any{"name": map[string]any{}}, "name", "c[3]"},
		{"key holding null", map[string]any{"name": nil}, "name", "c[3]"},
		{"not a map", "web", "name", "c[3]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Element("c", 3, tt.el, tt.key); got != tt.want {
				t.Errorf("Element = %s, want %s", got, tt.want)
			}
		})
	}
}
