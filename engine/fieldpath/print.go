package fieldpath

import (
	"encoding/json"
	"strconv"
	"strings"
)

// AppendKey extends the path text b with a map key: after a dot when the
// key is a plain word (no dot before the first), else quoted in brackets.
// The byte form is for walkers that keep one buffer for the path they are
// at (engine/explain); Key is the string form.
func AppendKey(b []byte, key string) []byte {
	if PlainKey(key) {
		if len(b) > 0 {
			b = append(b, '.')
		}
		return append(b, key...)
	}
	b = append(b, '[')
	b = strconv.AppendQuote(b, key)
	return append(b, ']')
}

// AppendIndex extends the path text b with a list position.
func AppendIndex(b []byte, i int) []byte {
	b = append(b, '[')
	b = strconv.AppendInt(b, int64(i), 10)
	return append(b, ']')
}

// AppendSelector extends the path text b with the list element whose
// field key has the scalar value v.
func AppendSelector(b []byte, key string, v any) []byte {
	b = append(b, '[')
	if PlainKey(key) {
		b = append(b, key...)
	} else {
		b = strconv.AppendQuote(b, key)
	}
	b = append(b, '=')
	b = AppendValue(b, v)
	return append(b, ']')
}

// Key is path extended by a map key (AppendKey).
func Key(path, key string) string {
	if PlainKey(key) {
		if path == "" {
			return key
		}
		return path + "." + key
	}
	return string(AppendKey([]byte(path), key))
}

// Index is path extended by a list position.
func Index(path string, i int) string {
	return path + "[" + strconv.Itoa(i) + "]"
}

// Selector is path extended by the list element whose field key has the
// scalar value v.
func Selector(path, key string, v any) string {
	return string(AppendSelector([]byte(path), key, v))
}

// FormatValue writes a scalar as a selector value (AppendValue).
func FormatValue(v any) string {
	if s, ok := v.(string); ok && bareValue(s) {
		return s
	}
	return string(AppendValue(nil, v))
}

// AppendValue appends a scalar as a selector value: a string bare when
// that cannot be mistaken for another type or for syntax, otherwise
// quoted; other scalars as JSON.
func AppendValue(b []byte, v any) []byte {
	switch t := v.(type) {
	case string:
		if bareValue(t) {
			return append(b, t...)
		}
		return strconv.AppendQuote(b, t)
	case int64:
		return strconv.AppendInt(b, t, 10) // as json.Marshal
	}
	j, err := json.Marshal(v)
	if err != nil {
		return append(b, '?')
	}
	return append(b, j...)
}

// MatchValue reports whether the scalar v is what a selector value
// written as raw selects. A string is selected by its text bare or
// quoted; another scalar by its JSON.
func MatchValue(v any, raw string) bool {
	if s, ok := v.(string); ok {
		if strings.HasPrefix(raw, `"`) {
			u, err := Unquote(raw)
			return err == nil && u == s
		}
		return raw == s
	}
	return raw == FormatValue(v)
}

// PlainKey reports whether a key can be written bare after a dot.
func PlainKey(k string) bool {
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

// bareValue reports whether a selector value can be written bare: no
// syntax in it, and it does not read as a number, boolean or null.
func bareValue(s string) bool {
	if s == "" || strings.ContainsAny(s, "[]=\"\\ \t\n") {
		return false
	}
	switch s {
	case "true", "false":
		return false
	case "null":
		// Bare, as the steps have always written it (the goldens pin the
		// page's paths); MatchValue selects the string and null alike.
		return true
	}
	if !(s[0] >= '0' && s[0] <= '9' || s[0] == '-' || s[0] == '+' || s[0] == '.') {
		// Neither ParseInt nor an accepted ParseFloat reads anything
		// else (inf and nan are refused below), and their errors allocate.
		return true
	}
	if _, err := strconv.ParseInt(s, 10, 64); err == nil {
		return false
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil && s[0] != '+' && !strings.ContainsAny(s, "nN") {
		return false
	}
	return true
}
