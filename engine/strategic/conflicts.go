package strategic

import (
	"fmt"
	"maps"
	"slices"

	"github.com/applylens/applylens/engine/schema"
)

// The conflict check of --overwrite=false, mirroring
// strategicpatch.MergingMapsHaveConflicts. Like apimachinery, it sorts
// lists of primitives of the patch in place while comparing them.

func fieldsHaveConflicts(left, right any, s schema.Node, strategy, mergeKey string) (bool, error) {
	switch l := left.(type) {
	case map[string]any:
		r, ok := right.(map[string]any)
		if !ok {
			return true, nil
		}
		lm, okL := l[directiveMarker]
		rm, okR := r[directiveMarker]
		if okL || okR {
			if okL != okR {
				return true, nil
			}
			if !comparable(lm) && typeOf(lm) == typeOf(rm) {
				return true, &ErrUncomparable{lm}
			}
			if lm != rm {
				return true, nil
			}
		}
		if strategy == replaceDirective {
			return false, nil
		}
		return mapsHaveConflicts(l, r, s)
	case []any:
		r, ok := right.([]any)
		if !ok {
			return true, nil
		}
		return slicesHaveConflicts(l, r, s, strategy, mergeKey)
	case string, float64, bool, int64, nil:
		return !deepEqual(left, right), nil
	}
	return true, fmt.Errorf("unknown type: %T", left)
}

func mapsHaveConflicts(left, right map[string]any, s schema.Node) (bool, error) {
	for _, key := range slices.Sorted(maps.Keys(left)) {
		if key == directiveMarker || key == retainKeysDirective {
			continue
		}
		rightValue, ok := right[key]
		if !ok {
			continue
		}
		leftValue := left[key]
		var sub schema.Node
		var meta schema.Meta
		var strategy string
		var err error
		switch leftValue.(type) {
		case []any:
			if sub, meta, err = s.Items(key); err != nil {
				return true, wrap(key, err)
			}
			if _, strategy, err = strategyOf(meta); err != nil {
				return true, wrap(key, err)
			}
		case map[string]any:
			if sub, meta, err = s.Field(key); err != nil {
				return true, wrap(key, err)
			}
			if _, strategy, err = strategyOf(meta); err != nil {
				return true, wrap(key, err)
			}
		}
		if conflict, err := fieldsHaveConflicts(leftValue, rightValue, sub, strategy, meta.MergeKey); conflict {
			return true, wrap(key, err)
		}
	}
	return false, nil
}

func slicesHaveConflicts(left, right []any, s schema.Node, strategy, mergeKey string) (bool, error) {
	elem, err := sliceElementType(left, right)
	if err != nil {
		return true, err
	}
	if strategy == mergeDirective {
		if elem != tMap {
			return false, nil
		}
		l, err := mapsByMergeKey(left, mergeKey)
		if err != nil {
			return true, err
		}
		r, err := mapsByMergeKey(right, mergeKey)
		if err != nil {
			return true, err
		}
		for _, key := range slices.Sorted(maps.Keys(l)) {
			if rv, ok := r[key]; ok {
				if conflict, err := fieldsHaveConflicts(l[key], rv, s, "", ""); conflict {
					return true, err
				}
			}
		}
		return false, nil
	}
	if len(left) != len(right) {
		return true, nil
	}
	if elem != tMap {
		if left, err = deduplicateScalars(left); err != nil {
			return true, err
		}
		left = sortScalars(left)
		if right, err = deduplicateScalars(right); err != nil {
			return true, err
		}
		right = sortScalars(right)
	}
	for i := range left {
		if i >= len(right) {
			// Deduplication left the lists with different lengths:
			// apimachinery indexes past the end here and panics.
			return true, errConflictCheckPanics
		}
		if conflict, err := fieldsHaveConflicts(left[i], right[i], s, "", ""); conflict {
			return true, err
		}
	}
	return false, nil
}

// mapsByMergeKey mirrors sliceOfMapsToMapOfMaps, keys formatted with %s.
func mapsByMergeKey(list []any, mergeKey string) (map[string]any, error) {
	result := make(map[string]any, len(list))
	for _, v := range list {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("invalid element type in merging list:%v", list)
		}
		val, ok := m[mergeKey]
		if !ok {
			return nil, fmt.Errorf("cannot find merge key `%s` in merging list element:%v", mergeKey, m)
		}
		result[fmt.Sprintf("%s", val)] = m
	}
	return result, nil
}

// conflictFields lists the fields, as key paths under prefix, in which
// mapsHaveConflicts finds the conflict: maps are followed into their
// fields, and anything else (a list, a value, a map kubectl compares
// whole) is one field. The same judgement, finer: what the user is
// shown as the conflicting fields.
func conflictFields(prefix []string, left, right map[string]any, s schema.Node) [][]string {
	var out [][]string
	for _, key := range slices.Sorted(maps.Keys(left)) {
		if key == directiveMarker || key == retainKeysDirective {
			continue
		}
		rv, ok := right[key]
		if !ok {
			continue
		}
		lv := left[key]
		path := append(append([]string(nil), prefix...), key)
		conflict, _ := mapsHaveConflicts(map[string]any{key: lv}, map[string]any{key: rv}, s)
		if !conflict {
			continue
		}
		lm, lok := lv.(map[string]any)
		rm, rok := rv.(map[string]any)
		if lok && rok && lm[directiveMarker] == nil && rm[directiveMarker] == nil {
			if sub, meta, err := s.Field(key); err == nil {
				if _, strategy, err := strategyOf(meta); err == nil && strategy != replaceDirective {
					if inner := conflictFields(path, lm, rm, sub); len(inner) > 0 {
						out = append(out, inner...)
						continue
					}
				}
			}
		}
		out = append(out, path)
	}
	return out
}
