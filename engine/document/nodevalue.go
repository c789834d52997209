package document

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	yaml3 "go.yaml.in/yaml/v3"
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
				kv, ok := plainValue(key)
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
	return plainValue(n.Value)
}

// plainValue is go-yaml v2's resolve for an untagged plain scalar,
// followed by the trip through JSON that kubectl makes: numbers come back
// as int64 when their JSON has no fraction and fits, float64 otherwise.
func plainValue(in string) (any, bool) {
	if plainIsString(in) {
		return in, true
	}
	switch in {
	case "", "~", "null", "Null", "NULL":
		return nil, true
	case "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON":
		return true, true
	case "n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF":
		return false, true
	}
	if yaml11Special(in) || isTimestamp(in) {
		// Infinities and NaN have no JSON (kubectl fails); timestamps
		// and the rest take the slow path.
		return nil, false
	}
	plain := in
	if strings.IndexByte(in, '_') >= 0 && in[0] != '.' {
		plain = strings.ReplaceAll(in, "_", "")
	}
	if in[0] != '.' {
		if i, err := strconv.ParseInt(plain, 0, 64); err == nil {
			return i, true
		}
		if u, err := strconv.ParseUint(plain, 0, 64); err == nil {
			// Above int64: JSON's integer is read back as a float.
			return float64(u), true
		}
	}
	if yamlStyleFloat(plain) {
		if f, err := strconv.ParseFloat(plain, 64); err == nil {
			return jsonFloat(f)
		}
	}
	// Binary numbers with a 0b prefix ParseInt refused.
	return nil, false
}

// jsonFloat is f after encoding/json writes it and jsonvalue reads it
// back: below 1e21 an integral value is written as its shortest decimal
// form, without a fraction, which is read as an int64 when it fits. (That
// form is not always the float's exact value: 2.00000000000000108e17 is
// written 200000000000000100.)
func jsonFloat(f float64) (any, bool) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return nil, false
	}
	if math.Abs(f) < 1e21 && f == math.Trunc(f) {
		var buf [32]byte
		if i, err := strconv.ParseInt(string(strconv.AppendFloat(buf[:0], f, 'f', -1, 64)), 10, 64); err == nil {
			return i, true
		}
	}
	// The shortest form reads back as f itself.
	return f, true
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
