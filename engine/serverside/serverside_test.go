package serverside

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/kube"
)

func object(t *testing.T, s string) map[string]any {
	t.Helper()
	obj, err := jsonvalue.DecodeObject([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return obj
}

const deployment = `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"default"},
"spec":{"replicas":%s,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},
"spec":{"containers":[{"name":"app","image":"%s"}]}}}}`

func deploymentJSON(replicas, image string) string {
	return sprintf(deployment, replicas, image)
}

func sprintf(f string, args ...string) string {
	for _, a := range args {
		f = strings.Replace(f, "%s", a, 1)
	}
	return f
}

// liveOwnedByAutoscaler is a Deployment applied by kubectl whose replicas an
// autoscaler then changed with an Update.
func liveOwnedByAutoscaler(t *testing.T) map[string]any {
	t.Helper()
	out, err := Apply(Request{File: object(t, deploymentJSON("2", "nginx:1")), Manager: "kubectl"})
	if err != nil {
		t.Fatal(err)
	}
	live := out.Object
	fm, _ := newFieldManager("apps/v1", "Deployment", Clock.Add(time.Minute), nil)
	scaled := jsonvalue.CopyObject(live)
	scaled["spec"].(map[string]any)["replicas"] = int64(5)
	delete(scaled["metadata"].(map[string]any), "managedFields")
	live, err = fm.update(live, scaled, "autoscaler")
	if err != nil {
		t.Fatal(err)
	}
	return live
}

func TestConflictMessages(t *testing.T) {
	live := liveOwnedByAutoscaler(t)
	for _, tc := range []struct {
		name, replicas, image, manager string
		force                          bool
		want                           string
		conflicts                      []Conflict
		message                        string
	}{
		{name: "same value co-owns", replicas: "5", image: "nginx:1", want: ActionConfigure},
		{name: "other value conflicts", replicas: "3", image: "nginx:1", want: ActionConflict,
			conflicts: []Conflict{{Manager: "autoscaler", Operation: "Update", APIVersion: "apps/v1", Field: ".spec.replicas"}},
			message:   `Apply failed with 1 conflict: conflict with "autoscaler" using apps/v1: .spec.replicas`},
		{name: "forced", replicas: "3", image: "nginx:1", force: true, want: ActionConfigure},
		{name: "another applier conflicts twice", replicas: "3", image: "nginx:2", manager: "ci", want: ActionConflict,
			conflicts: []Conflict{
				{Manager: "autoscaler", Operation: "Update", APIVersion: "apps/v1", Field: ".spec.replicas"},
				{Manager: "kubectl", Operation: "Apply", Field: `.spec.template.spec.containers[name="app"].image`}},
			message: "Apply failed with 2 conflicts: conflicts with \"autoscaler\" using apps/v1:\n- .spec.replicas\n" +
				"conflicts with \"kubectl\":\n- .spec.template.spec.containers[name=\"app\"].image"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Apply(Request{File: object(t, deploymentJSON(tc.replicas, tc.image)), Live: live, Manager: tc.manager, Force: tc.force})
			if err != nil {
				t.Fatal(err)
			}
			if out.Action != tc.want {
				t.Fatalf("action %s, want %s", out.Action, tc.want)
			}
			if tc.conflicts == nil {
				return
			}
			if len(out.Conflict.Conflicts) != len(tc.conflicts) {
				t.Fatalf("conflicts %+v", out.Conflict.Conflicts)
			}
			for i, c := range tc.conflicts {
				if out.Conflict.Conflicts[i] != c {
					t.Errorf("conflict %d: %+v, want %+v", i, out.Conflict.Conflicts[i], c)
				}
			}
			if out.Conflict.Message != tc.message {
				t.Errorf("message %q, want %q", out.Conflict.Message, tc.message)
			}
			if want := tc.message + "\nPlease review the fields above"; !strings.HasPrefix(out.Conflict.KubectlMessage(), want) {
				t.Errorf("kubectl message %q", out.Conflict.KubectlMessage())
			}
		})
	}
}

// TestApplyStoreRefusals: each request kubectl sends goes through
// Request.Store; a refused apply ends the command (Outcome.Refused), a
// refused request after it is kubectl's warning and ends the migration.
func TestApplyStoreRefusals(t *testing.T) {
	file := deploymentJSON("2", "nginx:1")
	// Made by client-side apply: kubectl-client-side-apply's Update owns
	// the last-applied annotation, so kubectl hands it over and migrates.
	made := object(t, file)
	made["metadata"].(map[string]any)["annotations"] = map[string]any{LastAppliedAnnotation: file}
	live := Update(UpdateRequest{Object: made, Manager: ClientSideManager, Now: Clock})
	changed := deploymentJSON("3", "nginx:2")
	const (
		lastApplied = "Warning: failed to migrate kubectl.kubernetes.io/last-applied-configuration for Server-Side Apply. This is non-fatal and will be retried next time you apply. Error: refused"
		migration   = "Warning: server rejected managed fields migration to Server-Side Apply. This is non-fatal and will be retried next time you apply. Error: refused"
		reapply     = "Warning: failed to re-apply configuration after performing Server-Side Apply migration. This is non-fatal and will be retried next time you apply. Error: refused"
	)
	for _, tc := range []struct {
		name            string
		refuse          int // the request Store refuses, 1 to 4; 0: none
		calls           int
		refused         bool
		saved, migrated bool
		warnings        []string
		object          int // the object Store took last that Outcome.Object is; 0: the apply's, refused
	}{
		{name: "all stored", calls: 4, saved: true, migrated: true, object: 4},
		{name: "apply refused", refuse: 1, calls: 1, refused: true, object: 0},
		{name: "hand-over refused", refuse: 2, calls: 2, warnings: []string{lastApplied}, object: 1},
		{name: "migration refused", refuse: 3, calls: 3, saved: true, warnings: []string{migration}, object: 2},
		{name: "apply again refused", refuse: 4, calls: 4, saved: true, migrated: true, warnings: []string{reapply}, object: 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var given, answers []map[string]any
			store := func(obj map[string]any) error {
				given = append(given, jsonvalue.CopyObject(obj))
				if len(given) == tc.refuse {
					return errors.New("refused")
				}
				answers = append(answers, given[len(given)-1])
				return nil
			}
			out, err := Apply(Request{File: object(t, changed), Live: jsonvalue.CopyObject(live), Store: store})
			if err != nil {
				t.Fatal(err)
			}
			if len(given) != tc.calls {
				t.Errorf("Store called %d times, want %d", len(given), tc.calls)
			}
			if (out.Refused != nil) != tc.refused {
				t.Errorf("Refused %v, want %v", out.Refused, tc.refused)
			}
			if out.SavedLastApplied != tc.saved || out.Migrated != tc.migrated {
				t.Errorf("saved %v migrated %v, want %v %v", out.SavedLastApplied, out.Migrated, tc.saved, tc.migrated)
			}
			if strings.Join(out.Warnings, "\n") != strings.Join(tc.warnings, "\n") {
				t.Errorf("warnings %q, want %q", out.Warnings, tc.warnings)
			}
			want := given[0]
			if tc.object > 0 {
				want = answers[tc.object-1]
			}
			if !equalJSON(out.Object, want) {
				t.Errorf("object is not the one Store took %d", tc.object)
			}
			if tc.refuse == 0 {
				// Without Store, the same requests on the field manager's
				// objects: the same outcome.
				plain, err := Apply(Request{File: object(t, changed), Live: jsonvalue.CopyObject(live)})
				if err != nil {
					t.Fatal(err)
				}
				if !equalJSON(plain.Object, out.Object) {
					t.Errorf("the object differs with and without Store")
				}
			}
		})
	}
}

// TestApplyDryRun: with --dry-run=server every request works on the live
// object, so what kubectl prints is the apply's answer alone, even when it
// sends the hand-over and the migration after it.
func TestApplyDryRun(t *testing.T) {
	file := deploymentJSON("2", "nginx:1")
	// Made by client-side apply, with the annotation as the server's apply
	// by "kubectl" writes it for this file.
	made := object(t, file)
	made["metadata"].(map[string]any)["annotations"] = map[string]any{LastAppliedAnnotation: ""}
	answer, err := ApplyPatch(Request{File: object(t, file), Live: Update(UpdateRequest{Object: made, Manager: ClientSideManager, Now: Clock})})
	if err != nil {
		t.Fatal(err)
	}
	annotations, _ := kube.Annotations(answer)
	made = object(t, file)
	made["metadata"].(map[string]any)["annotations"] = map[string]any{LastAppliedAnnotation: annotations[LastAppliedAnnotation]}
	live := Update(UpdateRequest{Object: made, Manager: ClientSideManager, Now: Clock})
	first, err := ApplyPatch(Request{File: object(t, file), Live: jsonvalue.CopyObject(live)})
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	out, err := Apply(Request{File: object(t, file), Live: jsonvalue.CopyObject(live), DryRun: true,
		Store: func(map[string]any) error { calls++; return nil }})
	if err != nil {
		t.Fatal(err)
	}
	// The same file: the hand-over gives the annotation its live value, no
	// conflict; kubectl sends all four requests.
	if calls != 4 || len(out.Warnings) != 0 {
		t.Fatalf("%d requests, warnings %q; want 4 and none", calls, out.Warnings)
	}
	if !equalJSON(out.Object, first) {
		t.Errorf("a dry run's object is not the apply's answer")
	}
	if out.Migrated || out.SavedLastApplied {
		t.Errorf("migrated %v saved %v in a dry run", out.Migrated, out.SavedLastApplied)
	}
	wet, err := Apply(Request{File: object(t, file), Live: jsonvalue.CopyObject(live)})
	if err != nil {
		t.Fatal(err)
	}
	if !wet.Migrated || equalJSON(wet.Object, first) {
		t.Errorf("without the dry run: migrated %v, object the apply's answer %v; want a migrated object", wet.Migrated, equalJSON(wet.Object, first))
	}
}
