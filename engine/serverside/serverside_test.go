package serverside

import (
	"strings"
	"testing"
	"time"

	"github.com/applylens/applylens/engine/jsonvalue"
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
