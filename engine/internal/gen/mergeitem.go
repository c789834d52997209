package gen

import (
	"maps"
	"slices"
)

// MergeItem-shaped documents follow the test schema of apimachinery's
// strategicpatch package (type MergeItem in patch_test.go): every patch
// strategy in one small type, so short random documents reach every branch
// of the merge code.

// Field names of MergeItem by role.
var (
	miScalars     = []string{"name", "value", "other"}
	miMergeLists  = []string{"mergingList", "retainKeysMergingList", "mergeItemPtr"}
	miAtomicLists = []string{"nonMergingList"}
	miIntLists    = []string{"mergingIntList", "nonMergingIntList"}
	miMaps        = []string{"simpleMap", "replacingItem", "retainKeysMap", "mergeItemPtr"}
	miNames       = []any{int64(1), int64(2), int64(3), "a", "b"}
	miValues      = []any{int64(1), int64(2), "a", "b", "c", true, 1.5}
)

// MergeItemTriple builds an original document and two independent edits
// of it, used as modified and current.
func MergeItemTriple(seed uint64) Triple {
	r := newRNG(seed)
	orig := mergeItem(r, 0)
	mod := Clone(orig).(Obj)
	cur := Clone(orig).(Obj)
	mutate(r, mod, 0, 1+r.IntN(4))
	mutate(r, cur, 0, r.IntN(3))
	t := Triple{Seed: seed, Kind: "MergeItem", Modified: Encode(mod), Current: Encode(cur)}
	if !r.chance(0.1) {
		t.Original = Encode(orig)
	}
	return t
}

func mergeItem(r rng, depth int) Obj {
	o := Obj{}
	if r.chance(0.7) {
		o["name"] = pick(r, miNames...)
	}
	for _, k := range miScalars[1:] {
		if r.chance(0.3) {
			o[k] = pick(r, miValues...)
		}
	}
	if depth < 2 {
		for _, k := range append(miMergeLists[:2:2], miAtomicLists...) {
			if r.chance(0.4) {
				o[k] = mergeItemList(r, depth+1)
			}
		}
		if r.chance(0.15) {
			if r.chance(0.5) {
				o["mergeItemPtr"] = mergeItemList(r, depth+1)
			} else {
				o["mergeItemPtr"] = mergeItem(r, depth+1)
			}
		}
		if r.chance(0.3) {
			ri := mergeItem(r, 2)
			delete(ri, "retainKeysMergingList")
			o["retainKeysMap"] = ri
		}
	}
	for _, k := range miIntLists {
		if r.chance(0.3) {
			o[k] = intList(r)
		}
	}
	if r.chance(0.3) {
		o["simpleMap"] = simpleMap(r)
	}
	if r.chance(0.1) {
		o["replacingItem"] = Obj{"Some": "Generic", "Yaml": pick(r, "Inside", "Changed")}
	}
	return o
}

func mergeItemList(r rng, depth int) List {
	var l List
	for range r.IntN(4) {
		e := mergeItem(r, depth)
		if _, ok := e["name"]; !ok && r.chance(0.8) {
			// Mostly keyed: a missing merge key is an error case, not the norm.
			e["name"] = pick(r, miNames...)
		}
		l = append(l, e)
	}
	return l
}

func intList(r rng) List {
	var l List
	for range r.IntN(4) {
		l = append(l, int64(1+r.IntN(4)))
	}
	return l
}

func simpleMap(r rng) Obj {
	m := Obj{}
	for range 1 + r.IntN(3) {
		m[pick(r, "a", "b", "c", "key1")] = pick[any](r, "1", "2", "x")
	}
	return m
}

// mutate applies n random edits somewhere in the tree under o.
func mutate(r rng, o Obj, depth, n int) {
	for range n {
		mutateOnce(r, o, depth)
	}
}

func mutateOnce(r rng, o Obj, depth int) {
	ks := slices.Sorted(maps.Keys(o))
	// Descend into a container value first, sometimes.
	if len(ks) > 0 && depth < 3 && r.chance(0.5) {
		k := ks[r.IntN(len(ks))]
		switch v := o[k].(type) {
		case Obj:
			mutateOnce(r, v, depth+1)
			return
		case List:
			if mutateList(r, o, k, v, depth) {
				return
			}
		}
	}
	switch r.IntN(7) {
	case 0, 1:
		if len(ks) > 0 {
			delete(o, ks[r.IntN(len(ks))])
			return
		}
		fallthrough
	case 2:
		o[pick(r, miScalars...)] = pick(r, miValues...)
	case 3:
		o[pick(r, miIntLists...)] = intList(r)
	case 4:
		if depth < 2 {
			o[pick(r, append(miMergeLists[:2:2], miAtomicLists...)...)] = mergeItemList(r, depth+1)
		} else {
			o["simpleMap"] = simpleMap(r)
		}
	case 5:
		if len(ks) > 0 {
			o[ks[r.IntN(len(ks))]] = nil
		}
	case 6:
		// Directives a hand-written document may carry.
		switch {
		case r.chance(0.3):
			o["$patch"] = pick(r, "replace", "delete", "merge")
		case r.chance(0.2):
			// A merge key that is an object or a list: apimachinery
			// panics comparing such keys.
			o["name"] = pick[any](r, Obj{"k": int64(1)}, List{int64(1)})
		default:
			o["simpleMap"] = simpleMap(r)
		}
	}
}

// mutateList edits list o[k]; false means nothing was done.
func mutateList(r rng, o Obj, k string, l List, depth int) bool {
	if len(l) == 0 {
		return false
	}
	switch r.IntN(6) {
	case 0:
		r.Shuffle(len(l), func(i, j int) { l[i], l[j] = l[j], l[i] })
	case 1:
		i := r.IntN(len(l))
		o[k] = slices.Delete(slices.Clone(l), i, i+1)
	case 2:
		// Duplicate an element: duplicate merge keys or integers.
		o[k] = append(l, Clone(l[r.IntN(len(l))]))
	case 3:
		if _, ok := l[0].(Obj); ok {
			e := mergeItem(r, min(depth+1, 2))
			if r.chance(0.5) {
				e["$patch"] = "delete"
			}
			o[k] = append(l, e)
		} else {
			o[k] = append(l, int64(1+r.IntN(5)))
		}
	default:
		if e, ok := l[r.IntN(len(l))].(Obj); ok {
			mutateOnce(r, e, depth+1)
		} else {
			return false
		}
	}
	return true
}
