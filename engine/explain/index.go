package explain

import (
	"sync/atomic"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/kube"
)

// mergeKeyValue reads an element's merge key and its text.
func mergeKeyValue(e any, mk string) (any, string, bool) {
	m, ok := e.(map[string]any)
	if !ok {
		return nil, "", false
	}
	v, ok := m[mk]
	if !ok {
		return nil, "", false
	}
	return v, jsonvalue.Sprint(v), true
}

// scratch holds the buffers of one explanation. Nested calls take from
// them and give back in stack order (mark, then release), so a walk
// allocates them a few times instead of once per list, and the next
// explanation reuses them (see takeScratch).
type scratch struct {
	path    pathStack
	keys    []string
	texts   []string
	entries []keyedEntry
	values  []any
	// maps index the long lists; maps[:nmaps] are in use.
	maps  []map[string]int32
	nmaps int
	// byPhase collects the steps of each phase, in the order found.
	byPhase [kube.PhaseServer + 1][]Step
}

// spare is the scratch of the last explanation, kept for the next one:
// the page explains an apply per keystroke, and a sync.Pool would be
// emptied by the collections each apply triggers.
var spare atomic.Pointer[scratch]

// maxSpare bounds what spare keeps, in elements of its largest buffer:
// one huge input must not pin its buffers for good.
const maxSpare = 1 << 16

func takeScratch() *scratch {
	if sc := spare.Swap(nil); sc != nil {
		return sc
	}
	return &scratch{}
}

// putScratch empties sc, dropping what it points into (the documents,
// the steps), and keeps it for the next explanation.
func putScratch(sc *scratch) {
	if cap(sc.entries) > maxSpare || cap(sc.keys) > maxSpare || cap(sc.texts) > maxSpare || len(sc.maps) > maxSpare {
		return
	}
	for i := range sc.byPhase {
		if cap(sc.byPhase[i]) > maxSpare {
			return
		}
	}
	clear(sc.path.segs[:cap(sc.path.segs)])
	sc.path.segs, sc.path.text, sc.path.ends = sc.path.segs[:0], sc.path.text[:0], sc.path.ends[:0]
	clear(sc.keys[:cap(sc.keys)])
	clear(sc.texts[:cap(sc.texts)])
	clear(sc.entries[:cap(sc.entries)])
	clear(sc.values[:cap(sc.values)])
	sc.keys, sc.texts, sc.entries, sc.values = sc.keys[:0], sc.texts[:0], sc.entries[:0], sc.values[:0]
	for _, m := range sc.maps {
		clear(m)
	}
	sc.nmaps = 0
	for i := range sc.byPhase {
		clear(sc.byPhase[i][:cap(sc.byPhase[i])])
		sc.byPhase[i] = sc.byPhase[i][:0]
	}
	spare.Store(sc)
}

type mark struct{ keys, texts, entries, values, maps int }

func (sc *scratch) mark() mark {
	return mark{len(sc.keys), len(sc.texts), len(sc.entries), len(sc.values), sc.nmaps}
}

// release gives back what was taken since m, for the next taker to
// overwrite.
func (sc *scratch) release(m mark) {
	sc.keys = sc.keys[:m.keys]
	sc.texts = sc.texts[:m.texts]
	sc.entries = sc.entries[:m.entries]
	sc.values = sc.values[:m.values]
	sc.nmaps = m.maps
}

// indexAbove is the length past which a list is looked up through a map:
// below it, comparing the texts one by one is cheaper than hashing.
const indexAbove = 16

// takeMap returns an empty index map, reusing one given back.
func (sc *scratch) takeMap() map[string]int32 {
	if sc.nmaps == len(sc.maps) {
		sc.maps = append(sc.maps, make(map[string]int32))
	}
	m := sc.maps[sc.nmaps]
	clear(m)
	sc.nmaps++
	return m
}

// keyedEntry is one element of a merged list.
type keyedEntry struct {
	key  string // the merge key's text
	val  any    // the merge key's value
	elem map[string]any
}

// keyedList is a merged list's elements with a merge key, in list order.
type keyedList struct {
	entries []keyedEntry
	index   map[string]int32 // for long lists only
}

// indexList indexes the elements of l that have the merge key mk. Among
// elements sharing a key the first counts, or the last with lastWins.
func (sc *scratch) indexList(l []any, mk string, lastWins bool) keyedList {
	return sc.indexFiltered(l, mk, lastWins, nil)
}

// isDelete and notDelete tell a patch's delete directives from its
// other elements.
func isDelete(m map[string]any) bool  { return m[directivePatch] == "delete" }
func notDelete(m map[string]any) bool { return m[directivePatch] != "delete" }

// indexFiltered is indexList on the elements that pass keep (nil: all).
func (sc *scratch) indexFiltered(l []any, mk string, lastWins bool, keep func(map[string]any) bool) keyedList {
	start := len(sc.entries)
	var kl keyedList
	for _, e := range l {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		v, ok := m[mk]
		if !ok || keep != nil && !keep(m) {
			continue
		}
		s := jsonvalue.Sprint(v)
		kl.entries = sc.entries[start:]
		if i := kl.find(s); i >= 0 {
			if lastWins {
				sc.entries[start+i] = keyedEntry{s, v, m}
			}
			continue
		}
		sc.entries = append(sc.entries, keyedEntry{s, v, m})
		n := len(sc.entries) - start
		switch {
		case kl.index != nil:
			kl.index[s] = int32(n - 1)
		case n > indexAbove:
			kl.index = sc.takeMap()
			for i, en := range sc.entries[start:] {
				kl.index[en.key] = int32(i)
			}
		}
	}
	kl.entries = sc.entries[start:]
	return kl
}

// find returns the position of the element with key text s, or -1.
func (kl *keyedList) find(s string) int {
	if kl.index != nil {
		if i, ok := kl.index[s]; ok {
			return int(i)
		}
		return -1
	}
	for i := range kl.entries {
		if kl.entries[i].key == s {
			return i
		}
	}
	return -1
}

func (kl *keyedList) has(s string) bool { return kl.find(s) >= 0 }

// findAt is find trying position at first: lists that keep one order
// (the file, last-applied, live and result mostly do) need no hashing.
func (kl *keyedList) findAt(s string, at int) int {
	if at < len(kl.entries) && kl.entries[at].key == s {
		return at
	}
	return kl.find(s)
}

// get returns the element with key text s.
func (kl *keyedList) get(s string) (map[string]any, bool) {
	if i := kl.find(s); i >= 0 {
		return kl.entries[i].elem, true
	}
	return nil, false
}

// getAt is get trying position at first, as findAt; an absent element
// is a nil interface.
func (kl *keyedList) getAt(s string, at int) (any, bool) {
	if i := kl.findAt(s, at); i >= 0 {
		return kl.entries[i].elem, true
	}
	return nil, false
}

// keyValuesOf lists the merge-key values in sc.values (the caller
// releases them); never nil, so that no values encode as [].
func (sc *scratch) keyValuesOf(kl keyedList) []any {
	if len(kl.entries) == 0 {
		return []any{}
	}
	start := len(sc.values)
	for _, e := range kl.entries {
		sc.values = append(sc.values, e.val)
	}
	return sc.values[start:]
}

// textList is a list of primitives by their texts, for the first position
// of a value as kubectl's set merge compares values (fmt's %v).
type textList struct {
	texts []string
	index map[string]int32 // first position, for long lists only
}

func (sc *scratch) textList(l []any) textList {
	start := len(sc.texts)
	for _, e := range l {
		sc.texts = append(sc.texts, jsonvalue.Sprint(e))
	}
	tl := textList{texts: sc.texts[start:]}
	if len(tl.texts) > indexAbove {
		tl.index = sc.takeMap()
		for i := len(tl.texts) - 1; i >= 0; i-- {
			tl.index[tl.texts[i]] = int32(i)
		}
	}
	return tl
}

// find returns the first position of a value with text s, or -1.
func (tl *textList) find(s string) int {
	if tl.index != nil {
		if i, ok := tl.index[s]; ok {
			return int(i)
		}
		return -1
	}
	for i, t := range tl.texts {
		if t == s {
			return i
		}
	}
	return -1
}
