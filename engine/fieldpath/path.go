package fieldpath

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
)

// Kind tells what a path segment selects.
type Kind uint8

// Kinds of Segment.
const (
	SegKey      Kind = iota // a map key
	SegIndex                // a list element by position
	SegSelector             // a list element by the value of one of its fields
)

// Segment is one step of a parsed field path.
type Segment struct {
	Kind  Kind
	Key   string // SegKey: the map key; SegSelector: the field compared
	Index int    // SegIndex
	// Value is the SegSelector value as written: bare or JSON-quoted for
	// strings, JSON for other scalars (see MatchValue). It stays text so
	// that a bare 80 selects both the number and the string the page may
	// have meant.
	Value string
}

// ErrSyntax reports a path that does not follow the syntax.
var ErrSyntax = errors.New("malformed field path")

// Parse splits a field path into segments. The empty path is the whole
// object. Keys after a dot may hold any character but '.' and '[' (the
// printer quotes more than it must, so that a reader is never unsure).
func Parse(p string) ([]Segment, error) {
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
				return nil, ErrSyntax
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
				return nil, ErrSyntax
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
	key := ""
	start := 1 // where the scan for = and ] starts
	if len(s) > 1 && s[1] == '"' {
		q, n, err := quotedPrefix(s[1:])
		if err != nil || 1+n >= len(s) {
			return Segment{}, 0, ErrSyntax
		}
		switch s[1+n] {
		case ']':
			return Segment{Kind: SegKey, Key: q}, n + 2, nil
		case '=': // a selector whose field is not a plain word
			key, start = q, 1+n
		default:
			return Segment{}, 0, ErrSyntax
		}
	}
	end := -1
	eq := -1
	for i := start; i < len(s); i++ {
		if s[i] == '=' && eq < 0 {
			eq = i
			if i+1 < len(s) && s[i+1] == '"' {
				_, n, err := quotedPrefix(s[i+1:])
				if err != nil {
					return Segment{}, 0, ErrSyntax
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
		return Segment{}, 0, ErrSyntax
	}
	body := s[1:end]
	if eq < 0 {
		if start > 1 {
			return Segment{}, 0, ErrSyntax
		}
		n, err := strconv.Atoi(body)
		if err != nil || n < 0 || body[0] == '+' {
			return Segment{}, 0, ErrSyntax
		}
		return Segment{Kind: SegIndex, Index: n}, end + 1, nil
	}
	if start == 1 {
		key = s[1:eq]
	}
	if key == "" {
		return Segment{}, 0, ErrSyntax
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
			q, err := Unquote(s[:i+1])
			return q, i + 1, err
		}
	}
	return "", 0, ErrSyntax
}

// Unquote reads a quoted key or selector value: JSON, or Go as the
// printer writes it.
func Unquote(q string) (string, error) {
	var s string
	if err := json.Unmarshal([]byte(q), &s); err == nil {
		return s, nil
	}
	s, err := strconv.Unquote(q)
	if err != nil {
		return "", ErrSyntax
	}
	return s, nil
}
