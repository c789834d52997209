package serverside_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/serverside"
)

// liveWith is a Deployment whose managedFields are given as YAML list
// items (already indented by four spaces).
func liveWith(spec, managed string) string {
	return "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: default\n  managedFields:\n" + managed + "spec:\n" + spec
}

const kubectlOwnsReplicasAndPaused = `  - apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:paused: {}
        f:replicas: {}
    manager: kubectl
    operation: Apply
    time: "2025-01-01T00:00:00Z"
`

// replicas3 is the file the trace tests apply: web with 3 replicas.
const replicas3 = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: default\nspec:\n  replicas: 3\n"

// applyReplicas3 applies replicas3 server-side over live and lists the
// steps as "action path".
func applyReplicas3(t *testing.T, live string) (*engine.Result, []string) {
	t.Helper()
	res, err := serverSideEngine.Apply(engine.Input{File: replicas3, Live: live, ServerSide: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range res.Steps {
		got = append(got, s.Action+" "+s.Path)
	}
	return res, got
}

const autoscalerOwnsReplicas = `  - apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:replicas: {}
    manager: autoscaler
    operation: Update
    time: "2025-01-01T00:00:00Z"
`

func TestTrace(t *testing.T) {
	file := replicas3
	for _, tc := range []struct {
		name  string
		in    engine.Input
		steps []string // action and field of each step
	}{
		{name: "create", in: engine.Input{File: file}, steps: []string{"applied .spec.replicas"}},
		{name: "conflict", in: engine.Input{File: file, Live: liveWith("  replicas: 5\n", autoscalerOwnsReplicas)},
			steps: []string{"conflict .spec.replicas"}},
		{name: "forced", in: engine.Input{File: file, Live: liveWith("  replicas: 5\n", autoscalerOwnsReplicas), ForceConflicts: true},
			steps: []string{"taken .spec.replicas"}},
		{name: "same value shared", in: engine.Input{File: file, Live: liveWith("  replicas: 3\n", autoscalerOwnsReplicas)},
			steps: []string{"shared .spec.replicas"}},
		{name: "removed", in: engine.Input{File: file, Live: liveWith("  paused: true\n  replicas: 3\n", kubectlOwnsReplicasAndPaused)},
			steps: []string{"removed .spec.paused", "applied .spec.replicas"}},
		{name: "kept by another manager", in: engine.Input{File: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: default\nspec:\n  paused: true\n",
			Live: liveWith("  paused: true\n  replicas: 3\n", kubectlOwnsReplicasAndPaused+autoscalerOwnsReplicas)},
			steps: []string{"applied .spec.paused", "kept .spec.replicas"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.in.ServerSide = true
			res, err := serverSideEngine.Apply(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, s := range res.Steps {
				if s.Rule != serverside.RuleServerSide || s.Why == "" {
					t.Errorf("step %+v: rule or why missing", s)
				}
				got = append(got, s.Action+" "+s.Path)
			}
			if !reflect.DeepEqual(got, tc.steps) {
				t.Errorf("steps %q, want %q", got, tc.steps)
			}
		})
	}
}

// TestTraceMigration: an object client-side apply made is handed over
// first; the fields the file dropped are then removed.
func TestTraceMigration(t *testing.T) {
	live := liveWith("  paused: true\n  replicas: 3\n", `  - apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:metadata:
        f:annotations:
          .: {}
          f:kubectl.kubernetes.io/last-applied-configuration: {}
      f:spec:
        f:paused: {}
        f:replicas: {}
    manager: kubectl-client-side-apply
    operation: Update
    time: "2025-01-01T00:00:00Z"
`)
	live = strings.Replace(live, "  namespace: default\n", "  namespace: default\n  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: '{}'\n", 1)
	_, got := applyReplicas3(t, live)
	want := []string{"migrated ", "removed .spec.paused", "applied .spec.replicas"}
	if len(got) < 3 || got[0] != want[0] || !contains(got, want[1]) || !contains(got, want[2]) {
		t.Errorf("steps %q, want %q among them (migration first)", got, want)
	}
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// TestTraceBeforeFirstApply: a live object without managedFields, last
// applied client-side (its annotation): the server records its fields as
// before-first-apply's, kubectl hands them over, and a field the file
// dropped is removed, with a step saying so.
func TestTraceBeforeFirstApply(t *testing.T) {
	live := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: default\n  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: '{}'\nspec:\n  paused: true\n  replicas: 3\n"
	res, got := applyReplicas3(t, live)
	if len(got) == 0 || got[0] != "migrated " || !strings.Contains(res.Steps[0].Why, `"before-first-apply"`) || strings.Contains(res.Steps[0].Why, " 0 fields") {
		t.Errorf("first step %q (%q), want the migration of before-first-apply's fields", got, res.Steps[0].Why)
	}
	if !contains(got, "removed .spec.paused") || strings.Contains(string(res.Object), `"paused"`) {
		t.Errorf("steps %q: want paused removed, and the object without it", got)
	}
}

// Each step says how the manager came to own the field: applied last time
// and now, new in this apply, or applied last time and dropped now (the
// texts are made once per manager: each must still go to its own steps).
func TestTraceSaysHowTheFieldWasOwned(t *testing.T) {
	file := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: default\nspec:\n  minReadySeconds: 5\n  replicas: 3\n"
	res, err := serverSideEngine.Apply(engine.Input{File: file, ServerSide: true,
		Live: liveWith("  paused: true\n  replicas: 3\n", kubectlOwnsReplicasAndPaused)})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"applied .spec.minReadySeconds": `Your file sets this field and no other manager owns it: "kubectl" owns it now.`,
		"applied .spec.replicas":        `"kubectl" applied this field last time and applies it now: "kubectl" owns it.`,
		"removed .spec.paused":          `"kubectl" applied this field last time and your file does not have it;`,
	}
	if len(res.Steps) != len(want) {
		t.Errorf("%d steps, want %d: %+v", len(res.Steps), len(want), res.Steps)
	}
	for _, s := range res.Steps {
		w, ok := want[s.Action+" "+s.Path]
		if !ok {
			t.Errorf("unexpected step %s %s", s.Action, s.Path)
			continue
		}
		if !strings.HasPrefix(s.Why, w) {
			t.Errorf("%s %s: why %q, want it to start with %q", s.Action, s.Path, s.Why, w)
		}
	}
}
