package document

import (
	"github.com/applylens/applylens/engine/fieldpath"
	"github.com/applylens/applylens/engine/yamlpos"
)

// treeSpan is Span for an index built by the emitter; it follows Span's
// walk step by step.
func (ix *Index) treeSpan(segs []fieldpath.Segment) (line, endLine int, ok bool) {
	t := ix.tree
	if t.Nodes.N == 0 {
		return 0, 0, false
	}
	n, v := int32(0), ix.value
	start, indent, flow := int(t.Nodes.At(0).Line), -1, false
	for _, seg := range segs {
		d := t.Nodes.At(n)
		flow = flow || d.Kind == yamlpos.KindFlowMap || d.Kind == yamlpos.KindFlowSeq
		switch seg.Kind {
		case fieldpath.SegKey:
			m, isMap := v.(map[string]any)
			if !isMap || d.Kind != yamlpos.KindMap && d.Kind != yamlpos.KindFlowMap {
				return 0, 0, false
			}
			if v, ok = m[seg.Key]; !ok {
				return 0, 0, false
			}
			e := t.Lookup(d, seg.Key)
			if e == nil {
				return 0, 0, false
			}
			start, indent, n = int(e.Line), int(e.Col)-1, e.Value
		default:
			l, isList := v.([]any)
			if !isList || d.Kind != yamlpos.KindSeq && d.Kind != yamlpos.KindFlowSeq || int(d.N) != len(l) {
				return 0, 0, false
			}
			i := seg.Index
			if seg.Kind == fieldpath.SegSelector {
				i = ix.selectIndex(selectorKey{node: n, key: seg.Key}, l, seg.Key, seg.Value)
			}
			if i < 0 || i >= len(l) {
				return 0, 0, false
			}
			n, v = *t.Kids.At(d.First + int32(i)), l[i]
			start, indent = int(t.Nodes.At(n).Line), int(d.Col)-1
		}
	}
	end := t.End(n, indent, flow)
	if end < start {
		end = start
	}
	return start, end, true
}
