package cluster

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/jsonvalue"
)

const ssaDeployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: nginx:1.16.1
`

// managers lists an object's managedFields entries as
// "manager/operation/subresource".
func managers(t *testing.T, raw []byte) []string {
	t.Helper()
	obj, err := jsonvalue.DecodeObject(raw)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	list, _ := metadataOf(obj)["managedFields"].([]any)
	for _, e := range list {
		m := e.(map[string]any)
		sub, _ := m["subresource"].(string)
		out = append(out, m["manager"].(string)+"/"+m["operation"].(string)+"/"+sub)
	}
	return out
}

func TestServerSideApply(t *testing.T) {
	files := map[string]string{"web.yaml": ssaDeployment}
	conflict := "error: Apply failed with 1 conflict: conflict with \"kubectl\" with subresource \"scale\" using apps/v1: .spec.replicas\n" +
		"Please review the fields above--they currently have other managers. Here\n"
	cases := []struct {
		name     string
		setup    []string
		line     string
		stdout   string
		stderr   string // a prefix
		exit     int
		managers []string // of the object after the command; nil: not checked
		stored   bool     // the command wrote the object
	}{
		{name: "create", line: "apply --server-side -f web.yaml",
			stdout: "deployment.apps/web serverside-applied\n", managers: []string{"kubectl/Apply/"}, stored: true},
		{name: "own field manager", line: "apply --server-side --field-manager=ci -f web.yaml",
			stdout: "deployment.apps/web serverside-applied\n", managers: []string{"ci/Apply/"}, stored: true},
		{name: "server dry run stores nothing", line: "apply --server-side --dry-run=server -f web.yaml",
			stdout: "deployment.apps/web serverside-applied (server dry run)\n", managers: []string{"kubectl/Apply/"}},
		{name: "unchanged apply", setup: []string{"apply --server-side -f web.yaml"}, line: "apply --server-side -f web.yaml",
			stdout: "deployment.apps/web serverside-applied\n", managers: []string{"kubectl/Apply/"}},
		{name: "conflict with kubectl scale", setup: []string{"apply --server-side -f web.yaml", "scale deployment/web --replicas=5"},
			line: "apply --server-side -f web.yaml", stderr: conflict, exit: 1},
		{name: "forced", setup: []string{"apply --server-side -f web.yaml", "scale deployment/web --replicas=5"},
			line: "apply --server-side --force-conflicts -f web.yaml", stdout: "deployment.apps/web serverside-applied\n",
			managers: []string{"kubectl/Apply/"}, stored: true},
		{name: "co-owned with the same value", setup: []string{"apply --server-side -f web.yaml", "scale deployment/web --replicas=2"},
			line: "apply --server-side --field-manager=ci -f web.yaml", stdout: "deployment.apps/web serverside-applied\n",
			managers: []string{"ci/Apply/", "kubectl/Apply/"}, stored: true},
		{name: "client-side apply migrated", setup: []string{"apply -f web.yaml", "scale deployment/web --replicas=2"},
			line: "apply --server-side -f web.yaml", stdout: "deployment.apps/web serverside-applied\n",
			managers: []string{"kubectl-last-applied/Apply/", "kubectl/Apply/"}, stored: true},
		{name: "force-conflicts alone", line: "apply --force-conflicts -f web.yaml",
			stderr: "error: --force-conflicts only works with --server-side\n", exit: 1},
		{name: "client dry run", line: "apply --server-side --dry-run=client -f web.yaml",
			stderr: "error: --dry-run=client doesn't work with --server-side (did you mean --dry-run=server instead?)\n", exit: 1},
		{name: "force", line: "apply --server-side --force -f web.yaml",
			stderr: "error: --force cannot be used with --server-side\n", exit: 1},
		{name: "prune", line: "apply --server-side --prune --all -f web.yaml",
			stderr: "error: --prune is in alpha and doesn't currently work on objects created by server-side apply\n", exit: 1},
		{name: "diff without changes", setup: []string{"apply --server-side -f web.yaml"}, line: "diff --server-side -f web.yaml"},
		{name: "diff of a conflict", setup: []string{"apply --server-side -f web.yaml", "scale deployment/web --replicas=5"},
			line: "diff --server-side -f web.yaml", stderr: "Error from server (Conflict): Apply failed with 1 conflict", exit: 2},
		{name: "diff forced", setup: []string{"apply --server-side -f web.yaml", "scale deployment/web --replicas=5"},
			line: "diff --server-side --force-conflicts -f web.yaml", stdout: "diff -u -N /tmp/LIVE-000000001/apps.v1.Deployment.default.web /tmp/MERGED-000000001/apps.v1.Deployment.default.web\n", exit: 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := New(Options{})
			for _, line := range tc.setup {
				if out := mustRun(t, c, line, files); out.ExitCode != 0 {
					t.Fatalf("%s: %s", line, out.Stderr)
				}
			}
			before := c.Objects()
			out := mustRun(t, c, tc.line, files)
			if !strings.HasPrefix(out.Stdout, tc.stdout) || (tc.stdout == "" && out.Stdout != "") {
				t.Errorf("stdout %q, want %q", out.Stdout, tc.stdout)
			}
			if !strings.HasPrefix(out.Stderr, tc.stderr) || (tc.stderr == "" && out.Stderr != "") {
				t.Errorf("stderr %q, want %q", out.Stderr, tc.stderr)
			}
			if out.ExitCode != tc.exit {
				t.Errorf("exit %d, want %d", out.ExitCode, tc.exit)
			}
			if tc.managers != nil {
				if len(out.Changes) != 1 {
					t.Fatalf("%d changes", len(out.Changes))
				}
				if got := managers(t, out.Changes[0].After); strings.Join(got, " ") != strings.Join(tc.managers, " ") {
					t.Errorf("managers %v, want %v", got, tc.managers)
				}
			}
			if wrote := !equalObjects(before, c.Objects()); wrote != tc.stored {
				t.Errorf("stored: %v, want %v", wrote, tc.stored)
			}
			if strings.HasPrefix(tc.line, "apply --server-side") && tc.exit == 0 || tc.name == "conflict with kubectl scale" {
				if len(out.Applies) != 1 || out.Applies[0].PatchType != engine.PatchApply {
					t.Fatalf("applies %+v: want one server-side apply result", out.Applies)
				}
				if tc.exit != 0 && len(out.Applies[0].Conflicts) != 1 {
					t.Errorf("conflicts %+v", out.Applies[0].Conflicts)
				}
			}
		})
	}
}

func equalObjects(a, b []json.RawMessage) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if string(a[i]) != string(b[i]) {
			return false
		}
	}
	return true
}
