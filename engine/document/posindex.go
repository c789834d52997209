package document

import (
	"strings"

	"github.com/applylens/applylens/engine/fieldpath"
)

// posTree is where the emitter wrote each node of a value: the positions
// the YAML 1.2 parse of the text would give, kept in flat arrays. Index
// answers Span from it exactly as from the parsed tree (Index.end's rules
// run on the text's lines, lazily).
type posTree struct {
	text string
	// lineStarts holds the byte offset of each line of text, found when
	// first needed.
	lineStarts []int32
	nodes      chunks[posNode]
	// entries holds the entries of every map, kids the items of every
	// list, each collection's consecutive.
	entries chunks[posEntry]
	kids    chunks[int32]
	// legacy is set when the emitter wrote a raw U+2028 or U+2029, which
	// LocateValue reads as a space: Index then parses the text as
	// LocateValue does.
	legacy bool
	// quotedKeys is set when every key is written in quotes (a JSON
	// text), so that none is a merge key.
	quotedKeys bool
}

// chunks is a list grown in blocks, so that building one allocates its
// size once instead of copying it on every growth. The first block starts
// small and doubles up to the size of the others (a small document needs
// no more), so a pointer from at is good only until the next grow.
type chunks[T any] struct {
	blocks [][]T
	n      int32
}

const (
	chunkBits  = 10
	firstChunk = 32
)

// grow appends n zero elements and returns the index of the first.
func (c *chunks[T]) grow(n int) int32 {
	first := c.n
	for c.n += int32(n); int(c.n) > c.capacity(); {
		switch {
		case len(c.blocks) == 0:
			c.blocks = append(c.blocks, make([]T, firstChunk))
		case len(c.blocks[0]) < 1<<chunkBits:
			b := make([]T, 2*len(c.blocks[0]))
			copy(b, c.blocks[0])
			c.blocks[0] = b
		default:
			c.blocks = append(c.blocks, make([]T, 1<<chunkBits))
		}
	}
	return first
}

func (c *chunks[T]) capacity() int {
	if len(c.blocks) == 1 {
		return len(c.blocks[0])
	}
	return len(c.blocks) << chunkBits
}

func (c *chunks[T]) at(i int32) *T {
	return &c.blocks[i>>chunkBits][i&(1<<chunkBits-1)]
}

// Kinds of posNode.
const (
	kindScalar uint8 = iota
	kindMap
	kindSeq
	kindFlowMap // {}
	kindFlowSeq // []
)

// posNode is one node: where it starts (1-based line and column, as
// yaml.v3 reports them) and its children.
type posNode struct {
	kind, style uint8
	line, col   int32
	end         int32 // quoted scalars: the line of the closing quote; flow collections read from JSON: of the bracket
	first, n    int32 // children: entries or kids
}

// posEntry is one key of a map and its value's node.
type posEntry struct {
	key       string // as the text reads it
	line, col int32  // the key's
	value     int32
}

func (t *posTree) addNode(n posNode) int32 {
	i := t.nodes.grow(1)
	*t.nodes.at(i) = n
	return i
}

// addMap adds a map of n entries and returns it and its first entry.
func (t *posTree) addMap(n int) (node, first int32) {
	first = t.entries.grow(n)
	return t.addNode(posNode{kind: kindMap, first: first, n: int32(n)}), first
}

// addSeq adds a list of n items and returns it and its first item.
func (t *posTree) addSeq(n int) (node, first int32) {
	first = t.kids.grow(n)
	return t.addNode(posNode{kind: kindSeq, first: first, n: int32(n)}), first
}

// setEntries gives map node its entries, es.
func (t *posTree) setEntries(node int32, es []posEntry) {
	first := t.entries.grow(len(es))
	for i, e := range es {
		*t.entries.at(first + int32(i)) = e
	}
	d := t.nodes.at(node)
	d.first, d.n = first, int32(len(es))
}

// setKids gives list node its items' nodes, ks.
func (t *posTree) setKids(node int32, ks []int32) {
	first := t.kids.grow(len(ks))
	for i, k := range ks {
		*t.kids.at(first + int32(i)) = k
	}
	d := t.nodes.at(node)
	d.first, d.n = first, int32(len(ks))
}

// treeSpan is Span for an index built by the emitter; it follows Span's
// walk step by step.
func (ix *Index) treeSpan(segs []fieldpath.Segment) (line, endLine int, ok bool) {
	t := ix.tree
	if t.nodes.n == 0 {
		return 0, 0, false
	}
	n, v := int32(0), ix.value
	start, indent, flow := int(t.nodes.at(0).line), -1, false
	for _, seg := range segs {
		d := t.nodes.at(n)
		flow = flow || d.kind == kindFlowMap || d.kind == kindFlowSeq
		switch seg.Kind {
		case fieldpath.SegKey:
			m, isMap := v.(map[string]any)
			if !isMap || d.kind != kindMap && d.kind != kindFlowMap {
				return 0, 0, false
			}
			if v, ok = m[seg.Key]; !ok {
				return 0, 0, false
			}
			e := t.lookup(d, seg.Key)
			if e == nil {
				return 0, 0, false
			}
			start, indent, n = int(e.line), int(e.col)-1, e.value
		default:
			l, isList := v.([]any)
			if !isList || d.kind != kindSeq && d.kind != kindFlowSeq || int(d.n) != len(l) {
				return 0, 0, false
			}
			i := seg.Index
			if seg.Kind == fieldpath.SegSelector {
				i = ix.selectIndex(selectorKey{node: n, key: seg.Key}, l, seg.Key, seg.Value)
			}
			if i < 0 || i >= len(l) {
				return 0, 0, false
			}
			n, v = *t.kids.at(d.first + int32(i)), l[i]
			start, indent = int(t.nodes.at(n).line), int(d.col)-1
		}
	}
	end := t.end(n, indent, flow)
	if end < start {
		end = start
	}
	return start, end, true
}

// lookup finds the entry of map d whose key reads as key, the last one
// when the key is repeated, as Index.lookup. The key <<, which go-yaml v2
// writes plain, is a merge key to yaml.v3, which Index.lookup never
// matches (and whose sources cannot hold a key of the value that the map
// does not); written in quotes, it is a key as any other.
func (t *posTree) lookup(d *posNode, key string) *posEntry {
	if key == "<<" && !t.quotedKeys {
		return nil
	}
	for i := d.first + d.n - 1; i >= d.first; i-- {
		if e := t.entries.at(i); e.key == key {
			return e
		}
	}
	return nil
}

// end is Index.end for a node of the tree.
func (t *posTree) end(n int32, indent int, flow bool) int {
	d := t.nodes.at(n)
	switch d.kind {
	case kindScalar:
		switch d.style {
		case styleSingle, styleDouble:
			return int(d.end)
		case styleLiteral:
			return t.blockEnd(int(d.line), indent, true)
		}
		if flow {
			return int(d.line)
		}
		return t.blockEnd(int(d.line), indent, false)
	case kindMap:
		last := t.entries.at(d.first + d.n - 1)
		return t.end(last.value, int(last.col)-1, false)
	case kindSeq:
		return t.end(*t.kids.at(d.first + d.n - 1), int(d.col)-1, false)
	}
	if d.end != 0 {
		return int(d.end) // the line of the closing bracket
	}
	return int(d.line) // the emitter writes {} and [] only
}

// lines returns the start of every line of the text; the empty line
// after a final line break is none, as for splitLines.
func (t *posTree) lines() []int32 {
	if t.lineStarts == nil {
		n := strings.Count(t.text, "\n")
		if !strings.HasSuffix(t.text, "\n") {
			n++
		}
		t.lineStarts = make([]int32, 0, n)
		for i := 0; i < len(t.text); {
			t.lineStarts = append(t.lineStarts, int32(i))
			j := strings.IndexByte(t.text[i:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
		}
	}
	return t.lineStarts
}

// line returns line l (1-based) of the text, without its line break.
func (t *posTree) line(l int) string {
	start := int(t.lineStarts[l-1])
	if l < len(t.lineStarts) {
		return t.text[start : t.lineStarts[l]-1]
	}
	return strings.TrimSuffix(t.text[start:], "\n")
}

// blockEnd is Index.blockEnd on the text's lines, which LocateValue reads
// with U+2028 and U+2029 (the raw line breaks the emitter may write)
// blanked to spaces.
func (t *posTree) blockEnd(start, indent int, block bool) int {
	end := start
	for l := start + 1; l <= len(t.lines()); l++ {
		s := t.line(l)
		if strings.TrimSpace(s) == "" {
			continue
		}
		lead, rest := blankedIndent(s)
		if lead <= indent || (!block && (rest == "" || rest[0] == '#')) {
			break
		}
		end = l
	}
	return end
}

// blankedIndent returns how many spaces start line s once its raw line
// breaks are blanked (indentOf), and what follows them and any tabs
// (blankOrComment's view).
func blankedIndent(s string) (int, string) {
	n, i := 0, 0
	counting := true
	for i < len(s) {
		switch {
		case s[i] == ' ':
			i++
		case s[i] == '\t':
			counting = false
			i++
			continue
		case strings.HasPrefix(s[i:], "\u2028"), strings.HasPrefix(s[i:], "\u2029"):
			i += 3
		default:
			return n, s[i:]
		}
		if counting {
			n++
		}
	}
	return n, ""
}
