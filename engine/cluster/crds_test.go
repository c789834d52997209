package cluster

import (
	"reflect"
	"strings"
	"testing"
)

// TestCRDIndex: after every command, and in clones, the indexed
// CustomResourceDefinitions of a kind are those a scan of the store finds
// (the field manager's CRDs before the index), in the same order.
func TestCRDIndex(t *testing.T) {
	rename := func(name, group, kind string) string {
		s := strings.Replace(crdCluster, "name: backups.example.com", "name: "+name, 1)
		s = strings.Replace(s, "group: example.com", "group: "+group, 1)
		return strings.Replace(s, "kind: Backup", "kind: "+kind, 1)
	}
	files := map[string]string{
		"crd.yaml":       crdCluster,
		"second.yaml":    rename("second.example.com", "example.com", "Backup"),
		"moved.yaml":     rename("backups.example.com", "example.org", "Backup"),
		"other.yaml":     rename("others.example.com", "example.com", "Other"),
		"backup.yaml":    backup,
		"ns.yaml":        "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: prod\n",
		"configmap.yaml": configMapWeb,
	}
	kinds := []map[string]any{
		{"apiVersion": "example.com/v1", "kind": "Backup"},
		{"apiVersion": "example.org/v1", "kind": "Backup"},
		{"apiVersion": "example.com/v1", "kind": "Other"},
		{"apiVersion": "v1", "kind": "ConfigMap"},
	}
	scan := func(c *Cluster, obj map[string]any) []map[string]any {
		group, _ := splitAPIVersion(obj["apiVersion"].(string))
		var out []map[string]any
		for _, o := range c.sortedObjects(isCRD) {
			if k, ok := kindFromCRD(o); ok && k.Group == group && k.Kind == obj["kind"] && strings.Contains(obj["apiVersion"].(string), "/") {
				out = append(out, o)
			}
		}
		return out
	}
	check := func(t *testing.T, c *Cluster, step string) {
		t.Helper()
		found := 0
		for _, obj := range kinds {
			got, want := c.customResourceDefinitions(obj), scan(c, obj)
			if len(got) == 0 && len(want) == 0 {
				continue
			}
			found += len(got)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %s: indexed %d CRDs, the store has %d: %v", step, obj["kind"], len(got), len(want), got)
			}
		}
		if found != len(c.crds.names) {
			t.Errorf("%s: %d CRDs indexed, %d found", step, len(c.crds.names), found)
		}
	}
	c := New(Options{})
	var clone *Cluster
	for i, command := range []string{
		"apply -f crd.yaml",
		"apply -f backup.yaml",
		"apply -f second.yaml",
		"apply -f other.yaml",
		"apply -f configmap.yaml",
		"apply -f moved.yaml", // backups.example.com now names example.org
		"clone",
		"delete customresourcedefinition second.example.com",
		"apply --server-side -f second.yaml",
		"apply -f ns.yaml",
		"delete namespace prod",
		"delete customresourcedefinition backups.example.com",
	} {
		if command == "clone" {
			clone = c.Clone()
			check(t, clone, "the clone")
			continue
		}
		out, err := c.Run(command, files)
		if err != nil || out.ExitCode != 0 {
			t.Fatalf("%d %s: %v %+v", i, command, err, out)
		}
		check(t, c, command)
	}
	if len(c.crds.names) != 2 {
		t.Errorf("%d CRDs indexed at the end, want 2", len(c.crds.names))
	}
	// The clone kept its own: second.example.com is still in it.
	check(t, clone, "the clone at the end")
	if len(clone.crds.names) != 3 {
		t.Errorf("%d CRDs indexed in the clone, want 3", len(clone.crds.names))
	}
}
