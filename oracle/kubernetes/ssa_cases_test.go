package kubernetes

import (
	"fmt"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/serverside"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/util/managedfields"
)

var t0 = time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)

func deploy(replicas int, containers string) map[string]any {
	return obj(fmt.Sprintf(`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"default"},
"spec":{"replicas":%d,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},
"spec":{"containers":[%s]}}}}`, replicas, containers))
}

const app = `{"name":"app","image":"nginx:1"}`

func withReplicas(o map[string]any, n int64) map[string]any {
	o = jsonvalue.CopyObject(o)
	o["spec"].(map[string]any)["replicas"] = n
	return o
}

func withoutManaged(o map[string]any) map[string]any {
	o = jsonvalue.CopyObject(o)
	delete(o["metadata"].(map[string]any), "managedFields")
	return o
}

// TestSSANamedCases compares engine/serverside with the real field manager
// on the situations server-side apply is about.
func TestSSANamedCases(t *testing.T) {
	applied := realApply(t, nil, deploy(2, app), "kubectl", false, t0)
	scaled := realUpdate(t, applied, withReplicas(withoutManaged(applied), 5), "autoscaler", t0.Add(time.Hour))
	sidecarFile := deploy(2, `{"name":"sidecar","image":"envoy:1"}`)
	withSidecar := realApply(t, applied, sidecarFile, "mesh", false, t0.Add(time.Hour))
	ports := `{"name":"dns","image":"dns:1","ports":[{"containerPort":53,"protocol":"TCP"},{"containerPort":53,"protocol":"UDP"}]}`
	env := `{"name":"app","image":"nginx:1","env":[{"name":"A","value":"1"},{"name":"A","value":"2"}]}`
	labelled := deploy(2, app)
	labelled["metadata"].(map[string]any)["labels"] = map[string]any{"team": "a", "tier": "web"}
	sharedLabels := realApply(t, nil, labelled, "kubectl", false, t0)
	other := deploy(2, app)
	other["metadata"].(map[string]any)["labels"] = map[string]any{"tier": "web"}
	sharedLabels = realApply(t, sharedLabels, other, "ops", false, t0.Add(time.Minute))

	// A controller writes status through the status subresource.
	statusFM, err := managedfields.NewDefaultFieldManager(typeConverter(t), unconverted{}, undefaulted{}, emptyCreater{},
		gvkOf(applied), gvkOf(applied).GroupVersion(), "status", nil)
	if err != nil {
		t.Fatal(err)
	}
	withStatus := withoutManaged(applied)
	withStatus["metadata"].(map[string]any)["managedFields"] = jsonvalue.Copy(applied["metadata"].(map[string]any)["managedFields"])
	withStatus["status"] = map[string]any{"replicas": int64(2), "readyReplicas": int64(2)}
	statusOut, err := statusFM.Update(unstr(applied), unstr(withStatus), "kube-controller-manager")
	if err != nil {
		t.Fatal(err)
	}
	statusLive := stamp(t, asMap(t, statusOut), t0.Add(2*time.Hour))
	if e := managedList(statusLive); len(e) != 2 || e[1]["subresource"] != "status" {
		t.Fatalf("no status entry: %v", mustJSON(e))
	}

	csaFile := deploy(3, app)
	csaLive := jsonvalue.CopyObject(csaFile)
	csaLive["metadata"].(map[string]any)["annotations"] = map[string]any{serverside.LastAppliedAnnotation: mustLine(csaFile)}
	csaLive = realUpdate(t, nil, csaLive, "kubectl-client-side-apply", t0)
	csaScaled := realUpdate(t, csaLive, withReplicas(withoutManaged(csaLive), 6), "autoscaler", t0.Add(time.Hour))

	cases := []struct {
		name          string
		live, file    map[string]any
		manager       string
		force         bool
		wantConflicts bool
	}{
		{name: "create", file: deploy(2, app)},
		{name: "reapply unchanged", live: applied, file: deploy(2, app)},
		{name: "hpa owns replicas: conflict", live: scaled, file: deploy(3, app), wantConflicts: true},
		{name: "hpa owns replicas: same value co-owns", live: scaled, file: deploy(5, app)},
		{name: "hpa owns replicas: forced", live: scaled, file: deploy(3, app), force: true},
		{name: "hpa owns replicas: dropped from the file", live: scaled, file: func() map[string]any {
			f := deploy(2, app)
			delete(f["spec"].(map[string]any), "replicas")
			return f
		}()},
		{name: "sidecar of another manager kept", live: withSidecar, file: deploy(2, `{"name":"app","image":"nginx:2"}`)},
		{name: "sidecar: other manager changes it", live: withSidecar, file: deploy(2, app+`,{"name":"sidecar","image":"envoy:2"}`), wantConflicts: true},
		{name: "sidecar: removed by its manager", live: withSidecar, file: deploy(2, `{"name":"other","image":"x:1"}`), manager: "mesh"},
		{name: "ports TCP and UDP on one port", file: deploy(1, ports)},
		{name: "ports: UDP removed", live: realApply(t, nil, deploy(1, ports), "kubectl", false, t0),
			file: deploy(1, `{"name":"dns","image":"dns:1","ports":[{"containerPort":53,"protocol":"TCP"}]}`)},
		{name: "duplicate env names in live", live: realUpdate(t, nil, deploy(1, env), "kubectl-edit", t0), file: deploy(1, app)},
		{name: "duplicate env names in the file", file: deploy(1, env)},
		{name: "label removed but another manager owns it", live: sharedLabels, file: deploy(2, app)},
		{name: "migration from client-side apply", live: csaLive, file: deploy(4, app)},
		{name: "migration with a field another manager took", live: csaScaled, file: deploy(4, app), wantConflicts: true},
		{name: "migration, other field manager", live: csaLive, file: deploy(4, app), manager: "ci", wantConflicts: true},
		{name: "migration, other field manager, same values", live: csaLive, file: deploy(3, app), manager: "ci"},
		{name: "migration, forced", live: csaScaled, file: deploy(4, app), force: true},
		{name: "status in the file: a reset field, never owned", live: applied, file: func() map[string]any {
			f := deploy(2, app)
			f["status"] = map[string]any{"replicas": int64(2)}
			return f
		}()},
		{name: "status owned through the status subresource", live: statusLive, file: deploy(4, app)},
		{name: "status in the file next to a status manager", live: statusLive, file: func() map[string]any {
			f := deploy(2, app)
			f["status"] = map[string]any{"replicas": int64(7)}
			return f
		}()},
		{name: "custom resource (deduced schema)", live: realApply(t, nil, obj(`{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"},"spec":{"size":1,"tags":["a"]}}`), "kubectl", false, t0),
			file: obj(`{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"},"spec":{"color":"red"}}`)},
	}
	for _, tc := range cases {
		ok, action := checkSSA(t, tc.name, tc.live, tc.file, tc.manager, tc.force)
		t.Logf("%s: %s, agree: %v", tc.name, action, ok)
		if ok && (action == serverside.ActionConflict) != tc.wantConflicts {
			t.Errorf("%s: action %s, conflicts expected: %v", tc.name, action, tc.wantConflicts)
		}
	}
}

func mustLine(o map[string]any) string {
	b, err := jsonvalue.Encode(o)
	if err != nil {
		panic(err)
	}
	return string(b) + "\n"
}

// TestSSASamples applies every sample's file server-side to its live object
// as client-side apply created it (an Update by kubectl-client-side-apply,
// so the migration runs), and to nothing (a create).
func TestSSASamples(t *testing.T) {
	dirs := map[string]map[string]map[string]any{}
	for name, o := range sampleObjects(t, func(o map[string]any) bool { return o["apiVersion"] != nil && o["kind"] != nil }) {
		dir, file := splitSample(name)
		if dirs[dir] == nil {
			dirs[dir] = map[string]map[string]any{}
		}
		dirs[dir][file] = o
	}
	n := 0
	for _, dir := range slices.Sorted(maps.Keys(dirs)) {
		file, live := dirs[dir]["file.yaml"], dirs[dir]["live.yaml"]
		if file == nil || gvkOf(file) != gvkOfOrNil(live, file) {
			continue
		}
		checkSSA(t, dir+" (create)", nil, file, "", false)
		if live != nil {
			delete(live["metadata"].(map[string]any), "managedFields")
			if live = tryUpdate(t, live, "kubectl-client-side-apply", t0); live == nil {
				continue // the server could not type it: the create case covers the error
			}
			checkSSA(t, dir, live, file, "", false)
			checkSSA(t, dir+" (forced, other manager)", live, file, "ci", true)
		}
		n++
	}
	t.Logf("%d samples", n)
}

func gvkOfOrNil(live, file map[string]any) any {
	if live == nil {
		return gvkOf(file)
	}
	return gvkOf(live)
}

func splitSample(name string) (string, string) {
	for i := len(name) - 1; i >= 0; i-- {
		if name[i] == '/' {
			return name[:i], name[i+1:]
		}
	}
	return "", name
}

// TestSSARandom: generated objects applied server-side or client-side
// (an Update owning the last-applied annotation), changed by an Update of
// another manager, then applied again (edited) by kubectl or a third
// manager, forced or not.
func TestSSARandom(t *testing.T) {
	kinds := []string{"Deployment", "Pod", "Service", "StatefulSet", "DaemonSet", "Job", "CronJob", "ConfigMap"}
	n := randomCount(t)
	bad, checked := 0, 0
	actions := map[string]int{}
	for i := 0; i < n; i++ {
		g := newGen(uint64(i) + 1000)
		kind := kinds[i%len(kinds)]
		first := g.object(kind)
		if !decodes(first) {
			continue
		}
		var live map[string]any
		if g.coin() {
			live = realApply(t, nil, first, "kubectl", false, t0)
		} else {
			// Created by client-side apply: the next apply migrates it.
			csa := jsonvalue.CopyObject(first)
			md := csa["metadata"].(map[string]any)
			annots, _ := md["annotations"].(map[string]any)
			annots = jsonvalue.CopyObject(annots)
			if annots == nil {
				annots = map[string]any{}
			}
			annots[serverside.LastAppliedAnnotation] = mustLine(first)
			md["annotations"] = annots
			live = realUpdate(t, nil, csa, "kubectl-client-side-apply", t0)
		}
		edited := g.object(kind)
		edited["metadata"] = first["metadata"]
		if decodes(edited) && g.coin() {
			live = realUpdate(t, live, merged(withoutManaged(live), edited), "controller", t0.Add(time.Hour))
		}
		next := g.object(kind)
		next["metadata"] = first["metadata"]
		if !decodes(next) {
			continue
		}
		manager := g.pick("kubectl", "ci", "kubectl").(string)
		ok, action := checkSSA(t, fmt.Sprintf("random %d %s", i, kind), live, next, manager, g.coin())
		if !ok {
			bad++
		}
		checked++
		actions[action]++
	}
	t.Logf("%d random applies checked (%v), %d disagreements", checked, actions, bad)
}

// merged is live with the top-level fields of edited (an Update that
// rewrites spec).
func merged(live, edited map[string]any) map[string]any {
	out := jsonvalue.CopyObject(live)
	for k, v := range edited {
		if k != "metadata" {
			out[k] = jsonvalue.Copy(v)
		}
	}
	return out
}

// tryUpdate records obj as created by an Update of manager; nil when the
// server cannot type it.
func tryUpdate(t testing.TB, obj map[string]any, manager string, at time.Time) map[string]any {
	fm := fakeFieldManager(t, obj)
	out, err := fm.Update(emptyLive(obj), unstr(obj), manager)
	if err != nil || len(out.(*unstructured.Unstructured).GetManagedFields()) == 0 {
		return nil
	}
	return stamp(t, out.(*unstructured.Unstructured).Object, at)
}
