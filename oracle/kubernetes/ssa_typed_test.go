package kubernetes

import (
	"maps"
	"slices"
	"testing"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/serverside"
	"github.com/applylens/applylens/oracle/kubernetes/ssaschema"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
)

// TestSSATypedServer measures how far engine/serverside, which works on
// JSON objects, is from the field manager as the API server runs it: on
// typed objects (internal in storage, converted by the scheme, empty
// objects the Go zero values), with the result read back through the Go
// types. Defaulting is off on both sides. managedFields must agree; the
// objects differ where the scheme's conversions change them (a Secret's
// stringData folded into data, a DaemonSet's deprecated generation
// annotation, an unset Deployment replicas read back as 0 without
// defaulting), which is engine/apiserver's part: those are logged.
func TestSSATypedServer(t *testing.T) {
	type input struct {
		name       string
		live, file map[string]any
	}
	applied := realApply(t, nil, deploy(2, app), "kubectl", false, t0)
	scaled := realUpdate(t, applied, withReplicas(withoutManaged(applied), 5), "autoscaler", t0)
	inputs := []input{
		{"create", nil, deploy(2, app)},
		{"reapply", applied, deploy(2, app)},
		{"hpa forced", scaled, deploy(3, app)},
	}
	samples := sampleObjects(t, decodes)
	for _, name := range slices.Sorted(maps.Keys(samples)) {
		dir, f := splitSample(name)
		if f != "file.yaml" {
			continue
		}
		inputs = append(inputs, input{dir + " (create)", nil, samples[name]})
		// A live object without managedFields: before-first-apply.
		if live := samples[dir+"/live.yaml"]; live != nil && gvkOf(live) == gvkOf(samples[name]) {
			live = jsonvalue.CopyObject(live)
			delete(live["metadata"].(map[string]any), "managedFields")
			inputs = append(inputs, input{dir + " (before-first-apply)", live, samples[name]})
		}
	}
	same, differ := 0, 0
	for _, in := range inputs {
		gvk := gvkOf(in.file)
		tc := typeConverter(t)
		fm, err := managedfields.NewDefaultFieldManager(tc, legacyscheme.Scheme, undefaulted{}, legacyscheme.Scheme, gvk,
			gvk.GroupKind().WithVersion(runtime.APIVersionInternal).GroupVersion(), "", ssaschema.ResetFilter(gvk.Kind))
		if err != nil {
			t.Fatal(err)
		}
		var live runtime.Object
		if in.live != nil {
			live = toInternal(t, typed(t, in.live))
		} else {
			empty, _ := legacyscheme.Scheme.New(gvk)
			empty.GetObjectKind().SetGroupVersionKind(gvk)
			live = empty // the server's createNewObject: creater.New(kind)
		}
		out, err := fm.Apply(live, unstr(in.file), "kubectl", true)
		// The server holds the live object typed: the engine is given it as
		// the server would print it (kubectl get -o yaml: resources: {} and
		// the like), not as a sample wrote it by hand.
		engineLive := in.live
		if engineLive != nil {
			engineLive = roundTrip(t, in.live)
		}
		got, gerr := serverside.ServerApply(engineLive, in.file, "kubectl", true)
		if err != nil || gerr != nil {
			if (err == nil) != (gerr == nil) && !apierrors.IsConflict(err) {
				t.Logf("%s: server error %v, engine error %v", in.name, err, gerr)
				differ++
			}
			continue
		}
		want := untyped(t, fromInternal(t, out, gvk))
		if g, w := normalized(t, onlyManaged(got), in.live), normalized(t, onlyManaged(want), in.live); g != w {
			t.Errorf("%s: managedFields differ from the typed server\n engine %s\n server %s", in.name, g, w)
		}
		if g, w := normalized(t, roundTrip(t, got), in.live), normalized(t, want, in.live); g != w {
			differ++
			t.Logf("%s: object differs from the typed server's\n engine %s\n server %s", in.name, g, w)
		} else {
			same++
		}
	}
	t.Logf("typed server: %d of %d objects agree, %d differ by conversion", same, len(inputs), differ)
}

func onlyManaged(obj map[string]any) map[string]any {
	md, _ := obj["metadata"].(map[string]any)
	return map[string]any{"metadata": map[string]any{"managedFields": md["managedFields"]}}
}
