package api

import (
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/document"
	"github.com/applylens/applylens/engine/jsonvalue"
)

func TestDirectives(t *testing.T) {
	t.Parallel()
	patch := `{"metadata":{"$deleteFromPrimitiveList/finalizers":["a","b"]},
	"spec":{"strategy":{"$retainKeys":["type"],"type":"Recreate"},
	"template":{"spec":{"$setElementOrder/containers":[{"name":"web"},{"name":"log"}],
	"containers":[{"name":"web","image":"x"},{"name":"old","$patch":"delete"}],
	"volumes":[{"$patch":"replace"}],
	"affinity":{"$patch":"delete"}}}}}`
	v, err := jsonvalue.Decode([]byte(patch))
	if err != nil {
		t.Fatal(err)
	}
	y, err := document.RenderYAML(v)
	if err != nil {
		t.Fatal(err)
	}
	got := directives(v, document.Locate(y))
	want := []struct{ name, path, key, meaning string }{
		{"$deleteFromPrimitiveList", "metadata.finalizers", "$deleteFromPrimitiveList/finalizers", `Removes a, b from the list finalizers`},
		{"$retainKeys", "spec.strategy", "$retainKeys", "(type)"},
		{"$setElementOrder", "spec.template.spec.containers", "$setElementOrder/containers", "(name=web, name=log)"},
		{"$patch", "spec.template.spec.affinity", "$patch", "Deletes the whole map spec.template.spec.affinity"},
		{"$patch", "spec.template.spec.containers[name=old]", "$patch", "Deletes the element spec.template.spec.containers[name=old]"},
		{"$patch", "spec.template.spec.volumes[0]", "$patch", "Replaces the list spec.template.spec.volumes whole"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d directives, want %d: %+v\n%s", len(got), len(want), got, y)
	}
	lines := strings.Split(y, "\n")
	for i, w := range want {
		g := got[i]
		if g.Name != w.name || g.Path != w.path || !strings.Contains(g.Meaning, w.meaning) {
			t.Errorf("directive %d = %+v, want %s at %s meaning ...%s...", i, g, w.name, w.path, w.meaning)
		}
		if g.Line < 1 || g.EndLine < g.Line || !strings.Contains(lines[g.Line-1], w.key+":") {
			t.Errorf("directive %d lines %d-%d do not hold %s:\n%s", i, g.Line, g.EndLine, w.key, y)
		}
	}
}
