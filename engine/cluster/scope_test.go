package cluster

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// scopeStep is one command of a TestCustomResourceScope case and what it
// must print, change and warn.
type scopeStep struct {
	command string
	stdout  string
	// changes are "action Kind namespace/name", in order.
	changes []string
	// warns must each be part of one of the command's warnings; quiet
	// means the command warns about nothing.
	warns []string
	quiet bool
}

func TestCustomResourceScope(t *testing.T) {
	crdNamespaced := strings.Replace(crdCluster, "scope: Cluster", "scope: Namespaced", 1)
	backupChanged := strings.Replace(backup, "targets: [db, files]", "targets: [db]", 1)
	files := map[string]string{
		"crd.yaml":            crdCluster,
		"crd-namespaced.yaml": crdNamespaced,
		"backup.yaml":         backup,
		"backup-changed.yaml": backupChanged,
		"both.yaml":           backup + "---\n" + crdCluster,
		"ns-prod.yaml":        "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: prod\n",
	}
	const noCRD = "has no CustomResourceDefinition in this cluster"
	const movedDefault = "backup.example.com/nightly in namespace default is now cluster-scoped, without a namespace: it was created before customresourcedefinition.apiextensions.k8s.io/backups.example.com told the cluster that Backup is cluster-scoped"
	cases := []struct {
		name  string
		steps []scopeStep
		// backups are the stored Backups at the end, as namespace/name.
		backups []string
	}{
		{
			name: "crd first: the custom resource is cluster-scoped from the start",
			steps: []scopeStep{
				{command: "apply -f crd.yaml", stdout: "customresourcedefinition.apiextensions.k8s.io/backups.example.com created\n",
					changes: []string{"created CustomResourceDefinition /backups.example.com"}, quiet: true},
				{command: "apply -f backup.yaml", stdout: "backup.example.com/nightly created\n", changes: []string{"created Backup /nightly"}, quiet: true},
				{command: "apply -f backup-changed.yaml", stdout: "backup.example.com/nightly configured\n", changes: []string{"configured Backup /nightly"}, quiet: true},
			},
			backups: []string{"/nightly"},
		},
		{
			name: "custom resource before its cluster-scoped crd: moved, then found by the next apply",
			steps: []scopeStep{
				{command: "apply -f backup.yaml", stdout: "backup.example.com/nightly created\n", changes: []string{"created Backup default/nightly"}, warns: []string{noCRD}},
				{command: "apply -f crd.yaml", stdout: "customresourcedefinition.apiextensions.k8s.io/backups.example.com created\n",
					changes: []string{"created CustomResourceDefinition /backups.example.com", "moved Backup /nightly"},
					warns:   []string{movedDefault, "Its last-applied configuration still names namespace default, so the next apply of it reports configured"}},
				{command: "apply -f backup.yaml", stdout: "backup.example.com/nightly configured\n", changes: []string{"configured Backup /nightly"}, quiet: true},
				{command: "apply -f backup.yaml", stdout: "backup.example.com/nightly unchanged\n", changes: []string{"unchanged Backup /nightly"}, quiet: true},
				{command: "get backups -A", stdout: "NAME      AGE\nnightly   4s\n", quiet: true},
			},
			backups: []string{"/nightly"},
		},
		{
			name: "the same name in two namespaces: the one created first is kept",
			steps: []scopeStep{
				{command: "apply -f ns-prod.yaml", stdout: "namespace/prod created\n", changes: []string{"created Namespace /prod"}},
				{command: "apply -f backup.yaml", stdout: "backup.example.com/nightly created\n", changes: []string{"created Backup default/nightly"}, warns: []string{noCRD}},
				{command: "apply -f backup-changed.yaml -n prod", stdout: "backup.example.com/nightly created\n", changes: []string{"created Backup prod/nightly"}, warns: []string{noCRD}},
				{command: "apply -f crd.yaml", stdout: "customresourcedefinition.apiextensions.k8s.io/backups.example.com created\n",
					changes: []string{"created CustomResourceDefinition /backups.example.com", "moved Backup /nightly", "deleted Backup prod/nightly"},
					warns: []string{movedDefault,
						"backup.example.com/nightly in namespace prod was removed: brought to the scope customresourcedefinition.apiextensions.k8s.io/backups.example.com gives Backup (cluster-scoped), it has the name of backup.example.com/nightly in namespace default, created before it, which is kept."}},
			},
			backups: []string{"/nightly"},
		},
		{
			name: "crd and custom resource in one file: moved in the same command",
			steps: []scopeStep{
				{command: "apply -f both.yaml", stdout: "backup.example.com/nightly created\ncustomresourcedefinition.apiextensions.k8s.io/backups.example.com created\n",
					changes: []string{"created Backup default/nightly", "created CustomResourceDefinition /backups.example.com", "moved Backup /nightly"},
					warns:   []string{noCRD, movedDefault}},
				{command: "apply -f both.yaml", stdout: "backup.example.com/nightly configured\ncustomresourcedefinition.apiextensions.k8s.io/backups.example.com unchanged\n",
					changes: []string{"configured Backup /nightly", "unchanged CustomResourceDefinition /backups.example.com"}, quiet: true},
			},
			backups: []string{"/nightly"},
		},
		{
			name: "a namespaced crd leaves the objects where they are",
			steps: []scopeStep{
				{command: "apply -f backup.yaml", stdout: "backup.example.com/nightly created\n", changes: []string{"created Backup default/nightly"}, warns: []string{noCRD}},
				{command: "apply -f crd-namespaced.yaml", stdout: "customresourcedefinition.apiextensions.k8s.io/backups.example.com created\n",
					changes: []string{"created CustomResourceDefinition /backups.example.com"}, quiet: true},
				{command: "apply -f backup.yaml", stdout: "backup.example.com/nightly unchanged\n", changes: []string{"unchanged Backup default/nightly"}, quiet: true},
			},
			backups: []string{"default/nightly"},
		},
		{
			name: "a server dry run of the crd moves nothing",
			steps: []scopeStep{
				{command: "apply -f backup.yaml", stdout: "backup.example.com/nightly created\n", changes: []string{"created Backup default/nightly"}, warns: []string{noCRD}},
				{command: "apply -f crd.yaml --dry-run=server", stdout: "customresourcedefinition.apiextensions.k8s.io/backups.example.com created (server dry run)\n",
					changes: []string{"created CustomResourceDefinition /backups.example.com"}, quiet: true},
			},
			backups: []string{"default/nightly"},
		},
		{
			name: "a crd that changes the scope moves the objects and says a real server refuses it",
			steps: []scopeStep{
				{command: "apply -f crd.yaml", stdout: "customresourcedefinition.apiextensions.k8s.io/backups.example.com created\n",
					changes: []string{"created CustomResourceDefinition /backups.example.com"}, quiet: true},
				{command: "apply -f backup.yaml", stdout: "backup.example.com/nightly created\n", changes: []string{"created Backup /nightly"}, quiet: true},
				{command: "apply -f crd-namespaced.yaml", stdout: "customresourcedefinition.apiextensions.k8s.io/backups.example.com configured\n",
					changes: []string{"configured CustomResourceDefinition /backups.example.com", "moved Backup default/nightly"},
					warns: []string{"backup.example.com/nightly without a namespace is now in namespace default: customresourcedefinition.apiextensions.k8s.io/backups.example.com changed the scope of Backup to namespaced. A real API server refuses that once the CRD is established (spec.scope: field is immutable)",
						"Its last-applied configuration still has no namespace"}},
				{command: "apply -f backup.yaml", stdout: "backup.example.com/nightly configured\n", changes: []string{"configured Backup default/nightly"}, quiet: true},
			},
			backups: []string{"default/nightly"},
		},
		{
			name: "deleting the crd removes the moved object",
			steps: []scopeStep{
				{command: "apply -f backup.yaml", stdout: "backup.example.com/nightly created\n", changes: []string{"created Backup default/nightly"}, warns: []string{noCRD}},
				{command: "apply -f crd.yaml", stdout: "customresourcedefinition.apiextensions.k8s.io/backups.example.com created\n",
					changes: []string{"created CustomResourceDefinition /backups.example.com", "moved Backup /nightly"}, warns: []string{movedDefault}},
				{command: "delete crd backups.example.com", stdout: "customresourcedefinition.apiextensions.k8s.io \"backups.example.com\" deleted\n",
					changes: []string{"deleted CustomResourceDefinition /backups.example.com", "deleted Backup /nightly"},
					warns:   []string{"backup.example.com/nightly was removed with customresourcedefinition.apiextensions.k8s.io/backups.example.com"}},
			},
			backups: nil,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := New(Options{})
			for i, s := range tc.steps {
				out := mustRun(t, c, s.command, files)
				if out.Stdout != s.stdout || out.ExitCode != 0 {
					t.Errorf("step %d %q: stdout %q, exit %d (stderr %q); want %q, exit 0", i+1, s.command, out.Stdout, out.ExitCode, out.Stderr, s.stdout)
				}
				var changes []string
				for _, ch := range out.Changes {
					changes = append(changes, ch.Action+" "+ch.Ref.Kind+" "+ch.Ref.Namespace+"/"+ch.Ref.Name)
				}
				if s.changes != nil && !reflect.DeepEqual(changes, s.changes) {
					t.Errorf("step %d %q: changes %q, want %q", i+1, s.command, changes, s.changes)
				}
				if s.quiet && len(out.Warnings) > 0 {
					t.Errorf("step %d %q: warnings %q, want none", i+1, s.command, out.Warnings)
				}
				for _, w := range s.warns {
					if !containsPart(out.Warnings, w) {
						t.Errorf("step %d %q: no warning says %q; warnings: %q", i+1, s.command, w, out.Warnings)
					}
				}
			}
			if got := storedBackups(t, c); !reflect.DeepEqual(got, tc.backups) {
				t.Errorf("stored Backups %q, want %q", got, tc.backups)
			}
		})
	}
}

// TestScopeMoveKeepsIdentity checks that a moved object is the same
// object: its uid and creation time stay, it gets a new resourceVersion.
func TestScopeMoveKeepsIdentity(t *testing.T) {
	c := New(Options{})
	files := map[string]string{"crd.yaml": crdCluster, "backup.yaml": backup}
	created := mustRun(t, c, "apply -f backup.yaml", files)
	moved := mustRun(t, c, "apply -f crd.yaml", files)
	if len(moved.Changes) != 2 {
		t.Fatalf("changes %+v: want the CRD created and the Backup moved", moved.Changes)
	}
	var before, after struct {
		Metadata map[string]any `json:"metadata"`
	}
	if err := json.Unmarshal(created.Changes[0].After, &before); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(moved.Changes[1].After, &after); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"uid", "creationTimestamp", "annotations"} {
		if !reflect.DeepEqual(before.Metadata[f], after.Metadata[f]) {
			t.Errorf("metadata.%s: %v before the move, %v after", f, before.Metadata[f], after.Metadata[f])
		}
	}
	if before.Metadata["resourceVersion"] == after.Metadata["resourceVersion"] {
		t.Errorf("resourceVersion %v kept: a stored change takes a new one", after.Metadata["resourceVersion"])
	}
	if _, ok := after.Metadata["namespace"]; ok || before.Metadata["namespace"] != "default" {
		t.Errorf("namespace %v → %v: want default → none", before.Metadata["namespace"], after.Metadata["namespace"])
	}
}

func containsPart(list []string, part string) bool {
	for _, s := range list {
		if strings.Contains(s, part) {
			return true
		}
	}
	return false
}

// storedBackups lists the stored Backups as namespace/name.
func storedBackups(t *testing.T, c *Cluster) []string {
	t.Helper()
	var out []string
	for _, raw := range c.Objects() {
		var o struct {
			Kind     string `json:"kind"`
			Metadata struct {
				Namespace, Name string
			} `json:"metadata"`
		}
		if err := json.Unmarshal(raw, &o); err != nil {
			t.Fatal(err)
		}
		if o.Kind == "Backup" {
			out = append(out, o.Metadata.Namespace+"/"+o.Metadata.Name)
		}
	}
	return out
}
