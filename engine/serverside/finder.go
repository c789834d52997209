package serverside

import (
	"strconv"

	enginepath "github.com/applylens/applylens/engine/fieldpath"
	"github.com/applylens/applylens/engine/jsonvalue"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
	"sigs.k8s.io/structured-merge-diff/v6/value"
)

// scanBelow: lists shorter than this are scanned (ElementIndex), as
// building an index costs more than a scan there.
const scanBelow = 16

// Finder looks up many field paths in one object, as Lookup and
// DocumentPath do one, in time linear in the object and the paths
// together: Lookup scans a list and encodes every element's key for each
// path through it, which for a set of n elements' fields is quadratic.
// A Finder indexes each long list once, by its elements' encoded keys,
// and resumes each path where it leaves the previous one (a set iterates
// its paths depth first, so most share a long prefix with the one
// before). The object must not change while the Finder is in use.
type Finder struct {
	obj   map[string]any
	paths bool // spell document paths too
	// The last path looked up: its elements (one more than resolved when
	// the next one was not found), the value and document path after each
	// resolved one.
	last     []fieldpath.PathElement
	vals     []any
	docs     []string
	resolved int
	failed   bool
	indexes  map[listID]map[string]int
	buf      []byte
}

// listID names one list of the object and how it is indexed: by whole
// values, or by the values of a given set of key fields.
type listID struct {
	first *any
	n     int
	by    string
}

// NewFinder is a Finder of values in obj (Lookup).
func NewFinder(obj map[string]any) *Finder { return &Finder{obj: obj} }

// NewPathFinder is a Finder of document paths in obj (DocumentPath).
func NewPathFinder(obj map[string]any) *Finder { return &Finder{obj: obj, paths: true} }

// Object is the object f looks in.
func (f *Finder) Object() map[string]any { return f.obj }

// Lookup is Lookup(obj, p).
func (f *Finder) Lookup(p fieldpath.Path) (any, bool) {
	if f.obj == nil {
		return nil, false
	}
	v, _, ok := f.find(p)
	return v, ok
}

// DocumentPath is DocumentPath(obj, p) (for a Finder of NewPathFinder).
func (f *Finder) DocumentPath(p fieldpath.Path) (string, bool) {
	_, d, ok := f.find(p)
	return d, ok
}

func (f *Finder) find(p fieldpath.Path) (any, string, bool) {
	k := 0
	for k < f.resolved && k < len(p) && f.last[k].Equals(p[k]) {
		k++
	}
	if f.failed && k == f.resolved && k < len(p) && f.last[k].Equals(p[k]) {
		return nil, "", false
	}
	f.last, f.vals, f.docs = f.last[:k], f.vals[:k], f.docs[:k]
	f.resolved, f.failed = k, false
	var cur any = f.obj
	doc := ""
	if k > 0 {
		cur, doc = f.vals[k-1], f.docs[k-1]
	}
	for _, pe := range p[k:] {
		f.last = append(f.last, pe)
		switch {
		case pe.FieldName != nil:
			m, ok := cur.(map[string]any)
			if !ok {
				f.failed = true
				return nil, "", false
			}
			if cur, ok = m[*pe.FieldName]; !ok {
				f.failed = true
				return nil, "", false
			}
			if f.paths {
				doc = enginepath.Key(doc, *pe.FieldName)
			}
		default:
			l, ok := cur.([]any)
			if !ok {
				f.failed = true
				return nil, "", false
			}
			i := f.elementIndex(l, pe)
			if i < 0 {
				f.failed = true
				return nil, "", false
			}
			cur = l[i]
			if f.paths {
				doc = enginepath.Index(doc, i)
			}
		}
		f.vals, f.docs = append(f.vals, cur), append(f.docs, doc)
		f.resolved++
	}
	return cur, doc, true
}

// elementIndex is ElementIndex(l, pe), from an index of l for a long list.
func (f *Finder) elementIndex(l []any, pe fieldpath.PathElement) int {
	if len(l) < scanBelow || (pe.Value == nil && pe.Key == nil) {
		return ElementIndex(l, pe)
	}
	if pe.Value != nil {
		i, ok := f.index(l, nil)[valueText(*pe.Value)]
		if !ok {
			return -1
		}
		return i
	}
	names := make([]string, len(*pe.Key))
	want := f.buf[:0]
	for j, field := range *pe.Key {
		names[j] = field.Name
		want = appendPart(want, []byte(valueText(field.Value)))
	}
	f.buf = want
	i, ok := f.index(l, names)[string(want)]
	if !ok {
		return -1
	}
	return i
}

// index maps the encoding of each element of l (names nil) or of its key
// fields' values (appendPart, in the order of names) to the first element
// that has it: the element ElementIndex finds. Elements ElementIndex
// passes over (not maps, values that do not encode) are left out.
func (f *Finder) index(l []any, names []string) map[string]int {
	by := "v"
	if names != nil {
		b := []byte{'k'}
		for _, n := range names {
			b = appendPart(b, []byte(n))
		}
		by = string(b)
	}
	id := listID{first: &l[0], n: len(l), by: by}
	if idx, ok := f.indexes[id]; ok {
		return idx
	}
	idx := make(map[string]int, len(l))
	var key []byte
elements:
	for i, e := range l {
		key = key[:0]
		if names == nil {
			b, err := jsonvalue.Encode(e)
			if err != nil {
				continue
			}
			key = b
		} else {
			m, ok := e.(map[string]any)
			if !ok {
				continue
			}
			for _, n := range names {
				b, err := jsonvalue.Encode(m[n])
				if err != nil {
					continue elements
				}
				key = appendPart(key, b)
			}
		}
		if _, seen := idx[string(key)]; !seen {
			idx[string(key)] = i
		}
	}
	if f.indexes == nil {
		f.indexes = map[listID]map[string]int{}
	}
	f.indexes[id] = idx
	return idx
}

// appendPart appends b with its length before it, so that parts joined
// cannot be read another way.
func appendPart(dst, b []byte) []byte {
	dst = strconv.AppendInt(dst, int64(len(b)), 10)
	dst = append(dst, ':')
	return append(dst, b...)
}

// valueText is jsonOf(value.ToString(v)), the text ElementIndex compares
// an element's encoding with, written at once for an integer or a string
// of printable ASCII (most keys): ToString quotes a string as Go does
// (%q), which for those is JSON that decodes to the string itself; other
// strings take the trip through JSON (Go's escapes of control characters
// are not JSON, and jsonOf leaves them as they are).
func valueText(v value.Value) string {
	switch {
	case v.IsString():
		if s := v.AsString(); printableASCII(s) {
			return string(jsonvalue.AppendString(nil, s, true))
		}
	case v.IsInt():
		return strconv.FormatInt(v.AsInt(), 10)
	}
	return jsonOf(value.ToString(v))
}

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}
