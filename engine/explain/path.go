package explain

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Segment is one step of a Path: a map key, a list index, or a list
// element picked by its merge key.
type Segment struct {
	// Key is the map key when the segment is a field.
	Key string
	// Index is the list index when IsIndex.
	Index   int
	IsIndex bool
	// MergeKey and Value pick an element of a merged list; Value is a
	// string, int64, float64 or bool.
	MergeKey string
	Value    any
}

// Path is where a value sits in an object. Its text form is shared by every
// package that names fields:
//
//	spec.template.spec.containers[name=nginx].ports[0]
//	metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]
//
// Keys that are not plain words are quoted in brackets; merge-key values
// are quoted when they contain syntax or would read as another type.
type Path []Segment

// Key returns p extended by a map key.
func (p Path) Key(k string) Path { return p.with(Segment{Key: k}) }

// Index returns p extended by a list index.
func (p Path) Index(i int) Path { return p.with(Segment{Index: i, IsIndex: true}) }

// Keyed returns p extended by the element of a merged list whose mergeKey
// field is value.
func (p Path) Keyed(mergeKey string, value any) Path {
	return p.with(Segment{MergeKey: mergeKey, Value: value})
}

// with copies, so that paths built from a shared parent never alias.
func (p Path) with(s Segment) Path {
	q := make(Path, len(p), len(p)+1)
	copy(q, p)
	return append(q, s)
}

func (p Path) String() string {
	var b []byte
	for _, s := range p {
		b = appendSegment(b, s)
	}
	return string(b)
}

// appendSegment appends the text of s to b, the text of the segments
// before it: a plain key takes a dot unless it starts the path.
func appendSegment(b []byte, s Segment) []byte {
	switch {
	case s.IsIndex:
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(s.Index), 10)
		return append(b, ']')
	case s.MergeKey != "":
		b = append(b, '[')
		b = appendKey(b, s.MergeKey)
		b = append(b, '=')
		b = appendValue(b, s.Value)
		return append(b, ']')
	case plainKey(s.Key):
		if len(b) > 0 {
			b = append(b, '.')
		}
		return append(b, s.Key...)
	}
	b = append(b, '[')
	b = strconv.AppendQuote(b, s.Key)
	return append(b, ']')
}

// plainKey reports whether k can be written bare after a dot.
func plainKey(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		// Bytes, not runes: every byte of a multi-byte rune is >= 0x80.
		if r := k[i]; !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '$') {
			return false
		}
	}
	return true
}

func appendKey(b []byte, k string) []byte {
	if plainKey(k) {
		return append(b, k...)
	}
	return strconv.AppendQuote(b, k)
}

// formatValue writes a merge-key value so that ParsePath gives back the same
// value and type: strings bare unless that would be ambiguous.
func formatValue(v any) string { return string(appendValue(nil, v)) }

func appendValue(b []byte, v any) []byte {
	switch t := v.(type) {
	case string:
		if t != "" && !strings.ContainsAny(t, "[]=\"\\ \t\n") && bareType(t) == nil {
			return append(b, t...)
		}
		return strconv.AppendQuote(b, t)
	case int64:
		return strconv.AppendInt(b, t, 10) // as json.Marshal
	}
	j, err := json.Marshal(v)
	if err != nil {
		return strconv.AppendQuote(b, fmt.Sprint(v))
	}
	return append(b, j...)
}

// bareType returns the non-string value a bare token reads as, or nil.
func bareType(s string) any {
	switch s {
	case "true":
		return true
	case "false":
		return false
	case "null":
		return nil
	}
	if s == "" || !(s[0] >= '0' && s[0] <= '9' || s[0] == '-' || s[0] == '+' || s[0] == '.') {
		// Neither ParseInt nor an accepted ParseFloat reads anything
		// else (inf and nan are refused below), and their errors allocate.
		return nil
	}
	if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		return i
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && s[0] != '+' && !strings.ContainsAny(s, "nN") {
		return f
	}
	return nil
}

// pathStack is the path of the field being walked: a segment is pushed
// on the way down and popped on the way back, and the text is made only
// for the steps and warnings that name the field. (Building a Path per
// field, each a copy of its parent, cost more than the rest of the walk.)
type pathStack struct {
	segs Path
	// text is segs[:len(ends)] as Path.String writes it; ends[i] is the
	// length of text up to segment i.
	text []byte
	ends []int
}

func (p *pathStack) push(s Segment)               { p.segs = append(p.segs, s) }
func (p *pathStack) key(k string)                 { p.push(Segment{Key: k}) }
func (p *pathStack) index(i int)                  { p.push(Segment{Index: i, IsIndex: true}) }
func (p *pathStack) keyed(mergeKey string, v any) { p.push(Segment{MergeKey: mergeKey, Value: v}) }

func (p *pathStack) pop() {
	n := len(p.segs) - 1
	p.segs[n] = Segment{} // let the value go
	p.segs = p.segs[:n]
	if len(p.ends) > n {
		p.ends = p.ends[:n]
		end := 0
		if n > 0 {
			end = p.ends[n-1]
		}
		p.text = p.text[:end]
	}
}

// String renders the path, reusing the text of the segments it already
// rendered.
func (p *pathStack) String() string {
	for i := len(p.ends); i < len(p.segs); i++ {
		p.text = appendSegment(p.text, p.segs[i])
		p.ends = append(p.ends, len(p.text))
	}
	return string(p.text)
}

// PathError reports text that is not a Path.
type PathError struct {
	Path   string
	Offset int
	Reason string
}

func (e *PathError) Error() string {
	return fmt.Sprintf("bad path %q at offset %d: %s", e.Path, e.Offset, e.Reason)
}

// ParsePath reads a path written by Path.String.
func ParsePath(s string) (Path, error) {
	var p Path
	i := 0
	fail := func(reason string) (Path, error) { return nil, &PathError{s, i, reason} }
	for i < len(s) {
		switch {
		case s[i] == '[':
			i++
			if i < len(s) && s[i] == '"' {
				key, n, err := unquotePrefix(s[i:])
				if err != nil {
					return fail("bad quoted key")
				}
				i += n
				if i < len(s) && s[i] == '=' {
					i++
					v, n, err := readValue(s[i:])
					if err != nil {
						return fail(err.Error())
					}
					i += n
					p = append(p, Segment{MergeKey: key, Value: v})
				} else {
					p = append(p, Segment{Key: key})
				}
			} else {
				j := i
				for j < len(s) && s[j] != ']' && s[j] != '=' {
					j++
				}
				tok := s[i:j]
				if j < len(s) && s[j] == '=' {
					if !plainKey(tok) {
						return fail("bad merge key")
					}
					i = j + 1
					v, n, err := readValue(s[i:])
					if err != nil {
						return fail(err.Error())
					}
					i += n
					p = append(p, Segment{MergeKey: tok, Value: v})
				} else {
					n, err := strconv.Atoi(tok)
					if err != nil || n < 0 {
						return fail("bad index")
					}
					i = j
					p = append(p, Segment{Index: n, IsIndex: true})
				}
			}
			if i >= len(s) || s[i] != ']' {
				return fail("missing ]")
			}
			i++
		case s[i] == '.' && len(p) > 0 || s[i] != '.' && len(p) == 0:
			if len(p) > 0 {
				i++
			}
			j := i
			for j < len(s) && s[j] != '.' && s[j] != '[' {
				j++
			}
			if !plainKey(s[i:j]) {
				return fail("bad key")
			}
			p = append(p, Segment{Key: s[i:j]})
			i = j
		default:
			return fail("expected . or [")
		}
	}
	return p, nil
}

// unquotePrefix reads the Go-quoted string at the start of s.
func unquotePrefix(s string) (string, int, error) {
	for j := 1; j < len(s); j++ {
		if s[j] == '\\' {
			j++
			continue
		}
		if s[j] == '"' {
			u, err := strconv.Unquote(s[:j+1])
			return u, j + 1, err
		}
	}
	return "", 0, strconv.ErrSyntax
}

// readValue reads a merge-key value up to the closing bracket.
func readValue(s string) (any, int, error) {
	if strings.HasPrefix(s, `"`) {
		return unquotePrefix(s)
	}
	j := strings.IndexByte(s, ']')
	if j <= 0 {
		return nil, 0, fmt.Errorf("bad merge key value")
	}
	tok := s[:j]
	if v := bareType(tok); v != nil || tok == "null" {
		return v, j, nil
	}
	return tok, j, nil
}
