package document

import (
	yaml3 "go.yaml.in/yaml/v3"

	"github.com/applylens/applylens/engine/fieldpath"
	"github.com/applylens/applylens/engine/yamlpos"
)

// spanTree is what Span's walk asks of a tree of positions, so that one
// walk serves both kinds an Index holds: go-yaml's nodes of a parsed
// text (yamlNodes) and the emitter's yamlpos.Tree (treeNodes).
type spanTree[N any] interface {
	// deref follows an alias (the emitter writes none).
	deref(n N) N
	line(n N) int
	col(n N) int
	// shape tells whether n is a map or a list, and whether in flow style.
	shape(n N) (isMap, isList, flow bool)
	// length is the number of elements of the list n.
	length(n N) int
	// entry finds key in the map m: its key's line and column and its value.
	entry(m N, key string) (line, col int, value N, ok bool)
	// element is element i of the list n.
	element(n N, i int) N
	// selectIndex is the element of list n (decoded as l) that the
	// selector key=raw picks.
	selectIndex(n N, l []any, key, raw string) int
	// end is the last line of n's value (Index.end).
	end(n N, indent int, flow bool) int
}

// walkSpan walks segs from root, in step with v (the decoded value), and
// returns the lines of the field it reaches, as Span describes them.
func walkSpan[N any, T spanTree[N]](t T, root N, v any, segs []fieldpath.Segment) (line, endLine int, ok bool) {
	n := root
	start, indent, flow := t.line(n), -1, false
	for _, seg := range segs {
		d := t.deref(n)
		isMap, isList, f := t.shape(d)
		flow = flow || f
		switch seg.Kind {
		case fieldpath.SegKey:
			m, isObject := v.(map[string]any)
			if !isObject || !isMap {
				return 0, 0, false
			}
			if v, ok = m[seg.Key]; !ok {
				return 0, 0, false
			}
			keyLine, keyCol, val, found := t.entry(d, seg.Key)
			if !found {
				return 0, 0, false
			}
			start, indent, n = keyLine, keyCol-1, val
		default:
			l, isArray := v.([]any)
			if !isArray || !isList || t.length(d) != len(l) {
				return 0, 0, false
			}
			i := seg.Index
			if seg.Kind == fieldpath.SegSelector {
				i = t.selectIndex(d, l, seg.Key, seg.Value)
			}
			if i < 0 || i >= len(l) {
				return 0, 0, false
			}
			n, v = t.element(d, i), l[i]
			start, indent = t.line(n), t.col(d)-1
		}
	}
	end := t.end(n, indent, flow)
	if end < start {
		end = start
	}
	return start, end, true
}

// yamlNodes is spanTree over go-yaml's nodes (Index.root).
type yamlNodes struct{ ix *Index }

func (yamlNodes) deref(n *yaml3.Node) *yaml3.Node { return deref(n) }
func (yamlNodes) line(n *yaml3.Node) int          { return n.Line }
func (yamlNodes) col(n *yaml3.Node) int           { return n.Column }
func (yamlNodes) length(n *yaml3.Node) int        { return len(n.Content) }

func (yamlNodes) shape(n *yaml3.Node) (isMap, isList, flow bool) {
	return n.Kind == yaml3.MappingNode, n.Kind == yaml3.SequenceNode, n.Style&yaml3.FlowStyle != 0
}

func (y yamlNodes) entry(m *yaml3.Node, key string) (line, col int, value *yaml3.Node, ok bool) {
	k, v := y.ix.lookup(m, key, 0)
	if k == nil {
		return 0, 0, nil, false
	}
	return k.Line, k.Column, v, true
}

func (yamlNodes) element(n *yaml3.Node, i int) *yaml3.Node { return n.Content[i] }

func (y yamlNodes) selectIndex(n *yaml3.Node, l []any, key, raw string) int {
	return y.ix.selectIndex(selectorKey{list: n, key: key}, l, key, raw)
}

func (y yamlNodes) end(n *yaml3.Node, indent int, flow bool) int { return y.ix.end(n, indent, flow) }

// treeNodes is spanTree over the emitter's tree (Index.tree), its nodes
// by number.
type treeNodes struct {
	ix *Index
	t  *yamlpos.Tree
}

func (treeNodes) deref(n int32) int32  { return n }
func (p treeNodes) line(n int32) int   { return int(p.t.Nodes.At(n).Line) }
func (p treeNodes) col(n int32) int    { return int(p.t.Nodes.At(n).Col) }
func (p treeNodes) length(n int32) int { return int(p.t.Nodes.At(n).N) }

func (p treeNodes) shape(n int32) (isMap, isList, flow bool) {
	switch p.t.Nodes.At(n).Kind {
	case yamlpos.KindMap:
		return true, false, false
	case yamlpos.KindFlowMap:
		return true, false, true
	case yamlpos.KindSeq:
		return false, true, false
	case yamlpos.KindFlowSeq:
		return false, true, true
	}
	return false, false, false
}

func (p treeNodes) entry(m int32, key string) (line, col int, value int32, ok bool) {
	e := p.t.Lookup(p.t.Nodes.At(m), key)
	if e == nil {
		return 0, 0, 0, false
	}
	return int(e.Line), int(e.Col), e.Value, true
}

func (p treeNodes) element(n int32, i int) int32 {
	return *p.t.Kids.At(p.t.Nodes.At(n).First + int32(i))
}

func (p treeNodes) selectIndex(n int32, l []any, key, raw string) int {
	return p.ix.selectIndex(selectorKey{node: n, key: key}, l, key, raw)
}

func (p treeNodes) end(n int32, indent int, flow bool) int { return p.t.End(n, indent, flow) }
