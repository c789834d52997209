//go:build !js

package samples

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
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

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/jsonvalue"
)

// TestSamplesAgreeWithKubectl runs every sample through kubectl's own code
// and the engine: same action, patch type, patch, object and annotation, or
// both fail (the overwrite-false sample must fail with a conflict).
func TestSamplesAgreeWithKubectl(t *testing.T) {
	for _, s := range All() {
		t.Run(s.ID, func(t *testing.T) {
			want := kubectl(s.ClientSideInput())
			got, err := engine.Apply(s.ClientSideInput())
			if s.ID == "overwrite-false" && !mergepatch.IsConflict(want.err) {
				t.Fatalf("kubectl error %v, want a conflict", want.err)
			}
			if want.err != nil || err != nil {
				if want.err == nil || err == nil {
					t.Fatalf("engine error %v, kubectl error %v", err, want.err)
				}
				// kubectl's message is kept inside the engine's.
				if !strings.Contains(err.Error(), want.err.Error()) {
					t.Errorf("engine error %q does not carry kubectl's %q", err, want.err)
				}
				return
			}
			if got.Action != want.action || got.PatchType != want.patchType {
				t.Errorf("action/patch type: engine %s/%s, kubectl %s/%s", got.Action, got.PatchType, want.action, want.patchType)
			}
			if !sameMeaning(t, got.Patch, want.patch) {
				t.Errorf("patch differs:\nengine  %s\nkubectl %s", got.Patch, want.patch)
			}
			if !sameMeaning(t, got.Object, want.object) {
				t.Errorf("object differs:\nengine  %s\nkubectl %s", got.Object, want.object)
			}
			if got.LastApplied != want.lastApplied {
				t.Errorf("annotation differs:\nengine  %q\nkubectl %q", got.LastApplied, want.lastApplied)
			}
		})
	}
}

// sameMeaning compares JSON documents as values: key order aside, numbers
// by apimachinery's int64/float64 rules, list order significant.
func sameMeaning(t *testing.T, a, b []byte) bool {
	t.Helper()
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	x, err := jsonvalue.Decode(a)
	if err != nil {
		t.Fatalf("engine JSON: %v", err)
	}
	y, err := jsonvalue.Decode(b)
	if err != nil {
		t.Fatalf("kubectl JSON: %v", err)
	}
	return reflect.DeepEqual(x, y)
}

// oracleResult is what kubectl's own code computes for a sample.
type oracleResult struct {
	action, patchType string
	patch, object     []byte
	lastApplied       string
	err               error
}

// kubectl runs the code paths of kubectl apply (apply.go, patcher.go,
// --dry-run=client) with the pinned k8s.io modules.
func kubectl(in engine.Input) (res oracleResult) {
	defer func() {
		if r := recover(); r != nil {
			res = oracleResult{err: fmt.Errorf("panic: %v", r)}
		}
	}()
	file, err := decodeUnstructured(in.File)
	if err != nil {
		return oracleResult{err: err}
	}
	modified, err := util.GetModifiedConfiguration(file, true, unstructured.UnstructuredJSONScheme)
	if err != nil {
		return oracleResult{err: err}
	}
	var m struct {
		Metadata struct {
			Annotations map[string]string `json:"annotations"`
		} `json:"metadata"`
	}
	if err := json.Unmarshal(modified, &m); err != nil {
		return oracleResult{err: err}
	}
	res.lastApplied = m.Metadata.Annotations[engine.LastAppliedAnnotation]

	var live *unstructured.Unstructured
	if strings.TrimSpace(in.Live) != "" {
		if live, err = decodeUnstructured(in.Live); err != nil {
			return oracleResult{err: err}
		}
		// The cluster holds the live object in its own namespace; kubectl
		// gets the object in the file's: another namespace is a NotFound.
		if live.GetNamespace() != "" && file.GetNamespace() != "" && live.GetNamespace() != file.GetNamespace() {
			live = nil
		}
		// And under its own name: another name of the same kind is a
		// NotFound too (kubectl gets info.Name, the file's).
		if live != nil && live.GetAPIVersion() == file.GetAPIVersion() && live.GetKind() == file.GetKind() &&
			live.GetName() != "" && file.GetName() != "" && live.GetName() != file.GetName() {
			live = nil
		}
	}
	if live == nil {
		if err := util.CreateApplyAnnotation(file, unstructured.UnstructuredJSONScheme); err != nil {
			return oracleResult{err: err}
		}
		dropNulls(file.Object) // kubectl's apply prunes nulls before create
		res.action = engine.ActionCreate
		res.object, res.err = runtime.Encode(unstructured.UnstructuredJSONScheme, file)
		return res
	}
	current, err := runtime.Encode(unstructured.UnstructuredJSONScheme, live)
	if err != nil {
		return oracleResult{err: err}
	}
	var original []byte
	if strings.TrimSpace(in.LastApplied) != "" {
		if original, err = yaml.YAMLToJSON([]byte(in.LastApplied)); err != nil {
			return oracleResult{err: err}
		}
	} else if original, err = util.GetOriginalConfiguration(live); err != nil {
		return oracleResult{err: err}
	}

	overwrite := in.Overwrite == nil || *in.Overwrite
	versioned, err := scheme.Scheme.New(file.GroupVersionKind())
	if err == nil {
		res.patchType = engine.PatchStrategic
		meta, err := strategicpatch.NewPatchMetaFromStruct(versioned)
		if err != nil {
			return oracleResult{err: err}
		}
		res.patch, res.err = strategicpatch.CreateThreeWayMergePatch(original, modified, current, meta, overwrite)
	} else {
		res.patchType = engine.PatchMerge
		res.patch, res.err = jsonmergepatch.CreateThreeWayJSONMergePatch(original, modified, current,
			mergepatch.RequireKeyUnchanged("apiVersion"),
			mergepatch.RequireKeyUnchanged("kind"),
			mergepatch.RequireMetadataKeyUnchanged("name"))
	}
	if res.err != nil {
		return res
	}
	if string(res.patch) == "{}" {
		res.action = engine.ActionUnchanged
		res.object = current
		return res
	}
	res.action = engine.ActionConfigure
	if res.patchType == engine.PatchStrategic {
		res.object, res.err = strategicpatch.StrategicMergePatch(current, res.patch, versioned)
	} else {
		res.object, res.err = jsonpatch.MergePatch(current, res.patch)
	}
	return res
}

func decodeUnstructured(text string) (*unstructured.Unstructured, error) {
	j, err := yaml.YAMLToJSON([]byte(text))
	if err != nil {
		return nil, err
	}
	obj, _, err := unstructured.UnstructuredJSONScheme.Decode(j, nil, nil)
	if err != nil {
		return nil, err
	}
	u, ok := obj.(*unstructured.Unstructured)
	if !ok {
		return nil, fmt.Errorf("decoded %T, want one object", obj)
	}
	return u, nil
}

func dropNulls(v any) {
	switch t := v.(type) {
	case map[string]any:
		for k, e := range t {
			if e == nil {
				delete(t, k)
				continue
			}
			dropNulls(e)
		}
	case []any:
		for _, e := range t {
			dropNulls(e)
		}
	}
}
