package jsonvalue

import (
	"encoding/json"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// maxDepth is encoding/json's nesting limit.
const maxDepth = 10000

// decoder is a JSON reader specialised for untyped values. It accepts and
// rejects exactly what encoding/json does, builds the same values (lists
// grown by append from an empty slice, as encoding/json grows them) and
// converts numbers as apimachinery does; it is several times faster because
// it needs no reflection and copies no input.
type decoder struct {
	data  []byte
	off   int
	depth int
	err   bool
	buf   []byte // scratch for strings with escapes
}

// decode parses data, or reports failure; the caller asks encoding/json for
// the error message.
func decode(data []byte) (any, bool) {
	d := decoder{data: data}
	d.skipSpace()
	v := d.value()
	d.skipSpace()
	if d.err || d.off != len(d.data) {
		return nil, false
	}
	return v, true
}

// syntaxError returns encoding/json's error for data, which decode refused.
func syntaxError(data []byte) error {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	// decode refused what encoding/json accepts: a bug. Be safe and say so.
	return &json.SyntaxError{Offset: int64(len(data))}
}

func (d *decoder) fail() { d.err = true; d.off = len(d.data) }

func (d *decoder) skipSpace() {
	for d.off < len(d.data) {
		switch d.data[d.off] {
		case ' ', '\t', '\n', '\r':
			d.off++
		default:
			return
		}
	}
}

func (d *decoder) value() any {
	if d.off >= len(d.data) {
		d.fail()
		return nil
	}
	switch c := d.data[d.off]; {
	case c == '{':
		return d.object()
	case c == '[':
		return d.array()
	case c == '"':
		s, ok := d.str()
		if !ok {
			d.fail()
			return nil
		}
		return s
	case c == 't':
		return d.literal("true", true)
	case c == 'f':
		return d.literal("false", false)
	case c == 'n':
		return d.literal("null", nil)
	case c == '-' || (c >= '0' && c <= '9'):
		return d.number()
	}
	d.fail()
	return nil
}

func (d *decoder) literal(word string, v any) any {
	if len(d.data)-d.off < len(word) || string(d.data[d.off:d.off+len(word)]) != word {
		d.fail()
		return nil
	}
	d.off += len(word)
	return v
}

func (d *decoder) object() any {
	ok, empty := d.opens('}')
	if !ok {
		return nil
	}
	m := make(map[string]any)
	if empty {
		return m
	}
	for !d.err {
		if d.off >= len(d.data) || d.data[d.off] != '"' {
			d.fail()
			return nil
		}
		key, ok := d.str()
		if !ok {
			d.fail()
			return nil
		}
		d.skipSpace()
		if d.off >= len(d.data) || d.data[d.off] != ':' {
			d.fail()
			return nil
		}
		d.off++
		d.skipSpace()
		m[key] = d.value()
		if d.closes('}') {
			return m
		}
	}
	return nil
}

// opens enters an object or array at its opening bracket: one level deeper
// (failing past maxDepth, as encoding/json does), past the bracket and the
// space after it. empty tells that end closes it at once; it is then passed
// too, one level up again.
func (d *decoder) opens(end byte) (ok, empty bool) {
	d.depth++
	if d.depth > maxDepth {
		d.fail()
		return false, false
	}
	d.off++
	d.skipSpace()
	if d.off < len(d.data) && d.data[d.off] == end {
		d.off++
		d.depth--
		return true, true
	}
	return true, false
}

// closes reads what follows a member of an object or array: a comma
// (false, at the next member) or the closing bracket end (true, past it,
// one level up). Anything else fails the decoding.
func (d *decoder) closes(end byte) bool {
	d.skipSpace()
	if d.off >= len(d.data) {
		d.fail()
		return false
	}
	switch d.data[d.off] {
	case ',':
		d.off++
		d.skipSpace()
		return false
	case end:
		d.off++
		d.depth--
		return true
	}
	d.fail()
	return false
}

func (d *decoder) array() any {
	ok, empty := d.opens(']')
	if !ok {
		return nil
	}
	v := make([]any, 0)
	if empty {
		return v
	}
	for !d.err {
		v = append(v, d.value())
		if d.closes(']') {
			return v
		}
	}
	return nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func (d *decoder) number() any {
	start := d.off
	i := d.off
	if d.data[i] == '-' {
		i++
	}
	if i >= len(d.data) {
		d.fail()
		return nil
	}
	switch {
	case d.data[i] == '0':
		i++
	case d.data[i] >= '1' && d.data[i] <= '9':
		for i < len(d.data) && isDigit(d.data[i]) {
			i++
		}
	default:
		d.fail()
		return nil
	}
	integer := true
	if i < len(d.data) && d.data[i] == '.' {
		integer = false
		i++
		var ok bool
		if i, ok = digitsFrom(d.data, i); !ok {
			d.fail()
			return nil
		}
	}
	if i < len(d.data) && (d.data[i] == 'e' || d.data[i] == 'E') {
		i++
		if i < len(d.data) && (d.data[i] == '+' || d.data[i] == '-') {
			i++
		}
		var ok bool
		if i, ok = digitsFrom(d.data, i); !ok {
			d.fail()
			return nil
		}
	}
	d.off = i
	lit := d.data[start:i]
	if integer {
		if n, ok := parseInt(lit); ok {
			return n
		}
	}
	f, err := strconv.ParseFloat(string(lit), 64)
	if err != nil {
		d.fail() // out of range: encoding/json refuses it too
		return nil
	}
	return f
}

// parseInt is strconv.ParseInt(lit, 10, 64) for a validated literal with
// no fraction: false when it has an exponent or overflows.
func parseInt(lit []byte) (int64, bool) {
	neg := false
	if lit[0] == '-' {
		neg, lit = true, lit[1:]
	}
	var n uint64
	for _, c := range lit {
		if !isDigit(c) {
			return 0, false
		}
		if n > (1<<63)/10 {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
		if n > 1<<63 {
			return 0, false
		}
	}
	if neg {
		return -int64(n), true // -(1<<63) wraps to itself: the minimum
	}
	if n > 1<<63-1 {
		return 0, false
	}
	return int64(n), true
}

// str reads a string at d.off (which holds '"'), as encoding/json unquotes
// it: invalid UTF-8 and lone surrogates become U+FFFD.
func (d *decoder) str() (string, bool) {
	i := d.off + 1
	start := i
	// Fast path: no escapes, plain UTF-8 or ASCII.
	for i < len(d.data) {
		c := d.data[i]
		if c == '"' {
			s := d.data[start:i]
			d.off = i + 1
			if utf8.Valid(s) {
				return string(s), true
			}
			return string(toValidUTF8(s)), true
		}
		if c == '\\' {
			break
		}
		if c < 0x20 {
			return "", false
		}
		i++
	}
	if i >= len(d.data) {
		return "", false
	}
	b := append(d.buf[:0], d.data[start:i]...)
	for i < len(d.data) {
		c := d.data[i]
		switch {
		case c == '"':
			d.off = i + 1
			d.buf = b
			if utf8.Valid(b) {
				return string(b), true
			}
			return string(toValidUTF8(b)), true
		case c < 0x20:
			return "", false
		case c != '\\':
			b = append(b, c)
			i++
			continue
		}
		i++
		if i >= len(d.data) {
			return "", false
		}
		if c, ok := simpleEscape(d.data[i]); ok {
			b = append(b, c)
			i++
			continue
		}
		switch d.data[i] {
		case 'u':
			r, ok := hex4(d.data, i+1)
			if !ok {
				return "", false
			}
			i += 5
			if utf16.IsSurrogate(r) {
				r2, ok2 := rune(-1), false
				if i+1 < len(d.data) && d.data[i] == '\\' && d.data[i+1] == 'u' {
					r2, ok2 = hex4(d.data, i+2)
				}
				if dec := utf16.DecodeRune(r, r2); ok2 && dec != utf8.RuneError {
					i += 6
					b = utf8.AppendRune(b, dec)
					break
				}
				r = utf8.RuneError
			}
			b = utf8.AppendRune(b, r)
		default:
			return "", false
		}
	}
	return "", false
}

// simpleEscape is the byte a one-letter escape (\n, \", ...) stands for.
func simpleEscape(c byte) (byte, bool) {
	switch c {
	case '"', '\\', '/':
		return c, true
	case 'b':
		return '\b', true
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	}
	return 0, false
}

func hex4(data []byte, i int) (rune, bool) {
	if i+4 > len(data) {
		return 0, false
	}
	var r rune
	for _, c := range data[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r*16 + rune(c)
	}
	return r, true
}

// toValidUTF8 replaces each invalid byte with U+FFFD, as encoding/json does
// (one replacement per bad byte, unlike bytes.ToValidUTF8).
func toValidUTF8(s []byte) []byte {
	out := make([]byte, 0, len(s)+8)
	for len(s) > 0 {
		r, size := utf8.DecodeRune(s)
		if r == utf8.RuneError && size == 1 {
			out = utf8.AppendRune(out, utf8.RuneError)
		} else {
			out = append(out, s[:size]...)
		}
		s = s[size:]
	}
	return out
}

// ReadString reads the JSON string that starts at data[off] (a '"') as
// Decode reads strings, for a reader that walks the text itself; end is
// the offset after the closing quote.
func ReadString(data []byte, off int) (s string, end int, ok bool) {
	d := decoder{data: data, off: off}
	s, ok = d.str()
	return s, d.off, ok
}

// ReadNumber reads the JSON number that starts at data[off] as Decode reads
// numbers (int64 or float64); end is the offset after it.
func ReadNumber(data []byte, off int) (v any, end int, ok bool) {
	d := decoder{data: data, off: off}
	v = d.number()
	return v, d.off, !d.err
}

// digitsFrom passes the one or more digits a number's fraction or exponent
// needs at data[i:]: the offset after them, or false where none stands.
func digitsFrom(data []byte, i int) (int, bool) {
	if i >= len(data) || !isDigit(data[i]) {
		return i, false
	}
	for i < len(data) && isDigit(data[i]) {
		i++
	}
	return i, true
}
