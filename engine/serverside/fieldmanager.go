package serverside

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/kube"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
	"sigs.k8s.io/structured-merge-diff/v6/merge"
	"sigs.k8s.io/structured-merge-diff/v6/typed"
	"sigs.k8s.io/structured-merge-diff/v6/value"
)

// LastAppliedAnnotation is kubectl's client-side apply annotation.
const LastAppliedAnnotation = kube.LastAppliedAnnotation

const (
	beforeFirstApply  = "before-first-apply"
	ancientChanges    = "ancient-changes"
	currentOperation  = "current-operation"
	maxUpdateManagers = 10
)

// stripSet is what internal.NewStripMetaManager never records as owned.
var stripSet = fieldpath.NewSet(
	fieldpath.MakePathOrDie("apiVersion"),
	fieldpath.MakePathOrDie("kind"),
	fieldpath.MakePathOrDie("metadata"),
	fieldpath.MakePathOrDie("metadata", "name"),
	fieldpath.MakePathOrDie("metadata", "namespace"),
	fieldpath.MakePathOrDie("metadata", "creationTimestamp"),
	fieldpath.MakePathOrDie("metadata", "selfLink"),
	fieldpath.MakePathOrDie("metadata", "uid"),
	fieldpath.MakePathOrDie("metadata", "clusterName"),
	fieldpath.MakePathOrDie("metadata", "generation"),
	fieldpath.MakePathOrDie("metadata", "managedFields"),
	fieldpath.MakePathOrDie("metadata", "resourceVersion"),
)

// fieldManager is the API server's field manager for one kind at one
// version (internal.NewDefaultFieldManager), on JSON-shaped objects.
type fieldManager struct {
	apiVersion, kind string
	typ              typed.ParseableType
	builtin          bool
	crd              string // the CRD that gave typ, if any
	now              time.Time
	updater          merge.Updater
	// subresource is the endpoint written through ("", "status",
	// "scale"): it names the manager, and a subresource's request never
	// sets managedFields (decodeLiveOrNew's ignoreNew).
	subresource string
}

// newFieldManager is the field manager of a built-in kind, of a custom
// kind a CRD among crds serves, or of a kind without a schema. Errors are
// *CRDError.
func newFieldManager(apiVersion, kind string, now time.Time, crds []map[string]any) (*fieldManager, error) {
	typ, builtin, _ := TypeOf(apiVersion, kind)
	f := &fieldManager{apiVersion: apiVersion, kind: kind, typ: typ, builtin: builtin, now: now.UTC(),
		updater: merge.Updater{Converter: sameVersion{}}}
	if builtin {
		f.updater.IgnoreFilter = resetFilter(kind)
		return f, nil
	}
	custom, err := findCustomResource(crds, apiVersion, kind)
	if err != nil {
		return nil, err
	}
	if custom != nil {
		f.typ, f.crd = custom.typ, custom.crd
		if custom.status {
			f.updater.IgnoreFilter = statusFilter(apiVersion)
		}
	}
	return f, nil
}

// typeOfKind is the type the server's type converter gives another object
// sent to this endpoint: the CRD handler's knows the CRD's kinds only, the
// built-in one every built-in kind, the deduced one any.
func (f *fieldManager) typeOfKind(kind string) (typed.ParseableType, error) {
	if kind == f.kind {
		return f.typ, nil
	}
	if f.builtin {
		if typ, ok, _ := TypeOf(f.apiVersion, kind); ok {
			return typ, nil
		}
	} else if f.crd == "" {
		return typed.DeducedParseableType, nil
	}
	return typed.ParseableType{}, fmt.Errorf("no corresponding type for %s", kind)
}

// resetFilter is what the API server passes as resetFields for the main
// resource of a kind: its registry strategy's GetResetFields (status,
// mostly), at every version the strategy names, as exclusion filters.
func resetFilter(kind string) map[fieldpath.APIVersion]fieldpath.Filter {
	var out map[fieldpath.APIVersion]fieldpath.Filter
	for key, fields := range resetFields {
		i := strings.LastIndex(key, "/")
		if key[i+1:] != kind {
			continue
		}
		set, err := decodeSet(rawJSON(fields))
		if err != nil {
			continue
		}
		if out == nil {
			out = map[fieldpath.APIVersion]fieldpath.Filter{}
		}
		out[fieldpath.APIVersion(key[:i])] = fieldpath.NewExcludeSetFilter(set)
	}
	return out
}

// sameVersion converts nothing: managers recorded at another apiVersion
// are compared on the object as it is (see the package doc).
type sameVersion struct{}

func (sameVersion) Convert(v *typed.TypedValue, _ fieldpath.APIVersion) (*typed.TypedValue, error) {
	return v, nil
}
func (sameVersion) IsMissingVersionError(error) bool { return false }

// ServerError is an error the API server returns other than a conflict.
type ServerError struct{ Message string }

func (e *ServerError) Error() string { return e.Message }

// apply is FieldManager.Apply: live must exist (an empty object for a
// create); the result carries the encoded managedFields.
func (f *fieldManager) apply(live, applied map[string]any, manager string, force bool) (map[string]any, error) {
	entries, err := managedFieldsOf(live)
	if err != nil {
		return nil, &ServerError{"failed to decode managed fields: " + err.Error()}
	}
	m, err := decodeManaged(entries)
	if err != nil {
		return nil, &ServerError{"failed to decode managed fields: " + err.Error()}
	}
	obj, m, err := f.lastAppliedUpdaterApply(live, applied, m, manager, force)
	if err != nil {
		if c, ok := err.(merge.Conflicts); ok {
			return nil, newConflictError(c)
		}
		return nil, err
	}
	return obj, f.encodeInto(obj, m)
}

// update is FieldManager.Update with managedFields taken from newObj when
// it has some (decodeLiveOrNew), as for kubectl's migration patch.
func (f *fieldManager) update(live, newObj map[string]any, manager string) (map[string]any, error) {
	entries, err := managedFieldsOf(newObj)
	if f.subresource != "" {
		entries, err = managedFieldsOf(live)
	}
	if err != nil {
		return newObj, nil
	}
	var m managed
	if f.subresource != "" {
		if m, err = decodeManaged(entries); err != nil {
			m = emptyManaged()
		}
	} else if len(entries) == 0 && entries != nil {
		m = emptyManaged()
	} else if m, err = decodeManaged(entries); err != nil || len(m.fields) == 0 {
		liveEntries, _ := managedFieldsOf(live)
		if m, err = decodeManaged(liveEntries); err != nil {
			m = emptyManaged()
		}
	}
	newObj = withoutManagedFields(newObj)
	obj, m, err := f.skipNonAppliedUpdate(live, newObj, m, manager)
	if err != nil {
		return nil, err
	}
	return obj, f.encodeInto(obj, m)
}

func (f *fieldManager) encodeInto(obj map[string]any, m managed) error {
	list, err := encodeManaged(m)
	if err != nil {
		return &ServerError{"failed to encode managed fields: " + err.Error()}
	}
	md, _ := obj["metadata"].(map[string]any)
	if md == nil {
		if list == nil {
			return nil
		}
		md = map[string]any{}
		obj["metadata"] = md
	}
	if list == nil {
		delete(md, "managedFields")
	} else {
		md["managedFields"] = list
	}
	return nil
}

// lastAppliedUpdaterApply is internal.lastAppliedUpdater: after an apply by
// "kubectl", an existing last-applied annotation is rewritten to the applied
// configuration, so that a later client-side apply still works.
func (f *fieldManager) lastAppliedUpdaterApply(live, applied map[string]any, m managed, manager string, force bool) (map[string]any, managed, error) {
	obj, m, err := f.lastAppliedManagerApply(live, applied, m, manager, force)
	if err != nil {
		return obj, m, err
	}
	if manager == kube.ManagerKubectl {
		if v, ok := annotations(obj)[LastAppliedAnnotation]; ok && v != "" {
			value, err := buildLastApplied(applied)
			if err != nil {
				return nil, managed{}, &ServerError{"failed to build last-applied annotation: " + err.Error()}
			}
			setLastApplied(obj, value)
		}
	}
	return obj, m, nil
}

// lastAppliedManagerApply is internal.lastAppliedManager: conflicts of
// "kubectl" on fields whose live values still equal its last-applied
// annotation are forgiven (the apply is retried with force), so that
// switching from client-side to server-side apply does not conflict with
// itself.
func (f *fieldManager) lastAppliedManagerApply(live, applied map[string]any, m managed, manager string, force bool) (map[string]any, managed, error) {
	obj, newManaged, err := f.skipNonAppliedApply(live, applied, m, manager, force)
	if manager != kube.ManagerKubectl || err == nil {
		return obj, newManaged, err
	}
	conflicts, ok := err.(merge.Conflicts)
	if !ok {
		return obj, newManaged, err
	}
	allowed, aerr := f.allowedConflictsFromLastApplied(live)
	if aerr != nil {
		return obj, newManaged, err
	}
	if !conflicts.ToSet().Difference(allowed).Empty() {
		rest := merge.Conflicts{}
		for _, c := range conflicts {
			if !allowed.Has(c.Path) {
				rest = append(rest, c)
			}
		}
		return obj, newManaged, rest
	}
	return f.skipNonAppliedApply(live, applied, m, manager, true)
}

func (f *fieldManager) allowedConflictsFromLastApplied(live map[string]any) (*fieldpath.Set, error) {
	annots := annotations(live)
	if annots[LastAppliedAnnotation] == "" {
		return nil, fmt.Errorf("no last applied annotation")
	}
	liveTyped, err := f.typ.FromUnstructured(live)
	if err != nil {
		return nil, err
	}
	lastApplied, err := decodeUnstructured(annots[LastAppliedAnnotation])
	if err != nil {
		return nil, err
	}
	if av, _ := lastApplied["apiVersion"].(string); av != f.apiVersion {
		return nil, fmt.Errorf("expected version of last applied to match live object")
	}
	kind, _ := lastApplied["kind"].(string)
	typ, err := f.typeOfKind(kind)
	if err != nil {
		return nil, err
	}
	laTyped, err := typ.FromUnstructured(lastApplied)
	if err != nil {
		return nil, err
	}
	set, err := laTyped.ToFieldSet()
	if err != nil {
		return nil, err
	}
	cmp, err := laTyped.Compare(liveTyped)
	if err != nil {
		return nil, err
	}
	return set.Difference(cmp.Modified).Difference(cmp.Added).Difference(cmp.Removed), nil
}

// skipNonAppliedApply is internal.skipNonAppliedManager: an object no
// manager owns anything of is first recorded as changed from an empty
// object by "before-first-apply".
func (f *fieldManager) skipNonAppliedApply(live, applied map[string]any, m managed, manager string, force bool) (map[string]any, managed, error) {
	if len(m.fields) == 0 {
		empty := emptyObject(f.apiVersion, f.kind)
		var err error
		live, m, err = f.capManagersUpdate(empty, live, m, beforeFirstApply)
		if err != nil {
			return nil, managed{}, &ServerError{"failed to create manager for existing fields: " + err.Error()}
		}
	}
	return f.managerInfoApply(live, applied, m, manager, force)
}

// skipNonAppliedUpdate: an update of an object that exists and has no
// managed fields records nothing.
func (f *fieldManager) skipNonAppliedUpdate(live, newObj map[string]any, m managed, manager string) (map[string]any, managed, error) {
	if md, _ := live["metadata"].(map[string]any); len(m.fields) == 0 && md["uid"] != nil && md["uid"] != "" {
		return newObj, m, nil
	}
	return f.capManagersUpdate(live, newObj, m, manager)
}

// capManagersUpdate is internal.capManagersManager: past ten Update
// managers, the oldest are merged into "ancient-changes".
func (f *fieldManager) capManagersUpdate(live, newObj map[string]any, m managed, manager string) (map[string]any, managed, error) {
	obj, m, err := f.managerInfoUpdate(live, newObj, m, manager)
	if err != nil {
		return obj, m, err
	}
	return obj, capUpdateManagers(m), nil
}

func (f *fieldManager) managerInfoApply(live, applied map[string]any, m managed, manager string, force bool) (map[string]any, managed, error) {
	return f.timesApply(live, applied, m, f.managerID(manager, OperationApply), force)
}

func (f *fieldManager) managerInfoUpdate(live, newObj map[string]any, m managed, manager string) (map[string]any, managed, error) {
	return f.timesUpdate(live, newObj, m, f.managerID(manager, OperationUpdate))
}

// managerID is buildManagerInfoManager's identifier.
func (f *fieldManager) managerID(manager, operation string) string {
	if manager == "" {
		manager = "unknown"
	}
	return identifier(managerEntry{Manager: manager, Operation: operation, APIVersion: f.apiVersion, Subresource: f.subresource})
}

// timesApply is internal.managedFieldsUpdater for Apply.
func (f *fieldManager) timesApply(live, applied map[string]any, m managed, manager string, force bool) (map[string]any, managed, error) {
	obj, m, err := f.mergeApply(live, applied, m, manager, force)
	if err != nil {
		return obj, m, err
	}
	if obj != nil {
		now := f.now
		m.times[manager] = &now
	} else {
		obj = withoutManagedFields(jsonvalue.CopyObject(live))
	}
	return obj, m, nil
}

// timesUpdate is internal.managedFieldsUpdater for Update.
func (f *fieldManager) timesUpdate(live, newObj map[string]any, m managed, manager string) (map[string]any, managed, error) {
	obj, m, err := f.mergeUpdate(live, newObj, m, currentOperation)
	if err != nil {
		return obj, m, err
	}
	if vs, ok := m.fields[currentOperation]; ok {
		delete(m.fields, currentOperation)
		if previous, ok := m.fields[manager]; ok {
			m.fields[manager] = fieldpath.NewVersionedSet(vs.Set().Union(previous.Set()), vs.APIVersion(), vs.Applied())
		} else {
			m.fields[manager] = vs
		}
		now := f.now
		m.times[manager] = &now
	}
	return obj, m, nil
}

// stripMeta is internal.stripMetaManager.
func stripMeta(fields fieldpath.ManagedFields, manager string) {
	vs, ok := fields[manager]
	if !ok {
		return
	}
	set := vs.Set().Difference(stripSet)
	if set.Empty() {
		delete(fields, manager)
	} else {
		fields[manager] = fieldpath.NewVersionedSet(set, vs.APIVersion(), vs.Applied())
	}
}

func (f *fieldManager) gvknn(obj map[string]any) string {
	md, _ := obj["metadata"].(map[string]any)
	name, _ := md["name"].(string)
	ns, _ := md["namespace"].(string)
	av, _ := obj["apiVersion"].(string)
	kind, _ := obj["kind"].(string)
	return fmt.Sprintf("%v/%v; %v", ns, name, gvkString(av, kind))
}

// gvkString is schema.GroupVersionKind's String.
func gvkString(apiVersion, kind string) string {
	if !strings.Contains(apiVersion, "/") {
		apiVersion = "/" + apiVersion // the core group is ""
	}
	return apiVersion + ", Kind=" + kind
}

// mergeApply is internal.structuredMergeManager's Apply, then stripMeta.
func (f *fieldManager) mergeApply(live, applied map[string]any, m managed, manager string, force bool) (map[string]any, managed, error) {
	if md, _ := applied["metadata"].(map[string]any); md != nil {
		if v, ok := md["managedFields"]; ok && v != nil {
			return nil, managed{}, &ServerError{"metadata.managedFields must be nil"}
		}
	}
	patchTyped, err := fromUnstructured(f.typ, applied)
	if err != nil {
		return nil, managed{}, &ServerError{fmt.Sprintf("failed to create typed patch object (%v): %v", f.gvknn(applied), err)}
	}
	liveTyped, err := fromUnstructured(f.typ, live, typed.AllowDuplicates)
	if err != nil {
		return nil, managed{}, &ServerError{fmt.Sprintf("failed to create typed live object (%v): %v", f.gvknn(live), err)}
	}
	newTyped, fields, err := f.updater.Apply(liveTyped, patchTyped, fieldpath.APIVersion(f.apiVersion), m.fields, manager, force)
	if err != nil {
		if _, ok := err.(merge.Conflicts); ok {
			return nil, managed{}, err
		}
		return nil, managed{}, &ServerError{err.Error()}
	}
	m = managed{fields: fields, times: m.times}
	stripMeta(m.fields, manager)
	if newTyped == nil {
		return nil, m, nil
	}
	obj, err := toObject(newTyped.AsValue())
	if err != nil {
		return nil, managed{}, &ServerError{fmt.Sprintf("failed to convert new typed object (%v) to object: %v", f.gvknn(applied), err)}
	}
	return obj, m, nil
}

// mergeUpdate is internal.structuredMergeManager's Update, then stripMeta.
func (f *fieldManager) mergeUpdate(live, newObj map[string]any, m managed, manager string) (map[string]any, managed, error) {
	newTyped, err := fromUnstructured(f.typ, newObj, typed.AllowDuplicates)
	if err != nil {
		return nil, managed{}, &ServerError{fmt.Sprintf("failed to convert new object (%v) to smd typed: %v", f.gvknn(newObj), err)}
	}
	liveTyped, err := fromUnstructured(f.typ, live, typed.AllowDuplicates)
	if err != nil {
		return nil, managed{}, &ServerError{fmt.Sprintf("failed to convert live object (%v) to smd typed: %v", f.gvknn(live), err)}
	}
	_, fields, err := f.updater.Update(liveTyped, newTyped, fieldpath.APIVersion(f.apiVersion), m.fields, manager)
	if err != nil {
		return nil, managed{}, &ServerError{fmt.Sprintf("failed to update ManagedFields (%v): %v", f.gvknn(newObj), err)}
	}
	m = managed{fields: fields, times: m.times}
	stripMeta(m.fields, manager)
	return newObj, m, nil
}

// fromUnstructured is typ.FromUnstructured with several errors in a fixed
// order: structured-merge-diff lists them in the order of a Go map (the
// server's message varies from one request to the next), applylens's
// output must not.
//
// Within one map, validation stops at the first field the schema does not
// declare, and which one comes first is also the map's order: a value
// that fails is validated again walking every map in key order, so the
// error names the same field each time.
func fromUnstructured(typ typed.ParseableType, obj map[string]any, opts ...typed.ValidationOptions) (*typed.TypedValue, error) {
	tv, err := typ.FromUnstructured(obj, opts...)
	if _, ok := err.(typed.ValidationErrors); ok {
		_, err = typed.AsTyped(sortedValue{value.NewValueInterface(obj)}, typ.Schema, typ.TypeRef, opts...)
	}
	if errs, ok := err.(typed.ValidationErrors); ok && len(errs) > 1 {
		errs = append(typed.ValidationErrors(nil), errs...)
		sort.Slice(errs, func(i, j int) bool { return errs[i].Error() < errs[j].Error() })
		err = errs
	}
	return tv, err
}

// toObject turns a merged value into a JSON-shaped object with the
// engine's number types (int64, float64).
func toObject(v value.Value) (map[string]any, error) {
	obj, ok := jsonvalue.Copy(v.Unstructured()).(map[string]any)
	if !ok {
		return nil, fmt.Errorf("failed to convert value to unstructured for type %T", v.Unstructured())
	}
	return obj, nil
}

func withoutManagedFields(obj map[string]any) map[string]any {
	if md, ok := obj["metadata"].(map[string]any); ok {
		if _, has := md["managedFields"]; has {
			obj = kube.ShallowWithMetadata(obj)
			delete(obj["metadata"].(map[string]any), "managedFields")
		}
	}
	return obj
}

// emptyObject is what the server's ObjectCreater makes for a kind: the Go
// zero value of a built-in kind (as JSON, named by apiVersion and kind; empty
// structs present, nil pointers null), an object naming only its
// apiVersion and kind otherwise.
func emptyObject(apiVersion, kind string) map[string]any {
	if zero, ok := zeroObjects[apiVersion+"/"+kind]; ok {
		if obj, err := jsonvalue.DecodeObject([]byte(zero)); err == nil {
			return obj
		}
	}
	return map[string]any{"apiVersion": apiVersion, "kind": kind}
}

// sortedValue is a value whose maps iterate in key order, at any depth
// (for fromUnstructured's errors only: it is slower).
type sortedValue struct{ value.Value }

// String and GoString print the value as structured-merge-diff's errors
// print it unwrapped ("expected string, got &value.valueUnstructured{…}").
func (v sortedValue) String() string   { return fmt.Sprint(v.Value) }
func (v sortedValue) GoString() string { return fmt.Sprintf("%#v", v.Value) }

func (v sortedValue) AsMap() value.Map                       { return sortedMap{v.Value.AsMap()} }
func (v sortedValue) AsMapUsing(value.Allocator) value.Map   { return sortedMap{v.Value.AsMap()} }
func (v sortedValue) AsList() value.List                     { return sortedList{v.Value.AsList()} }
func (v sortedValue) AsListUsing(value.Allocator) value.List { return sortedList{v.Value.AsList()} }

type sortedMap struct{ value.Map }

func (m sortedMap) Get(key string) (value.Value, bool) {
	v, ok := m.Map.Get(key)
	if !ok {
		return nil, false
	}
	return sortedValue{v}, true
}

func (m sortedMap) GetUsing(_ value.Allocator, key string) (value.Value, bool) { return m.Get(key) }

func (m sortedMap) Iterate(fn func(key string, v value.Value) bool) bool {
	keys := make([]string, 0, m.Map.Length())
	m.Map.Iterate(func(key string, _ value.Value) bool {
		keys = append(keys, key)
		return true
	})
	sort.Strings(keys)
	for _, k := range keys {
		v, _ := m.Get(k)
		if !fn(k, v) {
			return false
		}
	}
	return true
}

func (m sortedMap) IterateUsing(_ value.Allocator, fn func(key string, v value.Value) bool) bool {
	return m.Iterate(fn)
}

type sortedList struct{ value.List }

func (l sortedList) At(i int) value.Value                         { return sortedValue{l.List.At(i)} }
func (l sortedList) AtUsing(_ value.Allocator, i int) value.Value { return l.At(i) }
func (l sortedList) Range() value.ListRange                       { return &sortedRange{list: l, i: -1} }
func (l sortedList) RangeUsing(value.Allocator) value.ListRange   { return l.Range() }

type sortedRange struct {
	list sortedList
	i    int
}

func (r *sortedRange) Next() bool {
	r.i++
	return r.i < r.list.Length()
}

func (r *sortedRange) Item() (int, value.Value) { return r.i, r.list.At(r.i) }
