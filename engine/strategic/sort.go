package strategic

import (
	"sort"

	"github.com/applylens/applylens/engine/jsonvalue"
)

// The sorts below make the same Less and Swap calls as apimachinery's (same
// sort function, same comparison of %v strings, including its quirk of
// treating equal strings as "less"), so even lists with duplicate keys come
// out in the same order; the strings are formatted once instead of per
// comparison.

type byString struct {
	s    []any
	strs []string
}

func (b byString) Len() int           { return len(b.s) }
func (b byString) Less(i, j int) bool { return b.strs[i] <= b.strs[j] }
func (b byString) Swap(i, j int) {
	b.s[i], b.s[j] = b.s[j], b.s[i]
	b.strs[i], b.strs[j] = b.strs[j], b.strs[i]
}

// sortScalars mirrors strategicpatch's sortScalars: it sorts s in place.
func sortScalars(s []any) []any {
	strs := make([]string, len(s))
	for i, v := range s {
		strs[i] = jsonvalue.Sprint(v)
	}
	sort.Sort(byString{s, strs})
	return s
}

// sortMapsByField mirrors sortMapsBasedOnField: a new slice of the maps
// ordered by the %v string of field, and those strings. Elements must be
// maps.
func sortMapsByField(list []any, field string) ([]any, []string) {
	s := make([]any, len(list))
	copy(s, list)
	strs := make([]string, len(s))
	for i, v := range s {
		strs[i] = jsonvalue.Sprint(v.(map[string]any)[field])
	}
	sort.Sort(byString{s, strs})
	return s, strs
}

// deduplicateScalars mirrors strategicpatch's deduplicateScalars, which
// removes repeats by moving the last element into their place. A list
// without repeats (the usual case) is returned as is after a linear check.
func deduplicateScalars(s []any) ([]any, error) {
	seen := make(map[any]struct{}, len(s))
	dup := false
	for _, v := range s {
		if !comparable(v) {
			return nil, &ErrUncomparable{v}
		}
		if _, ok := seen[v]; ok {
			dup = true
			break
		}
		seen[v] = struct{}{}
	}
	if !dup {
		return s, nil
	}
	length := len(s) - 1
	for i := 0; i < length; i++ {
		for j := i + 1; j <= length; j++ {
			if s[i] == s[j] {
				s[j] = s[length]
				s = s[0:length]
				length--
				j--
			}
		}
	}
	return s, nil
}

// byOrder sorts elements by their position in an order list, as
// normalizeSliceOrder's sort.SliceStable does: elements absent from the
// order compare as "less" than anything.
type byOrder struct {
	s   []any
	pos []int
}

func (b byOrder) Len() int { return len(b.s) }
func (b byOrder) Less(i, j int) bool {
	// apimachinery looks up i first, and j only when i was found.
	if b.pos[i] == posUncomparable {
		panic(&ErrUncomparable{b.s[i]})
	}
	if b.pos[i] >= 0 {
		if b.pos[j] == posUncomparable {
			panic(&ErrUncomparable{b.s[j]})
		}
		return b.pos[j] >= 0 && b.pos[i] < b.pos[j] || b.pos[j] < 0
	}
	return true
}
func (b byOrder) Swap(i, j int) {
	b.s[i], b.s[j] = b.s[j], b.s[i]
	b.pos[i], b.pos[j] = b.pos[j], b.pos[i]
}
