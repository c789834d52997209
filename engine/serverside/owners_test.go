package serverside

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/applylens/applylens/engine/jsonvalue"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
	"sigs.k8s.io/structured-merge-diff/v6/value"
)

func TestIdentifier(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   managerEntry
		want string
	}{
		{"apply drops the version", managerEntry{Manager: "kubectl", Operation: "Apply", APIVersion: "apps/v1"}, `{"manager":"kubectl","operation":"Apply"}`},
		{"update keeps it", managerEntry{Manager: "hpa", Operation: "Update", APIVersion: "apps/v1"}, `{"manager":"hpa","operation":"Update","apiVersion":"apps/v1"}`},
		{"subresource last", managerEntry{Manager: "k", Operation: "Update", APIVersion: "v1", Subresource: "status"}, `{"manager":"k","operation":"Update","apiVersion":"v1","subresource":"status"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := identifier(tc.in); got != tc.want {
				t.Errorf("%s, want %s", got, tc.want)
			}
		})
	}
}

func TestOwners(t *testing.T) {
	for _, tc := range []struct {
		name    string
		manager string
		file    string
		want    []string
	}{
		{name: "create by kubectl", file: `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","labels":{"a":"1"}},"data":{"k":"v"}}`,
			want: []string{".data.k kubectl Apply", ".metadata.labels.a kubectl Apply"}},
		{name: "list keyed by name", manager: "ci", file: `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"a","image":"x"}]}}`,
			want: []string{`.spec.containers[name="a"] ci Apply`, `.spec.containers[name="a"].image ci Apply`, `.spec.containers[name="a"].name ci Apply`}},
		{name: "ports keyed by port and protocol", file: `{"apiVersion":"v1","kind":"Service","metadata":{"name":"s"},"spec":{"ports":[{"port":53,"protocol":"UDP"}]}}`,
			want: []string{`.spec.ports[port=53,protocol="UDP"] kubectl Apply`, `.spec.ports[port=53,protocol="UDP"].port kubectl Apply`, `.spec.ports[port=53,protocol="UDP"].protocol kubectl Apply`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Apply(Request{File: object(t, tc.file), Manager: tc.manager})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, o := range out.Owners {
				got = append(got, o.Field+" "+o.Manager+" "+o.Operation)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("owners\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestServerAround covers what the server and kubectl do around the merge.
func TestServerAround(t *testing.T) {
	cm := `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","annotations":%s},"data":{"k":"%s"}}`
	mk := func(ann, v string) map[string]any { return object(t, sprintf(cm, ann, v)) }
	lastApplied := func(v string) string {
		s, _ := jsonvalue.Encode(mk("{}", v))
		return string(s) + "\n"
	}
	csaLive := mk(fmt.Sprintf(`{%q:%q}`, LastAppliedAnnotation, lastApplied("a")), "a")
	fm, _ := newFieldManager("v1", "ConfigMap", Clock.Add(-time.Hour), nil)
	csaLive, err := fm.update(map[string]any{"apiVersion": "v1", "kind": "ConfigMap"}, csaLive, ClientSideManager)
	if err != nil {
		t.Fatal(err)
	}

	t.Run("before-first-apply owns what nobody does", func(t *testing.T) {
		out, err := Apply(Request{File: mk("{}", "b"), Live: mk(`{"x":"y"}`, "a"), Force: true})
		if err != nil {
			t.Fatal(err)
		}
		managers := map[string]string{}
		for _, o := range out.Owners {
			managers[o.Field] = o.Manager + " " + o.Operation
		}
		if managers[".metadata.annotations.x"] != "before-first-apply Update" || managers[".data.k"] != "kubectl Apply" {
			t.Errorf("owners %v", managers)
		}
	})
	t.Run("migration from client-side apply", func(t *testing.T) {
		out, err := Apply(Request{File: mk("{}", "b"), Live: csaLive})
		if err != nil {
			t.Fatal(err)
		}
		if !out.SavedLastApplied || !out.Migrated || out.Action != ActionConfigure {
			t.Fatalf("saved %v migrated %v action %s", out.SavedLastApplied, out.Migrated, out.Action)
		}
		for _, o := range out.Owners {
			if o.Manager == ClientSideManager {
				t.Errorf("%s still owned by %s", o.Field, o.Manager)
			}
		}
		if got := annotations(out.Object)[LastAppliedAnnotation]; got != lastApplied("b") {
			t.Errorf("last-applied %q, want %q", got, lastApplied("b"))
		}
	})
	// kubectl keeps the annotation only for its own manager: another one
	// takes it over in the migration and, not applying it, drops it.
	t.Run("another manager drops the annotation", func(t *testing.T) {
		out, err := Apply(Request{File: mk("{}", "a"), Live: csaLive, Manager: "ci"})
		if err != nil {
			t.Fatal(err)
		}
		if out.SavedLastApplied || !out.Migrated {
			t.Errorf("saved %v migrated %v", out.SavedLastApplied, out.Migrated)
		}
		if got, has := annotations(out.Object)[LastAppliedAnnotation]; has {
			t.Errorf("last-applied kept: %q", got)
		}
	})
	t.Run("ten update managers at most", func(t *testing.T) {
		live := mk("{}", "v")
		for i := 0; i < 12; i++ {
			fm, _ := newFieldManager("v1", "ConfigMap", Clock.Add(time.Duration(i-20)*time.Minute), nil)
			next := jsonvalue.CopyObject(live)
			delete(next["metadata"].(map[string]any), "managedFields")
			next["data"].(map[string]any)[fmt.Sprint("k", i)] = "v"
			if live, err = fm.update(live, next, fmt.Sprint("m", i)); err != nil {
				t.Fatal(err)
			}
		}
		entries, _ := managedFieldsOf(live)
		if len(entries) != 10 || entries[0].Manager != ancientChanges {
			var names []string
			for _, e := range entries {
				names = append(names, e.Manager)
			}
			t.Errorf("managers %v", names)
		}
	})
}

// TestDeterministic: the same inputs give the same bytes (managedFields,
// owners, conflicts come out of Go maps inside structured-merge-diff).
func TestDeterministic(t *testing.T) {
	live := liveOwnedByAutoscaler(t)
	file := object(t, deploymentJSON("3", "nginx:2"))
	var first string
	for i := 0; i < 20; i++ {
		var runs []string
		for _, req := range []Request{{File: file, Live: live, Manager: "ci"}, {File: file, Live: live, Force: true}} {
			out, err := Apply(req)
			if err != nil {
				t.Fatal(err)
			}
			obj, _ := jsonvalue.Encode(out.Object)
			runs = append(runs, fmt.Sprint(string(obj), out.Owners, out.Conflict))
		}
		if got := strings.Join(runs, "\n"); i == 0 {
			first = got
		} else if got != first {
			t.Fatalf("run %d differs", i)
		}
	}
}

func TestVersionError(t *testing.T) {
	live := object(t, `{"apiVersion":"autoscaling/v1","kind":"HorizontalPodAutoscaler","metadata":{"name":"h"}}`)
	file := object(t, `{"apiVersion":"autoscaling/v2","kind":"HorizontalPodAutoscaler","metadata":{"name":"h"}}`)
	_, err := Apply(Request{File: file, Live: live})
	if ve, ok := err.(*VersionError); !ok || ve.Live != "autoscaling/v1" || ve.File != "autoscaling/v2" {
		t.Fatalf("error %v", err)
	}
}

// TestSortedPaths checks that sortedPaths lists a set's paths as sorting
// Set.Iterate's by fieldpath.Path.Compare does (the order Owners had
// when it sorted them): members and children of a level interleaved, a
// member before the fields below it, keys, values and indexes.
func TestSortedPaths(t *testing.T) {
	key := func(name string) fieldpath.PathElement {
		return fieldpath.PathElement{Key: fieldpath.KeyByFields("name", name)}
	}
	for _, tc := range []struct {
		name  string
		paths []fieldpath.Path
	}{
		{"empty", nil},
		{"members only", []fieldpath.Path{fieldpath.MakePathOrDie("b"), fieldpath.MakePathOrDie("a")}},
		{"a member before its fields", []fieldpath.Path{
			fieldpath.MakePathOrDie("spec"), fieldpath.MakePathOrDie("spec", "replicas"), fieldpath.MakePathOrDie("apiVersion"), fieldpath.MakePathOrDie("status"),
		}},
		{"children between members", []fieldpath.Path{
			fieldpath.MakePathOrDie("a"), fieldpath.MakePathOrDie("b", "x"), fieldpath.MakePathOrDie("c"), fieldpath.MakePathOrDie("d", "y", "z"), fieldpath.MakePathOrDie("e"),
		}},
		{"keyed elements", []fieldpath.Path{
			{fieldpath.PathElement{FieldName: ptr("containers")}, key("web")},
			{fieldpath.PathElement{FieldName: ptr("containers")}, key("web"), fieldpath.PathElement{FieldName: ptr("image")}},
			{fieldpath.PathElement{FieldName: ptr("containers")}, key("db"), fieldpath.PathElement{FieldName: ptr("image")}},
			{fieldpath.PathElement{FieldName: ptr("containers")}, key("app")},
			{fieldpath.PathElement{FieldName: ptr("containers")}},
		}},
		{"values and indexes", []fieldpath.Path{
			fieldpath.MakePathOrDie("finalizers", _V("b")), fieldpath.MakePathOrDie("finalizers", _V("a")),
			fieldpath.MakePathOrDie("args", 2), fieldpath.MakePathOrDie("args", 0, "x"), fieldpath.MakePathOrDie("args", 0),
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			set := fieldpath.NewSet(tc.paths...)
			var want []string
			var sorted []fieldpath.Path
			set.Iterate(func(p fieldpath.Path) { sorted = append(sorted, p.Copy()) })
			slices.SortStableFunc(sorted, fieldpath.Path.Compare)
			for _, p := range sorted {
				want = append(want, p.String())
			}
			var got []string
			sortedPaths(set, nil, func(p fieldpath.Path) { got = append(got, p.String()) })
			if !slices.Equal(got, want) {
				t.Errorf("sortedPaths:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if len(got) != len(tc.paths) {
				t.Errorf("%d paths listed, %d in the set", len(got), len(tc.paths))
			}
		})
	}
}

func _V(s string) value.Value { return value.NewValueInterface(s) }
