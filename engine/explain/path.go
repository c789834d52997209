package explain

import "github.com/applylens/applylens/engine/fieldpath"

// Segment is one step of a Path: a map key, a list index, or a list
// element picked by its merge key.
type Segment struct {
	// Key is the map key when the segment is a field.
	Key string
	// Index is the list index when IsIndex.
	Index   int
	IsIndex bool
	// MergeKey and Value pick an element of a merged list; Value is a
	// string, int64, float64 or bool.
	MergeKey string
	Value    any
}

// Path is where a value sits in an object, with its merge-key values as
// decoded (lookupPatch compares them as kubectl does). Its text is
// engine/fieldpath's syntax, shared by every package that names fields:
//
//	spec.template.spec.containers[name=nginx].ports[0]
//	metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]
type Path []Segment

// Key returns p extended by a map key.
func (p Path) Key(k string) Path { return p.with(Segment{Key: k}) }

// Index returns p extended by a list index.
func (p Path) Index(i int) Path { return p.with(Segment{Index: i, IsIndex: true}) }

// Keyed returns p extended by the element of a merged list whose mergeKey
// field is value.
func (p Path) Keyed(mergeKey string, value any) Path {
	return p.with(Segment{MergeKey: mergeKey, Value: value})
}

// with copies, so that paths built from a shared parent never alias.
func (p Path) with(s Segment) Path {
	q := make(Path, len(p), len(p)+1)
	copy(q, p)
	return append(q, s)
}

func (p Path) String() string {
	var b []byte
	for _, s := range p {
		b = appendSegment(b, s)
	}
	return string(b)
}

// appendSegment appends the text of s to b, the text of the segments
// before it, in the syntax of engine/fieldpath.
func appendSegment(b []byte, s Segment) []byte {
	switch {
	case s.IsIndex:
		return fieldpath.AppendIndex(b, s.Index)
	case s.MergeKey != "":
		return fieldpath.AppendSelector(b, s.MergeKey, s.Value)
	}
	return fieldpath.AppendKey(b, s.Key)
}

// pathStack is the path of the field being walked: a segment is pushed
// on the way down and popped on the way back, and the text is made only
// for the steps and warnings that name the field. (Building a Path per
// field, each a copy of its parent, cost more than the rest of the walk.)
type pathStack struct {
	segs Path
	// text is segs[:len(ends)] as Path.String writes it; ends[i] is the
	// length of text up to segment i.
	text []byte
	ends []int
}

func (p *pathStack) push(s Segment)               { p.segs = append(p.segs, s) }
func (p *pathStack) key(k string)                 { p.push(Segment{Key: k}) }
func (p *pathStack) index(i int)                  { p.push(Segment{Index: i, IsIndex: true}) }
func (p *pathStack) keyed(mergeKey string, v any) { p.push(Segment{MergeKey: mergeKey, Value: v}) }

func (p *pathStack) pop() {
	n := len(p.segs) - 1
	p.segs[n] = Segment{} // let the value go
	p.segs = p.segs[:n]
	if len(p.ends) > n {
		p.ends = p.ends[:n]
		end := 0
		if n > 0 {
			end = p.ends[n-1]
		}
		p.text = p.text[:end]
	}
}

// String renders the path, reusing the text of the segments it already
// rendered.
func (p *pathStack) String() string {
	for i := len(p.ends); i < len(p.segs); i++ {
		p.text = appendSegment(p.text, p.segs[i])
		p.ends = append(p.ends, len(p.text))
	}
	return string(p.text)
}
