package cluster

import (
	"reflect"
	"strings"
	"testing"
)

func labeledCM(name, ns, app string) string {
	s := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\n"
	if ns != "" {
		s += "  namespace: " + ns + "\n"
	}
	return s + "  labels: {app: " + app + "}\ndata: {k: v}\n"
}

// TestPruneRules checks the selection of kubectl's pruner
// (k8s.io/kubectl/pkg/cmd/apply/prune.go) on named cases: allowlisted
// kinds, in the namespaces visited (then cluster-scoped kinds), matching
// the selector, with the last-applied annotation, not applied now.
func TestPruneRules(t *testing.T) {
	files := map[string]string{
		"keep.yaml":    labeledCM("keep", "", "web"),
		"old.yaml":     labeledCM("old", "", "web"),
		"other.yaml":   labeledCM("other", "", "db"),
		"prod-ns.yaml": "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: prod\n  labels: {app: web}\n",
		"prod.yaml":    labeledCM("old", "prod", "web"),
		"sa.yaml":      "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: old-sa\n  labels: {app: web}\n",
		"created.yaml": labeledCM("created", "", "web"),
		"web.yaml":     deployV1,
	}
	setup := []string{
		"apply -f prod-ns.yaml", "apply -f prod.yaml",
		"apply -f old.yaml", "apply -f other.yaml", "apply -f sa.yaml", "create -f created.yaml", "apply -f web.yaml",
	}
	cases := []struct {
		name    string
		command string
		pruned  []string
		stdout  string
	}{
		{"selector app=web: the other configmap, the created one, the service account and prod's are kept; the labeled namespace goes",
			"apply --prune -l app=web -f keep.yaml", []string{"ConfigMap/old", "Deployment/web", "Namespace/prod"},
			"configmap/keep created\nconfigmap/old pruned\ndeployment.apps/web pruned\nnamespace/prod pruned\n"},
		{"--all ignores labels but not the annotation",
			"apply --prune --all -f keep.yaml", []string{"ConfigMap/old", "ConfigMap/other", "Deployment/web", "Namespace/prod"}, ""},
		{"an allowlist limits the kinds",
			"apply --prune -l app=web --prune-allowlist=core/v1/ConfigMap -f keep.yaml", []string{"ConfigMap/old"},
			"configmap/keep created\nconfigmap/old pruned\n"},
		{"-n visits that namespace only",
			"apply --prune -l app=web --prune-allowlist=core/v1/ConfigMap -n prod -f keep.yaml", []string{"ConfigMap/old"},
			"configmap/keep created\nconfigmap/old pruned\n"},
		{"applied objects are never pruned",
			"apply --prune -l app=web -f old.yaml -f web.yaml -f prod-ns.yaml", nil,
			"configmap/old unchanged\ndeployment.apps/web unchanged\nnamespace/prod unchanged\n"},
		{"client dry run prints and deletes nothing",
			"apply --prune -l app=web --prune-allowlist=core/v1/ConfigMap --dry-run=client -f keep.yaml", []string{"ConfigMap/old"},
			"configmap/keep created (dry run)\nconfigmap/old pruned (dry run)\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := New(Options{})
			for _, s := range setup {
				if out := mustRun(t, c, s, files); out.ExitCode != 0 {
					t.Fatalf("%s: %s", s, out.Stderr)
				}
			}
			before := c.objects.len()
			out := mustRun(t, c, tc.command, files)
			if out.ExitCode != 0 {
				t.Fatalf("exit %d: %s", out.ExitCode, out.Stderr)
			}
			var pruned []string
			for _, ch := range out.Changes {
				if ch.Action == "pruned" {
					pruned = append(pruned, ch.Ref.Kind+"/"+ch.Ref.Name)
				}
			}
			if !reflect.DeepEqual(pruned, tc.pruned) {
				t.Errorf("pruned %v, want %v", pruned, tc.pruned)
			}
			if tc.stdout != "" && out.Stdout != tc.stdout {
				t.Errorf("stdout:\n%s\nwant:\n%s", out.Stdout, tc.stdout)
			}
			if len(out.Warnings) < len(tc.pruned) {
				t.Errorf("each pruned object must say why: %v", out.Warnings)
			}
			for _, w := range out.Warnings {
				if strings.Contains(w, "pruned") && !strings.Contains(w, "last-applied annotation") {
					t.Errorf("warning does not give the rule: %s", w)
				}
			}
			if strings.Contains(tc.command, "--dry-run=client") && c.objects.len() != before {
				t.Errorf("a client dry run changed the store: %d objects, was %d", c.objects.len(), before)
			}
		})
	}
}
