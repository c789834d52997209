package document

import (
	"unicode/utf8"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/yamlpos"
)

// readJSONIndexed reads a pane that holds one JSON object and nothing but
// JSON whitespace around it, which is what `kubectl get -o json` prints,
// in one pass that builds both the value and the positions yaml.v3 gives
// the nodes of the same text (the general path decodes the JSON, then
// parses it again as YAML to locate fields).
//
// It gives up (ok false) on any text the general path treats in a way of
// its own: more than one document, invalid JSON, a line break other than
// "\n", a key longer than go-yaml's simple keys or not on its colon's
// line, an escape yaml.v3 refuses (\/, a UTF-16 surrogate), a character
// go-yaml reads as a line break or byte order mark, nesting past
// MaxDepth. The caller then takes the general path, so what this returns
// is always what that path would. The text must have passed
// checkEncoding.
func readJSONIndexed(pane, text string) (c *chunk, ok bool) {
	start := 0
	for start < len(text) && (text[start] == ' ' || text[start] == '\t' || text[start] == '\n') {
		start++
	}
	if start == len(text) || text[start] != '{' {
		return nil, false
	}
	x := jsonIndexer{pane: pane, text: text, off: start, line: 1, tree: &yamlpos.Tree{Text: text, QuotedKeys: true}}
	for i := 0; i < start; i++ {
		if text[i] == '\n' {
			x.line++
			x.lineStart = i + 1
		}
	}
	firstLine := x.line
	v, _ := x.value(0)
	if x.failed {
		return nil, false
	}
	end := x.off
	x.skipSpace()
	if x.failed || x.off != len(text) {
		return nil, false
	}
	ix := &Index{value: v, tree: x.tree}
	return &chunk{format: FormatJSON, line: firstLine, off: start, text: text[start:end],
		index: ix, value: v, indexed: true, warnings: x.warnings, withinLimits: !x.longList}, true
}

// jsonIndexer is readJSONIndexed's state.
type jsonIndexer struct {
	pane string
	text string
	off  int
	// line is the 1-based line of off, lineStart the offset where it
	// starts and wide the bytes beyond the first of each character
	// before off on it: yaml.v3 counts columns in characters.
	line, lineStart, wide int
	failed                bool
	// longList is set once a list longer than MaxListItems, or a map of
	// more than MaxMapKeys keys, is read.
	longList bool
	tree     *yamlpos.Tree
	// entries and kids hold the children of the collections being read,
	// innermost last, until each is complete and moves to tree.
	entries []yamlpos.Entry
	kids    []int32
	// path holds the keys (index -1) and list positions leading to the
	// value being read, for the duplicate-key warnings.
	path     []pathStep
	warnings []Warning
	// data is text as bytes, for jsonvalue's readers; made when needed.
	data []byte
}

type pathStep struct {
	key   string
	index int
}

func (x *jsonIndexer) col() int32 { return int32(x.off - x.lineStart - x.wide + 1) }

func (x *jsonIndexer) skipSpace() {
	for x.off < len(x.text) {
		switch x.text[x.off] {
		case ' ', '\t':
		case '\n':
			x.line++
			x.lineStart = x.off + 1
			x.wide = 0
		case '\r':
			x.failed = true
			return
		default:
			return
		}
		x.off++
	}
}

func (x *jsonIndexer) bytes() []byte {
	if x.data == nil {
		x.data = []byte(x.text)
	}
	return x.data
}

// value reads the value at off, whose parent collection is at depth, and
// returns it and its node.
func (x *jsonIndexer) value(depth int) (any, int32) {
	if x.off >= len(x.text) {
		x.failed = true
		return nil, 0
	}
	line, col := int32(x.line), x.col()
	switch c := x.text[x.off]; {
	case c == '{':
		return x.object(depth + 1)
	case c == '[':
		return x.array(depth + 1)
	case c == '"':
		s := x.str()
		return s, x.tree.AddNode(yamlpos.Node{Kind: yamlpos.KindScalar, Style: yamlpos.StyleDouble, Line: line, Col: col, End: line})
	case c == 't':
		return x.literal("true", true, line, col)
	case c == 'f':
		return x.literal("false", false, line, col)
	case c == 'n':
		return x.literal("null", nil, line, col)
	case c == '-' || c >= '0' && c <= '9':
		v, end, ok := jsonvalue.ReadNumber(x.bytes(), x.off)
		if !ok {
			x.failed = true
			return nil, 0
		}
		x.off = end
		return v, x.tree.AddNode(yamlpos.Node{Kind: yamlpos.KindScalar, Style: yamlpos.StylePlain, Line: line, Col: col})
	}
	x.failed = true
	return nil, 0
}

func (x *jsonIndexer) literal(word string, v any, line, col int32) (any, int32) {
	if len(x.text)-x.off < len(word) || x.text[x.off:x.off+len(word)] != word {
		x.failed = true
		return nil, 0
	}
	x.off += len(word)
	return v, x.tree.AddNode(yamlpos.Node{Kind: yamlpos.KindScalar, Style: yamlpos.StylePlain, Line: line, Col: col})
}

// str reads the string at off. One without escapes is a slice of the
// text, which holds valid UTF-8.
func (x *jsonIndexer) str() string {
	start := x.off
	escaped := false
	i := start + 1
	for ; i < len(x.text); i++ {
		c := x.text[i]
		switch {
		case c == '"':
			var s string
			if !escaped {
				s = x.text[start+1 : i]
			} else {
				var end int
				var ok bool
				if s, end, ok = jsonvalue.ReadString(x.bytes(), start); !ok || end != i+1 {
					x.failed = true
					return ""
				}
			}
			x.off = i + 1
			return s
		case c == '\\':
			escaped = true
			if i+1 >= len(x.text) {
				x.failed = true
				return ""
			}
			switch x.text[i+1] {
			case '/':
				// JSON's escaped slash is no YAML escape.
				x.failed = true
				return ""
			case 'u':
				if i+6 > len(x.text) {
					x.failed = true
					return ""
				}
				var r rune
				for _, h := range []byte(x.text[i+2 : i+6]) {
					switch {
					case h >= '0' && h <= '9':
						r = r<<4 | rune(h-'0')
					case h >= 'a' && h <= 'f':
						r = r<<4 | rune(h-'a'+10)
					case h >= 'A' && h <= 'F':
						r = r<<4 | rune(h-'A'+10)
					default:
						x.failed = true
						return ""
					}
				}
				if r >= 0xD800 && r <= 0xDFFF {
					// yaml.v3 refuses escaped surrogates.
					x.failed = true
					return ""
				}
				i += 5
			default:
				i++
			}
		case c < 0x20:
			x.failed = true
			return ""
		case c >= 0x80:
			r, size := utf8.DecodeRuneInString(x.text[i:])
			switch r {
			case 0x85, 0x2028, 0x2029, 0xFEFF:
				// Line breaks to go-yaml; a byte order mark it may drop.
				x.failed = true
				return ""
			}
			x.wide += size - 1
			i += size - 1
		}
	}
	x.failed = true
	return ""
}

// opens adds the node of a flow collection (kind) at its opening bracket
// and passes the bracket and the space after it. empty tells that end
// closes it at once; it is then passed too, and the node ends there.
func (x *jsonIndexer) opens(kind uint8, end byte) (node int32, empty bool) {
	node = x.tree.AddNode(yamlpos.Node{Kind: kind, Line: int32(x.line), Col: x.col()})
	x.off++
	x.skipSpace()
	if x.off < len(x.text) && x.text[x.off] == end {
		x.off++
		x.tree.Nodes.At(node).End = int32(x.line)
		return node, true
	}
	return node, false
}

func (x *jsonIndexer) object(depth int) (any, int32) {
	if depth > MaxDepth {
		x.failed = true
		return nil, 0
	}
	node, empty := x.opens(yamlpos.KindFlowMap, '}')
	m := make(map[string]any)
	if empty {
		return m, node
	}
	base := len(x.entries)
	for !x.failed {
		if x.off >= len(x.text) || x.text[x.off] != '"' {
			x.failed = true
			return nil, 0
		}
		keyOff, keyLine, keyCol := x.off, x.line, x.col()
		key := x.str()
		x.skipSpace()
		// yaml.v3 reads a key only if its ":" is on its line, at most
		// 1024 characters after its start.
		if x.failed || x.line != keyLine || x.off-keyOff > 1000 || x.off >= len(x.text) || x.text[x.off] != ':' {
			x.failed = true
			return nil, 0
		}
		x.off++
		x.skipSpace()
		warnAt := len(x.warnings)
		x.path = append(x.path, pathStep{key: key, index: -1})
		v, vn := x.value(depth)
		x.path = x.path[:len(x.path)-1]
		if x.failed {
			return nil, 0
		}
		n := len(m)
		m[key] = v
		if len(m) == n {
			x.warnings = duplicateWarning(x.warnings, warnAt, x.pane, x.path, x.entries[base:], key, keyLine)
		}
		x.entries = append(x.entries, yamlpos.Entry{Key: key, Line: int32(keyLine), Col: keyCol, Value: vn})
		if x.closes('}') {
			x.longList = x.longList || len(m) > MaxMapKeys
			x.tree.Nodes.At(node).End = int32(x.line)
			x.tree.SetEntries(node, x.entries[base:])
			clear(x.entries[base:])
			x.entries = x.entries[:base]
			return m, node
		}
	}
	return nil, 0
}

// closes reads what follows a member of an object or array: a comma
// (false, at the next member) or the closing bracket end (true, past
// it). Anything else fails the reading.
func (x *jsonIndexer) closes(end byte) bool {
	x.skipSpace()
	if x.off >= len(x.text) {
		x.failed = true
		return false
	}
	switch x.text[x.off] {
	case ',':
		x.off++
		x.skipSpace()
		return false
	case end:
		x.off++
		return true
	}
	x.failed = true
	return false
}

func (x *jsonIndexer) array(depth int) (any, int32) {
	if depth > MaxDepth {
		x.failed = true
		return nil, 0
	}
	node, empty := x.opens(yamlpos.KindFlowSeq, ']')
	// Grown by append from empty, as encoding/json grows lists.
	l := make([]any, 0)
	if empty {
		return l, node
	}
	base := len(x.kids)
	for !x.failed {
		x.path = append(x.path, pathStep{index: len(l)})
		v, vn := x.value(depth)
		x.path = x.path[:len(x.path)-1]
		if x.failed {
			return nil, 0
		}
		l = append(l, v)
		x.kids = append(x.kids, vn)
		if x.closes(']') {
			x.longList = x.longList || len(l) > MaxListItems
			x.tree.Nodes.At(node).End = int32(x.line)
			x.tree.SetKids(node, x.kids[base:])
			x.kids = x.kids[:base]
			return l, node
		}
	}
	return nil, 0
}
