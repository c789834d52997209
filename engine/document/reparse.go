package document

import (
	"strings"

	yaml3 "go.yaml.in/yaml/v3"

	"github.com/applylens/applylens/engine/fieldpath"
)

// A keystroke changes a few characters of a pane that may hold thousands
// of lines. Reparse reads again only the entries of the innermost block
// collection the edit falls in (say, one env var of one container), and
// splices them into the previous reading. Whatever it cannot vouch for
// is read whole by ParseWith: FuzzReparse checks that both readings
// agree.

// Reparse reads text, the new text of a pane whose previous text prev
// was read as doc (by ParseWith or Reparse, with the same options). doc
// must not be used afterwards: its position tree is reused.
func Reparse(doc *Document, prev, pane, text string, o Options) (*Document, error) {
	if d, ok := reparse(doc, prev, pane, text, o); ok {
		return d, nil
	}
	return ParseWith(pane, text, o)
}

// reparse is the incremental reading; false leaves the text to ParseWith.
func reparse(doc *Document, prev, pane, text string, o Options) (*Document, bool) {
	if doc == nil || !doc.whole || doc.Pane != pane || len(text) > MaxSize || text == prev {
		return nil, false
	}
	ix := doc.index
	// The edit: text replaces prev[p:len(prev)-s] with text[p:len(text)-s].
	p := commonPrefix(prev, text)
	s := commonSuffix(prev[p:], text[p:])
	oldMid, newMid := prev[p:len(prev)-s], text[p:len(text)-s]
	if !plainEdit(oldMid) || !plainEdit(newMid) {
		return nil, false
	}
	// Lines of the edit: first..last in prev, first..last+delta in text.
	first := strings.Count(prev[:p], "\n") + 1
	last := first + strings.Count(oldMid, "\n")
	delta := strings.Count(newMid, "\n") - strings.Count(oldMid, "\n")
	if p <= len(prev)-len(strings.TrimLeft(prev, " \t\n")) || !strings.HasSuffix(prev, "\n") || !strings.HasSuffix(text, "\n") {
		// The first character decides JSON or YAML; a last line without
		// its newline is joined differently.
		return nil, false
	}
	if ix.root == nil && ix.tree != nil {
		// Read by readYAMLIndexed, which builds no yaml.v3 tree: the
		// first edit parses one, later edits reuse it.
		full := indexText(prev, ix.value)
		if full.root == nil {
			return nil, false
		}
		ix.root, ix.lines = full.root, full.lines
	}
	f, ok := findFragment(ix, first, min(last, len(ix.lines)))
	if !ok {
		return nil, false
	}
	// The fragment's lines in text, and the new line list.
	newLines := splitLines(text)
	if len(newLines) != len(ix.lines)+delta {
		return nil, false
	}
	fragEnd := f.end + delta
	if fragEnd < f.start {
		return nil, false
	}
	size := f.start - 1
	for _, l := range newLines[f.start-1 : fragEnd] {
		if !fragmentLine(l, f.coll.Column) {
			return nil, false
		}
		size += len(l) + 1
	}
	// The fragment is parsed at its lines: blank lines stand for those
	// before it.
	var b strings.Builder
	b.Grow(size)
	for range f.start - 1 {
		b.WriteByte('\n')
	}
	for _, l := range newLines[f.start-1 : fragEnd] {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	var root yaml3.Node
	if err := yaml3.Unmarshal([]byte(b.String()), &root); err != nil || root.Kind != yaml3.DocumentNode || len(root.Content) != 1 {
		return nil, false
	}
	r := root.Content[0]
	if r.Kind != f.coll.Kind || r.Style&yaml3.FlowStyle != 0 || r.Column != f.coll.Column || r.Anchor != "" || r.Tag != f.coll.Tag {
		return nil, false
	}
	if r.Kind == yaml3.SequenceNode && !dashesAt(newLines, r.Content, r.Column) {
		return nil, false
	}
	// An empty value takes the position of what follows it, which past
	// the fragment is not what the pane has there.
	if !within(r, fragEnd) {
		return nil, false
	}
	// The new entries' values, read as nodeValue reads them.
	nix := &Index{root: ix.root, lines: newLines}
	tr := treeReader{ix: nix}
	for _, l := range newLines[f.start-1 : fragEnd] {
		if strings.IndexByte(l, '!') >= 0 {
			tr.bangs = true
			break
		}
	}
	runValue, ok := tr.value(r, f.depth)
	if !ok {
		return nil, false
	}
	// Keys repeated anywhere in the new entries, or between them and the
	// collection's other keys, are for ParseWith to report.
	if w, amb := nix.duplicatesIn(r, f.pathText, f.depth+1, pane); len(w) > 0 || amb != nil {
		return nil, false
	}
	step := 1
	if f.coll.Kind == yaml3.MappingNode {
		step = 2
	}
	content := make([]*yaml3.Node, 0, len(f.coll.Content)-(f.to-f.from)*step+len(r.Content))
	content = append(content, f.coll.Content[:f.from*step]...)
	content = append(content, r.Content...)
	content = append(content, f.coll.Content[f.to*step:]...)
	var collValue any
	switch old := f.value.(type) {
	case map[string]any:
		m := make(map[string]any, len(old)+len(r.Content)/2)
		for k, v := range old {
			m[k] = v
		}
		for i := f.from * 2; i < f.to*2; i += 2 {
			delete(m, f.coll.Content[i].Value)
		}
		for k, v := range runValue.(map[string]any) {
			if _, dup := m[k]; dup {
				return nil, false
			}
			m[k] = v
		}
		collValue = m
	case []any:
		l := make([]any, 0, len(content))
		l = append(l, old[:f.from]...)
		l = append(l, runValue.([]any)...)
		collValue = append(l, old[f.to:]...)
	default:
		return nil, false
	}
	// The limits (a whole reading checks them): the new entries, with a
	// margin for how their depth is counted, and the collection's length.
	// Anything near or over them is for ParseWith to read and report.
	if _, _, ok := overLimit(runValue, MaxDepth-f.depth-2, MaxListItems); !ok {
		return nil, false
	}
	if l, isList := collValue.([]any); isList && len(l) > MaxListItems {
		return nil, false
	}
	if m, isMap := collValue.(map[string]any); isMap && len(m) > MaxMapKeys {
		return nil, false
	}
	value, ok := replaceAt(ix.value, f.path, collValue)
	if !ok {
		return nil, false
	}
	obj, ok := value.(map[string]any)
	if !ok || obj["items"] != nil {
		return nil, false
	}
	// A collection starts at its first entry.
	firstLine := f.coll.Line
	if f.from == 0 {
		if len(r.Content) == 0 {
			return nil, false
		}
		firstLine = r.Content[0].Line
		if firstLine != f.coll.Line && f.inList {
			return nil, false
		}
	}
	nix.value = value
	d := &Document{Pane: pane, Format: FormatYAML, Object: obj, index: nix, whole: true}
	if !o.SkipIdentity {
		rd := reader{pane: pane, text: text}
		if err := rd.identity(d); err != nil {
			// ParseWith reports it, with positions.
			return nil, false
		}
	}
	// Commit: from here on the old tree is changed.
	if delta != 0 {
		shiftLines(ix.root, f.end, delta)
	}
	f.coll.Content = content
	f.coll.Line = firstLine
	return d, true
}

// fragment is the run of entries [from, to) of a block collection that
// holds an edit, and where they are.
type fragment struct {
	coll       *yaml3.Node
	from, to   int
	start, end int // their lines, comments and blank lines after them included
	value      any // the collection's value
	path       []fieldpath.Segment
	pathText   string
	depth      int // of the collection, as nodeValue counts
	// inList is set when the collection is an item of a list: its first
	// line is then its "-" line.
	inList bool
}

// findFragment returns the innermost run of block entries whose lines hold
// lines first..last.
func findFragment(ix *Index, first, last int) (fragment, bool) {
	best, found := fragment{}, false
	n, v := ix.root, ix.value
	var path []fieldpath.Segment
	pathText := ""
	limit := len(ix.lines) + 1 // the line after the collection
	inList := false
	for depth := 0; ; depth++ {
		if n.Style&yaml3.FlowStyle != 0 || n.Anchor != "" || (n.Kind != yaml3.MappingNode && n.Kind != yaml3.SequenceNode) {
			return best, found
		}
		step := 1
		if n.Kind == yaml3.MappingNode {
			step = 2
		}
		count := len(n.Content) / step
		if count == 0 {
			return best, found
		}
		startOf := func(i int) int { return n.Content[i*step].Line }
		endOf := func(i int) int {
			if i+1 < count {
				return startOf(i+1) - 1
			}
			return limit - 1
		}
		if first < startOf(0) || last > endOf(count-1) || n.Kind == yaml3.SequenceNode && !dashesAt(ix.lines, n.Content, n.Column) {
			return best, found
		}
		from := 0
		for from+1 < count && startOf(from+1) <= first {
			from++
		}
		to := from + 1
		for to < count && startOf(to) <= last {
			to++
		}
		best = fragment{coll: n, from: from, to: to, start: startOf(from), end: endOf(to - 1), value: v, path: path, pathText: pathText, depth: depth, inList: inList}
		found = true
		// Inside one entry, below its first line: look deeper.
		if to != from+1 || first <= startOf(from) {
			return best, found
		}
		var child *yaml3.Node
		var key string
		switch m := v.(type) {
		case map[string]any:
			key = n.Content[from*2].Value
			child, v = n.Content[from*2+1], m[key]
			path = append(path[:len(path):len(path)], fieldpath.Segment{Kind: fieldpath.SegKey, Key: key})
			pathText = fieldpath.Key(pathText, key)
			inList = false
		case []any:
			if from >= len(m) {
				return best, found
			}
			child, v = n.Content[from], m[from]
			path = append(path[:len(path):len(path)], fieldpath.Segment{Kind: fieldpath.SegIndex, Index: from})
			pathText = fieldpath.Index(pathText, from)
			inList = true
		default:
			return best, found
		}
		limit = endOf(from) + 1
		n = child
	}
}

// replaceAt returns root with the value at path replaced, copying the
// maps and lists on the way: the previous reading keeps its values.
func replaceAt(root any, path []fieldpath.Segment, v any) (any, bool) {
	if len(path) == 0 {
		return v, true
	}
	switch c := root.(type) {
	case map[string]any:
		child, ok := c[path[0].Key]
		if !ok || path[0].Kind != fieldpath.SegKey {
			return nil, false
		}
		nv, ok := replaceAt(child, path[1:], v)
		if !ok {
			return nil, false
		}
		m := make(map[string]any, len(c))
		for k, x := range c {
			m[k] = x
		}
		m[path[0].Key] = nv
		return m, true
	case []any:
		i := path[0].Index
		if path[0].Kind != fieldpath.SegIndex || i < 0 || i >= len(c) {
			return nil, false
		}
		nv, ok := replaceAt(c[i], path[1:], v)
		if !ok {
			return nil, false
		}
		l := append([]any(nil), c...)
		l[i] = nv
		return l, true
	}
	return nil, false
}

// shiftLines moves every node below line end by delta lines.
func shiftLines(n *yaml3.Node, end, delta int) {
	if n.Line > end {
		n.Line += delta
	}
	for _, c := range n.Content {
		shiftLines(c, end, delta)
	}
}

// within reports whether every node of n is on line end or before.
func within(n *yaml3.Node, end int) bool {
	if n.Line > end {
		return false
	}
	for _, c := range n.Content {
		if !within(c, end) {
			return false
		}
	}
	return true
}

// dashesAt reports whether each item of a block sequence has its "-" on
// its first line, at column col: the lines of an item are then known.
func dashesAt(lines []string, items []*yaml3.Node, col int) bool {
	for _, it := range items {
		if it.Line < 1 || it.Line > len(lines) {
			return false
		}
		l := lines[it.Line-1]
		if col-1 >= len(l) || l[col-1] != '-' {
			return false
		}
	}
	return true
}

// plainEdit reports whether an edit's text keeps clear of what the
// incremental reading does not handle: line breaks other than "\n" and
// "\r\n", anchors and aliases, characters YAML forbids.
func plainEdit(s string) bool {
	if strings.ContainsAny(s, "&*\r\u0085\u2028\u2029\ufeff") {
		return false
	}
	_, _, _, _, ok := checkEncoding(s)
	return ok
}

// fragmentLine reports whether a line of a fragment can be read apart
// from the rest: it stays inside the collection (indented at least to
// col, unless blank or a comment), uses no tab for indentation and is no
// document marker or directive.
func fragmentLine(l string, col int) bool {
	t := strings.TrimLeft(l, " ")
	switch {
	case t == "" || t[0] == '#':
		return true
	case t[0] == '\t' || t[0] == '%' || strings.HasPrefix(l, "---") || strings.HasPrefix(l, "..."):
		return false
	}
	return len(l)-len(t) >= col-1
}

func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i+8 <= n && a[i:i+8] == b[i:i+8] {
		i += 8
	}
	for i < n && a[i] == b[i] {
		i++
	}
	// Back to a character boundary.
	for i > 0 && i < len(a) && a[i]&0xC0 == 0x80 {
		i--
	}
	return i
}

func commonSuffix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i+8 <= n && a[len(a)-i-8:len(a)-i] == b[len(b)-i-8:len(b)-i] {
		i += 8
	}
	for i < n && a[len(a)-1-i] == b[len(b)-1-i] {
		i++
	}
	for i > 0 && i < len(a) && a[len(a)-i]&0xC0 == 0x80 {
		i--
	}
	return i
}
