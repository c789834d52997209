package document

import (
	"strings"
	"unicode/utf8"

	yaml3 "go.yaml.in/yaml/v3"

	"github.com/applylens/applylens/engine/yamlresolve"
)

// nodeValue returns the value kubectl reads from a YAML document, taken
// from the yaml.v3 node tree the index needs anyway: one parse of the pane
// instead of two. kubectl reads YAML with go-yaml v2 (through
// sigs.k8s.io/yaml), then goes through JSON; nodeValue mirrors both for
// the documents Kubernetes objects are made of, and answers false for
// whatever it does not mirror, so that the caller reads the text the slow
// way: aliases and anchors, explicit tags, merge keys, keys that do not
// read as strings, collection keys, timestamps, infinities and NaN, and
// double-quoted strings that are not UTF-8. FuzzNodeValue checks it
// against sigs.k8s.io/yaml.
func nodeValue(ix *Index) (any, bool) {
	r := treeReader{ix: ix}
	for _, l := range ix.lines {
		if strings.IndexByte(l, '!') >= 0 {
			r.bangs = true
			break
		}
	}
	return r.value(ix.root, 0)
}

type treeReader struct {
	ix *Index
	// bangs is set when the text has a "!": only then can a node carry
	// a tag yaml.v3 leaves no trace of.
	bangs bool
}

// tagged reports a tag written on n. yaml.v3 marks explicit tags with
// TaggedStyle, but drops the non-specific "!" (go-yaml v2 reads "! 12" as
// the string "12"): a node written with a tag starts with "!" where
// yaml.v3 places it.
func (r *treeReader) tagged(n *yaml3.Node) bool {
	if n.Style&yaml3.TaggedStyle != 0 || !strings.HasPrefix(n.Tag, "!!") {
		return true
	}
	if !r.bangs {
		return false
	}
	off, ok := r.ix.offset(n.Line, n.Column)
	if !ok {
		return true
	}
	line := r.ix.lines[n.Line-1]
	return off < len(line) && line[off] == '!'
}

func (r *treeReader) value(n *yaml3.Node, depth int) (any, bool) {
	// Deeper documents get the slow path, which reports them.
	if depth > MaxDepth || n.Anchor != "" || r.tagged(n) {
		return nil, false
	}
	switch n.Kind {
	case yaml3.ScalarNode:
		return scalarValue(n)
	case yaml3.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml3.ScalarNode || k.Anchor != "" || r.tagged(k) {
				return nil, false
			}
			key := k.Value
			if k.Style&(yaml3.DoubleQuotedStyle|yaml3.SingleQuotedStyle|yaml3.LiteralStyle|yaml3.FoldedStyle) == 0 {
				// A plain key is resolved like any plain scalar; "<<" is
				// a merge.
				kv, ok := yamlresolve.PlainValue(key)
				if _, isString := kv.(string); !ok || !isString || key == "<<" {
					return nil, false
				}
			} else if k.Style&yaml3.DoubleQuotedStyle != 0 && !utf8.ValidString(key) {
				return nil, false
			}
			v, ok := r.value(n.Content[i+1], depth+1)
			if !ok {
				return nil, false
			}
			// go-yaml v2 keeps the last of repeated keys.
			m[key] = v
		}
		return m, true
	case yaml3.SequenceNode:
		l := make([]any, len(n.Content))
		for i, e := range n.Content {
			v, ok := r.value(e, depth+1)
			if !ok {
				return nil, false
			}
			l[i] = v
		}
		return l, true
	}
	return nil, false
}

// hasOddLineBreaks reports whether text breaks lines where go-yaml does
// but the index does not (a lone "\r", U+0085, U+2028, U+2029): the index
// parses a copy with those blanked, whose values would differ.
func hasOddLineBreaks(text string) bool {
	for i := strings.IndexByte(text, '\r'); i >= 0; {
		if i+1 >= len(text) || text[i+1] != '\n' {
			return true
		}
		j := strings.IndexByte(text[i+1:], '\r')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return strings.Contains(text, "\u0085") || strings.Contains(text, "\u2028") || strings.Contains(text, "\u2029")
}

// scalarValue reads a scalar as go-yaml v2 decodes it into an interface:
// quoted and block scalars are strings, plain ones are resolved.
func scalarValue(n *yaml3.Node) (any, bool) {
	switch {
	case n.Style&yaml3.DoubleQuotedStyle != 0:
		// An escape such as "\xff" makes bytes JSON would replace.
		if !utf8.ValidString(n.Value) {
			return nil, false
		}
		return n.Value, true
	case n.Style&(yaml3.SingleQuotedStyle|yaml3.LiteralStyle|yaml3.FoldedStyle) != 0:
		return n.Value, true
	}
	return yamlresolve.PlainValue(n.Value)
}
