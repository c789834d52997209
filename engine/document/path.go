package document

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
)

// Field paths name a place in an object, in the syntax the engine's steps
// use:
//
//	spec.template.spec.containers[name=nginx].image
//	spec.template.spec.containers[0].args[1]
//	metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]
//
// Map keys are separated by dots, and written quoted in brackets when they
// contain characters that would be read as syntax. Elements of lists merged
// by a key are selected by [key=value]; other elements by [index].

// SegmentKind tells what a path segment selects.
type SegmentKind int

// Kinds of Segment.
const (
	SegKey      SegmentKind = iota // a map key
	SegIndex                       // a list element by position
	SegSelector                    // a list element by the value of one of its fields
)

// Segment is one step of a field path.
type Segment struct {
	Kind  SegmentKind
	Key   string // SegKey: the map key; SegSelector: the field compared
	Index int    // SegIndex
	// Value is the SegSelector value as written: bare or JSON-quoted for
	// strings, JSON for other scalars.
	Value string
}

// ErrPath reports a path that does not follow the syntax.
var ErrPath = errors.New("malformed field path")

// ParsePath splits a field path into segments. The empty path is the
// whole object.
func ParsePath(p string) ([]Segment, error) {
	var segs []Segment
	if p != "" {
		// One segment a dot or bracket at most (plus the first): every
		// step of every pane parses a path.
		segs = make([]Segment, 0, 1+strings.Count(p, ".")+strings.Count(p, "["))
	}
	for i := 0; i < len(p); {
		switch c := p[i]; {
		case c == '.':
			if i == 0 || i+1 == len(p) || p[i+1] == '.' || p[i+1] == '[' {
				return nil, ErrPath
			}
			i++
		case c == '[':
			seg, n, err := parseBracket(p[i:])
			if err != nil {
				return nil, err
			}
			segs = append(segs, seg)
			i += n
			continue
		default:
			if i > 0 && p[i-1] != '.' {
				return nil, ErrPath
			}
		}
		j := i
		for j < len(p) && p[j] != '.' && p[j] != '[' {
			j++
		}
		if j == i {
			continue
		}
		segs = append(segs, Segment{Kind: SegKey, Key: p[i:j]})
		i = j
	}
	return segs, nil
}

// parseBracket reads one [...] segment at the start of s and returns its
// length.
func parseBracket(s string) (Segment, int, error) {
	if len(s) > 1 && s[1] == '"' {
		q, n, err := quotedPrefix(s[1:])
		if err != nil || 1+n >= len(s) || s[1+n] != ']' {
			return Segment{}, 0, ErrPath
		}
		return Segment{Kind: SegKey, Key: q}, n + 2, nil
	}
	end := -1
	eq := -1
	for i := 1; i < len(s); i++ {
		if s[i] == '=' && eq < 0 {
			eq = i
			if i+1 < len(s) && s[i+1] == '"' {
				_, n, err := quotedPrefix(s[i+1:])
				if err != nil {
					return Segment{}, 0, ErrPath
				}
				i += n
				continue
			}
		}
		if s[i] == ']' {
			end = i
			break
		}
	}
	if end < 0 {
		return Segment{}, 0, ErrPath
	}
	body := s[1:end]
	if eq < 0 {
		n, err := strconv.Atoi(body)
		if err != nil || n < 0 || body[0] == '+' {
			return Segment{}, 0, ErrPath
		}
		return Segment{Kind: SegIndex, Index: n}, end + 1, nil
	}
	key := s[1:eq]
	if key == "" {
		return Segment{}, 0, ErrPath
	}
	return Segment{Kind: SegSelector, Key: key, Value: s[eq+1 : end]}, end + 1, nil
}

// quotedPrefix reads the JSON (or Go) string literal at the start of s.
func quotedPrefix(s string) (string, int, error) {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			q, err := unquote(s[:i+1])
			return q, i + 1, err
		}
	}
	return "", 0, ErrPath
}

func unquote(q string) (string, error) {
	var s string
	if err := json.Unmarshal([]byte(q), &s); err == nil {
		return s, nil
	}
	s, err := strconv.Unquote(q)
	if err != nil {
		return "", ErrPath
	}
	return s, nil
}

// AppendKey extends path with a map key, quoting the key when it holds
// characters that are path syntax.
func AppendKey(path, key string) string {
	if bareKey(key) {
		if path == "" {
			return key
		}
		return path + "." + key
	}
	return path + "[" + quote(key) + "]"
}

// AppendIndex extends path with a list position.
func AppendIndex(path string, i int) string {
	return path + "[" + strconv.Itoa(i) + "]"
}

// AppendSelector extends path with the list element whose field key has
// value v.
func AppendSelector(path, key string, v any) string {
	if !bareKey(key) {
		key = quote(key)
	}
	return path + "[" + key + "=" + FormatValue(v) + "]"
}

// FormatValue writes a scalar as a selector value: strings bare when
// that cannot be mistaken for another type or for syntax, otherwise JSON.
func FormatValue(v any) string {
	if s, ok := v.(string); ok {
		if bareValue(s) {
			return s
		}
		return quote(s)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "?"
	}
	return string(b)
}

// MatchValue reports whether the scalar v is what a selector value
// written as raw selects; it accepts strings written bare or quoted.
func MatchValue(v any, raw string) bool {
	if s, ok := v.(string); ok {
		if raw == s && !strings.HasPrefix(raw, `"`) {
			return true
		}
		if strings.HasPrefix(raw, `"`) {
			u, err := unquote(raw)
			return err == nil && u == s
		}
		return false
	}
	return raw == FormatValue(v)
}

// bareKey reports whether a key can be written bare after a dot: the
// same rule as the engine's step paths (engine/explain).
func bareKey(k string) bool {
	if k == "" {
		return false
	}
	for _, r := range k {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '$') {
			return false
		}
	}
	return true
}

// bareValue reports whether a selector value can be written bare: no
// syntax in it, and it does not read as a number, boolean or null.
func bareValue(s string) bool {
	if s == "" || strings.ContainsAny(s, "[]=\"\\ \t\n") {
		return false
	}
	switch s {
	case "true", "false", "null":
		return false
	}
	if _, err := strconv.ParseInt(s, 10, 64); err == nil {
		return false
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil && s[0] != '+' && !strings.ContainsAny(s, "nN") {
		return false
	}
	return true
}

func quote(s string) string { return strconv.Quote(s) }
