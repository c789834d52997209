package strategic

import "sort"

// normalizeSliceOrder mirrors strategicpatch's normalizeSliceOrder: toSort
// ordered by the elements' positions in order (stable), with $patch: delete
// elements moved to the end.
func normalizeSliceOrder(toSort, order []any, mergeKey string, ofMaps bool) ([]any, error) {
	return normalizeSliceOrderIndexed(toSort, order, nil, mergeKey, ofMaps)
}

// normalizeSliceOrderIndexed is normalizeSliceOrder with the index of order
// built already (nil: build it when needed).
func normalizeSliceOrderIndexed(toSort, order []any, orderIdx *keyIndex, mergeKey string, ofMaps bool) ([]any, error) {
	var toDelete []any
	if ofMaps {
		if err := validateMergeKeyInLists(mergeKey, toSort, order); err != nil {
			return nil, err
		}
		var err error
		toSort, toDelete, err = extractToDeleteItems(toSort)
		if err != nil {
			return nil, err
		}
	}
	if len(toSort) > 1 {
		if orderIdx == nil {
			orderIdx = indexOf(order, mergeKey, ofMaps)
		}
		pos := lookupAll(orderIdx, toSort, mergeKey, ofMaps)
		if err := sortStable(byOrder{toSort, pos}); err != nil {
			return nil, err
		}
	}
	return append(toSort, toDelete...), nil
}

// sortStable sorts, turning the comparison of an uncomparable key (where
// apimachinery's == panics) into an error. Like apimachinery, it fails
// only if the sort actually compares that element.
func sortStable(b byOrder) (err error) {
	defer func() {
		if r := recover(); r != nil {
			u, ok := r.(*ErrUncomparable)
			if !ok {
				panic(r)
			}
			err = u
		}
	}()
	sort.Stable(b)
	return nil
}

func validateMergeKeyInLists(mergeKey string, lists ...[]any) error {
	for _, list := range lists {
		for _, item := range list {
			m, ok := item.(map[string]any)
			if !ok {
				return errBadArgType(tMap, item)
			}
			if _, ok = m[mergeKey]; !ok {
				return errNoMergeKey(m, mergeKey)
			}
		}
	}
	return nil
}

// extractToDeleteItems splits a list of maps into the elements kept and the
// $patch: delete ones.
func extractToDeleteItems(l []any) ([]any, []any, error) {
	keep := make([]any, 0, len(l))
	var del []any
	for _, v := range l {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, nil, errBadArgType(tMap, v)
		}
		if d, ok := m[directiveMarker]; ok && d == deleteDirective {
			del = append(del, v)
		} else {
			keep = append(keep, v)
		}
	}
	return keep, del, nil
}

// normalizeElementOrder mirrors strategicpatch's normalizeElementOrder:
// patch items in patchOrder, server-only items in serverOrder, then the
// two interleaved by their positions in serverOrder.
func normalizeElementOrder(patch, serverOnly, patchOrder, serverOrder []any, mergeKey string, ofMaps bool) ([]any, error) {
	return normalizeElementOrderIndexed(patch, serverOnly, patchOrder, nil, serverOrder, mergeKey, ofMaps)
}

// normalizeElementOrderIndexed is normalizeElementOrder with the index of
// patchOrder built already (nil: build it when needed).
func normalizeElementOrderIndexed(patch, serverOnly, patchOrder []any, patchIdx *keyIndex, serverOrder []any, mergeKey string, ofMaps bool) ([]any, error) {
	patch, err := normalizeSliceOrderIndexed(patch, patchOrder, patchIdx, mergeKey, ofMaps)
	if err != nil {
		return nil, err
	}
	serverIdx := indexOf(serverOrder, mergeKey, ofMaps)
	serverOnly, err = normalizeSliceOrderIndexed(serverOnly, serverOrder, serverIdx, mergeKey, ofMaps)
	if err != nil {
		return nil, err
	}
	return mergeSortedSlice(serverOnly, patch, serverIdx, mergeKey, ofMaps)
}

// mergeSortedSlice mirrors strategicpatch's mergeSortedSlice: each step
// takes the left (server-only) item only when both items are in
// serverOrder and the left one comes first there.
func mergeSortedSlice(left, right []any, idx *keyIndex, mergeKey string, ofMaps bool) ([]any, error) {
	lpos := lookupAll(idx, left, mergeKey, ofMaps)
	rpos := lookupAll(idx, right, mergeKey, ofMaps)
	s := make([]any, 0, len(left)+len(right))
	i, j := 0, 0
	for i < len(left) || j < len(right) {
		switch {
		case i >= len(left):
			s = append(s, right[j])
			j++
		case j >= len(right):
			s = append(s, left[i])
			i++
		case lpos[i] == posUncomparable || rpos[j] == posUncomparable:
			v := left[i]
			if lpos[i] != posUncomparable {
				v = right[j]
			}
			return nil, &ErrUncomparable{elementKey(v, mergeKey, ofMaps)}
		case lpos[i] >= 0 && rpos[j] >= 0 && lpos[i] < rpos[j]:
			s = append(s, left[i])
			i++
		default:
			s = append(s, right[j])
			j++
		}
	}
	return s, nil
}

// posUncomparable marks an item whose look-up would panic in apimachinery.
const posUncomparable = -2

// lookupAll returns, for each item, apimachinery's index(list, item), or
// posUncomparable.
func lookupAll(idx *keyIndex, items []any, mergeKey string, ofMaps bool) []int {
	pos := make([]int, len(items))
	for i, v := range items {
		p, err := idx.lookup(elementKey(v, mergeKey, ofMaps))
		if err != nil {
			p = posUncomparable
		}
		pos[i] = p
	}
	return pos
}
