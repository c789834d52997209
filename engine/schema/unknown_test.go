package schema

import (
	"reflect"
	"testing"
)

func TestUnknownFields(t *testing.T) {
	cases := []struct {
		name string
		obj  map[string]any
		want []string
	}{
		{"none", map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": "c"}, "data": map[string]any{"any key": "x"}}, nil},
		{"nested, in body order", map[string]any{"apiVersion": "apps/v1", "kind": "Deployment", "metadata": map[string]any{"name": "d", "labelz": map[string]any{}},
			"spec": map[string]any{"replica": int64(2), "template": map[string]any{"spec": map[string]any{"containers": []any{
				map[string]any{"name": "c", "image": "i", "Ports": []any{}},
				map[string]any{"name": "d", "image": "i", "resources": map[string]any{"limits": map[string]any{"cpu": "1"}, "limit": map[string]any{}}},
			}}}}},
			[]string{"metadata.labelz", "spec.replica", "spec.template.spec.containers[0].Ports", "spec.template.spec.containers[1].resources.limit"}},
		{"opaque structs", map[string]any{"apiVersion": "apps/v1", "kind": "ControllerRevision", "metadata": map[string]any{"name": "r", "creationTimestamp": "2026-01-01T00:00:00Z"},
			"data": map[string]any{"anything": map[string]any{"goes": true}}, "revision": int64(1)}, nil},
		{"a custom kind", map[string]any{"apiVersion": "example.com/v1", "kind": "Widget", "x": int64(1)}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Builtin.UnknownFields(tc.obj); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
