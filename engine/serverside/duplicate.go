package serverside

import (
	"encoding/json"
	"strconv"
	"strings"

	enginepath "github.com/applylens/applylens/engine/fieldpath"
	"github.com/applylens/applylens/engine/jsonvalue"
)

// duplicateMarker is what structured-merge-diff's validation says of a
// list merged by key that holds two elements with the same key, after the
// list's path: `.spec.containers[name="web"].env: duplicate entries for
// key [name="A"]`.
const duplicateMarker = ": duplicate entries for key "

// DuplicateEntry finds, in obj (the applied file), the element a server's
// "duplicate entries for key" error is about: the second element with
// the key it names. It answers the element's path in the engine's syntax
// (by index: the key no longer tells the two apart), and false when
// message is no such error or does not lead to an element of obj.
func DuplicateEntry(obj map[string]any, message string) (string, bool) {
	for _, line := range strings.Split(message, "\n") {
		at := strings.Index(line, duplicateMarker)
		if at < 0 {
			continue
		}
		key := strings.TrimSpace(line[at+len(duplicateMarker):])
		// The list's path starts with "." after ": " (the text before it,
		// the object's name and kind, may hold ": " too) or, one error of
		// several, after the line's indentation.
		for i := 0; i < at; i++ {
			if line[i] != '.' || !(i >= 2 && line[i-2:i] == ": " || strings.TrimLeft(line[:i], " ") == "") {
				continue
			}
			list, path, ok := walkSMDPath(obj, line[i:at])
			if !ok {
				continue
			}
			l, isList := list.([]any)
			if !isList {
				continue
			}
			if dup, ok := nthMatch(l, key, 2); ok {
				return enginepath.Index(path, dup), true
			}
		}
	}
	return "", false
}

// walkSMDPath follows a path written as structured-merge-diff's
// fieldpath.Path.String writes it (".name", "[k=json,...]", "[=json]",
// "[i]") through v, and returns the value there and its path in the
// engine's syntax.
func walkSMDPath(v any, s string) (any, string, bool) {
	path := ""
	for s != "" {
		switch s[0] {
		case '.':
			m, ok := v.(map[string]any)
			if !ok {
				return nil, "", false
			}
			// A field name may hold dots (annotation keys): the longest
			// key of m followed by the end or by the next element.
			best := -1
			for k := range m {
				if len(k) > best && strings.HasPrefix(s[1:], k) && (len(s) == 1+len(k) || s[1+len(k)] == '.' || s[1+len(k)] == '[') {
					best = len(k)
				}
			}
			if best < 0 {
				return nil, "", false
			}
			k := s[1 : 1+best]
			v, path, s = m[k], enginepath.Key(path, k), s[1+best:]
		case '[':
			l, ok := v.([]any)
			if !ok {
				return nil, "", false
			}
			n := elementLen(s)
			if n < 0 {
				return nil, "", false
			}
			i, ok := nthMatch(l, s[:n], 1)
			if !ok {
				return nil, "", false
			}
			v, path, s = l[i], enginepath.Index(path, i), s[n:]
		default:
			return nil, "", false
		}
	}
	return v, path, true
}

// elementLen is the length of the element "[...]" that s starts with,
// whose values are JSON (and may hold "]" in strings); -1 when malformed.
func elementLen(s string) int {
	inString, escaped := false, false
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case !inString && c == ']':
			return i + 1
		}
	}
	return -1
}

// nthMatch is the index of the nth element of l (from 1) that the path
// element elem selects.
func nthMatch(l []any, elem string, nth int) (int, bool) {
	match, ok := elementMatcher(elem)
	if !ok {
		return 0, false
	}
	for i, e := range l {
		if match(i, e) {
			if nth--; nth == 0 {
				return i, true
			}
		}
	}
	return 0, false
}

// elementMatcher reads one element "[...]" of a path and reports which
// list elements it selects.
func elementMatcher(elem string) (func(int, any) bool, bool) {
	if len(elem) < 2 || elem[0] != '[' || elem[len(elem)-1] != ']' {
		return nil, false
	}
	body := elem[1 : len(elem)-1]
	if n, err := strconv.Atoi(body); err == nil {
		return func(i int, _ any) bool { return i == n }, true
	}
	if strings.HasPrefix(body, "=") {
		want, rest, ok := canonicalJSON(body[1:])
		if !ok || rest != "" {
			return nil, false
		}
		return func(_ int, e any) bool { return encodes(e, want) }, true
	}
	type field struct{ name, json string }
	var fields []field
	for body != "" {
		eq := strings.IndexByte(body, '=')
		if eq <= 0 {
			return nil, false
		}
		want, rest, ok := canonicalJSON(body[eq+1:])
		if !ok {
			return nil, false
		}
		fields = append(fields, field{body[:eq], want})
		body = strings.TrimPrefix(rest, ",")
	}
	return func(_ int, e any) bool {
		m, ok := e.(map[string]any)
		if !ok {
			return false
		}
		for _, f := range fields {
			// A key field the element leaves out has the schema's
			// default on the server (ports' protocol): it matches.
			if fv, set := m[f.name]; set && !encodes(fv, f.json) {
				return false
			}
		}
		return true
	}, true
}

// canonicalJSON reads the JSON value s starts with and returns it as
// jsonvalue.Encode writes it, with the text after it.
func canonicalJSON(s string) (string, string, bool) {
	dec := json.NewDecoder(strings.NewReader(s))
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return "", "", false
	}
	v, err := jsonvalue.Decode(raw)
	if err != nil {
		return "", "", false
	}
	b, err := jsonvalue.Encode(v)
	if err != nil {
		return "", "", false
	}
	return string(b), s[dec.InputOffset():], true
}

func encodes(v any, want string) bool {
	b, err := jsonvalue.Encode(v)
	return err == nil && string(b) == want
}
