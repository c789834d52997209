package cluster

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/kube"
)

var ssaDeployment = webDeployment("", "  replicas: 2\n", "nginx:1.16.1")

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
	files := map[string]string{"web.yaml": ssaDeployment,
		"invalid.yaml": strings.Replace(ssaDeployment, "      labels: {app: web}", "      labels: {app: other}", 1)}
	invalid := "The Deployment \"web\" is invalid: spec.template.metadata.labels: Invalid value: {\"app\":\"other\"}: `selector` does not match template `labels`\n"
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
		{name: "invalid on create", line: "apply --server-side -f invalid.yaml", stderr: invalid, exit: 1},
		{name: "invalid on update", setup: []string{"apply --server-side -f web.yaml"}, line: "apply --server-side -f invalid.yaml", stderr: invalid, exit: 1},
		{name: "invalid after the migration", setup: []string{"apply -f web.yaml"}, line: "apply --server-side -f invalid.yaml", stderr: invalid, exit: 1},
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
			// The server's refusals too: the steps say what it merged.
			if strings.HasPrefix(tc.line, "apply --server-side") && (tc.exit == 0 || tc.stderr == conflict || tc.stderr == invalid) {
				if len(out.Applies) != 1 || out.Applies[0].PatchType != engine.PatchApply {
					t.Fatalf("applies %+v: want one server-side apply result", out.Applies)
				}
				// The server-side steps, as the single-apply mode shows them.
				if len(out.Applies[0].Steps) == 0 || out.Applies[0].Steps[0].Phase != kube.PhaseServer {
					t.Errorf("steps %+v: want the server-side apply's", out.Applies[0].Steps)
				}
				if tc.stderr == conflict && len(out.Applies[0].Conflicts) != 1 {
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

// TestServerSideMigrationWrites: when kubectl moves an object made by
// client-side apply to server-side apply, it sends up to four requests
// (applyOneObject): the apply, the last-applied hand-over to
// kubectl-last-applied, the JSON patch of managedFields, and the apply
// again. The server stores each that changes the object: each takes a
// resourceVersion, and a Deployment's generation moves with each change of
// its spec or annotations (the strategy's PrepareForUpdate).
func TestServerSideMigrationWrites(t *testing.T) {
	changed := strings.Replace(ssaDeployment, "nginx:1.16.1", "nginx:1.17.0", 1)
	withMinReady := strings.Replace(ssaDeployment, "  replicas: 2\n", "  replicas: 2\n  minReadySeconds: 5\n", 1)
	cases := []struct {
		name       string
		setup      []string
		file       string
		writes     int   // resourceVersions taken by the command
		generation int64 // of the object after it
		managers   []string
		minReady   bool   // spec.minReadySeconds still set
		dryRun     bool   // --dry-run=server
		stderr     string // kubectl's warning
	}{
		// The apply changes the image (and the annotation kubectl keeps up
		// to date): generation 2. The hand-over and the migration change
		// managedFields; so does the apply again, which leaves kubectl the
		// fields of its file only (the defaulted ones it took over from
		// client-side apply have no owner after it).
		{name: "image changed", setup: []string{"apply -f web.yaml"}, file: changed,
			writes: 4, generation: 2, managers: []string{"kubectl-last-applied/Apply/", "kubectl/Apply/"}},
		// minReadySeconds, set by client-side apply and dropped from the
		// file, stays after the first apply (kubectl-client-side-apply owns
		// it) and is removed by the apply after the migration: its spec
		// changes, a third generation.
		{name: "field dropped", setup: []string{"apply -f web.yaml"}, file: changed, writes: 4, generation: 3,
			managers: []string{"kubectl-last-applied/Apply/", "kubectl/Apply/"}},
		// A server dry run stores nothing: each request works on the stored
		// object. The hand-over then gives the annotation's new value
		// (the apply's answer) to a field kubectl-client-side-apply owns
		// with the old one: a conflict, kubectl's warning, no migration.
		// kubectl prints the apply's answer: minReadySeconds still there.
		{name: "server dry run", setup: []string{"apply -f web.yaml"}, file: changed, dryRun: true, writes: 0, generation: 2,
			managers: []string{"kubectl/Apply/", "kubectl-client-side-apply/Update/"}, minReady: true,
			stderr: "Warning: failed to migrate kubectl.kubernetes.io/last-applied-configuration for Server-Side Apply. This is non-fatal and will be retried next time you apply. Error: Apply failed with 1 conflict: conflict with \"kubectl-client-side-apply\" using apps/v1: .metadata.annotations.kubectl.kubernetes.io/last-applied-configuration\n"},
		// Already migrated: one request, no write.
		{name: "migrated before", setup: []string{"apply -f web.yaml", "apply --server-side -f next.yaml"}, file: changed,
			writes: 0, generation: 2, managers: []string{"kubectl-last-applied/Apply/", "kubectl/Apply/"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			first := ssaDeployment
			if tc.name == "field dropped" || tc.dryRun {
				first = withMinReady
			}
			files := map[string]string{"web.yaml": first, "next.yaml": tc.file}
			c := New(Options{})
			for _, line := range tc.setup {
				if out := mustRun(t, c, line, files); out.ExitCode != 0 {
					t.Fatalf("%s: %s", line, out.Stderr)
				}
			}
			before := c.resourceVersion
			line, stdout := "apply --server-side -f next.yaml", "deployment.apps/web serverside-applied\n"
			if tc.dryRun {
				line, stdout = "apply --server-side --dry-run=server -f next.yaml", "deployment.apps/web serverside-applied (server dry run)\n"
			}
			out := mustRun(t, c, line, files)
			if out.ExitCode != 0 || out.Stdout != stdout || out.Stderr != tc.stderr {
				t.Fatalf("exit %d, stdout %q, stderr %q", out.ExitCode, out.Stdout, out.Stderr)
			}
			if got := int(c.resourceVersion - before); got != tc.writes {
				t.Errorf("%d resourceVersions taken, want %d", got, tc.writes)
			}
			if len(out.Changes) != 1 {
				t.Fatalf("%d changes, want 1", len(out.Changes))
			}
			after, err := jsonvalue.DecodeObject(out.Changes[0].After)
			if err != nil {
				t.Fatal(err)
			}
			md := metadataOf(after)
			if got := metaString(after, "resourceVersion"); tc.writes > 0 && got != fmt.Sprint(c.resourceVersion) {
				t.Errorf("resourceVersion %s, want the last one given, %d", got, c.resourceVersion)
			}
			if got, _ := md["generation"].(int64); got != tc.generation {
				t.Errorf("generation %v, want %d", md["generation"], tc.generation)
			}
			if got := managers(t, out.Changes[0].After); strings.Join(got, " ") != strings.Join(tc.managers, " ") {
				t.Errorf("managers %v, want %v", got, tc.managers)
			}
			// The steps open with the migration when kubectl migrated (not
			// in a dry run: the answer shown is the apply's alone).
			migrated := len(out.Applies) == 1 && len(out.Applies[0].Steps) > 0 && out.Applies[0].Steps[0].Action == "migrated"
			if wantMigrated := tc.writes == 4; migrated != wantMigrated {
				t.Errorf("a migrated step: %v, want %v", migrated, wantMigrated)
			}
			spec, _ := after["spec"].(map[string]any)
			if _, has := spec["minReadySeconds"]; has != tc.minReady {
				t.Errorf("spec.minReadySeconds set: %v, want %v", has, tc.minReady)
			}
			if stored := c.get(c.kindOf(after), "default", "web"); !reflect.DeepEqual(stored, after) != tc.dryRun {
				t.Errorf("the change's object is the stored one: %v, want %v", !tc.dryRun, tc.dryRun)
			}
		})
	}
}

// TestServerSideResourceVersion: a resourceVersion in the file is the
// apply's precondition, in the apply again after a migration too, which
// then finds the object moved on by kubectl's own requests.
func TestServerSideResourceVersion(t *testing.T) {
	withRV := func(rv string) string {
		return strings.Replace(ssaDeployment, "  name: web\n", "  name: web\n  resourceVersion: \""+rv+"\"\n", 1)
	}
	modified := "Operation cannot be fulfilled on deployments.apps \"web\": the object has been modified; please apply your changes to the latest version and try again"
	for _, tc := range []struct {
		name, setup, stdout, stderr string
		stale                       bool
		exit                        int
	}{
		{name: "stale", setup: "apply --server-side -f web.yaml", stale: true, stderr: "Error from server (Conflict): " + modified + "\n", exit: 1},
		{name: "current", setup: "apply --server-side -f web.yaml", stdout: "deployment.apps/web serverside-applied\n"},
		{name: "current, then migrated", setup: "apply -f web.yaml", stdout: "deployment.apps/web serverside-applied\n",
			stderr: "Warning: failed to re-apply configuration after performing Server-Side Apply migration. This is non-fatal and will be retried next time you apply. Error: " + modified + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := New(Options{})
			files := map[string]string{"web.yaml": ssaDeployment}
			mustRun(t, c, tc.setup, files)
			rv := fmt.Sprint(c.resourceVersion)
			if tc.stale {
				rv = fmt.Sprint(c.resourceVersion - 1)
			}
			files["next.yaml"] = strings.Replace(withRV(rv), "nginx:1.16.1", "nginx:1.17.0", 1)
			out := mustRun(t, c, "apply --server-side -f next.yaml", files)
			if out.Stdout != tc.stdout || out.Stderr != tc.stderr || out.ExitCode != tc.exit {
				t.Errorf("stdout %q, stderr %q, exit %d; want %q, %q, %d", out.Stdout, out.Stderr, out.ExitCode, tc.stdout, tc.stderr, tc.exit)
			}
		})
	}
}

// TestServerSideStepsNameSubresource: a field taken from kubectl scale is
// named as kubectl's conflict message names its owner, with the
// subresource.
func TestServerSideStepsNameSubresource(t *testing.T) {
	c := New(Options{})
	files := map[string]string{"web.yaml": ssaDeployment}
	mustRun(t, c, "apply --server-side -f web.yaml", files)
	mustRun(t, c, "scale deployment/web --replicas=5", files)
	out := mustRun(t, c, "apply --server-side --force-conflicts -f web.yaml", files)
	if len(out.Applies) != 1 {
		t.Fatalf("%d applies", len(out.Applies))
	}
	for _, s := range out.Applies[0].Steps {
		if s.Action == "taken" && s.Path == ".spec.replicas" {
			if want := `"kubectl" (Update, subresource "scale") owned this field`; !strings.HasPrefix(s.Why, want) {
				t.Errorf("why %q, want it to start %q", s.Why, want)
			}
			return
		}
	}
	t.Errorf("no step takes .spec.replicas: %+v", out.Applies[0].Steps)
}
