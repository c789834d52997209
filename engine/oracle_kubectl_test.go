//go:build !js

package engine

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/jsonmergepatch"
	"k8s.io/apimachinery/pkg/util/mergepatch"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"k8s.io/kubectl/pkg/scheme"
	"k8s.io/kubectl/pkg/util"
	"sigs.k8s.io/yaml"

	"github.com/applylens/applylens/engine/document"
	"github.com/applylens/applylens/engine/jsonvalue"
)

// KubectlResult is what kubectl's own code computes for an Input.
// KubectlApply, KubectlResult and SameJSON are exported for the external
// test package (samples_kubectl_test.go runs every sample through them).
type KubectlResult struct {
	Action, PatchType string
	Patch, Object     []byte
	LastApplied       string
	Err               error
	Panicked          bool
}

// KubectlApply runs kubectl's client-side apply (the code paths of
// apply.go and patcher.go with --dry-run=client) on the inputs.
func KubectlApply(in Input) (res KubectlResult) {
	defer func() {
		if r := recover(); r != nil {
			res = KubectlResult{Panicked: true, Err: fmt.Errorf("panic: %v", r)}
		}
	}()
	decode := func(text string) (*unstructured.Unstructured, error) {
		j, err := yaml.YAMLToJSON([]byte(text))
		if err != nil {
			return nil, err
		}
		obj, _, err := unstructured.UnstructuredJSONScheme.Decode(j, nil, nil)
		if err != nil {
			return nil, err
		}
		return obj.(*unstructured.Unstructured), nil
	}
	file, err := decode(in.File)
	if err != nil {
		return KubectlResult{Err: err}
	}
	// A pane with no document (blank, comments, "---") stands for a
	// NotFound from the server.
	var live *unstructured.Unstructured
	if d, _ := document.ParseOptional(PaneLive, in.Live); d != nil {
		if live, err = decode(in.Live); err != nil {
			return KubectlResult{Err: err}
		}
	}
	// kubectl's resource builder (cli-runtime, not a dependency here;
	// oracle/kubernetes/builder checks scopeFile against it) sets the
	// namespace before apply runs.
	if err := builderNamespace(file, live, in); err != nil {
		return KubectlResult{Err: err}
	}
	// The cluster holds the pasted live object in its own namespace and
	// under its own name, and kubectl gets the object by the file's
	// (resource.Helper.Get with info.Namespace and info.Name): in another
	// namespace, or by another name of the same kind, that is a NotFound,
	// so kubectl creates. (An apiVersion or kind difference stays the
	// patch's precondition failure the page explains.)
	if live != nil && live.GetNamespace() != "" && file.GetNamespace() != "" && live.GetNamespace() != file.GetNamespace() {
		live = nil
	}
	if live != nil && live.GetAPIVersion() == file.GetAPIVersion() && live.GetKind() == file.GetKind() &&
		live.GetName() != "" && file.GetName() != "" && live.GetName() != file.GetName() {
		live = nil
	}
	modified, err := util.GetModifiedConfiguration(file, true, unstructured.UnstructuredJSONScheme)
	if err != nil {
		return KubectlResult{Err: err}
	}
	var m map[string]any
	if err := json.Unmarshal(modified, &m); err != nil {
		return KubectlResult{Err: err}
	}
	res.LastApplied = m["metadata"].(map[string]any)["annotations"].(map[string]any)[LastAppliedAnnotation].(string)
	if live == nil {
		if err := util.CreateApplyAnnotation(file, unstructured.UnstructuredJSONScheme); err != nil {
			return KubectlResult{Err: err}
		}
		jsonvalue.PruneNulls(file.UnstructuredContent())
		res.Action = ActionCreate
		res.Object, res.Err = runtime.Encode(unstructured.UnstructuredJSONScheme, file)
		return res
	}
	current, err := runtime.Encode(unstructured.UnstructuredJSONScheme, live)
	if err != nil {
		return KubectlResult{Err: err}
	}
	var original []byte
	if d, _ := document.ParseWith(PaneLastApplied, in.LastApplied, document.Options{AllowEmpty: true, SkipIdentity: true}); d != nil {
		if original, err = yaml.YAMLToJSON([]byte(in.LastApplied)); err != nil {
			return KubectlResult{Err: err}
		}
	} else if original, err = util.GetOriginalConfiguration(live); err != nil {
		return KubectlResult{Err: err}
	}
	overwrite := in.Overwrite == nil || *in.Overwrite
	versioned, err := scheme.Scheme.New(file.GroupVersionKind())
	if err == nil {
		res.PatchType = PatchStrategic
		lookup, err := strategicpatch.NewPatchMetaFromStruct(versioned)
		if err != nil {
			return KubectlResult{Err: err}
		}
		res.Patch, res.Err = strategicpatch.CreateThreeWayMergePatch(original, modified, current, lookup, overwrite)
	} else {
		res.PatchType = PatchMerge
		res.Patch, res.Err = jsonmergepatch.CreateThreeWayJSONMergePatch(original, modified, current,
			mergepatch.RequireKeyUnchanged("apiVersion"), mergepatch.RequireKeyUnchanged("kind"), mergepatch.RequireMetadataKeyUnchanged("name"))
	}
	if res.Err != nil {
		return res
	}
	if string(res.Patch) == "{}" {
		res.Action = ActionUnchanged
		res.Object = current
		return res
	}
	res.Action = ActionConfigure
	if res.PatchType == PatchStrategic {
		res.Object, res.Err = strategicpatch.StrategicMergePatch(current, res.Patch, versioned)
	} else {
		res.Object, res.Err = jsonpatch.MergePatch(current, res.Patch)
	}
	return res
}

// builderNamespace does to the file what cli-runtime's builder does for
// `kubectl apply -f` (its visitors SetNamespace, RequireNamespace with -n,
// FilterNamespace), given what the page stands in for a cluster's
// discovery and kubeconfig: the scope from k8s.io/api's cluster-scoped
// kinds and in.ClusterScoped for a kind outside kubectl's scheme, the
// context's namespace the live object's ("default" without one), and a
// live object without a namespace taken as cluster-scoped when neither the
// file nor -n names one.
func builderNamespace(file, live *unstructured.Unstructured, in Input) error {
	_, schemeErr := scheme.Scheme.New(file.GroupVersionKind())
	namespaced := !clusterScoped[file.GetKind()] && !(in.ClusterScoped && schemeErr != nil)
	if !namespaced {
		file.SetNamespace("") // FilterNamespace
		return nil
	}
	namespace := in.Namespace
	if namespace == "" {
		if live == nil {
			namespace = DefaultNamespace
		} else if namespace = live.GetNamespace(); namespace == "" {
			return nil // the live object says: cluster-scoped
		}
	}
	if file.GetNamespace() == "" {
		file.SetNamespace(namespace) // SetNamespace
	} else if in.Namespace != "" && file.GetNamespace() != in.Namespace { // RequireNamespace
		return fmt.Errorf("the namespace from the provided object %q does not match the namespace %q. You must pass '--namespace=%s' to perform this operation.", file.GetNamespace(), in.Namespace, file.GetNamespace())
	}
	return nil
}

// compareWithKubectl fails the test when Apply and kubectl disagree on the
// action, patch type, patch, object, annotation or on failing at all.
func compareWithKubectl(t *testing.T, name string, in Input) {
	t.Helper()
	want := KubectlApply(in)
	got, err := Apply(in)
	if want.Err != nil || err != nil {
		if want.Panicked && err != nil {
			return
		}
		if (want.Err == nil) != (err == nil) {
			t.Errorf("%s: error mismatch: engine %v, kubectl %v\ninput: %#v", name, err, want.Err, in)
		}
		return
	}
	if got.Action != want.Action || got.PatchType != want.PatchType {
		t.Errorf("%s: action/patch type: engine %s/%s, kubectl %s/%s", name, got.Action, got.PatchType, want.Action, want.PatchType)
	}
	if !SameJSON(got.Patch, want.Patch) {
		t.Errorf("%s: patch differs:\nengine  %s\nkubectl %s", name, got.Patch, want.Patch)
	}
	if !SameJSON(got.Object, want.Object) {
		t.Errorf("%s: object differs:\nengine  %s\nkubectl %s", name, got.Object, want.Object)
	}
	if got.LastApplied != want.LastApplied {
		t.Errorf("%s: annotation differs:\nengine  %q\nkubectl %q", name, got.LastApplied, want.LastApplied)
	}
}

// SameJSON compares meaning: same values, numbers by apimachinery's rules,
// list order significant, key order not.
func SameJSON(a, b []byte) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	x, err1 := jsonvalue.Decode(a)
	y, err2 := jsonvalue.Decode(b)
	return err1 == nil && err2 == nil && reflect.DeepEqual(x, y)
}
