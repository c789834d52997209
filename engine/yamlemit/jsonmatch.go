package yamlemit

import (
	"bytes"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/applylens/applylens/engine/jsonvalue"
)

// Encodes reports whether j is byte for byte jsonvalue.Encode(v), the
// JSON the emitter writes the YAML of, without writing it: go-yaml reads
// other spellings of the same value differently (1.0 for 1, say).
func Encodes(v any, j []byte) bool {
	e := getEmitter()
	defer putEmitter(e)
	e.keys = e.keys[:0]
	rest, ok := e.match(v, j)
	return ok && len(rest) == 0
}

// match checks that j starts with the JSON of v and returns what follows.
func (e *emitter) match(v any, j []byte) ([]byte, bool) {
	switch t := v.(type) {
	case nil:
		return matchLit(j, "null")
	case bool:
		if t {
			return matchLit(j, "true")
		}
		return matchLit(j, "false")
	case string:
		if plainJSON(t) {
			// Written as it is, between quotes.
			if len(j) < len(t)+2 || j[0] != '"' || string(j[1:1+len(t)]) != t || j[1+len(t)] != '"' {
				return nil, false
			}
			return j[len(t)+2:], true
		}
		e.scratch = jsonvalue.AppendString(e.scratch[:0], t, true)
		return matchLit(j, e.scratch)
	case int64:
		e.scratch = strconv.AppendInt(e.scratch[:0], t, 10)
		return matchLit(j, e.scratch)
	case float64:
		if math.IsInf(t, 0) || math.IsNaN(t) {
			return nil, false
		}
		e.scratch = appendJSONFloat(e.scratch[:0], t)
		return matchLit(j, e.scratch)
	case map[string]any:
		if t == nil {
			return matchLit(j, "null")
		}
		if rest, ok, sure := e.matchObject(t, j); sure {
			return rest, ok
		}
		base := len(e.keys)
		for k := range t {
			e.keys = append(e.keys, k)
		}
		keys := e.keys[base:]
		slices.Sort(keys)
		defer func() { e.keys = e.keys[:base] }()
		ok := true
		if j, ok = matchLit(j, "{"); !ok {
			return nil, false
		}
		for i, k := range keys {
			if i > 0 {
				if j, ok = matchLit(j, ","); !ok {
					return nil, false
				}
			}
			e.scratch = jsonvalue.AppendString(e.scratch[:0], k, true)
			e.scratch = append(e.scratch, ':')
			if j, ok = matchLit(j, e.scratch); !ok {
				return nil, false
			}
			if j, ok = e.match(t[k], j); !ok {
				return nil, false
			}
		}
		return matchLit(j, "}")
	case []any:
		if t == nil {
			return matchLit(j, "null")
		}
		ok := true
		if j, ok = matchLit(j, "["); !ok {
			return nil, false
		}
		for i, x := range t {
			if i > 0 {
				if j, ok = matchLit(j, ","); !ok {
					return nil, false
				}
			}
			if j, ok = e.match(x, j); !ok {
				return nil, false
			}
		}
		return matchLit(j, "]")
	}
	return nil, false
}

// matchObject is match for a map, following the members of j instead
// of sorting the keys of m: j's keys must come in increasing order, each
// a key of m written as it is, and be all of m's. sure is false when a
// key of j has an escape, which the caller then checks the slow way.
func (e *emitter) matchObject(m map[string]any, j []byte) (rest []byte, ok, sure bool) {
	if j, ok = matchLit(j, "{"); !ok {
		return nil, false, true
	}
	var prev []byte
	for n := 0; ; n++ {
		if len(j) > 0 && j[0] == '}' {
			return j[1:], n == len(m), true
		}
		if n > 0 {
			if j, ok = matchLit(j, ","); !ok {
				return nil, false, true
			}
		}
		if len(j) == 0 || j[0] != '"' {
			return nil, false, true
		}
		end := bytes.IndexByte(j[1:], '"')
		if end < 0 {
			return nil, false, true
		}
		key := j[1 : 1+end]
		if bytes.IndexByte(key, '\\') >= 0 {
			return nil, false, false
		}
		v, has := m[string(key)]
		if !has || !plainJSON(string(key)) || n > 0 && bytes.Compare(prev, key) >= 0 {
			return nil, false, true
		}
		if j, ok = matchLit(j[2+end:], ":"); !ok {
			return nil, false, true
		}
		if j, ok = e.match(v, j); !ok {
			return nil, false, true
		}
		prev = key
	}
}

// plainJSON reports whether the JSON encoder writes s as it is between
// quotes: no control character, quote, backslash, HTML character,
// U+2028, U+2029 or invalid UTF-8.
func plainJSON(s string) bool {
	ascii := true
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20, c == '"', c == '\\', c == '<', c == '>', c == '&':
			return false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return ascii || utf8.ValidString(s) && !strings.Contains(s, "\u2028") && !strings.Contains(s, "\u2029")
}

func matchLit[S string | []byte](j []byte, lit S) ([]byte, bool) {
	if len(j) < len(lit) || string(j[:len(lit)]) != string(lit) {
		return nil, false
	}
	return j[len(lit):], true
}

// appendJSONFloat writes f as encoding/json does.
func appendJSONFloat(dst []byte, f float64) []byte {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	if format == 'e' {
		// Clean up e-09 to e-9.
		if n := len(dst); n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst
}
