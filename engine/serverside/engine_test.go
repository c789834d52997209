package serverside_test

import (
	"strings"
	"testing"

	"github.com/applylens/applylens/engine"
	_ "github.com/applylens/applylens/engine/serverside"
)

// TestEngineApply goes through engine.Apply, as the page will.
func TestEngineApply(t *testing.T) {
	file := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: default\nspec:\n  replicas: 3\n"
	live := `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
  managedFields:
  - apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:replicas: {}
    manager: autoscaler
    operation: Update
    time: "2025-01-01T00:00:00Z"
spec:
  replicas: 5
`
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
			res, err := engine.Apply(tc.in)
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
