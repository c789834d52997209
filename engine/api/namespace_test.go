package api

import (
	"reflect"
	"strings"
	"testing"
)

// TestNamespaceFlags checks that a request's namespace and clusterScoped
// reach the engine: the object's namespace, the kubectl patch command,
// kubectl's mismatch error on the file's field, a malformed flag.
func TestNamespaceFlags(t *testing.T) {
	t.Parallel()
	sess := new(Session)
	const (
		deployment = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n"
		inA        = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: a\nspec:\n  replicas: 2\n"
		liveInB    = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: b\nspec:\n  replicas: 3\n"
		backup     = "apiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: nightly\nspec:\n  keep: 3\n"
	)
	cases := []struct {
		name    string
		request string
		// in the result: wantObject in objectYAML, wantPatch the kubectl patch command
		wantObject, wantPatch, notObject string
		wantError                        *Error
	}{
		{name: "-n names the namespace", request: request(t, Request{File: deployment, Namespace: "b"}), wantObject: "namespace: b\n"},
		{name: "-n in the kubectl patch command", request: request(t, Request{File: deployment, Live: liveInB, Namespace: "b"}), wantPatch: "kubectl patch deployment/web -n b "},
		{name: "cluster-scoped custom kind", request: request(t, Request{File: backup, Namespace: "b", ClusterScoped: true}), notObject: "namespace:"},
		{name: "namespaced custom kind", request: request(t, Request{File: backup, Namespace: "b"}), wantObject: "namespace: b\n"},
		{name: "mismatch", request: request(t, Request{File: inA, Namespace: "b"}), wantError: &Error{Kind: KindInput, Pane: "file", Line: 5, Path: "metadata.namespace",
			Message: `the namespace from the provided object "a" does not match the namespace "b". You must pass '--namespace=a' to perform this operation.`}},
		{name: "malformed clusterScoped", request: `{"file":"kind: Pod","clusterScoped":"yes"}`, wantError: &Error{Kind: KindInternal, Message: `malformed request: "clusterScoped" must be true or false`}},
		{name: "malformed namespace", request: `{"file":"kind: Pod","namespace":1}`, wantError: &Error{Kind: KindInternal, Message: `malformed request: "namespace" must be a string`}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := decode(t, sess.Handle(tc.request))
			if tc.wantError != nil {
				if r.Error == nil || !reflect.DeepEqual(*r.Error, *tc.wantError) {
					t.Fatalf("error = %+v, want %+v", r.Error, tc.wantError)
				}
				return
			}
			if r.Result == nil {
				t.Fatalf("no result: %+v %+v", r.Error, r.Delta)
			}
			if tc.wantObject != "" && !strings.Contains(r.Result.ObjectYAML, tc.wantObject) {
				t.Errorf("object lacks %q:\n%s", tc.wantObject, r.Result.ObjectYAML)
			}
			if tc.notObject != "" && strings.Contains(r.Result.ObjectYAML, tc.notObject) {
				t.Errorf("object has %q:\n%s", tc.notObject, r.Result.ObjectYAML)
			}
			if !strings.HasPrefix(r.Result.KubectlPatch, tc.wantPatch) {
				t.Errorf("kubectl patch = %q, want it to start with %q", r.Result.KubectlPatch, tc.wantPatch)
			}
		})
	}
}

// TestElsewhere: a file naming another namespace than the live object's
// is answered as the create kubectl does there, with the outcome's
// explanation and kubectl's line; a delta carries the outcome as it comes
// and goes.
func TestElsewhere(t *testing.T) {
	const (
		inA     = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: a\nspec:\n  replicas: 2\n"
		inB     = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: b\nspec:\n  replicas: 2\n"
		liveInB = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: b\nspec:\n  replicas: 3\n  paused: true\n"
	)
	sess := new(Session)
	r := decode(t, sess.Handle(request(t, Request{File: inA, Live: liveInB})))
	if r.Result == nil {
		t.Fatalf("no result: %+v", r.Error)
	}
	e := r.Result.Elsewhere
	if e == nil || e.Namespace != "a" || e.LiveNamespace != "b" || e.Kubectl != "deployment.apps/web created" || !strings.Contains(e.Explanation, "The file names namespace a, the live object is in b") {
		t.Fatalf("elsewhere = %+v\n%s", e, sess.Handle(request(t, Request{File: inA, Live: liveInB})))
	}
	if r.Result.Action != "create" || r.Result.LiveYAML != "" || !strings.Contains(r.Result.ObjectYAML, "namespace: a\n") || strings.Contains(r.Result.ObjectYAML, "paused") {
		t.Errorf("not the create in a: action %s, live %q, object:\n%s", r.Result.Action, r.Result.LiveYAML, r.Result.ObjectYAML)
	}
	withAnnotation := strings.Replace(liveInB, "  namespace: b\n", "  namespace: b\n  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: '{\"spec\":{\"replicas\":1}}'\n", 1)
	if d := decode(t, sess.Handle(request(t, Request{File: inA, Live: withAnnotation, LastAppliedFromLive: true}))); d.Result == nil || d.Result.DerivedLastAppliedYAML != "spec:\n  replicas: 1\n" {
		t.Errorf("the live object's annotation is not shown in the last-applied pane: %+v", d.Result)
	}
	// Nothing says the object does not exist while the live pane holds one.
	if !strings.HasPrefix(r.Result.PatchTypeWhy, "No object is given in namespace a, where kubectl looks for it (the live object is in b)") {
		t.Errorf("patchTypeWhy = %q", r.Result.PatchTypeWhy)
	}
	for _, st := range r.Result.Steps {
		if st.Rule == "create" && !strings.Contains(st.Why, "(the live object is in b, another object it leaves untouched)") {
			t.Errorf("the create step says %q", st.Why)
		}
	}
	for _, w := range r.Result.Warnings {
		if w.Code == "identity-mismatch" {
			t.Errorf("a warning about the live object it no longer compares with: %s", w.Message)
		}
	}

	p := &page{s: new(Session)}
	for i, file := range []string{inA, inB, inA} {
		got, _ := p.ask(t, Request{File: file, Live: liveInB})
		want := whole(t, new(Session), Request{File: file, Live: liveInB})
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("request %d: the page holds\n%v\nwant\n%v", i, got["elsewhere"], want["elsewhere"])
		}
		if _, has := got["elsewhere"]; has != (file == inA) {
			t.Errorf("request %d: elsewhere present %v", i, has)
		}
	}
}

// TestNameElsewhere: a file naming another object than the live one (same
// apiVersion and kind, another name) is answered as the create kubectl
// does, with both names in the outcome and the JSON, no warning about the
// live object, and a create step that claims no namespace difference.
func TestNameElsewhere(t *testing.T) {
	const (
		web2 = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web2\nspec:\n  replicas: 2\n"
		web  = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n"
		live = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: default\nspec:\n  replicas: 3\n  paused: true\n"
	)
	out := new(Session).Handle(request(t, Request{File: web2, Live: live}))
	if !strings.Contains(out, `"name":"web2","liveName":"web"`) {
		t.Errorf("the JSON lacks both names: %s", out)
	}
	res := decode(t, out).Result
	if res == nil {
		t.Fatalf("no result: %s", out)
	}
	e := res.Elsewhere
	if e == nil || e.Name != "web2" || e.LiveName != "web" || e.Namespace != "default" || e.LiveNamespace != "default" || e.Kubectl != "deployment.apps/web2 created" ||
		!strings.HasPrefix(e.Explanation, "The file names Deployment web2, the live object is Deployment web (both in default)") {
		t.Fatalf("elsewhere = %+v", e)
	}
	if res.Action != "create" || res.LiveYAML != "" || strings.Contains(res.ObjectYAML, "paused") || !strings.Contains(res.ObjectYAML, "name: web2\n") {
		t.Errorf("not the create of web2: action %s, object:\n%s", res.Action, res.ObjectYAML)
	}
	for _, w := range res.Warnings {
		if w.Code == "identity-mismatch" {
			t.Errorf("a warning about the live object kubectl does not compare with: %s", w.Message)
		}
	}
	if !strings.HasPrefix(res.PatchTypeWhy, "No object named web2 is given, the one kubectl looks for (the live object is web), so kubectl creates the object from the file") {
		t.Errorf("patchTypeWhy = %q", res.PatchTypeWhy)
	}
	for _, st := range res.Steps {
		if st.Rule == "create" && (!strings.Contains(st.Why, "(the live object is web, another object it leaves untouched)") || strings.Contains(st.Why, "namespace")) {
			t.Errorf("the create step says %q", st.Why)
		}
	}
	// The same name is the live object: a patch, no outcome.
	if r := decode(t, new(Session).Handle(request(t, Request{File: web, Live: live}))); r.Result == nil || r.Result.Elsewhere != nil || r.Result.Action != "configure" {
		t.Errorf("the same name: %+v", r.Result)
	}
}
