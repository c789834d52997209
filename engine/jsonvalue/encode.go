package jsonvalue

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"
)

// encode appends the JSON of v exactly as encoding/json.Marshal writes it
// (sorted keys, HTML-safe escapes, its float format), without reflection.
func encode(dst []byte, v any) ([]byte, error) {
	switch t := v.(type) {
	case nil:
		return append(dst, "null"...), nil
	case bool:
		return strconv.AppendBool(dst, t), nil
	case string:
		return appendString(dst, t), nil
	case int64:
		return strconv.AppendInt(dst, t, 10), nil
	case float64:
		return appendFloat(dst, t)
	case map[string]any:
		if t == nil {
			return append(dst, "null"...), nil
		}
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		dst = append(dst, '{')
		var err error
		for i, k := range keys {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendString(dst, k)
			dst = append(dst, ':')
			if dst, err = encode(dst, t[k]); err != nil {
				return nil, err
			}
		}
		return append(dst, '}'), nil
	case []any:
		if t == nil {
			return append(dst, "null"...), nil
		}
		dst = append(dst, '[')
		var err error
		for i, e := range t {
			if i > 0 {
				dst = append(dst, ',')
			}
			if dst, err = encode(dst, e); err != nil {
				return nil, err
			}
		}
		return append(dst, ']'), nil
	}
	// Anything else (json.Number, a typed value) goes to encoding/json.
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(dst, b...), nil
}

func appendFloat(dst []byte, f float64) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return nil, &json.UnsupportedValueError{Str: strconv.FormatFloat(f, 'g', -1, 64)}
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	if format == 'e' {
		n := len(dst)
		if n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst, nil
}

const hexDigits = "0123456789abcdef"

func appendString(dst []byte, s string) []byte {
	return AppendString(dst, s, true)
}

// plainASCII[b] tells whether ASCII byte b is written as itself inside a
// JSON string; the second table also lets <, > and & through, as an
// encoder with SetEscapeHTML(false) does.
var plainASCII = func() (t [2][utf8.RuneSelf]bool) {
	for b := 0x20; b < utf8.RuneSelf; b++ {
		plain := b != '"' && b != '\\'
		t[1][b] = plain
		t[0][b] = plain && b != '<' && b != '>' && b != '&'
	}
	return t
}()

// AppendString appends s as a JSON string, byte for byte as encoding/json
// writes it: escapeHTML as json.Encoder.SetEscapeHTML (json.Marshal
// escapes).
func AppendString(dst []byte, s string, escapeHTML bool) []byte {
	plain := &plainASCII[0]
	if !escapeHTML {
		plain = &plainASCII[1]
	}
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if plain[b] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if c == '\u2028' || c == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[c&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
