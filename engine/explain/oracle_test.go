//go:build !js

package explain

import (
	"errors"
	"reflect"
	"testing"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/jsonmergepatch"
	"k8s.io/apimachinery/pkg/util/strategicpatch"

	"github.com/applylens/applylens/engine/internal/gen"
	"github.com/applylens/applylens/engine/schema"
	"github.com/applylens/applylens/engine/strategic"
)

// metaNode adapts strategicpatch's struct-tag metadata to schema.Node, so
// the oracle can run explain on exactly the metadata kubectl uses.
type metaNode struct {
	l strategicpatch.LookupPatchMeta
}

func wrap(l strategicpatch.LookupPatchMeta, pm strategicpatch.PatchMeta, err error) (schema.Node, schema.Meta, error) {
	if err != nil {
		return nil, schema.Meta{}, err
	}
	return metaNode{l}, schema.Meta{Strategies: pm.GetPatchStrategies(), MergeKey: pm.GetPatchMergeKey()}, nil
}

func (n metaNode) Field(k string) (schema.Node, schema.Meta, error) {
	return wrap(n.l.LookupPatchMetadataForStruct(k))
}
func (n metaNode) Items(k string) (schema.Node, schema.Meta, error) {
	return wrap(n.l.LookupPatchMetadataForSlice(k))
}
func (n metaNode) Name() string { return n.l.Name() }

func dataStruct(kind string) any {
	switch kind {
	case "Deployment":
		return &appsv1.Deployment{}
	case "Service":
		return &corev1.Service{}
	case "Secret":
		return &corev1.Secret{}
	}
	return nil
}

// kubectlPatch computes the patch and result with k8s.io/apimachinery.
func kubectlPatch(t *testing.T, in Inputs, overwrite bool) (patch, result map[string]any, err error) {
	t.Helper()
	kind, _ := in.Modified["kind"].(string)
	var p, r []byte
	if ds := dataStruct(kind); ds != nil {
		meta, merr := strategicpatch.NewPatchMetaFromStruct(ds)
		if merr != nil {
			t.Fatal(merr)
		}
		p, err = strategicpatch.CreateThreeWayMergePatch(gen.EncodeObject(in.Original), gen.EncodeObject(in.Modified), gen.EncodeObject(in.Current), meta, overwrite)
		if err != nil {
			return nil, nil, err
		}
		r, err = strategicpatch.StrategicMergePatch(gen.EncodeObject(in.Current), p, ds)
	} else {
		p, err = jsonmergepatch.CreateThreeWayJSONMergePatch(gen.EncodeObject(in.Original), gen.EncodeObject(in.Modified), gen.EncodeObject(in.Current))
		if err != nil {
			return nil, nil, err
		}
		r, err = jsonpatch.MergePatch(gen.EncodeObject(in.Current), p)
	}
	if err != nil {
		t.Fatal(err)
	}
	return decode(t, string(p)), decode(t, string(r)), nil
}

// TestOracleFixtures checks every hand-written patch and result against
// kubectl's own code, and the fake schema against k8s.io/api's tags.
func TestOracleFixtures(t *testing.T) {
	for _, tc := range stepCases {
		in := build(t, tc.fixture)
		if in.Current == nil || in.Patch == nil {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			patch, result, err := kubectlPatch(t, in, true)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(patch, in.Patch) {
				t.Errorf("patch:\n got %s\nwant %s", raw(in.Patch), raw(patch))
			}
			if !reflect.DeepEqual(result, in.Result) {
				t.Errorf("result:\n got %s\nwant %s", raw(in.Result), raw(result))
			}
			if ds := dataStruct(in.Modified["kind"].(string)); ds != nil {
				meta, _ := strategicpatch.NewPatchMetaFromStruct(ds)
				real := in
				real.Schema = metaNode{meta}
				if got, want := Steps(in), Steps(real); !reflect.DeepEqual(got, want) {
					t.Errorf("fake schema gives other steps than k8s.io/api's tags:\n got %v\nwant %v", got, want)
				}
			}
		})
	}
}

// TestOracleOverwriteConflict compares the engine's --overwrite=false
// conflict (strategic.CreateThreeWayMergePatch, whose error the engine
// explains in plain words) with kubectl's on every strategic fixture, plus
// the cases that only an --overwrite=false run distinguishes.
func TestOracleOverwriteConflict(t *testing.T) {
	extra := []fixture{
		{name: "drift in a field the file does not change",
			original: deploy(`{"replicas":1,"paused":true}`), file: deploy(`{"replicas":1,"paused":false}`), live: deploy(`{"replicas":3,"paused":true}`)},
		{name: "no annotation, new field only",
			file: deploy(`{"paused":true}`), live: withMeta(`{"name":"web","annotations":{"a":"b"}}`)},
		{name: "no annotation, field changed",
			file: deploy(`{"replicas":2}`), live: deploy(`{"replicas":3}`)},
		{name: "unchanged file, live drifted",
			original: deploy(`{"replicas":1}`), file: deploy(`{"replicas":1}`), live: deploy(`{"replicas":3}`)},
		{name: "merge-key element added by someone else",
			original: pod(`{"containers":[{"name":"a","image":"x"}]}`), file: pod(`{"containers":[{"name":"a","image":"x"}]}`),
			live: pod(`{"containers":[{"name":"a","image":"y"},{"name":"b","image":"z"}]}`)},
	}
	var fixtures []fixture
	for _, tc := range stepCases {
		fixtures = append(fixtures, tc.fixture)
	}
	fixtures = append(fixtures, extra...)
	for _, f := range fixtures {
		in := build(t, f)
		if in.Current == nil || in.Schema == nil {
			continue
		}
		t.Run(f.name, func(t *testing.T) {
			if _, _, err := kubectlPatch(t, in, true); err != nil {
				t.Fatal(err)
			}
			_, _, conflictErr := kubectlPatch(t, in, false)
			apiVersion, _ := in.Modified["apiVersion"].(string)
			kind, _ := in.Modified["kind"].(string)
			root, _ := schema.Builtin.Root(apiVersion, kind)
			_, engineErr := strategic.CreateThreeWayMergePatch(gen.EncodeObject(in.Original), gen.EncodeObject(in.Modified), gen.EncodeObject(in.Current), root, false)
			var conflict *strategic.ErrConflict
			if errors.As(engineErr, &conflict) != (conflictErr != nil) {
				t.Errorf("engine conflict = %v, kubectl error = %v", engineErr, conflictErr)
			}
		})
	}
}
