package strategic

import (
	"fmt"
	"maps"
	"slices"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/schema"
)

// diffOptions mirrors strategicpatch.DiffOptions.
type diffOptions struct {
	setElementOrder           bool
	ignoreChangesAndAdditions bool
	ignoreDeletions           bool
	buildRetainKeysDirective  bool
}

// diffMaps returns the patch that turns original into modified, within the
// limits of opts (see CreateThreeWayMergePatch for how they combine).
func diffMaps(original, modified map[string]any, s schema.Node, opts diffOptions) (map[string]any, error) {
	patch := map[string]any{}
	var retainKeys []any
	if opts.buildRetainKeysDirective {
		retainKeys = make([]any, 0, len(modified))
	}
	for _, key := range slices.Sorted(maps.Keys(modified)) {
		modifiedValue := modified[key]
		if opts.buildRetainKeysDirective && modifiedValue != nil {
			retainKeys = append(retainKeys, key)
		}
		originalValue, ok := original[key]
		if !ok {
			if !opts.ignoreChangesAndAdditions {
				patch[key] = modifiedValue
			}
			continue
		}
		if key == directiveMarker {
			o, ok1 := originalValue.(string)
			m, ok2 := modifiedValue.(string)
			if !ok1 || !ok2 {
				return nil, fmt.Errorf("invalid value for special key: %s", directiveMarker)
			}
			if o != m {
				patch[directiveMarker] = modifiedValue
			}
			continue
		}
		if typeOf(originalValue) != typeOf(modifiedValue) {
			if !opts.ignoreChangesAndAdditions {
				patch[key] = modifiedValue
			}
			continue
		}
		var err error
		switch o := originalValue.(type) {
		case map[string]any:
			err = diffMapField(key, o, modifiedValue.(map[string]any), patch, s, opts)
		case []any:
			err = diffSliceField(key, o, modifiedValue.([]any), patch, s, opts)
		default:
			replaceIfNotEqual(key, originalValue, modifiedValue, patch, opts)
		}
		if err != nil {
			return nil, wrap(key, err)
		}
	}
	if !opts.ignoreDeletions {
		for key := range original {
			if _, found := modified[key]; !found {
				patch[key] = nil
			}
		}
	}
	if len(retainKeys) > 0 && (len(patch) > 0 || hasAdditionalNewField(original, modified)) {
		patch[retainKeysDirective] = sortScalars(retainKeys)
	}
	return patch, nil
}

func diffMapField(key string, original, modified, patch map[string]any, s schema.Node, opts diffOptions) error {
	sub, meta, err := s.Field(key)
	if err != nil {
		if deepEqual(original, modified) {
			return nil
		}
		return err
	}
	retain, strategy, err := strategyOf(meta)
	if err != nil {
		return err
	}
	opts.buildRetainKeysDirective = retain
	if strategy == replaceDirective {
		if !opts.ignoreChangesAndAdditions {
			patch[key] = modified
		}
		return nil
	}
	value, err := diffMaps(original, modified, sub, opts)
	if err != nil {
		return err
	}
	if len(value) > 0 {
		patch[key] = value
	}
	return nil
}

func diffSliceField(key string, original, modified []any, patch map[string]any, s schema.Node, opts diffOptions) error {
	sub, meta, err := s.Items(key)
	if err != nil {
		if deepEqual(original, modified) {
			return nil
		}
		return err
	}
	retain, strategy, err := strategyOf(meta)
	if err != nil {
		return err
	}
	if strategy != mergeDirective {
		replaceIfNotEqual(key, original, modified, patch, opts)
		return nil
	}
	opts.buildRetainKeysDirective = retain
	add, del, order, err := diffLists(original, modified, sub, meta.MergeKey, opts)
	if err != nil {
		return err
	}
	if len(add) > 0 {
		patch[key] = add
	}
	if len(del) > 0 {
		patch[deleteFromPrimitiveListPrefix+"/"+key] = del
	}
	if len(order) > 0 {
		patch[setElementOrderPrefix+"/"+key] = order
	}
	return nil
}

func replaceIfNotEqual(key string, original, modified any, patch map[string]any, opts diffOptions) {
	if opts.ignoreChangesAndAdditions || deepEqual(original, modified) {
		return
	}
	patch[key] = modified
}

// hasAdditionalNewField reports whether original has a non-null key that
// modified lacks.
func hasAdditionalNewField(original, modified map[string]any) bool {
	for k, v := range original {
		if v == nil {
			continue
		}
		if _, found := modified[k]; !found {
			return true
		}
	}
	return false
}

// diffLists returns the patch list, the parallel deletion list (primitives)
// and the $setElementOrder list of a merged list.
func diffLists(original, modified []any, s schema.Node, mergeKey string, opts diffOptions) ([]any, []any, []any, error) {
	if len(original) == 0 {
		if len(modified) == 0 || opts.ignoreChangesAndAdditions {
			return nil, nil, nil, nil
		}
		return modified, nil, nil, nil
	}
	elem, err := sliceElementType(original, modified)
	if err != nil {
		return nil, nil, nil, err
	}
	var patchList, deleteList, orderList []any
	switch elem {
	case tMap:
		patchList, deleteList, err = diffListsOfMaps(original, modified, s, mergeKey, opts)
		if err != nil {
			return nil, nil, nil, err
		}
		patchList, err = normalizeSliceOrder(patchList, modified, mergeKey, true)
		if err != nil {
			return nil, nil, nil, err
		}
		same, err := isOrderSame(original, modified, mergeKey)
		if err != nil {
			return nil, nil, nil, err
		}
		patchList = append(patchList, deleteList...)
		deleteList = nil
		if opts.setElementOrder &&
			((!opts.ignoreChangesAndAdditions && (len(patchList) > 0 || !same)) ||
				(!opts.ignoreDeletions && len(patchList) > 0)) {
			orderList = make([]any, len(modified))
			for i, v := range modified {
				orderList[i] = map[string]any{mergeKey: v.(map[string]any)[mergeKey]}
			}
		}
	case tSlice:
		return nil, nil, nil, ErrNoListOfLists
	default:
		patchList, deleteList, err = diffListsOfScalars(original, modified, opts)
		if err != nil {
			return nil, nil, nil, err
		}
		patchList, err = normalizeSliceOrder(patchList, modified, mergeKey, false)
		if opts.setElementOrder && ((!opts.ignoreDeletions && len(deleteList) > 0) ||
			(!opts.ignoreChangesAndAdditions && !deepEqual(original, modified))) {
			orderList = modified
		}
	}
	return patchList, deleteList, orderList, err
}

func isOrderSame(original, modified []any, mergeKey string) (bool, error) {
	if len(original) != len(modified) {
		return false, nil
	}
	for i, m := range modified {
		equal, err := mergeKeyValueEqual(original[i], m, mergeKey)
		if err != nil || !equal {
			return equal, err
		}
	}
	return true, nil
}

// diffListsOfScalars returns the additions and deletions between two lists
// of primitives, compared as sets of their %v strings.
func diffListsOfScalars(original, modified []any, opts diffOptions) ([]any, []any, error) {
	modifiedCopy := make([]any, len(modified))
	copy(modifiedCopy, modified)
	originalSorted := sortScalars(original)
	modifiedSorted := sortScalars(modifiedCopy)
	os, ms := make([]string, len(originalSorted)), make([]string, len(modifiedSorted))
	for i, v := range originalSorted {
		os[i] = jsonvalue.Sprint(v)
	}
	for i, v := range modifiedSorted {
		ms[i] = jsonvalue.Sprint(v)
	}
	add, del := []any{}, []any{}
	i, j := 0, 0
	for i < len(os) || j < len(ms) {
		switch {
		case i < len(os) && j < len(ms) && os[i] == ms[j]:
			i++
			j++
		case i >= len(os) || (j < len(ms) && os[i] > ms[j]):
			if !opts.ignoreChangesAndAdditions {
				add = append(add, modifiedSorted[j])
			}
			j++
		default:
			if !opts.ignoreDeletions {
				del = append(del, originalSorted[i])
			}
			i++
		}
	}
	del, err := deduplicateScalars(del)
	return add, del, err
}

// diffListsOfMaps pairs the elements of two lists of maps by the %v string
// of their merge key, after sorting both by it, and diffs each pair. Like
// apimachinery it checks each element's merge key only when the walk
// reaches it, so the first error is the same.
func diffListsOfMaps(original, modified []any, s schema.Node, mergeKey string, opts diffOptions) ([]any, []any, error) {
	patch := make([]any, 0, len(modified))
	deletions := make([]any, 0, len(original))
	originalSorted, originalKeys := sortByMergeKey(original, mergeKey)
	modifiedSorted, modifiedKeys := sortByMergeKey(modified, mergeKey)
	i, j := 0, 0
	for i < len(originalSorted) || j < len(modifiedSorted) {
		both := i < len(originalSorted) && j < len(modifiedSorted)
		var o, m map[string]any
		var oVal, mVal any
		var err error
		if i < len(originalSorted) {
			if o, oVal, err = mapAndMergeKey(originalSorted[i], mergeKey); err != nil {
				return nil, nil, err
			}
		}
		if j < len(modifiedSorted) {
			if m, mVal, err = mapAndMergeKey(modifiedSorted[j], mergeKey); err != nil {
				return nil, nil, err
			}
		}
		switch {
		case both && originalKeys[i] == modifiedKeys[j]:
			value, err := diffMaps(o, m, s, opts)
			if err != nil {
				return nil, nil, wrap(fmt.Sprintf("[%s=%s]", mergeKey, modifiedKeys[j]), err)
			}
			if len(value) > 0 {
				value[mergeKey] = mVal
				patch = append(patch, value)
			}
			i++
			j++
		case i >= len(originalSorted) || (both && originalKeys[i] > modifiedKeys[j]):
			if !opts.ignoreChangesAndAdditions {
				patch = append(patch, m)
			}
			j++
		default:
			if !opts.ignoreDeletions {
				deletions = append(deletions, map[string]any{
					mergeKey:        oVal,
					directiveMarker: deleteDirective,
				})
			}
			i++
		}
	}
	return patch, deletions, nil
}

// mapAndMergeKey mirrors getMapAndMergeKeyValueByIndex.
func mapAndMergeKey(v any, mergeKey string) (map[string]any, any, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, nil, errBadArgType(tMap, v)
	}
	val, ok := m[mergeKey]
	if !ok {
		return nil, nil, errNoMergeKey(m, mergeKey)
	}
	return m, val, nil
}

// sortByMergeKey mirrors sortMergeListsByNameArray(list, _, key, false):
// the list sorted by the %v string of each map's merge key ("<nil>" when it
// has none), and those strings. diffLists has checked that all elements
// are maps.
func sortByMergeKey(list []any, mergeKey string) ([]any, []string) {
	if len(list) == 0 {
		return list, nil
	}
	sorted, keys := sortMapsByField(list, mergeKey)
	return sorted, keys
}

// sliceElementType returns the one type of all elements of the lists.
func sliceElementType(lists ...[]any) (typeCode, error) {
	prev, seen := tNil, false
	for _, l := range lists {
		for _, v := range l {
			t := typeOf(v)
			if !seen {
				prev, seen = t, true
				if t == tSlice {
					return 0, ErrNoListOfLists
				}
				continue
			}
			if t != prev {
				return 0, fmt.Errorf("list element types are not identical: %v", fmt.Sprint(lists))
			}
		}
	}
	if !seen {
		return 0, errNoElements
	}
	return prev, nil
}

func mergeKeyValueEqual(left, right any, mergeKey string) (bool, error) {
	if mergeKey == "" {
		if !comparable(left) && typeOf(left) == typeOf(right) {
			return false, &ErrUncomparable{left}
		}
		return left == right, nil
	}
	l, ok := left.(map[string]any)
	if !ok {
		return false, errBadArgType(tMap, left)
	}
	r, ok := right.(map[string]any)
	if !ok {
		return false, errBadArgType(tMap, right)
	}
	lv, ok := l[mergeKey]
	if !ok {
		return false, errNoMergeKey(l, mergeKey)
	}
	rv, ok := r[mergeKey]
	if !ok {
		return false, errNoMergeKey(r, mergeKey)
	}
	if !comparable(lv) && typeOf(lv) == typeOf(rv) {
		return false, &ErrUncomparable{lv}
	}
	return lv == rv, nil
}
