package strategic

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/schema"
)

// mergeOptions mirrors strategicpatch.MergeOptions.
type mergeOptions struct {
	// mergeParallelList applies $deleteFromPrimitiveList and
	// $setElementOrder (server side); otherwise they are carried into the
	// result (merging two patches on the client).
	mergeParallelList bool
	// ignoreUnmatchedNulls drops nulls that have nothing to delete.
	ignoreUnmatchedNulls bool
}

// mergeMap merges patch into original. Both may be modified.
func mergeMap(original, patch map[string]any, s schema.Node, opts mergeOptions) (map[string]any, error) {
	if v, ok := patch[directiveMarker]; ok {
		return mapDirective(v, patch)
	}
	if original == nil {
		original = map[string]any{}
	}
	if err := applyRetainKeys(original, patch, opts); err != nil {
		return nil, err
	}
	if err := mergeOrderedLists(original, patch, s, opts); err != nil {
		return nil, err
	}
	for _, k := range slices.Sorted(maps.Keys(patch)) {
		patchV := patch[k]
		isDeleteList := false
		if strings.HasPrefix(k, deleteFromPrimitiveListPrefix) {
			if !opts.mergeParallelList {
				original[k] = patchV
				continue
			}
			key, err := extractKey(k, deleteFromPrimitiveListPrefix)
			if err != nil {
				return nil, err
			}
			isDeleteList = true
			if key != "" {
				k = key
			}
		}
		if patchV == nil {
			delete(original, k)
			if opts.ignoreUnmatchedNulls {
				continue
			}
		}
		originalV, ok := original[k]
		if !ok || typeOf(originalV) != typeOf(patchV) {
			if !isDeleteList {
				if opts.ignoreUnmatchedNulls {
					jsonvalue.PruneNulls(patchV)
				}
				if v, keep := removeDirectives(patchV); keep {
					original[k] = v
				} else {
					delete(original, k)
				}
			}
			continue
		}
		var err error
		switch originalV.(type) {
		case map[string]any:
			sub, meta, lerr := s.Field(k)
			if lerr != nil {
				return nil, wrap(k, lerr)
			}
			_, strategy, serr := strategyOf(meta)
			if serr != nil {
				return nil, wrap(k, serr)
			}
			original[k], err = mergeMapField(originalV, patchV, sub, strategy, opts)
		case []any:
			sub, meta, lerr := s.Items(k)
			if lerr != nil {
				return nil, wrap(k, lerr)
			}
			_, strategy, serr := strategyOf(meta)
			if serr != nil {
				return nil, wrap(k, serr)
			}
			original[k], err = mergeSliceField(originalV, patchV, sub, strategy, meta.MergeKey, isDeleteList, opts)
		default:
			if v, keep := removeDirectives(patchV); keep {
				original[k] = v
			} else {
				delete(original, k)
			}
		}
		if err != nil {
			return nil, wrap(k, err)
		}
	}
	return original, nil
}

// mapDirective applies a map's $patch directive.
func mapDirective(directive any, patch map[string]any) (map[string]any, error) {
	switch directive {
	case replaceDirective:
		delete(patch, directiveMarker)
		return patch, nil
	case deleteDirective:
		return map[string]any{}, nil
	}
	return nil, errBadPatchType(directive, patch)
}

// applyRetainKeys applies a $retainKeys directive: keys of original not
// listed are cleared, and every key the patch sets must be listed.
func applyRetainKeys(original, patch map[string]any, opts mergeOptions) error {
	retain, found := patch[retainKeysDirective]
	if !found {
		return nil
	}
	delete(patch, retainKeysDirective)
	if !opts.mergeParallelList {
		if inOriginal, ok := original[retainKeysDirective]; ok {
			if !deepEqual(inOriginal, retain) {
				return fmt.Errorf("%v and %v are not deep equal: this may happen when calculating the 3-way diff patch", inOriginal, retain)
			}
		} else {
			original[retainKeysDirective] = retain
		}
		return nil
	}
	list, ok := retain.([]any)
	if !ok {
		return ErrBadPatchFormatForRetainKeys
	}
	keep := make(map[any]struct{}, len(list))
	for _, v := range list {
		if !comparable(v) {
			return &ErrUncomparable{v}
		}
		keep[v] = struct{}{}
	}
	for k, v := range patch {
		if v == nil || strings.HasPrefix(k, deleteFromPrimitiveListPrefix) || strings.HasPrefix(k, setElementOrderPrefix) {
			continue
		}
		if _, ok := keep[k]; !ok {
			return ErrBadPatchFormatForRetainKeys
		}
	}
	for k := range original {
		if _, ok := keep[k]; !ok {
			delete(original, k)
		}
	}
	return nil
}

// mergeOrderedLists mirrors mergePatchIntoOriginal: every list that has a
// $setElementOrder directive is merged here and put in that order.
func mergeOrderedLists(original, patch map[string]any, s schema.Node, opts mergeOptions) error {
	var keys []string
	for k := range patch {
		if strings.HasPrefix(k, setElementOrderPrefix) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, key := range keys {
		order := patch[key]
		if !opts.mergeParallelList {
			if inOriginal, ok := original[key]; ok {
				if !deepEqual(inOriginal, order) {
					return ErrBadPatchFormatForSetElementOrderList
				}
			} else {
				original[key] = order
			}
		}
		delete(patch, key)
		orderList, ok := order.([]any)
		if !ok {
			return errBadArgType(tSlice, order)
		}
		listKey, err := extractKey(key, setElementOrderPrefix)
		if err != nil {
			return err
		}
		originalList, foundOriginal := original[listKey]
		patchList, foundPatch := patch[listKey]
		var originalValue, patchValue []any
		if foundOriginal {
			if originalValue, ok = originalList.([]any); !ok {
				return wrap(listKey, errBadArgType(tSlice, originalList))
			}
		}
		if foundPatch {
			if patchValue, ok = patchList.([]any); !ok {
				return wrap(listKey, errBadArgType(tSlice, patchList))
			}
		}
		sub, meta, err := s.Items(listKey)
		if err != nil {
			return wrap(listKey, err)
		}
		_, strategy, err := strategyOf(meta)
		if err != nil {
			return wrap(listKey, err)
		}
		mergeKey := meta.MergeKey
		if err := validatePatchWithSetOrderList(patchValue, orderList, mergeKey); err != nil {
			return wrap(listKey, err)
		}
		var merged []any
		switch {
		case foundOriginal && !foundPatch:
			merged = originalValue
		case !foundOriginal && foundPatch:
			v, _ := removeDirectives(patchValue)
			merged = v.([]any)
		case foundOriginal && foundPatch:
			merged, err = mergeSliceField(originalList, patchList, sub, strategy, mergeKey, false, opts)
			if err != nil {
				return wrap(listKey, err)
			}
		default:
			continue
		}
		patchItems, serverOnly, orderIdx, err := partitionBy(merged, orderList, mergeKey)
		if err != nil {
			return wrap(listKey, err)
		}
		elem, err := sliceElementType(originalValue, patchValue)
		if err != nil {
			return wrap(listKey, err)
		}
		if elem != tMap {
			orderIdx = nil
		}
		both, err := normalizeElementOrderIndexed(patchItems, serverOnly, orderList, orderIdx, originalValue, mergeKey, elem == tMap)
		if err != nil {
			return wrap(listKey, err)
		}
		original[listKey] = both
		delete(patch, listKey)
	}
	return nil
}

// extractKey returns the list key of a parallel-list directive key.
func extractKey(s, prefix string) (string, error) {
	parts := strings.SplitN(s, "/", 2)
	if len(parts) <= 1 || parts[0] != prefix {
		switch prefix {
		case deleteFromPrimitiveListPrefix:
			return "", ErrBadPatchFormatForPrimitiveList
		case setElementOrderPrefix:
			return "", ErrBadPatchFormatForSetElementOrderList
		}
		return "", fmt.Errorf("fail to find unknown prefix %q in %s\n", prefix, s)
	}
	return parts[1], nil
}

// validatePatchWithSetOrderList checks that the patch list's elements appear
// in the $setElementOrder list, in the same relative order.
func validatePatchWithSetOrderList(patchList, orderList []any, mergeKey string) error {
	if len(orderList) == 0 || len(patchList) == 0 {
		return nil
	}
	nonDelete := patchList
	if mergeKey != "" {
		var err error
		if nonDelete, _, err = extractToDeleteItems(patchList); err != nil {
			return err
		}
	}
	p, o := 0, 0
	for p < len(nonDelete) && o < len(orderList) {
		if containsDirectiveMarker(nonDelete[p]) {
			p++
			continue
		}
		equal, err := mergeKeyValueEqual(nonDelete[p], orderList[o], mergeKey)
		if err != nil {
			return err
		}
		if equal {
			p++
		}
		o++
	}
	if p < len(nonDelete) && o >= len(orderList) {
		return fmt.Errorf("The order in patch list:\n%v\n doesn't match %s list:\n%v\n", patchList, setElementOrderPrefix, orderList)
	}
	return nil
}

func containsDirectiveMarker(item any) bool {
	m, ok := item.(map[string]any)
	if !ok {
		return false
	}
	_, found := m[directiveMarker]
	return found
}

// partitionPrimitives splits list into the items present in by and the rest.
func partitionPrimitives(list, by []any) ([]any, []any, error) {
	in := make(map[any]bool, len(by))
	for _, v := range by {
		if !comparable(v) {
			return nil, nil, &ErrUncomparable{v}
		}
		in[v] = true
	}
	patch := make([]any, 0, len(list))
	serverOnly := make([]any, 0, len(list))
	for _, v := range list {
		if !comparable(v) {
			return nil, nil, &ErrUncomparable{v}
		}
		if in[v] {
			patch = append(patch, v)
		} else {
			serverOnly = append(serverOnly, v)
		}
	}
	return patch, serverOnly, nil
}

// partitionBy splits list into the items present in by and the rest: by
// merge key (partitionMaps), or as primitives when mergeKey is "". It also
// returns by's index when it could build one (every element of by a map
// with the merge key), for normalizeElementOrderIndexed.
func partitionBy(list, by []any, mergeKey string) (present, rest []any, byIdx *keyIndex, err error) {
	if mergeKey == "" {
		present, rest, err = partitionPrimitives(list, by)
		return present, rest, nil, err
	}
	if keyedMaps(by, mergeKey) {
		byIdx = indexOf(by, mergeKey, true)
	}
	present, rest, err = partitionMapsIndexed(list, by, byIdx, mergeKey)
	return present, rest, byIdx, err
}

// partitionMaps splits a list of maps into those whose merge key is present
// in by and the rest.
func partitionMaps(list, by []any, mergeKey string) ([]any, []any, error) {
	return partitionMapsIndexed(list, by, nil, mergeKey)
}

// partitionMapsIndexed is partitionMaps with by's index built already:
// possible only when every element of by is a map with the merge key,
// where index and findMapInSliceBasedOnKeyValue agree.
func partitionMapsIndexed(list, by []any, byIdx *keyIndex, mergeKey string) ([]any, []any, error) {
	patch := make([]any, 0, len(list))
	serverOnly := make([]any, 0, len(list))
	var idx *mapIndex
	if byIdx == nil {
		idx = newMapIndex(by, mergeKey)
	}
	for _, v := range list {
		_, val, err := mapAndMergeKey(v, mergeKey)
		if err != nil {
			return nil, nil, err
		}
		var found bool
		if idx != nil {
			_, _, found, err = idx.find(val)
		} else {
			var i int
			i, err = byIdx.lookup(val)
			found = i >= 0
		}
		if err != nil {
			return nil, nil, err
		}
		if found {
			patch = append(patch, v)
		} else {
			serverOnly = append(serverOnly, v)
		}
	}
	return patch, serverOnly, nil
}

// removeDirectives strips directives from a patch value about to be copied
// into the result; false means the value itself was a directive.
func removeDirectives(obj any) (any, bool) {
	switch t := obj.(type) {
	case map[string]any:
		if _, ok := t[directiveMarker]; ok {
			return nil, false
		}
		for k, v := range t {
			nv, keep := removeDirectives(v)
			if keep {
				t[k] = nv
			} else {
				delete(t, k)
			}
		}
		return t, true
	case []any:
		var res []any
		if t != nil {
			res = []any{}
		}
		for _, v := range t {
			if nv, keep := removeDirectives(v); keep {
				res = append(res, nv)
			}
		}
		return res, true
	}
	return obj, true
}

func mergeMapField(original, patch any, s schema.Node, strategy string, opts mergeOptions) (map[string]any, error) {
	o, ok := original.(map[string]any)
	if !ok {
		return nil, errBadArgType(tMap, original)
	}
	p, ok := patch.(map[string]any)
	if !ok {
		return nil, errBadArgType(tMap, patch)
	}
	if strategy == replaceDirective {
		return p, nil
	}
	return mergeMap(o, p, s, opts)
}

func mergeSliceField(original, patch any, s schema.Node, strategy, mergeKey string, isDeleteList bool, opts mergeOptions) ([]any, error) {
	o, ok := original.([]any)
	if !ok {
		return nil, errBadArgType(tSlice, original)
	}
	p, ok := patch.([]any)
	if !ok {
		return nil, errBadArgType(tSlice, patch)
	}
	if strategy == mergeDirective || isDeleteList {
		return mergeSlice(o, p, s, mergeKey, opts, isDeleteList)
	}
	return p, nil
}

// mergeSlice merges a patch list into a merged list: primitives as a set,
// maps by merge key, then orders the result.
func mergeSlice(original, patch []any, s schema.Node, mergeKey string, opts mergeOptions, isDeleteList bool) ([]any, error) {
	if len(original) == 0 && len(patch) == 0 {
		return original, nil
	}
	elem, err := sliceElementType(original, patch)
	if err != nil {
		return nil, err
	}
	var merged []any
	if elem != tMap {
		if opts.mergeParallelList && isDeleteList {
			return deleteFromSlice(original, patch)
		}
		merged, err = deduplicateScalars(append(original, patch...))
		if err != nil {
			return nil, err
		}
	} else {
		if mergeKey == "" {
			return nil, fmt.Errorf("cannot merge lists without merge key for %s", s.Name())
		}
		original, patch, err = mergeSpecialElements(original, patch, mergeKey)
		if err != nil {
			return nil, err
		}
		merged, err = mergePlainElements(original, patch, mergeKey, s, opts)
		if err != nil {
			return nil, err
		}
	}
	patchItems, serverOnly, patchIdx, err := partitionBy(merged, patch, mergeKey)
	if err != nil {
		return nil, err
	}
	if elem != tMap {
		patchIdx = nil
	}
	return normalizeElementOrderIndexed(patchItems, serverOnly, patch, patchIdx, original, mergeKey, elem == tMap)
}

// keyedMaps reports whether every element is a map that has the key.
func keyedMaps(list []any, key string) bool {
	for _, v := range list {
		m, ok := v.(map[string]any)
		if !ok {
			return false
		}
		if _, ok := m[key]; !ok {
			return false
		}
	}
	return true
}

// mergeSpecialElements applies the $patch elements of a patch list:
// deletions remove every element with that key, replace makes the patch
// list the result.
func mergeSpecialElements(original, patch []any, mergeKey string) ([]any, []any, error) {
	plain := []any{}
	replace := false
	var deleteKeys []any
	for _, v := range patch {
		m := v.(map[string]any)
		directive, ok := m[directiveMarker]
		if !ok {
			plain = append(plain, v)
			continue
		}
		switch directive {
		case deleteDirective:
			val, ok := m[mergeKey]
			if !ok {
				return nil, nil, errNoMergeKey(m, mergeKey)
			}
			deleteKeys = append(deleteKeys, val)
		case replaceDirective:
			replace = true
		case mergeDirective:
			return nil, nil, errMergingListsInPatch
		default:
			return nil, nil, errBadPatchType(directive, m)
		}
	}
	if len(deleteKeys) > 0 {
		var err error
		if original, err = deleteMatchingEntries(original, mergeKey, deleteKeys); err != nil {
			return nil, nil, err
		}
	}
	if replace {
		return plain, nil, nil
	}
	return original, plain, nil
}

// deleteMatchingEntries removes the maps whose merge key equals one of
// keys. apimachinery removes them one at a time with
// append(list[:i], list[i+1:]...), which rewrites the shared backing array;
// callers that still hold the longer slice (the live list, used later to
// order the result) see that rewrite, so it is reproduced here exactly:
// survivors compacted to the front, and each vacated position left holding
// the list's last element at the moment it was vacated.
func deleteMatchingEntries(original []any, mergeKey string, keys []any) ([]any, error) {
	n := len(original)
	positions := make(map[any][]int)
	var hasMapKey, hasSliceKey bool
	for i, v := range original {
		val, ok := v.(map[string]any)[mergeKey]
		if !ok {
			continue
		}
		switch typeOf(val) {
		case tMap:
			hasMapKey = true
		case tSlice:
			hasSliceKey = true
		default:
			positions[val] = append(positions[val], i)
		}
	}
	removed := make([]bool, n)
	vacated := make([]any, n)
	length, last := n, n-1
	for _, k := range keys {
		switch typeOf(k) {
		case tMap:
			if hasMapKey {
				return nil, &ErrUncomparable{k}
			}
			continue
		case tSlice:
			if hasSliceKey {
				return nil, &ErrUncomparable{k}
			}
			continue
		}
		for _, r := range positions[k] {
			if removed[r] {
				continue
			}
			vacated[length-1] = original[last]
			removed[r] = true
			length--
			for last >= 0 && removed[last] {
				last--
			}
		}
	}
	if length == n {
		return original, nil
	}
	w := 0
	for i, v := range original {
		if !removed[i] {
			original[w] = v
			w++
		}
	}
	copy(original[w:], vacated[w:])
	return original[:w], nil
}

// mergePlainElements merges each patch element into the original element
// with the same merge key, or appends it.
func mergePlainElements(original, patch []any, mergeKey string, s schema.Node, opts mergeOptions) ([]any, error) {
	idx := newMapIndex(original, mergeKey)
	for _, v := range patch {
		m := v.(map[string]any)
		val, ok := m[mergeKey]
		if !ok {
			return nil, errNoMergeKey(m, mergeKey)
		}
		found, i, ok, err := idx.find(val)
		if err != nil {
			return nil, err
		}
		if !ok {
			idx.append(m)
			continue
		}
		merged, err := mergeMap(found, m, s, opts)
		if err != nil {
			return nil, wrap(fmt.Sprintf("[%s=%s]", mergeKey, jsonvalue.Sprint(val)), err)
		}
		idx.list[i] = merged
		if nv, ok := merged[mergeKey]; !ok || !sameKey(nv, val) {
			idx = newMapIndex(idx.list, mergeKey)
		}
	}
	return idx.list, nil
}

func sameKey(a, b any) bool { return comparable(a) && comparable(b) && a == b }

// deleteFromSlice removes the items listed in a $deleteFromPrimitiveList.
func deleteFromSlice(current, toDelete []any) ([]any, error) {
	del := make(map[any]struct{}, len(toDelete))
	for _, v := range toDelete {
		if !comparable(v) {
			return nil, &ErrUncomparable{v}
		}
		del[v] = struct{}{}
	}
	kept := make([]any, 0, len(current))
	for _, v := range current {
		if !comparable(v) {
			return nil, &ErrUncomparable{v}
		}
		if _, ok := del[v]; !ok {
			kept = append(kept, v)
		}
	}
	return kept, nil
}
