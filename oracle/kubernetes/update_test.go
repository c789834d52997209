package kubernetes

import (
	"strconv"
	"testing"

	"github.com/applylens/applylens/engine/jsonvalue"
)

// mutate makes one of the edits a learner applies to a live object.
func (g *gen) mutate(obj map[string]any) string {
	meta := obj["metadata"].(map[string]any)
	spec, _ := obj["spec"].(map[string]any)
	switch g.r.IntN(5) {
	case 0:
		return "unchanged"
	case 1:
		a, _ := meta["annotations"].(map[string]any)
		if a == nil {
			a = map[string]any{}
			meta["annotations"] = a
		}
		a["note"] = "edited"
		return "annotation"
	case 2:
		if spec != nil {
			if _, ok := spec["replicas"]; ok || obj["kind"] == "Deployment" || obj["kind"] == "StatefulSet" || obj["kind"] == "ReplicaSet" {
				spec["replicas"] = int64(5)
				return "replicas"
			}
		}
		return "none"
	case 3:
		if tmpl := templateSpec(obj); tmpl != nil {
			c := tmpl["containers"].([]any)[0].(map[string]any)
			c["image"] = "nginx:1.28"
			return "image"
		}
		return "none"
	default:
		obj["status"] = map[string]any{"observedGeneration": int64(7)}
		return "status"
	}
}

func templateSpec(obj map[string]any) map[string]any {
	spec, _ := obj["spec"].(map[string]any)
	switch obj["kind"] {
	case "Pod":
		return spec
	case "Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job":
		return spec["template"].(map[string]any)["spec"].(map[string]any)
	case "CronJob":
		return spec["jobTemplate"].(map[string]any)["spec"].(map[string]any)["template"].(map[string]any)["spec"].(map[string]any)
	}
	return nil
}

// TestUpdateRandom runs edits of created objects through the update path
// of both: generation, status and the stored object must agree.
func TestUpdateRandom(t *testing.T) {
	n := randomCount(t)
	cases, failed, outside := 0, 0, 0
	for ki, kind := range kinds {
		g := newGen(uint64(200 + ki))
		for i := 0; i < n; i++ {
			o := g.object(kind)
			serverOld, werr := serverCreate(t, withSystemFields(jsonvalue.CopyObject(o)))
			mineOld, gerr := simulatedCreate(withSystemFields(jsonvalue.CopyObject(o)))
			if werr != nil || gerr != nil {
				continue
			}
			// The stored object as a controller left it: a status.
			if _, ok := serverOld["status"]; ok && kind != "Namespace" && kind != "Pod" {
				for _, s := range []map[string]any{serverOld, mineOld} {
					s["status"] = map[string]any{"observedGeneration": int64(1)}
				}
			}
			edited := jsonvalue.CopyObject(mineOld)
			what := g.mutate(edited)
			cases++
			name := kind + "#" + strconv.Itoa(i) + " " + what
			want, werr := serverUpdate(t, asUpdate(jsonvalue.CopyObject(edited), stored(serverOld)), serverOld)
			got, gerr := simulatedUpdate(asUpdate(jsonvalue.CopyObject(edited), stored(mineOld)), mineOld)
			if werr != nil && !sameCauseCount(gerr, werr) {
				if !subsequence(gerr, werr) {
					t.Errorf("%s: causes %+v are not among the server's", name, gerr.Causes)
					failed++
				}
				outside++
				continue
			}
			if !compareErrors(t, name, gerr, werr) || !compareObjects(t, name, got, want) {
				failed++
				if failed > 10 {
					t.Fatal("too many differences")
				}
			}
		}
	}
	t.Logf("%d random updates, %d differ, %d refused by the server for rules not simulated", cases, failed, outside)
}
