package serverside

import (
	"errors"
	"testing"

	"github.com/applylens/applylens/engine/jsonvalue"
)

// FuzzApply: any file and live object of a built-in kind, any managers in
// the live managedFields, any field manager and --force-conflicts: Apply
// never panics, fails only with its typed errors, gives the same answer
// twice, and what it returns carries managedFields that read back.
func FuzzApply(f *testing.F) {
	deploy := `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"default"},"spec":{"replicas":3,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"web","image":"nginx:1.27","ports":[{"containerPort":80,"protocol":"TCP"}]}]}}}}`
	live := `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"default","managedFields":[{"manager":"kube-controller-manager","operation":"Update","apiVersion":"apps/v1","subresource":"scale","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}}},{"manager":"kubectl","operation":"Apply","apiVersion":"apps/v1","time":"2025-01-01T00:00:00Z","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:template":{"f:spec":{"f:containers":{"k:{\"name\":\"web\"}":{".":{},"f:image":{},"f:name":{}}}}}}}}]},"spec":{"replicas":7,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"web","image":"nginx:1.26"}]}}}}`
	f.Add(deploy, live, "", false)
	f.Add(deploy, live, "kubectl", true)
	f.Add(deploy, "", "ci", false)
	f.Add(`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{}"}},"data":{"a":"1"}}`,
		`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"data\":{\"b\":\"2\"}}"},"managedFields":[{"manager":"kubectl-client-side-apply","operation":"Update","apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":{"f:data":{"f:b":{}},"f:metadata":{"f:annotations":{".":{},"f:kubectl.kubernetes.io/last-applied-configuration":{}}}}}]},"data":{"b":"2"}}`, "", false)
	f.Add(`{"apiVersion":"v1","kind":"Service","metadata":{"name":"s"},"spec":{"ports":[{"port":53,"protocol":"UDP"},{"port":53,"protocol":"TCP"}]}}`, "", "", false)
	f.Fuzz(func(t *testing.T, fileJSON, liveJSON, manager string, force bool) {
		file, err := jsonvalue.DecodeObject([]byte(fileJSON))
		if err != nil {
			return
		}
		var liveObj map[string]any
		if liveJSON != "" {
			if liveObj, err = jsonvalue.DecodeObject([]byte(liveJSON)); err != nil {
				return
			}
		}
		apply := func() string {
			var live map[string]any
			if liveObj != nil {
				live = jsonvalue.CopyObject(liveObj)
			}
			out, err := Apply(Request{File: jsonvalue.CopyObject(file), Live: live, Manager: manager, Force: force})
			if err != nil {
				var se *ServerError
				var ve *VersionError
				var ce *CRDError
				if !errors.As(err, &se) && !errors.As(err, &ve) && !errors.As(err, &ce) {
					t.Fatalf("error %T %v", err, err)
				}
				return "error: " + err.Error()
			}
			if out.Object == nil {
				return out.Action
			}
			if out.Action != ActionConflict {
				if _, err := Owners(out.Object); err != nil {
					t.Fatalf("the result's managedFields do not read back: %v", err)
				}
			}
			data, err := jsonvalue.Encode(out.Object)
			if err != nil {
				t.Fatal(err)
			}
			return out.Action + " " + string(data)
		}
		if a, b := apply(), apply(); a != b {
			t.Fatalf("two answers:\n%s\n%s", a, b)
		}
	})
}

// TestUndeclaredFieldsErrorIsStable: with several fields the schema does
// not declare in one map, the server names the first its map iteration
// meets, which varies; applylens names the first in key order, every time.
func TestUndeclaredFieldsErrorIsStable(t *testing.T) {
	file := map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": "c"}}
	md := file["metadata"].(map[string]any)
	for _, k := range []string{"zeta", "alpha", "mu", "beta", "omega", "gamma", "delta"} {
		md[k] = map[string]any{}
	}
	const want = "failed to create typed patch object (/c; /v1, Kind=ConfigMap): .metadata.alpha: field not declared in schema"
	for range 50 {
		_, err := Apply(Request{File: jsonvalue.CopyObject(file)})
		if err == nil || err.Error() != want {
			t.Fatalf("error %v, want %s", err, want)
		}
	}
}
