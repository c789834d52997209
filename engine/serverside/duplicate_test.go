package serverside

import (
	"testing"

	"github.com/applylens/applylens/engine/jsonvalue"
)

func TestDuplicateEntry(t *testing.T) {
	deployment := `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web",
		"labels":{"app.kubernetes.io/name":"web"},"finalizers":["a","b","a"]},
		"spec":{"template":{"spec":{"containers":[
			{"name":"side","image":"busybox"},
			{"name":"web","image":"nginx",
			 "env":[{"name":"A","value":"1"},{"name":"B","value":"2"},{"name":"A","value":"3"}],
			 "ports":[{"containerPort":80},{"containerPort":443},{"containerPort":80,"protocol":"TCP"}]}]}}}}`
	obj, err := jsonvalue.DecodeObject([]byte(deployment))
	if err != nil {
		t.Fatal(err)
	}
	const prefix = "failed to create typed patch object (default/web; apps/v1, Kind=Deployment): "
	tests := []struct {
		name    string
		message string
		want    string // "" when not found
	}{
		{"env by name", prefix + `.spec.template.spec.containers[name="web"].env: duplicate entries for key [name="A"]`,
			"spec.template.spec.containers[1].env[2]"},
		{"ports by two keys, one defaulted", prefix + `.spec.template.spec.containers[name="web"].ports: duplicate entries for key [containerPort=80,protocol="TCP"]`,
			"spec.template.spec.containers[1].ports[2]"},
		{"a set of strings", prefix + `.metadata.finalizers: duplicate entries for key [="a"]`,
			"metadata.finalizers[2]"},
		{"one of several errors", "errors:\n  .metadata.labels: something else\n  " + `.spec.template.spec.containers[name="web"].env: duplicate entries for key [name="A"]`,
			"spec.template.spec.containers[1].env[2]"},
		{"by index", prefix + `.spec.template.spec.containers[1].env: duplicate entries for key [name="A"]`,
			"spec.template.spec.containers[1].env[2]"},
		{"no second element", prefix + `.spec.template.spec.containers[name="web"].env: duplicate entries for key [name="B"]`, ""},
		{"a list not in the object", prefix + `.spec.template.spec.containers[name="db"].env: duplicate entries for key [name="A"]`, ""},
		{"not a list", prefix + `.metadata.labels.app.kubernetes.io/name: duplicate entries for key [name="A"]`, ""},
		{"another error", prefix + `.spec.replicas: expected numeric (int or float), got string`, ""},
		{"malformed key", prefix + `.spec.template.spec.containers[name="web"].env: duplicate entries for key [name="A`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := DuplicateEntry(obj, tt.message)
			if got != tt.want || ok != (tt.want != "") {
				t.Errorf("DuplicateEntry = %q, %v; want %q", got, ok, tt.want)
			}
		})
	}
}

func TestWalkSMDPath(t *testing.T) {
	obj, err := jsonvalue.DecodeObject([]byte(`{"metadata":{"annotations":{"a.b/c":"x","a":{"b/c":"y"}},"list":[{"k":"[]\"","v":1}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path, want string
		value            any
	}{
		{"a key with dots: the longest", ".metadata.annotations.a.b/c", `metadata.annotations["a.b/c"]`, "x"},
		{"a key string holding brackets", `.metadata.list[k="[]\""].v`, "metadata.list[0].v", int64(1)},
		{"missing", ".metadata.nothing", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, path, ok := walkSMDPath(obj, tt.path)
			if path != tt.want || ok != (tt.want != "") || v != tt.value {
				t.Errorf("walkSMDPath = %v, %q, %v; want %v, %q", v, path, ok, tt.value, tt.want)
			}
		})
	}
}
