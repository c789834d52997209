package serverside

import (
	"testing"
	"time"

	"github.com/applylens/applylens/engine/jsonvalue"
)

// entries returns obj's managedFields as "manager operation subresource
// time fieldsV1" lines.
func entries(t *testing.T, obj map[string]any) []string {
	t.Helper()
	md, _ := obj["metadata"].(map[string]any)
	list, _ := md["managedFields"].([]any)
	var out []string
	for _, e := range list {
		m := e.(map[string]any)
		fields, err := jsonvalue.Encode(m["fieldsV1"])
		if err != nil {
			t.Fatal(err)
		}
		line := m["manager"].(string) + " " + m["operation"].(string)
		if s, ok := m["subresource"].(string); ok {
			line += " " + s
		}
		if s, ok := m["time"].(string); ok {
			line += " " + s
		} else {
			line += " (no time)"
		}
		out = append(out, line+" "+string(fields))
	}
	return out
}

func TestUpdate(t *testing.T) {
	t0 := Clock.Add(time.Second)
	created := Update(UpdateRequest{Object: object(t, deploymentJSON("2", "nginx:1")), Manager: "kubectl-create", Now: t0})
	withUID := func(obj map[string]any) map[string]any {
		obj = jsonvalue.CopyObject(obj)
		obj["metadata"].(map[string]any)["uid"] = "u1"
		return obj
	}
	live := withUID(created)
	change := func(f func(obj map[string]any)) map[string]any {
		obj := jsonvalue.CopyObject(live)
		f(obj)
		return obj
	}
	scaled := change(func(o map[string]any) { o["spec"].(map[string]any)["replicas"] = int64(5) })
	const all = `{"f:spec":{"f:replicas":{},"f:selector":{},"f:template":{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:containers":{"k:{\"name\":\"app\"}":{".":{},"f:image":{},"f:name":{}}}}}}}`
	const allButReplicas = `{"f:spec":{"f:selector":{},"f:template":{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:containers":{"k:{\"name\":\"app\"}":{".":{},"f:image":{},"f:name":{}}}}}}}`
	cases := []struct {
		name string
		req  UpdateRequest
		want []string
	}{
		{name: "a create owns every field it sets", req: UpdateRequest{Object: object(t, deploymentJSON("2", "nginx:1")), Manager: "kubectl-create", Now: t0},
			want: []string{"kubectl-create Update 2026-01-01T00:00:01Z " + all}},
		{name: "an update takes the field it changes", req: UpdateRequest{Live: live, Object: scaled, Manager: "kubectl-edit", Now: t0.Add(time.Second)},
			want: []string{"kubectl-create Update 2026-01-01T00:00:01Z " + allButReplicas, `kubectl-edit Update 2026-01-01T00:00:02Z {"f:spec":{"f:replicas":{}}}`}},
		{name: "an update that changes nothing records nothing", req: UpdateRequest{Live: live, Object: jsonvalue.CopyObject(live), Manager: "kubectl-edit", Now: t0.Add(time.Second)},
			want: []string{"kubectl-create Update 2026-01-01T00:00:01Z " + all}},
		{name: "the scale subresource: an entry without a time", req: UpdateRequest{Live: live, Object: scaled, Manager: "kubectl", Subresource: SubresourceScale, Now: t0.Add(time.Second)},
			want: []string{`kubectl Update scale (no time) {"f:spec":{"f:replicas":{}}}`, "kubectl-create Update 2026-01-01T00:00:01Z " + allButReplicas}},
		{name: "the status subresource names it", req: UpdateRequest{Live: live, Object: change(func(o map[string]any) { o["status"] = map[string]any{"replicas": int64(2)} }),
			Manager: "kube-controller-manager", Subresource: SubresourceStatus, Now: t0.Add(time.Second)},
			want: []string{"kubectl-create Update 2026-01-01T00:00:01Z " + all, `kube-controller-manager Update status 2026-01-01T00:00:02Z {"f:status":{".":{},"f:replicas":{}}}`}},
		{name: "an empty list in the request resets the entries", req: UpdateRequest{Live: live, Object: change(func(o map[string]any) {
			o["metadata"].(map[string]any)["managedFields"] = []any{}
			o["spec"].(map[string]any)["replicas"] = int64(5)
		}), Manager: "kubectl-edit", Now: t0.Add(time.Second)},
			want: nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := entries(t, Update(tc.req))
			if len(got) != len(tc.want) {
				t.Fatalf("entries\n%v\nwant\n%v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("entry %d\n got %s\nwant %s", i, got[i], tc.want[i])
				}
			}
		})
	}
}
