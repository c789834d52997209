//go:build !js

package cluster

import (
	"encoding/json"
	"reflect"
	"sort"
	"strings"
	"testing"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/kubectl/pkg/scheme"
	"k8s.io/kubectl/pkg/util"
	"k8s.io/kubectl/pkg/util/prune"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/apiserver"
	"github.com/applylens/applylens/engine/jsonvalue"
)

// serverFields are what the simulated server sets on a write; kubectl's
// patch computations are compared without them.
func withoutServerFields(t *testing.T, data []byte) map[string]any {
	t.Helper()
	o, err := jsonvalue.DecodeObject(data)
	if err != nil {
		t.Fatal(err)
	}
	md, _ := o["metadata"].(map[string]any)
	for _, f := range []string{"resourceVersion", "managedFields", "generation"} {
		delete(md, f)
	}
	return o
}

func unstructuredOf(t *testing.T, data []byte) *unstructured.Unstructured {
	t.Helper()
	u := &unstructured.Unstructured{}
	if err := u.UnmarshalJSON(data); err != nil {
		t.Fatal(err)
	}
	return u
}

// kubectlMergePatchOf is what kubectl label and annotate send: a JSON
// merge patch from the object to the object after edit, applied by the
// server with json-patch's MergePatch.
func kubectlMergePatchOf(t *testing.T, live []byte, edit func(u *unstructured.Unstructured)) []byte {
	t.Helper()
	u := unstructuredOf(t, live)
	oldData, _ := json.Marshal(u)
	edit(u)
	newData, _ := json.Marshal(u)
	patch, err := jsonpatch.CreateMergePatch(oldData, newData)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsonpatch.MergePatch(live, patch)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// kubectlSetPodSpec is kubectl set image/env: the typed object changed,
// a two-way strategic merge patch of the typed encodings, applied by the
// server.
func kubectlSetPodSpec(t *testing.T, live []byte, edit func(spec *corev1.PodSpec)) []byte {
	t.Helper()
	var d appsv1.Deployment
	if err := json.Unmarshal(live, &d); err != nil {
		t.Fatal(err)
	}
	before, _ := json.Marshal(&d)
	edit(&d.Spec.Template.Spec)
	after, _ := json.Marshal(&d)
	patch, err := strategicpatch.CreateTwoWayMergePatch(before, after, &appsv1.Deployment{})
	if err != nil {
		t.Fatal(err)
	}
	out, err := strategicpatch.StrategicMergePatch(live, patch, &appsv1.Deployment{})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestCommandsAgainstKubectl(t *testing.T) {
	cases := []struct {
		name    string
		setup   []string
		command string
		kubectl func(t *testing.T, live []byte) []byte
	}{
		{"scale", nil, "scale deployment/web --replicas=4", func(t *testing.T, live []byte) []byte {
			out, err := jsonpatch.MergePatch(live, []byte(`{"spec":{"replicas":4}}`))
			if err != nil {
				t.Fatal(err)
			}
			return out
		}},
		{"label add", nil, "label deployment web tier=frontend team=a", func(t *testing.T, live []byte) []byte {
			return kubectlMergePatchOf(t, live, func(u *unstructured.Unstructured) {
				l := u.GetLabels()
				l["tier"], l["team"] = "frontend", "a"
				u.SetLabels(l)
			})
		}},
		{"label remove the last", []string{"label deployment web app-"}, "label deployment web extra=1", func(t *testing.T, live []byte) []byte {
			return kubectlMergePatchOf(t, live, func(u *unstructured.Unstructured) {
				u.SetLabels(map[string]string{"extra": "1"})
			})
		}},
		{"label overwrite and remove", []string{"label deployment web tier=a"}, "label deployment web --overwrite tier=b app-", func(t *testing.T, live []byte) []byte {
			return kubectlMergePatchOf(t, live, func(u *unstructured.Unstructured) {
				u.SetLabels(map[string]string{"tier": "b"})
			})
		}},
		{"annotate removes last-applied", nil, "annotate deployment web kubectl.kubernetes.io/last-applied-configuration-", func(t *testing.T, live []byte) []byte {
			return kubectlMergePatchOf(t, live, func(u *unstructured.Unstructured) {
				a := u.GetAnnotations()
				delete(a, "kubectl.kubernetes.io/last-applied-configuration")
				u.SetAnnotations(a)
			})
		}},
		{"set image", nil, "set image deployment/web web=nginx:1.16.1", func(t *testing.T, live []byte) []byte {
			return kubectlSetPodSpec(t, live, func(s *corev1.PodSpec) { s.Containers[0].Image = "nginx:1.16.1" })
		}},
		{"set image all containers", []string{"patch deployment web -p '{\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"side\",\"image\":\"busybox\"}]}}}}'"}, "set image deployment/web *=alpine", func(t *testing.T, live []byte) []byte {
			return kubectlSetPodSpec(t, live, func(s *corev1.PodSpec) {
				for i := range s.Containers {
					s.Containers[i].Image = "alpine"
				}
			})
		}},
		{"set env add then replace", []string{"set env deployment/web A=1 B=2"}, "set env deployment/web B=3 C=4 A-", func(t *testing.T, live []byte) []byte {
			return kubectlSetPodSpec(t, live, func(s *corev1.PodSpec) {
				s.Containers[0].Env = []corev1.EnvVar{{Name: "B", Value: "3"}, {Name: "C", Value: "4"}}
			})
		}},
		{"set env remove all", []string{"set env deployment/web A=1"}, "set env deployment/web A-", func(t *testing.T, live []byte) []byte {
			return kubectlSetPodSpec(t, live, func(s *corev1.PodSpec) { s.Containers[0].Env = nil })
		}},
		{"patch strategic", nil, `patch deployment web -p '{"spec":{"template":{"spec":{"containers":[{"name":"web","image":"x"},{"name":"log","image":"y"}]}}}}'`, func(t *testing.T, live []byte) []byte {
			out, err := strategicpatch.StrategicMergePatch(live, []byte(`{"spec":{"template":{"spec":{"containers":[{"name":"web","image":"x"},{"name":"log","image":"y"}]}}}}`), &appsv1.Deployment{})
			if err != nil {
				t.Fatal(err)
			}
			return out
		}},
		{"patch strategic delete directive", []string{"set env deployment/web A=1 B=2"}, `patch deployment web -p '{"spec":{"template":{"spec":{"containers":[{"name":"web","env":[{"name":"A","$patch":"delete"}]}]}}}}'`, func(t *testing.T, live []byte) []byte {
			out, err := strategicpatch.StrategicMergePatch(live, []byte(`{"spec":{"template":{"spec":{"containers":[{"name":"web","env":[{"name":"A","$patch":"delete"}]}]}}}}`), &appsv1.Deployment{})
			if err != nil {
				t.Fatal(err)
			}
			return out
		}},
		{"patch merge replaces lists", nil, `patch deployment web --type merge -p '{"spec":{"template":{"spec":{"containers":[{"name":"log","image":"y"}]}}}}'`, func(t *testing.T, live []byte) []byte {
			out, err := jsonpatch.MergePatch(live, []byte(`{"spec":{"template":{"spec":{"containers":[{"name":"log","image":"y"}]}}}}`))
			if err != nil {
				t.Fatal(err)
			}
			return out
		}},
		{"patch json", nil, `patch deployment web --type=json -p '[{"op":"add","path":"/spec/replicas","value":3},{"op":"remove","path":"/spec/minReadySeconds"}]'`, func(t *testing.T, live []byte) []byte {
			p, err := jsonpatch.DecodePatch([]byte(`[{"op":"add","path":"/spec/replicas","value":3},{"op":"remove","path":"/spec/minReadySeconds"}]`))
			if err != nil {
				t.Fatal(err)
			}
			out, err := p.Apply(live)
			if err != nil {
				t.Fatal(err)
			}
			return out
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := New(Options{})
			mustRun(t, c, "apply -f web.yaml", map[string]string{"web.yaml": deployV1})
			for _, s := range tc.setup {
				if out := mustRun(t, c, s, nil); out.ExitCode != 0 {
					t.Fatalf("%s: %s", s, out.Stderr)
				}
			}
			out := mustRun(t, c, tc.command, nil)
			if out.ExitCode != 0 || len(out.Changes) != 1 {
				t.Fatalf("%s: exit %d, %d changes, %s", tc.command, out.ExitCode, len(out.Changes), out.Stderr)
			}
			ch := out.Changes[0]
			want := withoutServerFields(t, tc.kubectl(t, ch.Before))
			apiserver.Default(want) // the server defaults what the patch produced
			want = typedRoundTrip(t, want)
			// The server stores a typed object, whose ObjectMeta omits
			// empty label and annotation maps.
			for _, f := range []string{"labels", "annotations"} {
				if m, ok := want["metadata"].(map[string]any)[f].(map[string]any); ok && len(m) == 0 {
					delete(want["metadata"].(map[string]any), f)
				}
			}
			got := withoutServerFields(t, ch.After)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s:\nsimulation %s\nkubectl    %s", tc.command, encode(got), encode(want))
			}
		})
	}
}

func TestEditAgainstKubectl(t *testing.T) {
	c := New(Options{})
	mustRun(t, c, "apply -f web.yaml", map[string]string{"web.yaml": deployV1})
	mustRun(t, c, "set env deployment/web A=1 B=2", nil)
	shown := mustRun(t, c, "get deployment web -o yaml", nil).Stdout
	edited := strings.Replace(strings.Replace(shown, "        - name: A\n          value: \"1\"\n", "", 1), "minReadySeconds: 5", "minReadySeconds: 9", 1)
	if edited == shown {
		t.Fatal("the edit changed nothing")
	}
	out := mustRun(t, c, "edit deployment/web -f edited.yaml", map[string]string{"edited.yaml": edited})
	if out.ExitCode != 0 || out.Stdout != "deployment.apps/web edited\n" {
		t.Fatalf("edit: %+v", out)
	}
	ch := out.Changes[0]
	before := withoutServerFields(t, ch.Before)
	delete(before["metadata"].(map[string]any), "managedFields")
	original, _ := json.Marshal(before)
	editedObjs, cerr := decodeStream("edited.yaml", edited)
	if cerr != nil {
		t.Fatal(cerr)
	}
	editedJSON, _ := json.Marshal(editedObjs[0])
	patch, err := strategicpatch.CreateTwoWayMergePatch(original, editedJSON, &appsv1.Deployment{})
	if err != nil {
		t.Fatal(err)
	}
	want, err := strategicpatch.StrategicMergePatch(ch.Before, patch, &appsv1.Deployment{})
	if err != nil {
		t.Fatal(err)
	}
	w := withoutServerFields(t, want)
	apiserver.Default(w)
	w = typedRoundTrip(t, w)
	if got := withoutServerFields(t, ch.After); !reflect.DeepEqual(got, w) {
		t.Errorf("edit:\nsimulation %s\nkubectl    %s", encode(got), encode(w))
	}
	if again := mustRun(t, c, "edit deployment/web -f same.yaml", map[string]string{"same.yaml": mustRun(t, c, "get deployment web -o yaml", nil).Stdout}); again.Stderr != "Edit cancelled, no changes made.\n" || len(again.Changes) != 0 {
		t.Errorf("an unchanged edit: %+v", again)
	}
}

// TestSaveConfigAgainstKubectl compares the annotation create and replace
// --save-config write with util.CreateOrUpdateAnnotation's.
func TestSaveConfigAgainstKubectl(t *testing.T) {
	for _, command := range []string{"create --save-config -f web.yaml", "create -f web.yaml\nreplace --save-config -f web.yaml"} {
		c := New(Options{})
		var out *Outcome
		for _, line := range strings.Split(command, "\n") {
			out = mustRun(t, c, line, map[string]string{"web.yaml": deployV1})
		}
		objs, _ := decodeStream("web.yaml", deployV1)
		metadataOf(objs[0])["namespace"] = "default"
		u := unstructuredOf(t, encode(objs[0]))
		if err := util.CreateOrUpdateAnnotation(true, u, unstructured.UnstructuredJSONScheme); err != nil {
			t.Fatal(err)
		}
		stored := withoutServerFields(t, out.Changes[0].After)
		got, _ := annotationsOf(stored)["kubectl.kubernetes.io/last-applied-configuration"].(string)
		if want := u.GetAnnotations()["kubectl.kubernetes.io/last-applied-configuration"]; got != want {
			t.Errorf("%s: annotation\n%q\nkubectl writes\n%q", command, got, want)
		}
	}
}

// TestSelectorAgainstApimachinery checks -l's wrapper around
// engine/labelselector (whose own test compares it with labels.Parse on
// generated selectors): the verdicts, and the error text kubectl prints.
func TestSelectorAgainstApimachinery(t *testing.T) {
	selectors := []string{"app=web", "app==web", "app!=web", "app", "!app", "app in (web,db)", "app notin (web, db)", "app=web,tier=front", "tier,app!=db", "",
		"app in web", "app=web,", "a/b/c", "app=-web"}
	labelSets := []map[string]string{{}, {"app": "web"}, {"app": "db"}, {"app": "web", "tier": "front"}, {"tier": "back"}, {"app": "api", "tier": "front"}}
	for _, s := range selectors {
		want, wantErr := labels.Parse(s)
		got, err := parseSelector(s)
		if (err == nil) != (wantErr == nil) || (err != nil && err.Error() != wantErr.Error()) {
			t.Errorf("%q: error %v, apimachinery %v", s, err, wantErr)
			continue
		}
		if err != nil {
			continue
		}
		for _, ls := range labelSets {
			if g, w := got.matches(ls), want.Matches(labels.Set(ls)); g != w {
				t.Errorf("selector %q on %v: simulation %v, apimachinery %v", s, ls, g, w)
			}
		}
	}
}

// TestDefaultPruneAllowlist compares the kinds --prune visits with
// kubectl's default list, read through prune.GetRESTMappings.
func TestDefaultPruneAllowlist(t *testing.T) {
	mapper := meta.NewDefaultRESTMapper(nil)
	for _, k := range builtinKinds {
		scope := meta.RESTScopeRoot
		if k.Namespaced {
			scope = meta.RESTScopeNamespace
		}
		mapper.Add(schema.GroupVersionKind{Group: k.Group, Version: k.Version, Kind: k.Kind}, scope)
	}
	namespaced, cluster, err := prune.GetRESTMappings(mapper, nil, false)
	if err != nil {
		t.Fatalf("kubectl's default prune kinds are not all in the simulation's kinds: %v", err)
	}
	var want []string
	for _, m := range namespaced {
		want = append(want, m.GroupVersionKind.String()+" namespaced")
	}
	for _, m := range cluster {
		want = append(want, m.GroupVersionKind.String()+" cluster")
	}
	var got []string
	for _, pr := range defaultPruneResources {
		scope := "cluster"
		if pr.namespaced {
			scope = "namespaced"
		}
		got = append(got, schema.GroupVersionKind{Group: pr.group, Version: pr.version, Kind: pr.kind}.String()+" "+scope)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("prune allowlist\nsimulation %v\nkubectl    %v", got, want)
	}
	// The scopes of the generated kinds (the discovery's) agree with the
	// client-side engine's list of cluster-scoped kinds.
	var mismatched []string
	for _, k := range builtinKinds {
		res, err := engine.Apply(engine.Input{File: "apiVersion: " + k.apiVersion() + "\nkind: " + k.Kind + "\nmetadata:\n  name: x\n"})
		if err != nil {
			t.Fatalf("%s: %v", k.Kind, err)
		}
		if k.Namespaced != (res.Namespace != "") {
			mismatched = append(mismatched, k.Kind)
		}
	}
	sort.Strings(mismatched)
	if len(mismatched) > 0 {
		t.Errorf("scope differs between the discovery and the engine's clusterScoped for %v", mismatched)
	}
}

// typedRoundTrip is what storing does to a built-in object: decoded into
// its k8s.io/api type and encoded again.
func typedRoundTrip(t *testing.T, obj map[string]any) map[string]any {
	t.Helper()
	group, version := splitAPIVersion(obj["apiVersion"].(string))
	typed, err := scheme.Scheme.New(schema.GroupVersionKind{Group: group, Version: version, Kind: obj["kind"].(string)})
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(encode(obj), typed); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(typed)
	if err != nil {
		t.Fatal(err)
	}
	return withoutServerFields(t, data)
}

func TestLabelValuesAgainstApimachinery(t *testing.T) {
	for _, v := range []string{"", "web", "a b", "-web", "web-", "my_value.1", strings.Repeat("x", 63), strings.Repeat("x", 64), strings.Repeat("x", 64) + "-", "ünï"} {
		if got, want := labelValueErrors(v), validation.IsValidLabelValue(v); strings.Join(got, ";") != strings.Join(want, ";") {
			t.Errorf("%q:\nsimulation %q\napimachinery %q", v, got, want)
		}
	}
}
