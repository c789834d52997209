package serverside_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/serverside"
)

// serverSideEngine is the engine wired with this package, as
// engine/ssaview wires it for the page.
var serverSideEngine = engine.Engine{ServerSide: serverside.ApplyResult}

// TestEngineApply goes through engine.Engine.Apply, as the page will.
func TestEngineApply(t *testing.T) {
	file := replicas3
	live := liveWith("  replicas: 5\n", autoscalerOwnsReplicas)
	for _, tc := range []struct {
		name      string
		in        engine.Input
		action    string
		conflicts int
	}{
		{name: "create", in: engine.Input{File: file, ServerSide: true}, action: engine.ActionCreate},
		{name: "conflict", in: engine.Input{File: file, Live: live, ServerSide: true}, action: engine.ActionConflict, conflicts: 1},
		{name: "forced", in: engine.Input{File: file, Live: live, ServerSide: true, ForceConflicts: true}, action: engine.ActionConfigure},
		{name: "named manager", in: engine.Input{File: file, Live: live, ServerSide: true, FieldManager: "ci"}, action: engine.ActionConflict, conflicts: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := serverSideEngine.Apply(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if res.Action != tc.action || len(res.Conflicts) != tc.conflicts || res.PatchType != engine.PatchApply {
				t.Fatalf("action %s, conflicts %v, patch type %s", res.Action, res.Conflicts, res.PatchType)
			}
			if tc.conflicts > 0 {
				if res.Conflicts[0].Manager != "autoscaler" || res.Conflicts[0].Field != ".spec.replicas" {
					t.Errorf("conflict %+v", res.Conflicts[0])
				}
				if len(res.Warnings) != 1 || !strings.HasPrefix(res.Warnings[0].Message, "error: Apply failed with 1 conflict: conflict with \"autoscaler\" using apps/v1: .spec.replicas\nPlease review") {
					t.Errorf("warnings %+v", res.Warnings)
				}
				return
			}
			if len(res.Owners) == 0 || !strings.Contains(string(res.Object), `"managedFields"`) {
				t.Errorf("owners %v object %s", res.Owners, res.Object)
			}
		})
	}
}

// TestEngineApplyCustomResource: the CRDs of engine.Input reach the
// server-side apply, and the Result says which schema merged.
func TestEngineApplyCustomResource(t *testing.T) {
	crd := `# the CRD, as kubectl get prints it
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: {kind: Widget, plural: widgets}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              ports:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [port]
                items:
                  type: object
                  properties:
                    port: {type: integer}
                    name: {type: string}
`
	file := "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  ports:\n  - port: 80\n    name: web\n"
	live := `apiVersion: example.com/v1
kind: Widget
metadata:
  name: w
  namespace: default
  managedFields:
  - apiVersion: example.com/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:ports: {}
    manager: mesh
    operation: Apply
    time: "2025-01-01T00:00:00Z"
spec:
  ports:
  - port: 9090
    name: metrics
`
	for _, tc := range []struct {
		name, crds, action, schema, crd string
	}{
		// Without the CRD the list is atomic: mesh owns it whole.
		{name: "no CRD", action: engine.ActionConflict, schema: engine.SchemaNone},
		// With it, the list merges by port: kubectl adds its own.
		{name: "the CRD among empty documents", crds: "---\n" + crd + "---\n", action: engine.ActionConfigure, schema: engine.SchemaCustomResource, crd: "widgets.example.com"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := serverSideEngine.Apply(engine.Input{File: file, Live: live, ServerSide: true, CustomResourceDefinitions: tc.crds})
			if err != nil {
				t.Fatal(err)
			}
			if res.Schema != tc.schema || res.CustomResourceDefinition != tc.crd {
				t.Errorf("schema %q %q, want %q %q", res.Schema, res.CustomResourceDefinition, tc.schema, tc.crd)
			}
			if res.Action != tc.action {
				t.Errorf("action %s, want %s (%v)", res.Action, tc.action, res.Conflicts)
			}
			if tc.action == engine.ActionConfigure && !strings.Contains(string(res.Object), `"ports":[{"name":"metrics","port":9090},{"name":"web","port":80}]`) {
				t.Errorf("object %s", res.Object)
			}
		})
	}
	res, err := serverSideEngine.Apply(engine.Input{File: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n", ServerSide: true})
	if err != nil || res.Schema != engine.SchemaBuiltin {
		t.Errorf("a Deployment: schema %q, %v", res.Schema, err)
	}
	// A CRD the server would not admit: the pane, the line and the field.
	for _, bad := range []struct {
		name, crds string
		line       int
		message    string
	}{
		{"a bad type", "# another CRD first\n" + strings.Replace(crd, "kind: Widget", "kind: Gadget", 1) + "---\n" + strings.Replace(crd, "type: integer", "type: date", 1),
			59, `properties.spec.properties.ports.items.properties.port.type: unrecognized type "date"`},
		{"a missing type, at its field", strings.Replace(crd, "port: {type: integer}", "port: {}", 1),
			28, `properties.port.type: must not be empty`},
	} {
		_, err = serverSideEngine.Apply(engine.Input{File: file, ServerSide: true, CustomResourceDefinitions: bad.crds})
		var ie *engine.InputError
		if !errors.As(err, &ie) || ie.Pane != engine.PaneCRDs || ie.Line != bad.line || !strings.Contains(ie.Message, bad.message) ||
			!strings.HasPrefix(ie.Path, "spec.versions[0].schema.openAPIV3Schema.properties.spec") {
			t.Errorf("%s: %#v", bad.name, err)
		}
	}
}
