package strategic

import "fmt"

// keyIndex answers apimachinery's linear `index` and
// `findMapInSliceBasedOnKeyValue` look-ups in constant time: the position of
// the first element whose key (the merge key's value for lists of maps, the
// element itself for primitives) equals a value under ==.
type keyIndex struct {
	// Short lists are scanned (keys and their positions, first ones
	// only); long ones hashed.
	keys  []any
	pos   []int
	first map[any]int
	// Uncomparable keys (objects, lists) never equal anything under ==, but
	// comparing two of the same type panics in apimachinery.
	hasMapKey, hasSliceKey bool
}

// scanLimit is the list length up to which scanning beats hashing.
const scanLimit = 16

func newKeyIndex(n int) *keyIndex {
	if n <= scanLimit {
		return &keyIndex{}
	}
	return &keyIndex{first: make(map[any]int, n)}
}

// add records key at position i unless an earlier element has it.
func (x *keyIndex) add(key any, i int) {
	switch typeOf(key) {
	case tMap:
		x.hasMapKey = true
		return
	case tSlice:
		x.hasSliceKey = true
		return
	}
	if x.first == nil {
		for _, k := range x.keys {
			if k == key {
				return
			}
		}
		if len(x.keys) < scanLimit {
			x.keys = append(x.keys, key)
			x.pos = append(x.pos, i)
			return
		}
		// Grew past the limit (appends): switch to hashing.
		x.first = make(map[any]int, 2*scanLimit)
		for j, k := range x.keys {
			x.first[k] = x.pos[j]
		}
		x.keys, x.pos = nil, nil
	}
	if _, ok := x.first[key]; !ok {
		x.first[key] = i
	}
}

// lookup returns the first position of key, or -1. It fails where == would
// panic.
func (x *keyIndex) lookup(key any) (int, error) {
	switch typeOf(key) {
	case tMap:
		if x.hasMapKey {
			return 0, &ErrUncomparable{key}
		}
		return -1, nil
	case tSlice:
		if x.hasSliceKey {
			return 0, &ErrUncomparable{key}
		}
		return -1, nil
	}
	if x.first == nil {
		for j, k := range x.keys {
			if k == key {
				return x.pos[j], nil
			}
		}
		return -1, nil
	}
	if i, ok := x.first[key]; ok {
		return i, nil
	}
	return -1, nil
}

// elementKey is what `index` compares for one element: the merge key's
// value of a map (nil when absent or not a map), or the element itself.
func elementKey(item any, mergeKey string, ofMaps bool) any {
	if !ofMaps {
		return item
	}
	m, ok := item.(map[string]any)
	if !ok {
		return nil
	}
	return m[mergeKey]
}

// indexOf builds the index of list as `index` sees it.
func indexOf(list []any, mergeKey string, ofMaps bool) *keyIndex {
	x := newKeyIndex(len(list))
	for i, v := range list {
		x.add(elementKey(v, mergeKey, ofMaps), i)
	}
	return x
}

// mapIndex indexes a list as findMapInSliceBasedOnKeyValue scans it: only
// maps that have the key count, and the scan fails at the first element
// that is not a map.
type mapIndex struct {
	list     []any
	key      string
	idx      *keyIndex
	firstBad int // position of the first non-map element, or -1
}

func newMapIndex(list []any, key string) *mapIndex {
	mi := &mapIndex{list: list, key: key, idx: newKeyIndex(len(list)), firstBad: -1}
	for i, v := range list {
		m, ok := v.(map[string]any)
		if !ok {
			if mi.firstBad < 0 {
				mi.firstBad = i
			}
			continue
		}
		if val, ok := m[key]; ok {
			mi.idx.add(val, i)
		}
	}
	return mi
}

// append records an element added at the end of the list.
func (mi *mapIndex) append(v map[string]any) {
	mi.list = append(mi.list, v)
	if val, ok := v[mi.key]; ok {
		mi.idx.add(val, len(mi.list)-1)
	}
}

// find returns the first map whose key equals value.
func (mi *mapIndex) find(value any) (map[string]any, int, bool, error) {
	limit := len(mi.list)
	if mi.firstBad >= 0 {
		limit = mi.firstBad
	}
	i, err := mi.idx.lookup(value)
	if err == nil && i >= 0 && i < limit {
		return mi.list[i].(map[string]any), i, true, nil
	}
	if mi.firstBad >= 0 {
		return nil, 0, false, fmt.Errorf("value for key %v is not a map", mi.firstBad)
	}
	return nil, 0, false, err
}
