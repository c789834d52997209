// Package applydiff sets kustomize's strategic merge beside kubectl
// apply's. kustomize merges a patch with kyaml's merge2 walker and kyaml's
// OpenAPI data (engine/kustomize); kubectl apply, kubectl patch and the API
// server merge with apimachinery's strategicpatch and the patch metadata of
// k8s.io/api (engine/strategic), or, for a kind without built-in patch
// metadata (a custom resource), with a JSON merge patch (engine/mergepatch).
// For each patch kustomize merged into an object (kustomize.Result.Merges),
// Compare computes apimachinery's result for the same patch on the same
// object and lists the fields where the two differ, each with why.
//
// It is a package of its own so that engine/kustomize stays free of the
// built-in schema: the page loads it with the Kustomize mode.
package applydiff

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/kustomize"
	"github.com/applylens/applylens/engine/mergepatch"
	"github.com/applylens/applylens/engine/schema"
	"github.com/applylens/applylens/engine/strategic"
)

// Why classifies a difference.
type Why string

// The reasons the two merges part ways.
const (
	// Ordering: the same elements, in another order. kyaml puts the
	// patch's elements first, in the patch's order (kustomize's patch
	// filter prepends), then the object's others in their order.
	// apimachinery also puts the patch's elements in the patch's order, but
	// slots each of the object's others back before the first patch
	// element that came after it in the object (mergeSortedSlice): an
	// element the patch only changes keeps its place there.
	Ordering Why = "ordering"
	// ElementReplace: `$patch: replace` inside an element of a keyed list.
	// apimachinery reads any element that carries it as the list's
	// directive (mergeSliceWithSpecialElements): the list is replaced by
	// the patch's other elements, and the element itself is dropped; kyaml
	// merges the element and then puts the object's element back unchanged.
	ElementReplace Why = "element-replace"
	// NoMergeKey: a keyed list whose elements lack the merge key, which
	// the patch does not mention (kustomize#5150): kyaml's walk keeps
	// only the last element; apimachinery leaves a list the patch does
	// not mention alone.
	NoMergeKey Why = "no-merge-key"
	// KeyedElements: elements of a keyed list that lack one of kyaml's
	// merge keys or repeat its keys (a Service port without protocol, a
	// container without a name). kyaml's walk matches them its own way: a
	// patch's port without protocol is taken for the object's port with
	// one and then not found, so it is ignored; an element without any
	// key deletes or replaces the others; of two with the same keys the
	// last is left. apimachinery merges by its one merge key (port,
	// containerPort, name).
	KeyedElements Why = "keyed-elements"
	// CustomResource: a kind without built-in patch metadata. kustomize
	// merges its lists by the kustomization's openapi schema when one
	// gives them a merge key (or replaces them); kubectl apply sends a
	// JSON merge patch for it, which replaces every list.
	CustomResource Why = "custom-resource"
	// ApplyDirective: `$setElementOrder/…`, `$retainKeys` or
	// `$deleteFromPrimitiveList/…`, apimachinery's directives, which kyaml
	// copies into the output as ordinary fields.
	ApplyDirective Why = "apply-directive"
	// MetadataStrings: kustomize rewrites a patch's labels and
	// annotations as strings first, so `key: null` there sets the
	// string "null" instead of deleting the key.
	MetadataStrings Why = "metadata-strings"
	// Schema: kyaml's schema (its v1.21.2 swagger, or the kustomization's
	// openapi file) and apimachinery's patch metadata (k8s.io/api v1.37)
	// give this list different strategies: one merges, the other replaces.
	Schema Why = "schema"
	// MapDelete: `$patch: delete` on a map. kyaml removes the field;
	// apimachinery leaves an empty map in its place.
	MapDelete Why = "map-delete"
	// DroppedNull: a field whose value is an empty null (`key:`) in the
	// object. kyaml drops it when it merges a patch into the object;
	// apimachinery keeps the null.
	DroppedNull Why = "dropped-null"
	// ApplyFails: apimachinery refuses the patch (kubectl patch, or the API
	// server, would fail with this error) where kustomize merged it.
	ApplyFails Why = "apply-fails"
	// Other: any other difference of the two walks.
	Other Why = "other"
)

// explanations say each Why in a sentence, for the page.
var explanations = map[Why]string{
	Ordering:        "the same elements in another order: kyaml puts the patch's elements first, then the object's others; apimachinery keeps the patch's order too but slots the object's others back where they were relative to the patch's elements the object had, so an element the patch only changes keeps its place",
	ElementReplace:  "`$patch: replace` inside an element: apimachinery reads it as the list's directive and replaces the list with the patch's other elements (dropping that element); kyaml merges the element, then puts the object's element back unchanged",
	NoMergeKey:      "the list's elements have no merge key and the patch does not mention the list: kyaml's walk keeps only the last element (kustomize#5150); apimachinery leaves the list alone",
	KeyedElements:   "an element of this list lacks one of kyaml's merge keys or repeats another's (a port without protocol, a container without a name): kyaml matches such elements its own way (a patch's port without protocol is ignored when the object's port has one; an element without any key deletes or replaces the others; of two alike, the last is left); apimachinery merges by its one merge key",
	CustomResource:  "a kind without built-in patch metadata: kubectl apply sends a JSON merge patch, which replaces the list whole; kustomize merged it by the merge key its openapi schema gives",
	ApplyDirective:  "a directive of kubectl apply's strategic merge: apimachinery obeys it; kyaml copies it into the output as an ordinary field",
	MetadataStrings: "kustomize rewrites a patch's labels and annotations as strings before merging: null becomes the string \"null\" instead of deleting the key",
	Schema:          "kyaml's schema (its v1.21.2 swagger, or the kustomization's openapi file) and apimachinery's patch metadata (k8s.io/api v1.37) give this list different strategies or merge keys",
	MapDelete:       "`$patch: delete` on a map: kyaml removes the field; apimachinery leaves an empty map in its place",
	DroppedNull:     "the object's field is an empty null (`key:`): kyaml drops it when it merges a patch into the object; apimachinery keeps the null",
	ApplyFails:      "apimachinery refuses this patch (kubectl patch or the API server would fail); kustomize merged it",
	Other:           "kyaml's merge and apimachinery's strategic merge differ here",
}

// Explain is the sentence for a Why.
func (w Why) Explain() string { return explanations[w] }

// Difference is one field where kustomize's merge and apimachinery's differ.
type Difference struct {
	// Kustomization, Patch and Object are the merge's (kustomize.Merge).
	Kustomization, Patch, Object string
	// Field is the field's path, dot-separated ("spec.template.spec.containers").
	Field string
	// Kustomize and Apply are the field's value in each result, as JSON
	// ("" when the field is missing).
	Kustomize, Apply string
	Why              Why
}

// Result is apimachinery's result for one merge, and the differences.
type Result struct {
	Merge kustomize.Merge
	// Apply is the object apimachinery's merge makes, JSON.
	Apply json.RawMessage
	// Method is "strategic merge patch" or "JSON merge patch".
	Method string
	// ApplyError is apimachinery's error when it refuses the patch (Apply
	// is then empty).
	ApplyError  string
	Differences []Difference
}

// refusedError is apimachinery's refusal of a patch, which is a result
// of the comparison, not a failure of it.
type refusedError struct{ err error }

func (e *refusedError) Error() string { return e.err.Error() }
func (e *refusedError) Unwrap() error { return e.err }

// Compare computes apimachinery's result for every merge of a build.
func Compare(merges []kustomize.Merge) ([]Result, error) {
	out := make([]Result, 0, len(merges))
	for _, m := range merges {
		r, err := CompareOne(m)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// Differences lists every difference of a build, in merge order.
func Differences(merges []kustomize.Merge) ([]Difference, error) {
	rs, err := Compare(merges)
	if err != nil {
		return nil, err
	}
	var out []Difference
	for _, r := range rs {
		out = append(out, r.Differences...)
	}
	return out, nil
}

// PatchFor is the patch as apimachinery gets it: the patch as written,
// with the object's apiVersion, kind, name and namespace (kustomize keeps
// the object's identity whatever the patch says, and a patch with a target
// may not name the object at all).
func PatchFor(m kustomize.Merge) ([]byte, error) {
	before, err := jsonvalue.DecodeObject(m.Before)
	if err != nil {
		return nil, fmt.Errorf("applydiff: the object: %w", err)
	}
	patch, err := jsonvalue.DecodeObject(m.PatchJSON)
	if err != nil {
		return nil, fmt.Errorf("applydiff: the patch: %w", err)
	}
	sameIdentity(patch, before)
	return jsonvalue.Encode(patch)
}

// Builtin says whether apimachinery merges the object's kind with a
// strategic merge patch (it has built-in patch metadata); otherwise
// kubectl sends a JSON merge patch.
func Builtin(m kustomize.Merge) bool {
	_, ok := schema.Builtin.Root(m.APIVersion, m.Kind)
	return ok
}

// ApplyPatch is what apimachinery does with the patch (PatchFor) on the
// object: for a built-in kind strategicpatch.StrategicMergePatch with its
// patch metadata, otherwise a JSON merge patch.
func ApplyPatch(m kustomize.Merge) (result []byte, method string, err error) {
	p, err := PatchFor(m)
	if err != nil {
		return nil, "", err
	}
	if root, ok := schema.Builtin.Root(m.APIVersion, m.Kind); ok {
		out, err := strategic.StrategicMergePatch(m.Before, p, root)
		if err != nil {
			return nil, "strategic merge patch", &refusedError{err}
		}
		return out, "strategic merge patch", nil
	}
	out, err := mergepatch.Apply(m.Before, p)
	if err != nil {
		return nil, "JSON merge patch", &refusedError{err}
	}
	return out, "JSON merge patch", nil
}

func sameIdentity(patch, obj map[string]any) {
	for _, k := range []string{"apiVersion", "kind"} {
		if v, ok := obj[k]; ok {
			patch[k] = v
		}
	}
	om, _ := obj["metadata"].(map[string]any)
	pm, ok := patch["metadata"].(map[string]any)
	if !ok {
		if om == nil {
			return
		}
		pm = map[string]any{}
		patch["metadata"] = pm
	}
	for _, k := range []string{"name", "namespace"} {
		if v, ok := om[k]; ok {
			pm[k] = v
		} else {
			delete(pm, k)
		}
	}
}

// CompareOne computes apimachinery's result for one merge and the fields
// where kustomize's differs.
func CompareOne(m kustomize.Merge) (Result, error) {
	applied, method, err := ApplyPatch(m)
	var refused *refusedError
	if errors.As(err, &refused) {
		d := Difference{Kustomization: m.Kustomization, Patch: m.Patch, Object: m.Object, Apply: refused.Error(), Why: ApplyFails}
		return Result{Merge: m, Method: method, ApplyError: refused.Error(), Differences: []Difference{d}}, nil
	}
	if err != nil {
		return Result{}, err
	}
	k, err := jsonvalue.Decode(m.After)
	if err != nil {
		return Result{}, fmt.Errorf("applydiff: kustomize's result: %w", err)
	}
	a, err := jsonvalue.Decode(applied)
	if err != nil {
		return Result{}, err
	}
	before, _ := jsonvalue.Decode(m.Before)
	patch, _ := jsonvalue.Decode(m.PatchJSON)
	c := &comparer{m: m, before: before, patch: patch, builtin: method == "strategic merge patch"}
	c.walk(nil, k, a)
	return Result{Merge: m, Apply: applied, Method: method, Differences: c.out}, nil
}

type comparer struct {
	m             kustomize.Merge
	before, patch any
	builtin       bool
	out           []Difference
}

func (c *comparer) walk(path []string, k, a any) {
	if reflect.DeepEqual(k, a) {
		return
	}
	km, kIsMap := k.(map[string]any)
	am, aIsMap := a.(map[string]any)
	if kIsMap && aIsMap {
		for _, key := range jsonvalue.Keys(km, am) {
			kv, kok := km[key]
			av, aok := am[key]
			sub := append(append([]string(nil), path...), key)
			if !kok || !aok {
				c.add(sub, kv, kok, av, aok)
				continue
			}
			c.walk(sub, kv, av)
		}
		return
	}
	// Lists of the same length whose elements are not merely reordered
	// are compared element by element: the difference is then named
	// where it is (an env list inside a container, say).
	kl, kIsList := k.([]any)
	al, aIsList := a.([]any)
	if kIsList && aIsList && len(kl) == len(al) && len(kl) > 0 && !sameElements(kl, al) {
		for i := range kl {
			c.walk(append(append([]string(nil), path...), fmt.Sprintf("[%d]", i)), kl[i], al[i])
		}
		return
	}
	c.add(path, k, true, a, true)
}

// fieldPath joins a path: keys with dots, list positions as [i].
func fieldPath(path []string) string {
	var b strings.Builder
	for i, p := range path {
		if i > 0 && !strings.HasPrefix(p, "[") {
			b.WriteByte('.')
		}
		b.WriteString(p)
	}
	return b.String()
}

func (c *comparer) add(path []string, k any, kok bool, a any, aok bool) {
	d := Difference{Kustomization: c.m.Kustomization, Patch: c.m.Patch, Object: c.m.Object, Field: fieldPath(path)}
	if kok {
		d.Kustomize = encode(k)
	}
	if aok {
		d.Apply = encode(a)
	}
	d.Why = c.why(path, k, a)
	c.out = append(c.out, d)
}

func encode(v any) string {
	b, err := jsonvalue.Encode(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func at(v any, path []string) (any, bool) {
	for _, p := range path {
		if strings.HasPrefix(p, "[") {
			// A position: the patch's elements are not the result's,
			// so nothing is looked up below a list.
			return nil, false
		}
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = m[p]; !ok {
			return nil, false
		}
	}
	return v, true
}

func (c *comparer) why(path []string, k, a any) Why {
	last := ""
	if len(path) > 0 {
		last = path[len(path)-1]
	}
	if strings.HasPrefix(last, "$setElementOrder/") || strings.HasPrefix(last, "$deleteFromPrimitiveList/") || last == "$retainKeys" {
		return ApplyDirective
	}
	if len(path) == 3 && path[0] == "metadata" && (path[1] == "labels" || path[1] == "annotations") && k == "null" {
		return MetadataStrings
	}
	parent, _ := at(c.patch, path[:max(len(path)-1, 0)])
	if pm, ok := parent.(map[string]any); ok {
		if _, ok := pm["$setElementOrder/"+last]; ok {
			return ApplyDirective
		}
		if _, ok := pm["$deleteFromPrimitiveList/"+last]; ok {
			return ApplyDirective
		}
		if _, ok := pm["$retainKeys"]; ok {
			return ApplyDirective
		}
	}
	p, inPatch := at(c.patch, path)
	if pm, ok := p.(map[string]any); ok && pm["$patch"] == "delete" && k == nil {
		return MapDelete
	}
	if b, ok := at(c.before, path); ok && b == nil && k == nil && a == nil && !inPatch {
		return DroppedNull
	}
	kl, kIsList := k.([]any)
	al, aIsList := a.([]any)
	if !kIsList && !aIsList {
		if c.inOddlyKeyed(path[:max(len(path)-1, 0)]) {
			return KeyedElements
		}
		return Other
	}
	if pl, ok := p.([]any); ok {
		for _, e := range pl {
			if em, ok := e.(map[string]any); ok && em["$patch"] == "replace" && len(em) > 1 {
				return ElementReplace
			}
		}
	}
	if kIsList && aIsList && len(kl) == len(al) && sameElements(kl, al) {
		return Ordering
	}
	if !inPatch {
		if b, ok := at(c.before, path); ok {
			if bl, ok := b.([]any); ok && kIsList && len(kl) < len(bl) {
				return NoMergeKey
			}
		}
	}
	if !c.builtin {
		return CustomResource
	}
	if c.inOddlyKeyed(path) {
		return KeyedElements
	}
	return Schema
}

// inOddlyKeyed: path is, or is inside an element of, a list kyaml keys
// whose elements in the object or the patch lack or repeat their keys.
func (c *comparer) inOddlyKeyed(path []string) bool {
	if !c.builtin {
		return false
	}
	for i := len(path); i >= 0; i-- {
		if i < len(path) && !strings.HasPrefix(path[i], "[") {
			continue
		}
		lp := path[:i]
		keys := kustomize.KyamlMergeKeys(c.m.APIVersion, c.m.Kind, lp)
		if len(keys) == 0 {
			continue
		}
		for _, l := range append(atEvery(c.before, lp), atEvery(c.patch, lp)...) {
			if oddlyKeyed(l, keys) {
				return true
			}
		}
	}
	return false
}

// atEvery is at with each position standing for every element of its list
// (the result's positions are not the object's or the patch's): the values
// at path in any element.
func atEvery(v any, path []string) []any {
	if len(path) == 0 {
		return []any{v}
	}
	if strings.HasPrefix(path[0], "[") {
		l, _ := v.([]any)
		var out []any
		for _, e := range l {
			out = append(out, atEvery(e, path[1:])...)
		}
		return out
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	e, ok := m[path[0]]
	if !ok {
		return nil
	}
	return atEvery(e, path[1:])
}

// oddlyKeyed: a list with an element that lacks one of keys (or has it
// empty or null) or repeats another element's values for them.
func oddlyKeyed(list any, keys []string) bool {
	l, ok := list.([]any)
	if !ok {
		return false
	}
	seen := map[string]bool{}
	for _, e := range l {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		id := ""
		for _, k := range keys {
			v, ok := m[k]
			if !ok || v == nil || v == "" {
				return true
			}
			id += encode(v) + "\x00"
		}
		if seen[id] {
			return true
		}
		seen[id] = true
	}
	return false
}

// sameElements: the two lists hold the same elements (as JSON), in any order.
func sameElements(a, b []any) bool {
	count := map[string]int{}
	for _, e := range a {
		count[encode(e)]++
	}
	for _, e := range b {
		s := encode(e)
		if count[s] == 0 {
			return false
		}
		count[s]--
	}
	return true
}
