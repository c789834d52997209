package yamlpos

import "strings"

// Tree is where each node of a value is in a text: the positions the
// YAML 1.2 parse of the text would give, kept in flat arrays. The emitter
// (engine/yamlemit) and the one-pass readers of engine/document
// (jsonindex.go, yamlindex.go) build it; document.Index answers Span from
// it exactly as from the parsed tree (document.Index.end's rules run on the text's
// lines, lazily).
type Tree struct {
	Text string
	// LineStarts holds the byte offset of each line of text, found when
	// first needed.
	LineStarts []int32
	Nodes      Chunks[Node]
	// Entries holds the entries of every map, Kids the items of every
	// list, each collection's consecutive.
	Entries Chunks[Entry]
	Kids    Chunks[int32]
	// Legacy is set when the emitter wrote a raw U+2028 or U+2029, which
	// document.LocateValue reads as a space: document.Index then parses
	// the text as LocateValue does.
	Legacy bool
	// QuotedKeys is set when every key is written in quotes (a JSON
	// text), so that none is a merge key.
	QuotedKeys bool
}

// Chunks is a list grown in blocks, so that building one allocates its
// size once instead of copying it on every growth. The first block starts
// small and doubles up to the size of the others (a small document needs
// no more), so a pointer from at is good only until the next grow.
type Chunks[T any] struct {
	blocks [][]T
	N      int32 // the count of elements
}

const (
	chunkBits  = 10
	firstChunk = 32
)

// Grow appends n zero elements and returns the index of the first.
func (c *Chunks[T]) Grow(n int) int32 {
	first := c.N
	for c.N += int32(n); int(c.N) > c.capacity(); {
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

func (c *Chunks[T]) capacity() int {
	if len(c.blocks) == 1 {
		return len(c.blocks[0])
	}
	return len(c.blocks) << chunkBits
}

func (c *Chunks[T]) At(i int32) *T {
	return &c.blocks[i>>chunkBits][i&(1<<chunkBits-1)]
}

// Scalar styles, as go-yaml names them.
const (
	StylePlain uint8 = iota
	StyleSingle
	StyleDouble
	StyleLiteral
)

// Kinds of Node.
const (
	KindScalar uint8 = iota
	KindMap
	KindSeq
	KindFlowMap // {}
	KindFlowSeq // []
)

// Node is one node: where it starts (1-based line and column, as
// yaml.v3 reports them) and its children.
type Node struct {
	Kind, Style uint8
	Line, Col   int32
	End         int32 // quoted scalars: the line of the closing quote; flow collections read from JSON: of the bracket
	First, N    int32 // children: entries or kids
}

// Entry is one key of a map and its value's node.
type Entry struct {
	Key       string // as the text reads it
	Line, Col int32  // the key's
	Value     int32
}

func (t *Tree) AddNode(n Node) int32 {
	i := t.Nodes.Grow(1)
	*t.Nodes.At(i) = n
	return i
}

// addMap adds a map of n entries and returns it and its first entry.
func (t *Tree) AddMap(n int) (node, first int32) {
	first = t.Entries.Grow(n)
	return t.AddNode(Node{Kind: KindMap, First: first, N: int32(n)}), first
}

// addSeq adds a list of n items and returns it and its first item.
func (t *Tree) AddSeq(n int) (node, first int32) {
	first = t.Kids.Grow(n)
	return t.AddNode(Node{Kind: KindSeq, First: first, N: int32(n)}), first
}

// setEntries gives map node its entries, es.
func (t *Tree) SetEntries(node int32, es []Entry) {
	first := t.Entries.Grow(len(es))
	for i, e := range es {
		*t.Entries.At(first + int32(i)) = e
	}
	d := t.Nodes.At(node)
	d.First, d.N = first, int32(len(es))
}

// setKids gives list node its items' nodes, ks.
func (t *Tree) SetKids(node int32, ks []int32) {
	first := t.Kids.Grow(len(ks))
	for i, k := range ks {
		*t.Kids.At(first + int32(i)) = k
	}
	d := t.Nodes.At(node)
	d.First, d.N = first, int32(len(ks))
}

// Lookup finds the entry of map d whose key reads as key, the last one
// when the key is repeated, as document.Index.lookup. The key <<, which go-yaml v2
// writes plain, is a merge key to yaml.v3, which Index.lookup never
// matches (and whose sources cannot hold a key of the value that the map
// does not); written in quotes, it is a key as any other.
func (t *Tree) Lookup(d *Node, key string) *Entry {
	if key == "<<" && !t.QuotedKeys {
		return nil
	}
	for i := d.First + d.N - 1; i >= d.First; i-- {
		if e := t.Entries.At(i); e.Key == key {
			return e
		}
	}
	return nil
}

// End is document.Index.end for a node of the tree: the last line of
// node n, indented by indent, inside a flow collection when flow is set.
func (t *Tree) End(n int32, indent int, flow bool) int {
	d := t.Nodes.At(n)
	switch d.Kind {
	case KindScalar:
		switch d.Style {
		case StyleSingle, StyleDouble:
			return int(d.End)
		case StyleLiteral:
			return t.blockEnd(int(d.Line), indent, true)
		}
		if flow {
			return int(d.Line)
		}
		return t.blockEnd(int(d.Line), indent, false)
	case KindMap:
		last := t.Entries.At(d.First + d.N - 1)
		return t.End(last.Value, int(last.Col)-1, false)
	case KindSeq:
		return t.End(*t.Kids.At(d.First + d.N - 1), int(d.Col)-1, false)
	}
	if d.End != 0 {
		return int(d.End) // the line of the closing bracket
	}
	return int(d.Line) // the emitter writes {} and [] only
}

// Lines returns the start of every line of the text; the empty line
// after a final line break is none, as for engine/document's splitLines.
func (t *Tree) Lines() []int32 {
	if t.LineStarts == nil {
		n := strings.Count(t.Text, "\n")
		if !strings.HasSuffix(t.Text, "\n") {
			n++
		}
		t.LineStarts = make([]int32, 0, n)
		for i := 0; i < len(t.Text); {
			t.LineStarts = append(t.LineStarts, int32(i))
			j := strings.IndexByte(t.Text[i:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
		}
	}
	return t.LineStarts
}

// line returns line l (1-based) of the text, without its line break.
func (t *Tree) line(l int) string {
	start := int(t.LineStarts[l-1])
	if l < len(t.LineStarts) {
		return t.Text[start : t.LineStarts[l]-1]
	}
	return strings.TrimSuffix(t.Text[start:], "\n")
}

// blockEnd is document.Index.blockEnd on the text's lines, which
// document.LocateValue reads with U+2028 and U+2029 (the raw line breaks
// the emitter may write) blanked to spaces.
func (t *Tree) blockEnd(start, indent int, block bool) int {
	end := start
	for l := start + 1; l <= len(t.Lines()); l++ {
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
// breaks are blanked (engine/document's indentOf), and what follows
// them and any tabs (its blankOrComment's view).
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
