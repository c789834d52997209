package document

import (
	"fmt"
	"strconv"
	"strings"

	yaml2 "go.yaml.in/yaml/v2"
	yaml3 "go.yaml.in/yaml/v3"
	"sigs.k8s.io/yaml"

	"github.com/applylens/applylens/engine/fieldpath"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/kube"
	"github.com/applylens/applylens/engine/yamlpos"
	"github.com/applylens/applylens/engine/yamlresolve"
)

// Index finds the lines of a field in a text. It pairs the value kubectl
// reads with the YAML 1.2 node tree of the same text: the value decides
// which list element a [key=value] selector means, the tree where that
// element is written.
type Index struct {
	value any
	root  *yaml3.Node // nil when the positions are unknown
	lines []string    // the text root was parsed from
	keys  map[string]resolved
	// ascii caches, per line, whether it is plain ASCII (1) or not (2), so
	// that columns turn into byte offsets without a scan: a JSON pane is
	// one long line, asked about once per step.
	ascii []uint8
	// selectors caches, per list node and selector key, where each value
	// first appears: a step path selects one element of a long list.
	selectors map[selectorKey]*selectorIndex
	// tree holds the positions instead of root when the index comes from
	// the emitter (RenderIndexed).
	tree *yamlpos.Tree
}

// selectorKey names a list: a node of the parsed tree or of the
// emitter's.
type selectorKey struct {
	list *yaml3.Node
	node int32
	key  string
}

// selectorIndex maps the values of one key in a list of maps to the first
// element holding them: strings by their text, other scalars by
// FormatValue.
type selectorIndex struct {
	strs, others map[string]int
}

// selectIndex returns the element of list l (named by sk) that selector
// key=raw picks, as the first element e for which fieldpath.MatchValue(e[key], raw).
func (ix *Index) selectIndex(sk selectorKey, l []any, key, raw string) int {
	if ix.selectors == nil {
		ix.selectors = map[selectorKey]*selectorIndex{}
	}
	si := ix.selectors[sk]
	if si == nil {
		si = &selectorIndex{strs: map[string]int{}, others: map[string]int{}}
		for j, e := range l {
			m, isMap := e.(map[string]any)
			if !isMap {
				continue
			}
			kv, has := m[key]
			if !has {
				continue
			}
			if str, ok := kv.(string); ok {
				if _, seen := si.strs[str]; !seen {
					si.strs[str] = j
				}
			} else {
				f := fieldpath.FormatValue(kv)
				if _, seen := si.others[f]; !seen {
					si.others[f] = j
				}
			}
		}
		ix.selectors[sk] = si
	}
	best := -1
	pick := func(j int, ok bool) {
		if ok && (best < 0 || j < best) {
			best = j
		}
	}
	if strings.HasPrefix(raw, `"`) {
		if u, err := fieldpath.Unquote(raw); err == nil {
			j, ok := si.strs[u]
			pick(j, ok)
		}
		return best
	}
	j, ok := si.strs[raw]
	pick(j, ok)
	j, ok = si.others[raw]
	pick(j, ok)
	return best
}

// offset turns a 1-based line and column into a byte offset in that line.
func (ix *Index) offset(line, col int) (int, bool) {
	if line < 1 || line > len(ix.lines) {
		return 0, false
	}
	if ix.ascii == nil {
		ix.ascii = make([]uint8, len(ix.lines))
	}
	if ix.ascii[line-1] == 0 {
		ix.ascii[line-1] = 1
		for i := 0; i < len(ix.lines[line-1]); i++ {
			if ix.lines[line-1][i] >= 0x80 {
				ix.ascii[line-1] = 2
				break
			}
		}
	}
	if ix.ascii[line-1] == 1 {
		return min(col-1, len(ix.lines[line-1])), true
	}
	return offsetOf(ix.lines, line, col)
}

// newIndex indexes chunk c of a pane holding value v. The text parsed is
// the pane with everything outside the chunk blanked, so that positions
// are the pane's.
func newIndex(c *chunk, pane string, v any) *Index {
	var text string
	if c.format == FormatJSON {
		// Tabs are whitespace in valid JSON, but go-yaml refuses them
		// as indentation.
		pre := []byte(pane[:c.off])
		for i, b := range pre {
			if b != '\n' {
				pre[i] = ' '
			}
		}
		text = string(pre) + strings.ReplaceAll(c.text, "\t", " ")
	} else {
		text = strings.Repeat("\n", c.line-1) + c.text
	}
	return indexText(text, v)
}

func indexText(text string, v any) *Index {
	// go-yaml also breaks lines at a lone "\r" and at U+0085, U+2028 and
	// U+2029; blank them so its line numbers are the pane's.
	if hasOddLineBreaks(text) {
		text = lineBreaks.Replace(text)
	}
	ix := &Index{value: v, lines: splitLines(text)}
	var doc yaml3.Node
	if err := yaml3.Unmarshal([]byte(text), &doc); err == nil && doc.Kind == yaml3.DocumentNode && len(doc.Content) == 1 {
		ix.root = doc.Content[0]
	}
	return ix
}

var lineBreaks = strings.NewReplacer("\r\n", "\r\n", "\r", " ", "\u0085", " ", "\u2028", " ", "\u2029", " ")

// LocateValue indexes text, a rendering of v such as RenderYAML(v)
// returns, without reading v back from it.
func LocateValue(text string, v any) *Index {
	return indexText(text, v)
}

// Locate indexes a single YAML (or JSON) document, such as one produced
// by RenderYAML. A text that does not parse gives an index that finds
// nothing.
func Locate(text string) *Index {
	j, err := yaml.YAMLToJSON([]byte(text))
	if err != nil {
		return &Index{}
	}
	v, err := jsonvalue.Decode(j)
	if err != nil {
		return &Index{}
	}
	return indexText(text, v)
}

// Span returns the lines of the field at path: from the line of its key
// (or of a list element's first line) to the last line of its value. The
// empty path spans the whole object.
func (ix *Index) Span(path string) (line, endLine int, ok bool) {
	if ix == nil {
		return 0, 0, false
	}
	segs, err := fieldpath.Parse(path)
	if err != nil {
		return 0, 0, false
	}
	return ix.SpanSegments(segs)
}

// SpanSegments is Span for a path already split by ParsePath, for a
// caller that asks several indexes about one path.
func (ix *Index) SpanSegments(segs []fieldpath.Segment) (line, endLine int, ok bool) {
	if ix == nil {
		return 0, 0, false
	}
	if ix.tree != nil {
		if !ix.tree.Legacy {
			if ix.tree.Nodes.N == 0 {
				return 0, 0, false
			}
			return walkSpan(treeNodes{ix, ix.tree}, 0, ix.value, segs)
		}
		*ix = *indexText(ix.tree.Text, ix.value)
	}
	if ix.root == nil {
		return 0, 0, false
	}
	return walkSpan(yamlNodes{ix}, ix.root, ix.value, segs)
}

// lookup finds the entry of mapping m whose key reads as key, the last
// one when the key is repeated (the value kubectl keeps), else one
// brought in by a merge key (<<).
func (ix *Index) lookup(m *yaml3.Node, key string, depth int) (k, v *yaml3.Node) {
	if depth > 20 {
		return nil, nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if s, ok := ix.keyString(m.Content[i]); ok && s == key && m.Content[i].Tag != "!!merge" {
			k, v = m.Content[i], m.Content[i+1]
		}
	}
	if k != nil {
		return k, v
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Tag != "!!merge" {
			continue
		}
		src := deref(m.Content[i+1])
		srcs := []*yaml3.Node{src}
		if src.Kind == yaml3.SequenceNode {
			srcs = src.Content
		}
		for _, s := range srcs {
			if s = deref(s); s.Kind == yaml3.MappingNode {
				if k, v := ix.lookup(s, key, depth+1); k != nil {
					return k, v
				}
			}
		}
	}
	return nil, nil
}

func deref(n *yaml3.Node) *yaml3.Node {
	for i := 0; n.Kind == yaml3.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

// keyString returns the JSON key kubectl makes of a YAML key: go-yaml v2
// resolves a plain key (yes is true, 010 is 8) and sigs.k8s.io/yaml
// prints it back as text.
func (ix *Index) keyString(k *yaml3.Node) (string, bool) {
	s, _, ok := ix.resolveKey(k)
	return s, ok
}

// resolveKey is keyString that also names the Go type go-yaml v2 gives
// the key: two keys of different types that print the same are distinct
// in go-yaml's map, and sigs.k8s.io/yaml then keeps either at random.
func (ix *Index) resolveKey(k *yaml3.Node) (string, string, bool) {
	k = deref(k)
	if k.Kind != yaml3.ScalarNode {
		return "", "", false
	}
	if k.Style&(yaml3.DoubleQuotedStyle|yaml3.SingleQuotedStyle|yaml3.LiteralStyle|yaml3.FoldedStyle) != 0 || k.Tag == "!!str" && k.Style&yaml3.TaggedStyle != 0 {
		return k.Value, "a text", true
	}
	if yamlresolve.PlainText(k.Value) {
		return k.Value, "a text", true
	}
	if r, ok := ix.keys[k.Value]; ok {
		return r.s, r.typ, true
	}
	var m map[any]any
	if err := yaml2.Unmarshal([]byte(k.Value+": 0"), &m); err != nil || len(m) != 1 {
		return "", "", false
	}
	var r resolved
	for key := range m {
		switch t := key.(type) {
		case string:
			r = resolved{t, "a text"}
		case int:
			r = resolved{strconv.Itoa(t), "an integer"}
		case int64:
			r = resolved{strconv.FormatInt(t, 10), "an integer"}
		case uint64:
			r = resolved{strconv.FormatUint(t, 10), "an integer"}
		case float64:
			f := strconv.FormatFloat(t, 'g', -1, 32)
			switch f {
			case "+Inf":
				f = ".inf"
			case "-Inf":
				f = "-.inf"
			case "NaN":
				f = ".nan"
			}
			r = resolved{f, "a number with a fraction"}
		case bool:
			r = resolved{strconv.FormatBool(t), "a boolean"}
		default:
			return "", "", false
		}
	}
	if ix.keys == nil {
		ix.keys = map[string]resolved{}
	}
	ix.keys[k.Value] = r
	return r.s, r.typ, true
}

type resolved struct{ s, typ string }

// end finds the last line of node n, whose parent is indented indent
// columns; flow tells whether n is inside brackets.
func (ix *Index) end(n *yaml3.Node, indent int, flow bool) int {
	switch n.Kind {
	case yaml3.AliasNode:
		return n.Line
	case yaml3.ScalarNode:
		switch {
		case n.Style&(yaml3.DoubleQuotedStyle|yaml3.SingleQuotedStyle) != 0:
			if off, ok := ix.offset(n.Line, n.Column); ok {
				if el, _, closed := closeQuote(ix.lines, n.Line-1, off); closed {
					return el + 1
				}
			}
			return n.Line
		case n.Style&(yaml3.LiteralStyle|yaml3.FoldedStyle) != 0:
			return ix.blockEnd(n.Line, indent, true)
		case flow:
			return n.Line
		}
		return ix.blockEnd(n.Line, indent, false)
	case yaml3.MappingNode, yaml3.SequenceNode:
		if n.Style&yaml3.FlowStyle != 0 || flow {
			return ix.closeBracket(n)
		}
		if len(n.Content) == 0 {
			return n.Line
		}
		last := n.Content[len(n.Content)-1]
		if n.Kind == yaml3.MappingNode {
			return ix.end(last, n.Content[len(n.Content)-2].Column-1, false)
		}
		return ix.end(last, n.Column-1, false)
	}
	return n.Line
}

// blockEnd finds the last line of a value starting on line start that
// may continue on lines indented deeper than indent. Comment lines end a
// plain value but belong to a block scalar (| or >).
func (ix *Index) blockEnd(start, indent int, block bool) int {
	end := start
	for l := start + 1; l <= len(ix.lines); l++ {
		s := ix.lines[l-1]
		if strings.TrimSpace(s) == "" {
			continue
		}
		if indentOf(s) <= indent || (!block && blankOrComment(s)) {
			break
		}
		end = l
	}
	return end
}

// closeBracket finds the line of the bracket closing the flow collection
// n starts.
func (ix *Index) closeBracket(n *yaml3.Node) int {
	off, ok := ix.offset(n.Line, n.Column)
	if !ok {
		return n.Line
	}
	depth := 0
	for ln := n.Line - 1; ln < len(ix.lines); ln, off = ln+1, 0 {
		l := ix.lines[ln]
		for i := off; i < len(l); i++ {
			switch c := l[i]; {
			case c == '"' || c == '\'':
				el, ei, closed := closeQuote(ix.lines, ln, i)
				if !closed {
					return n.Line
				}
				ln, i, l = el, ei, ix.lines[el]
			case c == '#' && (i == 0 || l[i-1] == ' ' || l[i-1] == '\t'):
				i = len(l)
			case c == '[' || c == '{':
				depth++
			case c == ']' || c == '}':
				depth--
				if depth == 0 {
					return ln + 1
				}
			}
		}
	}
	return n.Line
}

// duplicates reports keys written twice in one map: go-yaml v2 and
// encoding/json keep the last value without a word, and so does kubectl.
// Keys that only print the same (0 and "0") are an error instead, as
// kubectl's choice between them is random.
func (ix *Index) duplicates(pane string) ([]Warning, *Error) {
	if ix.root == nil {
		return nil, nil
	}
	return ix.duplicatesIn(ix.root, "", 1, pane)
}

// duplicatesIn is duplicates for the node n at path and depth. The path
// of a key is spelled only when a warning needs it, and a map's keys are
// compared by a scan of those before them (a hash table past
// dupScanLimit keys): both used to cost an allocation per key.
func (ix *Index) duplicatesIn(n *yaml3.Node, path string, depth int, pane string) ([]Warning, *Error) {
	var out []Warning
	var ambiguous *Error
	var steps []pathStep // below path
	var keys []keySeen   // of the maps being walked, innermost last
	spell := func() string {
		p := path
		for _, s := range steps {
			if s.index >= 0 {
				p = fieldpath.Index(p, s.index)
			} else {
				p = fieldpath.Key(p, s.key)
			}
		}
		return p
	}
	var walk func(n *yaml3.Node, depth int)
	walk = func(n *yaml3.Node, depth int) {
		if depth > MaxDepth+1 {
			return
		}
		switch n.Kind {
		case yaml3.MappingNode:
			base := len(keys)
			var index map[string]int // key → its last entry in keys, past dupScanLimit
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i]
				if k.Tag == "!!merge" {
					continue
				}
				s, typ, ok := ix.resolveKey(k)
				if !ok {
					continue
				}
				prev := -1
				if index != nil {
					if j, found := index[s]; found {
						prev = j
					}
				} else {
					for j := len(keys) - 1; j >= base; j-- {
						if keys[j].key == s {
							prev = j
							break
						}
					}
				}
				if prev >= 0 {
					if t := keys[prev].typ; t != typ && ambiguous == nil {
						steps = append(steps, pathStep{key: s, index: -1})
						ambiguous = &Error{Reason: ReasonAmbiguousKey, InputError: kube.InputError{Line: k.Line, Column: k.Column, Path: spell(),
							Message: fmt.Sprintf("The keys on lines %d and %d are %s and %s to YAML but both become %q in JSON, and kubectl then keeps one of the two values at random. Write the key once.", keys[prev].line, k.Line, t, typ, s)}}
						steps = steps[:len(steps)-1]
					}
					steps = append(steps, pathStep{key: s, index: -1})
					out = append(out, Warning{Code: WarnDuplicateKey, Pane: pane, Line: k.Line, Path: spell(),
						Message: duplicateMessage(s, keys[prev].line, k.Line)})
					steps = steps[:len(steps)-1]
				}
				keys = append(keys, keySeen{key: s, typ: typ, line: k.Line})
				if index == nil && len(keys)-base > dupScanLimit {
					index = make(map[string]int, len(n.Content)/2)
					for j := base; j < len(keys); j++ {
						index[keys[j].key] = j
					}
				} else if index != nil {
					index[s] = len(keys) - 1
				}
				steps = append(steps, pathStep{key: s, index: -1})
				walk(n.Content[i+1], depth+1)
				steps = steps[:len(steps)-1]
			}
			keys = keys[:base]
		case yaml3.SequenceNode:
			for i, e := range n.Content {
				steps = append(steps, pathStep{index: i})
				walk(e, depth+1)
				steps = steps[:len(steps)-1]
			}
		}
	}
	walk(n, depth)
	if ambiguous != nil {
		ambiguous.Pane = pane
	}
	return out, ambiguous
}

// duplicateWarning inserts at warnAt of ws (before the warnings about the
// value that follows it) the warning Index.duplicates gives for key,
// written again on line of the map at path whose earlier entries are
// entries.
func duplicateWarning(ws []Warning, warnAt int, pane string, path []pathStep, entries []yamlpos.Entry, key string, line int) []Warning {
	first := 0
	for i := len(entries) - 1; i >= 0; i-- {
		if entries[i].Key == key {
			first = int(entries[i].Line)
			break
		}
	}
	p := ""
	for _, s := range path {
		if s.index >= 0 {
			p = fieldpath.Index(p, s.index)
		} else {
			p = fieldpath.Key(p, s.key)
		}
	}
	w := Warning{Code: WarnDuplicateKey, Pane: pane, Line: line, Path: fieldpath.Key(p, key),
		Message: duplicateMessage(key, first, line)}
	ws = append(ws, Warning{})
	copy(ws[warnAt+1:], ws[warnAt:])
	ws[warnAt] = w
	return ws
}

// duplicateMessage is the warning's text for key, written on line first
// and again on line.
func duplicateMessage(key string, first, line int) string {
	return fmt.Sprintf("The key %q is written twice in this map (lines %d and %d). kubectl silently keeps the last value and ignores the first.", key, first, line)
}

// keySeen is a key of a map being walked by duplicatesIn.
type keySeen struct {
	key, typ string
	line     int
}

// dupScanLimit is how many keys of a map duplicatesIn compares by a scan.
const dupScanLimit = 16
