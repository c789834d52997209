package document

import (
	"strings"
	"unicode/utf8"

	yaml3 "go.yaml.in/yaml/v3"

	"github.com/applylens/applylens/engine/yamlpos"
	"github.com/applylens/applylens/engine/yamlresolve"
)

// readYAMLIndexed reads a pane that holds one YAML document in the block
// style `kubectl get -o yaml` prints and people write by hand, in one pass
// that builds both the value (with nodeValue's resolution of scalars,
// which is go-yaml v2's through JSON) and the positions yaml.v3 gives the
// nodes of the same text, without building yaml.v3's node tree.
//
// It reads block maps and lists, plain, single- and double-quoted
// scalars (over several lines too; double-quoted ones without escapes),
// literal and folded block scalars without an indentation indicator,
// comments, and the empty flow collections {} and []. It gives up (ok
// false) on everything else and on anything the general path treats in
// a way of its own: a root that is not a block map, anchors, aliases,
// tags, complex keys, keys that do not read as text or "<<", document
// markers and directives, tabs, "\r", a character go-yaml reads as a
// line break or byte order mark, values nodeValue does not read
// (timestamps, infinities...), nesting past yamlFastDepth, and any text
// that is not valid YAML. The caller then takes the general path, so
// that what this returns is always what that path would. The text must
// have passed checkEncoding and not be a JSON stream.
func readYAMLIndexed(pane, text string) (c *chunk, ok bool) {
	y := yamlIndexer{pane: pane, text: text, ascii: true}
	if !y.scanLines() {
		return nil, false
	}
	ln := y.nextContent(0)
	if ln == len(y.starts) {
		return nil, false
	}
	y.tree = &yamlpos.Tree{Text: text, LineStarts: y.starts}
	v, _, next := y.node(ln, y.lineIndentOff(ln), -1, 1, true)
	if y.failed || y.nextContent(next) != len(y.starts) {
		return nil, false
	}
	if _, isMap := v.(map[string]any); !isMap || y.tree.Nodes.At(0).Kind != yamlpos.KindMap {
		return nil, false
	}
	ix := &Index{value: v, tree: y.tree}
	return &chunk{format: FormatYAML, line: 1, text: text,
		index: ix, value: v, indexed: true, warnings: y.warnings, withinLimits: !y.longList}, true
}

// yamlFastDepth is the deepest nesting readYAMLIndexed reads; deeper
// documents (never real objects) take the general path.
const yamlFastDepth = 100

// yamlIndexer is readYAMLIndexed's state. Block collections end at line
// ends, so the reading goes line by line: a node's reader starts at a
// line and offset and returns the index of the first line after it.
type yamlIndexer struct {
	pane, text string
	// starts holds the offset of each line, as yamlpos.Tree.Lines.
	starts []int32
	// ascii is set when the text is ASCII: a column is then an offset.
	ascii  bool
	failed bool
	// longList is set once a list longer than MaxListItems, or a map of
	// more than MaxMapKeys keys, is read.
	longList bool
	tree     *yamlpos.Tree
	// entries and kids hold the children of the collections being read,
	// innermost last, until each is complete and moves to tree; items
	// holds the values of the lists being read.
	entries []yamlpos.Entry
	kids    []int32
	items   []any
	path    []pathStep
	// warnings are the duplicate keys, as Index.duplicates reports them.
	warnings []Warning
	buf      []byte
	// keys resolves keys for locatable, and caches its answers.
	keys *Index
}

// scanLines finds the lines and refuses the text if it holds what the
// reader leaves to the general path anywhere: tabs, "\r", line breaks
// other than "\n", byte order marks, document markers and directives.
func (y *yamlIndexer) scanLines() bool {
	t := y.text
	n := 0
	for i := 0; i < len(t); i++ {
		if t[i] == '\n' {
			n++
		}
	}
	y.starts = make([]int32, 0, n+1)
	lineStart := true
	for i := 0; i < len(t); i++ {
		c := t[i]
		if lineStart {
			y.starts = append(y.starts, int32(i))
			lineStart = false
			if c == '%' || (c == '-' || c == '.') && i+2 < len(t) && t[i+1] == c && t[i+2] == c {
				return false
			}
		}
		switch {
		case c == '\n':
			lineStart = true
		case c == '\t' || c == '\r':
			return false
		case c >= 0x80:
			y.ascii = false
			r, size := utf8.DecodeRuneInString(t[i:])
			switch r {
			case 0x85, 0x2028, 0x2029, 0xFEFF, utf8.RuneError:
				return false
			}
			i += size - 1
		}
	}
	return true
}

func (y *yamlIndexer) fail() { y.failed = true }

// lineEnd returns the offset of line ln's "\n" (or of the text's end).
func (y *yamlIndexer) lineEnd(ln int) int {
	if ln+1 < len(y.starts) {
		return int(y.starts[ln+1]) - 1
	}
	if len(y.text) > 0 && y.text[len(y.text)-1] == '\n' {
		return len(y.text) - 1
	}
	return len(y.text)
}

// lineIndentOff returns the offset of the first character of line ln that
// is not a space.
func (y *yamlIndexer) lineIndentOff(ln int) int {
	i, end := int(y.starts[ln]), y.lineEnd(ln)
	for i < end && y.text[i] == ' ' {
		i++
	}
	return i
}

// indent returns how many spaces start line ln.
func (y *yamlIndexer) indent(ln int) int { return y.lineIndentOff(ln) - int(y.starts[ln]) }

// nextContent returns the first line from ln on that holds more than
// spaces and a comment, or the number of lines.
func (y *yamlIndexer) nextContent(ln int) int {
	for ; ln < len(y.starts); ln++ {
		if o := y.lineIndentOff(ln); o < y.lineEnd(ln) && y.text[o] != '#' {
			return ln
		}
	}
	return ln
}

// col returns the 1-based column of off on line ln in characters, as
// yaml.v3 counts.
func (y *yamlIndexer) col(ln, off int) int32 {
	start := int(y.starts[ln])
	if y.ascii {
		return int32(off - start + 1)
	}
	return int32(utf8.RuneCountInString(y.text[start:off]) + 1)
}

// addNode adds a node of kind and style starting at off of line ln;
// end is the line of a quoted scalar's closing quote or of a flow
// collection's closing bracket.
func (y *yamlIndexer) addNode(kind, style uint8, ln, off, end int) int32 {
	return y.tree.AddNode(yamlpos.Node{Kind: kind, Style: style, Line: int32(ln + 1), Col: y.col(ln, off), End: int32(end)})
}

// blankAt reports a space or line end at off of line ln.
func (y *yamlIndexer) blankAt(ln, off int) bool {
	return off >= y.lineEnd(ln) || y.text[off] == ' '
}

// restEmpty reports whether only spaces and a comment follow off on
// line ln.
func (y *yamlIndexer) restEmpty(ln, off int) bool {
	end := y.lineEnd(ln)
	for off < end && y.text[off] == ' ' {
		off++
	}
	return off == end || y.text[off] == '#' && y.text[off-1] == ' '
}

// node reads the node at off of line ln, inside a block collection
// indented parent columns (-1 for the root), at depth. block allows a
// block collection there (at the start of a line, or after "- ").
func (y *yamlIndexer) node(ln, off, parent, depth int, block bool) (any, int32, int) {
	if depth > yamlFastDepth || off >= y.lineEnd(ln) {
		y.fail()
		return nil, 0, 0
	}
	c := y.text[off]
	switch c {
	case '-':
		if y.blankAt(ln, off+1) {
			if !block {
				y.fail()
				return nil, 0, 0
			}
			return y.blockSeq(ln, off, false, depth)
		}
	case '[', '{':
		return y.emptyFlow(ln, off)
	case '|', '>':
		return y.blockScalar(ln, off, parent, c == '|')
	case '?', ':', ',', ']', '}', '#', '&', '*', '!', '%', '@', '`':
		y.fail()
		return nil, 0, 0
	}
	// A quoted or plain scalar, or the first key of a map.
	if _, _, colon := y.key(ln, off); colon >= 0 {
		if !block {
			y.fail()
			return nil, 0, 0
		}
		return y.blockMap(ln, off, depth)
	}
	if y.failed {
		return nil, 0, 0
	}
	if c == '\'' || c == '"' {
		return y.quoted(ln, off, parent)
	}
	return y.plain(ln, off, parent)
}

// key reads the key of a map entry at off of line ln: it returns the key,
// the offset of its ":" (-1 when the text there is no key) and the offset
// after the ":". A key that is there but that the reader leaves to the
// general path fails the reading.
func (y *yamlIndexer) key(ln, off int) (key string, after, colon int) {
	end := y.lineEnd(ln)
	i := off
	switch y.text[off] {
	case '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '%', '@', '`':
		return "", 0, -1
	case '-':
		if y.blankAt(ln, off+1) {
			return "", 0, -1
		}
	case '\'', '"':
		if _, ok := y.closesOnLine(ln, off); !ok {
			return "", 0, -1
		}
		s, e, closeLn := y.quotedText(ln, off)
		if y.failed || closeLn != ln {
			y.fail()
			return "", 0, -1
		}
		i = e
		for i < end && y.text[i] == ' ' {
			i++
		}
		if i == end || y.text[i] != ':' || !y.blankAt(ln, i+1) {
			return "", 0, -1
		}
		// A quoted "<<" is a key to yaml.v3 that the position tree does
		// not find; a double-quoted key must be UTF-8 (nodeValue).
		if s == "<<" || i-off > 1000 || !utf8.ValidString(s) {
			y.fail()
			return "", 0, -1
		}
		return s, i + 1, i
	}
	for ; i < end; i++ {
		switch y.text[i] {
		case ':':
			if y.blankAt(ln, i+1) {
				j := i
				for j > off && y.text[j-1] == ' ' {
					j--
				}
				k := y.text[off:j]
				if i-off > 1000 || k == "<<" {
					y.fail()
					return "", 0, -1
				}
				// A plain key is resolved like any plain scalar, and must
				// read as text.
				if kv, ok := yamlresolve.PlainValue(k); !ok {
					y.fail()
					return "", 0, -1
				} else if _, isString := kv.(string); !isString || !yamlresolve.PlainText(k) && !y.locatable(k) {
					y.fail()
					return "", 0, -1
				}
				return k, i + 1, i
			}
		case '#':
			if i > off && y.text[i-1] == ' ' {
				return "", 0, -1
			}
		}
	}
	return "", 0, -1
}

// locatable reports whether Index.lookup finds the plain key k, which
// does not start with a letter, as k: it resolves such keys by reading
// them again with go-yaml v2 (where "--- 0" is a document marker and 0).
func (y *yamlIndexer) locatable(k string) bool {
	if y.keys == nil {
		y.keys = &Index{}
	}
	s, typ, ok := y.keys.resolveKey(&yaml3.Node{Kind: yaml3.ScalarNode, Value: k})
	return ok && s == k && typ == "a text"
}

// blockMap reads the block map whose first key is at off of line ln.
func (y *yamlIndexer) blockMap(ln, off, depth int) (any, int32, int) {
	ind := off - int(y.starts[ln])
	node := y.addNode(yamlpos.KindMap, 0, ln, off, 0)
	m := make(map[string]any)
	base := len(y.entries)
	for {
		key, after, colon := y.key(ln, off)
		if y.failed || colon < 0 {
			y.fail()
			return nil, 0, 0
		}
		keyLine, keyCol := ln, y.col(ln, off)
		warnAt := len(y.warnings)
		y.path = append(y.path, pathStep{key: key, index: -1})
		v, vn, next := y.mapValue(ln, colon, after, ind, depth)
		y.path = y.path[:len(y.path)-1]
		if y.failed {
			return nil, 0, 0
		}
		n := len(m)
		m[key] = v
		if len(m) == n {
			y.warnings = duplicateWarning(y.warnings, warnAt, y.pane, y.path, y.entries[base:], key, keyLine+1)
		}
		y.entries = append(y.entries, yamlpos.Entry{Key: key, Line: int32(keyLine + 1), Col: keyCol, Value: vn})
		ln = y.nextContent(next)
		if ln == len(y.starts) {
			break
		}
		if i := y.indent(ln); i < ind {
			break
		} else if i > ind {
			y.fail()
			return nil, 0, 0
		}
		off = y.lineIndentOff(ln)
	}
	y.tree.SetEntries(node, y.entries[base:])
	clear(y.entries[base:])
	y.entries = y.entries[:base]
	y.longList = y.longList || len(m) > MaxMapKeys
	return m, node, ln
}

// mapValue reads the value of a key of a map indented ind, whose ":" is
// at colon of line ln.
func (y *yamlIndexer) mapValue(ln, colon, after, ind, depth int) (any, int32, int) {
	if !y.restEmpty(ln, after) {
		off := after
		for y.text[off] == ' ' {
			off++
		}
		return y.node(ln, off, ind, depth+1, false)
	}
	if nl := y.nextContent(ln + 1); nl < len(y.starts) {
		i := y.indent(nl)
		off := y.lineIndentOff(nl)
		if i > ind {
			return y.node(nl, off, ind, depth+1, true)
		}
		if i == ind && y.text[off] == '-' && y.blankAt(nl, off+1) {
			return y.blockSeq(nl, off, true, depth+1)
		}
	}
	// Empty: null, where yaml.v3 places it, just after the ":".
	return nil, y.addNode(yamlpos.KindScalar, yamlpos.StylePlain, ln, colon+1, 0), ln + 1
}

// blockSeq reads the block list whose first "-" is at off of line ln;
// indentless is set for a list at its parent map's indentation.
func (y *yamlIndexer) blockSeq(ln, off int, indentless bool, depth int) (any, int32, int) {
	ind := off - int(y.starts[ln])
	node := y.addNode(yamlpos.KindSeq, 0, ln, off, 0)
	base := len(y.kids)
	for {
		y.path = append(y.path, pathStep{index: len(y.kids) - base})
		var v any
		var vn int32
		var next int
		if y.restEmpty(ln, off+1) {
			nl := y.nextContent(ln + 1)
			if nl < len(y.starts) && y.indent(nl) > ind {
				v, vn, next = y.node(nl, y.lineIndentOff(nl), ind, depth+1, true)
			} else {
				// Empty: null, just after the "-".
				vn, next = y.addNode(yamlpos.KindScalar, yamlpos.StylePlain, ln, off+1, 0), ln+1
			}
		} else {
			o := off + 1
			for y.text[o] == ' ' {
				o++
			}
			v, vn, next = y.node(ln, o, ind, depth+1, true)
		}
		y.path = y.path[:len(y.path)-1]
		if y.failed {
			return nil, 0, 0
		}
		y.items = append(y.items, v)
		y.kids = append(y.kids, vn)
		ln = y.nextContent(next)
		if ln == len(y.starts) {
			break
		}
		i := y.indent(ln)
		if i < ind {
			break
		} else if i > ind {
			y.fail()
			return nil, 0, 0
		}
		off = y.lineIndentOff(ln)
		if y.text[off] != '-' || !y.blankAt(ln, off+1) {
			if indentless {
				break // the parent map's next key
			}
			y.fail()
			return nil, 0, 0
		}
	}
	n := len(y.kids) - base
	y.longList = y.longList || n > MaxListItems
	l := make([]any, n)
	copy(l, y.items[base:])
	clear(y.items[base:])
	y.items = y.items[:base]
	y.tree.SetKids(node, y.kids[base:])
	y.kids = y.kids[:base]
	return l, node, ln
}

// plain reads the plain scalar at off of line ln, inside a block
// collection indented parent columns, with its continuation lines
// (indented deeper), folded as yaml.v3 folds them.
func (y *yamlIndexer) plain(ln, off, parent int) (any, int32, int) {
	node := y.addNode(yamlpos.KindScalar, yamlpos.StylePlain, ln, off, 0)
	seg, comment := y.plainLine(ln, off)
	if y.failed {
		return nil, 0, 0
	}
	next := ln + 1
	var s string
	if comment {
		s = seg
	} else {
		// Continuation lines: those indented deeper than parent, up to a
		// line that is not, a comment or the end.
		var b []byte
		breaks := 0
		for l := ln + 1; l < len(y.starts); l++ {
			o, end := y.lineIndentOff(l), y.lineEnd(l)
			if o == end {
				breaks++
				continue
			}
			if o-int(y.starts[l]) <= parent || y.text[o] == '#' {
				break
			}
			more, c := y.plainLine(l, o)
			if y.failed {
				return nil, 0, 0
			}
			if b == nil {
				b = append(y.buf[:0], seg...)
			}
			if breaks == 0 {
				b = append(b, ' ')
			}
			for ; breaks > 0; breaks-- {
				b = append(b, '\n')
			}
			b = append(b, more...)
			next = l + 1
			if c {
				break
			}
		}
		if b != nil {
			s = string(b)
			y.buf = b
		} else {
			s = seg
		}
	}
	v, ok := yamlresolve.PlainValue(s)
	if !ok {
		y.fail()
		return nil, 0, 0
	}
	return v, node, next
}

// plainLine returns the part of a plain scalar on line ln from off, and
// whether a comment ends it. A ": " in it (which yaml.v3 refuses) fails
// the reading.
func (y *yamlIndexer) plainLine(ln, off int) (string, bool) {
	end := y.lineEnd(ln)
	stop, comment := end, false
	for i := off; i < end; i++ {
		switch y.text[i] {
		case ':':
			if y.blankAt(ln, i+1) {
				y.fail()
				return "", false
			}
		case '#':
			if i > off && y.text[i-1] == ' ' {
				stop, comment = i, true
			}
		}
		if comment {
			break
		}
	}
	for stop > off && y.text[stop-1] == ' ' {
		stop--
	}
	return y.text[off:stop], comment
}

// quoted reads the quoted scalar at off of line ln as a value, inside a
// block collection indented parent columns.
func (y *yamlIndexer) quoted(ln, off, parent int) (any, int32, int) {
	s, end, closeLn := y.quotedText(ln, off)
	if y.failed || !y.restEmpty(closeLn, end) {
		y.fail()
		return nil, 0, 0
	}
	// Continuation lines indented no deeper than the collection are
	// valid to yaml.v3 but odd: left to it.
	for l := ln + 1; l <= closeLn; l++ {
		if o := y.lineIndentOff(l); o < y.lineEnd(l) && o-int(y.starts[l]) <= parent {
			y.fail()
			return nil, 0, 0
		}
	}
	style := yamlpos.StyleSingle
	if y.text[off] == '"' {
		style = yamlpos.StyleDouble
		// An escape such as "\xff" makes bytes JSON would replace.
		if !utf8.ValidString(s) {
			y.fail()
			return nil, 0, 0
		}
	}
	return s, y.addNode(yamlpos.KindScalar, style, ln, off, closeLn+1), closeLn + 1
}

// quotedText reads the quoted scalar at off of line ln as yaml.v3's
// scanner does (yaml_parser_scan_flow_scalar): it returns its value, the
// offset after the closing quote and the line of that quote.
func (y *yamlIndexer) quotedText(ln, off int) (string, int, int) {
	t := y.text
	q := t[off]
	single := q == '\''
	// The usual scalar: on one line, without escapes, a slice of the text.
	for i, end := off+1, y.lineEnd(ln); i < end; i++ {
		if c := t[i]; c == q {
			if single && i+1 < end && t[i+1] == '\'' {
				break
			}
			return t[off+1 : i], i + 1, ln
		} else if c == '\\' && !single {
			break
		}
	}
	b := y.buf[:0]
	i := off + 1
	spaces, trailing := 0, 0 // kept for folding
	leadingBreak := false
	for {
		end := y.lineEnd(ln)
		leadingBlanks := false
	chars:
		for i < end && t[i] != ' ' {
			c := t[i]
			switch {
			case single && c == '\'' && i+1 < end && t[i+1] == '\'':
				b = append(b, '\'')
				i += 2
			case c == q:
				break chars
			case !single && c == '\\':
				// Escapes are left to the general path.
				y.buf = b
				y.fail()
				return "", 0, 0
			default:
				b = append(b, c)
				i++
			}
		}
		if i < end && t[i] == q {
			y.buf = b
			return string(b), i + 1, ln
		}
		// Spaces and line breaks.
		for {
			if i < end && t[i] == ' ' {
				if !leadingBlanks {
					spaces++
				}
				i++
				continue
			}
			if i < end {
				break
			}
			if ln+1 >= len(y.starts) {
				y.buf = b
				y.fail() // no closing quote
				return "", 0, 0
			}
			if !leadingBlanks {
				spaces = 0
				leadingBreak, leadingBlanks = true, true
			} else {
				trailing++
			}
			ln++
			i, end = int(y.starts[ln]), y.lineEnd(ln)
		}
		if leadingBlanks {
			if leadingBreak && trailing == 0 {
				b = append(b, ' ')
			}
			for ; trailing > 0; trailing-- {
				b = append(b, '\n')
			}
			leadingBreak = false
		} else {
			for ; spaces > 0; spaces-- {
				b = append(b, ' ')
			}
		}
	}
}

// closesOnLine reports whether the quoted scalar at off of line ln closes
// on that line, and where.
func (y *yamlIndexer) closesOnLine(ln, off int) (int, bool) {
	t := y.text
	q := t[off]
	for i, end := off+1, y.lineEnd(ln); i < end; i++ {
		switch c := t[i]; {
		case c == q && q == '\'' && i+1 < end && t[i+1] == '\'':
			i++
		case c == q:
			return i, true
		case c == '\\' && q == '"':
			i++
		}
	}
	return 0, false
}

// blockScalar reads the literal (|) or folded (>) scalar whose indicator
// is at off of line ln, inside a block collection indented parent
// columns, as yaml.v3's scanner does (yaml_parser_scan_block_scalar).
func (y *yamlIndexer) blockScalar(ln, off, parent int, literal bool) (any, int32, int) {
	t := y.text
	node := y.addNode(yamlpos.KindScalar, yamlpos.StyleLiteral, ln, off, 0)
	chomp := 0
	i, end := off+1, y.lineEnd(ln)
	if i < end && (t[i] == '+' || t[i] == '-') {
		chomp = 1
		if t[i] == '-' {
			chomp = -1
		}
		i++
	}
	// An indentation indicator, or anything but a comment after the
	// header: left to the general path.
	for i < end && t[i] == ' ' {
		i++
	}
	if i < end && t[i] != '#' {
		y.fail()
		return nil, 0, 0
	}
	ln++
	// The indentation: the deepest of the leading blank lines and the
	// first line with content, at least parent+1.
	maxIndent, trailing := 0, 0
	for ; ln < len(y.starts); ln++ {
		sp := y.indent(ln)
		maxIndent = max(maxIndent, sp)
		if y.lineIndentOff(ln) < y.lineEnd(ln) {
			break
		}
		trailing++
	}
	indent := max(maxIndent, parent+1, 1)
	if ln == len(y.starts) || y.indent(ln) <= parent {
		// No content: the blank lines are kept with "+".
		if chomp != 1 {
			trailing = 0
		}
		return strings.Repeat("\n", trailing), node, ln
	}
	if y.indent(ln) != indent {
		// Leading blank lines deeper than the content.
		y.fail()
		return nil, 0, 0
	}
	b := y.buf[:0]
	leadingBreak, leadingBlank := false, false
	for ln < len(y.starts) {
		start, end := int(y.starts[ln]), y.lineEnd(ln)
		// Lines of fewer spaces end the scalar; blank ones are line breaks.
		sp := 0
		for sp < indent && start+sp < end && t[start+sp] == ' ' {
			sp++
		}
		if start+sp == end {
			trailing++
			ln++
			continue
		}
		if sp < indent {
			break
		}
		c := start + indent
		trailingBlank := t[c] == ' '
		if !literal && !leadingBlank && !trailingBlank && leadingBreak {
			if trailing == 0 {
				b = append(b, ' ')
			}
		} else if leadingBreak {
			b = append(b, '\n')
		}
		for ; trailing > 0; trailing-- {
			b = append(b, '\n')
		}
		leadingBlank = trailingBlank
		b = append(b, t[c:end]...)
		leadingBreak = true
		ln++
	}
	if chomp != -1 && leadingBreak {
		b = append(b, '\n')
	}
	if chomp == 1 {
		for ; trailing > 0; trailing-- {
			b = append(b, '\n')
		}
	}
	s := string(b)
	y.buf = b
	return s, node, ln
}

// emptyFlow reads the empty flow collection ("{}" or "[]", as kubectl
// prints empty maps and lists) at off of line ln; other flow
// collections are left to the general path.
func (y *yamlIndexer) emptyFlow(ln, off int) (any, int32, int) {
	closer := byte(']')
	var v any = []any{}
	kind := yamlpos.KindFlowSeq
	if y.text[off] == '{' {
		closer, v, kind = '}', map[string]any{}, yamlpos.KindFlowMap
	}
	if off+1 >= y.lineEnd(ln) || y.text[off+1] != closer || !y.restEmpty(ln, off+2) {
		y.fail()
		return nil, 0, 0
	}
	return v, y.addNode(kind, 0, ln, off, ln+1), ln + 1
}
