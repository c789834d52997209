package kubernetes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/serverside"
	"github.com/applylens/applylens/oracle/kubernetes/ssaschema"
	yaml "go.yaml.in/yaml/v2"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/client-go/util/csaupgrade"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
)

var (
	converterOnce sync.Once
	converter     managedfields.TypeConverter
	converterErr  error
)

// typeConverter is the API server's: managedfields.NewTypeConverter on the
// OpenAPI definitions of k8s.io/kubernetes.
func typeConverter(t testing.TB) managedfields.TypeConverter {
	converterOnce.Do(func() {
		defs, err := ssaschema.OpenAPI()
		if err != nil {
			converterErr = err
			return
		}
		converter, converterErr = managedfields.NewTypeConverter(defs, false)
	})
	if converterErr != nil {
		t.Fatal(converterErr)
	}
	return converter
}

// TestSSASchemaGenerated checks engine/serverside's generated files against
// what the generator builds from k8s.io/kubernetes now.
func TestSSASchemaGenerated(t *testing.T) {
	schemaJSON, kindsGo, err := ssaschema.Files()
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string][]byte{"zz_generated_schema.json": schemaJSON, "zz_generated.go": kindsGo} {
		got, err := os.ReadFile(filepath.Join("../../engine/serverside", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("engine/serverside/%s is stale: run ./scripts/generate", name)
		}
	}
	for _, kind := range [][2]string{{"apps/v1", "Deployment"}, {"v1", "Service"}, {"batch/v1", "CronJob"}, {"autoscaling/v2", "HorizontalPodAutoscaler"}} {
		if !serverside.Builtin(kind[0], kind[1]) {
			t.Errorf("%s %s has no schema", kind[0], kind[1])
		}
	}
}

// realSSA is kubectl apply --server-side against the real field manager
// (managedfieldstest.NewFakeFieldManager: NewDefaultFieldManager with the
// server's type converter), with kubectl's last-applied hand-over and
// migration (csaupgrade) around it.
type ssaResult struct {
	obj      map[string]any
	conflict *apierrors.StatusError
	saved    bool
	migrated bool
	// writes counts kubectl's requests that changed the object: the
	// server stores those, each with a resourceVersion of its own.
	writes int
	// warning is what kubectl prints when a request after the apply is
	// refused (its warningMigration texts).
	warning string
}

func unstr(obj map[string]any) *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: jsonvalue.CopyObject(obj)}
}

func realSSA(t testing.TB, live, file map[string]any, manager string, force bool) (ssaResult, error) {
	t.Helper()
	return realSSAWith(t, fakeFieldManager(t, file), live, file, manager, force)
}

// realSSAWith is realSSA with the field manager of the endpoint.
func realSSAWith(t testing.TB, fm *managedfields.FieldManager, live, file map[string]any, manager string, force bool) (ssaResult, error) {
	t.Helper()
	return realSSARequests(t, fm, live, file, manager, force, false)
}

// realSSARequests is realSSAWith, or with dryRun its --dry-run=server:
// the server stores nothing, so each request works on live while kubectl
// reads what it sends next from the previous answer; the result is the
// last answer, the one kubectl prints, and nothing handed over or migrated.
func realSSARequests(t testing.TB, fm *managedfields.FieldManager, live, file map[string]any, manager string, force, dryRun bool) (ssaResult, error) {
	t.Helper()
	if manager == "" {
		manager = "kubectl"
	}
	gvk := gvkOf(file)
	liveU := emptyLive(file)
	if live != nil {
		liveU = unstr(live)
	}
	out, err := fm.Apply(liveU, unstr(file), manager, force)
	if err != nil {
		var se *apierrors.StatusError
		if ok := asStatus(err, &se); ok && apierrors.IsConflict(err) {
			return ssaResult{obj: live, conflict: se}, nil
		}
		return ssaResult{}, err
	}
	res := ssaResult{}
	obj := &unstructured.Unstructured{Object: asMap(t, out)}
	counted := func(before *unstructured.Unstructured, after runtime.Object) *unstructured.Unstructured {
		u := after.(*unstructured.Unstructured)
		if mustJSON(before.Object) != mustJSON(u.Object) {
			res.writes++
		}
		return u
	}
	if live == nil || mustJSON(live) != mustJSON(obj.Object) {
		res.writes++
	}
	// What the server works on: the stored object.
	stored := func() runtime.Object {
		if dryRun {
			return liveU.DeepCopyObject()
		}
		return obj
	}
	if manager == "kubectl" {
		if v, ok := obj.GetAnnotations()[serverside.LastAppliedAnnotation]; ok {
			if len(csaupgrade.FindFieldsOwners(obj.GetManagedFields(), metav1.ManagedFieldsOperationApply, lastAppliedSet)) == 0 {
				just := &unstructured.Unstructured{}
				just.SetGroupVersionKind(gvk)
				just.SetName(obj.GetName())
				just.SetNamespace(obj.GetNamespace())
				just.SetAnnotations(map[string]string{serverside.LastAppliedAnnotation: v})
				o, err := fm.Apply(stored(), just, "kubectl-last-applied", false)
				if err != nil {
					// kubectl's warningMigrationLastAppliedFailed; no migration.
					res.warning = "Warning: failed to migrate kubectl.kubernetes.io/last-applied-configuration for Server-Side Apply. This is non-fatal and will be retried next time you apply. Error: " + err.Error()
					res.obj = obj.Object
					return res, nil
				}
				obj, res.saved = counted(obj, o), true
			}
		}
	}
	names := sets.New[string]()
	for _, e := range csaupgrade.FindFieldsOwners(obj.GetManagedFields(), metav1.ManagedFieldsOperationUpdate, lastAppliedSet) {
		names.Insert(e.Manager)
	}
	patch, err := csaupgrade.UpgradeManagedFieldsPatch(obj, names, manager)
	if err != nil {
		t.Fatal(err)
	}
	if patch != nil {
		// The patch replaces managedFields with the upgraded ones of the
		// object kubectl holds; the server applies it to the stored one.
		upgraded := obj.DeepCopy()
		if err := csaupgrade.UpgradeManagedFields(upgraded, names, manager); err != nil {
			t.Fatal(err)
		}
		base := stored()
		patched := &unstructured.Unstructured{Object: asMap(t, base)}
		patched = patched.DeepCopy()
		patched.SetManagedFields(upgraded.GetManagedFields())
		o, err := fm.Update(base, patched, manager)
		if err != nil {
			t.Fatalf("real migration: %v", err)
		}
		obj, res.migrated = counted(obj, o), true
		if o, err := fm.Apply(stored(), unstr(file), manager, force); err == nil {
			obj = counted(obj, o)
		}
	}
	if dryRun {
		res.saved, res.migrated = false, false
	}
	res.obj = obj.Object
	return res, nil
}

// fakeFieldManager is the real field manager for obj's kind: with the
// server's type converter for a built-in kind, the deduced one otherwise
// (what the server uses for a type without a schema).
func fakeFieldManager(t testing.TB, obj map[string]any) *managedfields.FieldManager {
	tc := typeConverter(t)
	if !serverside.Builtin(obj["apiVersion"].(string), obj["kind"].(string)) {
		tc = managedfields.NewDeducedTypeConverter()
	}
	gvk := gvkOf(obj)
	fm, err := managedfields.NewDefaultFieldManager(tc, unconverted{}, undefaulted{}, emptyCreater{}, gvk, gvk.GroupVersion(), "",
		ssaschema.ResetFilter(gvk.Kind))
	if err != nil {
		t.Fatal(err)
	}
	return fm
}

// The object plumbing of managedfieldstest.NewFakeFieldManager (which
// takes no reset fields): no conversion, no defaulting, empty objects
// unstructured.
type unconverted struct{}

func (unconverted) Convert(in, out, context any) error { return nil }
func (unconverted) ConvertToVersion(in runtime.Object, _ runtime.GroupVersioner) (runtime.Object, error) {
	return in, nil
}
func (unconverted) ConvertFieldLabel(schema.GroupVersionKind, string, string) (string, string, error) {
	return "", "", fmt.Errorf("not implemented")
}

type undefaulted struct{}

func (undefaulted) Default(runtime.Object) {}

type emptyCreater struct{}

func (emptyCreater) New(gvk schema.GroupVersionKind) (runtime.Object, error) {
	if serverside.Builtin(gvk.GroupVersion().String(), gvk.Kind) {
		// The server's: a Go zero value, named by its conversion to gvk.
		o, err := legacyscheme.Scheme.New(gvk)
		if err == nil {
			o.GetObjectKind().SetGroupVersionKind(gvk)
		}
		return o, err
	}
	u := &unstructured.Unstructured{Object: map[string]any{}}
	u.SetGroupVersionKind(gvk)
	return u, nil
}

// emptyLive is the live object of a create: the creater's empty object.
func emptyLive(obj map[string]any) runtime.Object {
	o, _ := emptyCreater{}.New(gvkOf(obj))
	return o
}

// asMap is an object the field manager returned, as JSON.
func asMap(t testing.TB, o runtime.Object) map[string]any {
	if u, ok := o.(*unstructured.Unstructured); ok {
		return u.Object
	}
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(o)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

var lastAppliedSet = fieldpath.NewSet(fieldpath.MakePathOrDie("metadata", "annotations", serverside.LastAppliedAnnotation))

func asStatus(err error, se **apierrors.StatusError) bool {
	s, ok := err.(*apierrors.StatusError)
	*se = s
	return ok
}

// normalized is obj as JSON with the times the server stamped now (not
// among the input's) replaced by "NEW", entries sorted as the server sorts
// them with "NEW" last.
func normalized(t testing.TB, obj, live map[string]any) string {
	t.Helper()
	if obj == nil {
		return "null"
	}
	obj = roundTripJSON(t, obj)
	old := map[string]bool{}
	if live != nil {
		for _, e := range managedList(roundTripJSON(t, live)) {
			if s, ok := e["time"].(string); ok {
				old[s] = true
			}
		}
	}
	list := managedList(obj)
	for _, e := range list {
		if s, ok := e["time"].(string); ok && !old[s] {
			e["time"] = "NEW"
		}
	}
	sort.SliceStable(list, func(i, j int) bool {
		p, q := list[i], list[j]
		if p["operation"] != q["operation"] {
			return fmt.Sprint(p["operation"]) < fmt.Sprint(q["operation"])
		}
		pt, qt := fmt.Sprint(p["time"]), fmt.Sprint(q["time"])
		if pt != qt {
			return pt != "NEW" && (qt == "NEW" || pt < qt)
		}
		if p["manager"] != q["manager"] {
			return fmt.Sprint(p["manager"]) < fmt.Sprint(q["manager"])
		}
		return fmt.Sprint(p["apiVersion"]) < fmt.Sprint(q["apiVersion"])
	})
	if md, ok := obj["metadata"].(map[string]any); ok && list != nil {
		l := make([]any, len(list))
		for i, e := range list {
			l[i] = e
		}
		md["managedFields"] = l
	}
	return mustJSON(obj)
}

func roundTripJSON(t testing.TB, obj map[string]any) map[string]any {
	data, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]any{}
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func managedList(obj map[string]any) []map[string]any {
	md, _ := obj["metadata"].(map[string]any)
	raw, _ := md["managedFields"].([]any)
	var out []map[string]any
	for _, e := range raw {
		out = append(out, e.(map[string]any))
	}
	return out
}

// checkSSA runs one server-side apply through both and reports whether
// they agree on the object, its managedFields and the conflicts.
func checkSSA(t testing.TB, name string, live, file map[string]any, manager string, force bool) (ok bool, action string) {
	t.Helper()
	return checkSSAWith(t, name, fakeFieldManager(t, file), nil, live, file, manager, force)
}

// checkSSAWith is checkSSA on the endpoint of the real field manager fm,
// the engine given the CRDs crds.
func checkSSAWith(t testing.TB, name string, fm *managedfields.FieldManager, crds []map[string]any, live, file map[string]any, manager string, force bool) (ok bool, action string) {
	t.Helper()
	want, wantErr := realSSAWith(t, fm, live, file, manager, force)
	got, err := serverside.Apply(serverside.Request{File: jsonvalue.CopyObject(file), Live: jsonvalue.CopyObject(live), Manager: manager, Force: force,
		CustomResourceDefinitions: crds})
	if err != nil || wantErr != nil {
		if err == nil || wantErr == nil || !sameLines(err.Error(), wantErr.Error()) {
			t.Errorf("%s: engine error %v, server error %v", name, err, wantErr)
			return false, ""
		}
		return true, "error"
	}
	ok = true
	if want.conflict != nil {
		if got.Conflict == nil {
			t.Errorf("%s: engine applied, server refused: %v", name, want.conflict)
			return false, got.Action
		}
		if got.Conflict.Message != want.conflict.ErrStatus.Message {
			t.Errorf("%s: message\n got %q\nwant %q", name, got.Conflict.Message, want.conflict.ErrStatus.Message)
			ok = false
		}
		var gotC, wantC []string
		for _, c := range got.Conflict.Conflicts {
			gotC = append(gotC, c.Field+" "+c.Manager)
		}
		for _, c := range want.conflict.ErrStatus.Details.Causes {
			var m struct{ Manager string }
			msg := strings.TrimPrefix(c.Message, "conflict with ")
			for _, cut := range []string{" with subresource ", " using "} {
				if i := strings.Index(msg, cut); i >= 0 {
					msg = msg[:i]
				}
			}
			_ = json.Unmarshal([]byte(msg), &m.Manager)
			wantC = append(wantC, c.Field+" "+m.Manager)
		}
		sort.Strings(gotC)
		sort.Strings(wantC)
		if !reflect.DeepEqual(gotC, wantC) {
			t.Errorf("%s: conflicts\n got %v\nwant %v", name, gotC, wantC)
			ok = false
		}
		return ok, got.Action
	}
	if got.Conflict != nil {
		t.Errorf("%s: engine refused (%s), server applied", name, got.Conflict.Message)
		return false, got.Action
	}
	if g, w := normalized(t, got.Object, live), normalized(t, want.obj, live); g != w {
		t.Errorf("%s: object differs\n got %s\nwant %s", name, g, w)
		ok = false
	}
	if got.Migrated != want.migrated || got.SavedLastApplied != want.saved {
		t.Errorf("%s: migrated %v saved %v, want %v %v", name, got.Migrated, got.SavedLastApplied, want.migrated, want.saved)
		ok = false
	}
	if got.Migrated {
		return ok, got.Action + "+migrated"
	}
	return ok, got.Action
}

// realUpdate is an Update (kubectl edit, a controller, client-side apply) of
// live by manager through the real field manager, at a given time.
func realUpdate(t testing.TB, live, newObj map[string]any, manager string, at time.Time) map[string]any {
	t.Helper()
	fm := fakeFieldManager(t, newObj)
	liveU := emptyLive(newObj)
	if live != nil {
		liveU = unstr(live)
	}
	out, err := fm.Update(liveU, unstr(newObj), manager)
	if err != nil {
		t.Fatalf("real update: %v", err)
	}
	return stamp(t, asMap(t, out), at)
}

// realApply is a successful server-side apply through the real field
// manager, at a given time.
func realApply(t testing.TB, live, file map[string]any, manager string, force bool, at time.Time) map[string]any {
	t.Helper()
	fm := fakeFieldManager(t, file)
	liveU := emptyLive(file)
	if live != nil {
		liveU = unstr(live)
	}
	out, err := fm.Apply(liveU, unstr(file), manager, force)
	if err != nil {
		t.Fatalf("real apply: %v", err)
	}
	return stamp(t, asMap(t, out), at)
}

// stamp replaces the times stamped now by at, so that inputs are fixed.
func stamp(t testing.TB, obj map[string]any, at time.Time) map[string]any {
	obj = roundTripJSON(t, obj)
	for _, e := range managedList(obj) {
		if s, ok := e["time"].(string); ok {
			if when, err := time.Parse(time.RFC3339, s); err == nil && when.After(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)) {
				e["time"] = at.UTC().Format(time.RFC3339)
			}
		}
	}
	out, err := jsonvalue.DecodeObject([]byte(mustJSON(obj)))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSSASchemaEqual checks the schema engine/serverside reads from its
// generated JSON against schemaconv's, type by type, as YAML (defaults
// of Go enum types are plain strings in the JSON, and read alike).
func TestSSASchemaEqual(t *testing.T) {
	want, _, err := ssaschema.Build()
	if err != nil {
		t.Fatal(err)
	}
	got := serverside.Schema()
	if len(got.Types) != len(want.Types) {
		t.Fatalf("%d types, want %d", len(got.Types), len(want.Types))
	}
	for i := range want.Types {
		g, err1 := yaml.Marshal(got.Types[i])
		w, err2 := yaml.Marshal(want.Types[i])
		if err1 != nil || err2 != nil || !bytes.Equal(g, w) {
			t.Errorf("type %s differs:\n%s\nwant\n%s", want.Types[i].Name, g, w)
		}
	}
}

// sameLines compares two messages line by line in any order: a value with
// several errors lists them in the order of a Go map.
func sameLines(a, b string) bool {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	sort.Strings(al)
	sort.Strings(bl)
	return reflect.DeepEqual(al, bl)
}
