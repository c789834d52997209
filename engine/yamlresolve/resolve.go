package yamlresolve

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// yaml11Word is go-yaml v2's resolve table for the plain scalars that are
// words, not numbers or text: YAML 1.1's nulls (~ too) and booleans (yes,
// on, n…), with the value each reads as. ok is false for any other
// scalar.
func yaml11Word(s string) (v any, ok bool) {
	switch s {
	case "~", "null", "Null", "NULL":
		return nil, true
	case "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON":
		return true, true
	case "n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF":
		return false, true
	}
	return nil, false
}

// PlainText reports whether s, a plain scalar starting with a letter on
// one line, is text for go-yaml v2 without further checks (not one of
// yaml11Word's words).
func PlainText(s string) bool {
	if s == "" {
		return false
	}
	if _, word := yaml11Word(s); word {
		return false
	}
	c := s[0]
	return (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') && !strings.ContainsAny(s, "\n")
}

// PlainValue is go-yaml v2's resolve for an untagged plain scalar,
// followed by the trip through JSON that kubectl makes: numbers come back
// as int64 when their JSON has no fraction and fits, float64 otherwise.
func PlainValue(in string) (any, bool) {
	if PlainIsString(in) {
		return in, true
	}
	if in == "" {
		return nil, true
	}
	if v, word := yaml11Word(in); word {
		return v, true
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

// PlainIsString reports whether go-yaml v2 reads s, written plain, back as
// the string s (resolve with no tag giving !!str).
func PlainIsString(s string) bool {
	if s == "" {
		return false // null
	}
	switch c := s[0]; {
	case c == '+' || c == '-' || c >= '0' && c <= '9':
		return !yaml11Special(s) && !numberOrTime(s)
	case c == '.':
		return !yaml11Special(s) && !dotFloat(s)
	case strings.IndexByte("yYnNtTfFoO~", c) >= 0:
		return !yaml11Special(s)
	}
	return true
}

// yaml11Special reports the words go-yaml's resolve table holds that do
// not read as text: booleans and nulls (yaml11Word), infinities and NaN.
func yaml11Special(s string) bool {
	if _, word := yaml11Word(s); word {
		return true
	}
	switch s {
	case ".nan", ".NaN", ".NAN":
		return true
	}
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	switch s {
	case ".inf", ".Inf", ".INF":
		return true
	}
	return false
}

// dotFloat reports whether s, starting with ".", parses as a float
// (strconv.ParseFloat accepts only digits and an exponent after a
// leading dot).
func dotFloat(s string) bool {
	if !yamlStyleFloat(s) {
		return false
	}
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// numberOrTime is go-yaml's resolve for a plain scalar starting with a
// sign or a digit: true when it reads as a timestamp, an integer or a
// float. The strconv calls are only made when the syntax can match, as
// their errors cost an allocation.
//
//go:noinline
func numberOrTime(in string) bool {
	if isTimestamp(in) {
		return true
	}
	plain := in
	if strings.IndexByte(in, '_') >= 0 {
		plain = strings.ReplaceAll(in, "_", "")
	}
	if goIntSyntax(plain) {
		if _, err := strconv.ParseInt(plain, 0, 64); err == nil {
			return true
		}
		if plain[0] != '+' && plain[0] != '-' {
			if _, err := strconv.ParseUint(plain, 0, 64); err == nil {
				return true
			}
		}
	}
	if yamlStyleFloat(plain) {
		if _, err := strconv.ParseFloat(plain, 64); err == nil {
			return true
		}
	}
	if strings.HasPrefix(plain, "0b") {
		if _, err := strconv.ParseInt(plain[2:], 2, 64); err == nil {
			return true
		}
		if _, err := strconv.ParseUint(plain[2:], 2, 64); err == nil {
			return true
		}
	} else if strings.HasPrefix(plain, "-0b") {
		if _, err := strconv.ParseInt("-"+plain[3:], 2, 64); err == nil {
			return true
		}
	}
	return false
}

// goIntSyntax reports whether s has the syntax strconv.ParseInt(s, 0, 64)
// accepts (without underscores): a sign, then a 0x, 0o or 0b number, an
// octal number with a leading 0, or a decimal one.
func goIntSyntax(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	digits := "0123456789"
	if s[0] == '0' && len(s) > 1 {
		switch s[1] {
		case 'x', 'X':
			digits, s = "0123456789abcdefABCDEF", s[2:]
		case 'o', 'O':
			digits, s = "01234567", s[2:]
		case 'b', 'B':
			digits, s = "01", s[2:]
		default:
			digits, s = "01234567", s[1:]
		}
		if s == "" {
			return false
		}
	}
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(digits, s[i]) < 0 {
			return false
		}
	}
	return true
}

// yamlStyleFloat is go-yaml's
// ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$
func yamlStyleFloat(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	} else {
		if digits() == 0 {
			return false
		}
		if i < len(s) && s[i] == '.' {
			i++
			digits()
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// timestampFormats are go-yaml v2's allowedTimestampFormats.
var timestampFormats = []string{
	"2006-1-2T15:4:5.999999999Z07:00",
	"2006-1-2t15:4:5.999999999Z07:00",
	"2006-1-2 15:4:5.999999999",
	"2006-1-2",
}

// isTimestamp is go-yaml v2's parseTimestamp succeeding.
//
//go:noinline
func isTimestamp(s string) bool {
	i := 0
	for ; i < len(s); i++ {
		if c := s[i]; c < '0' || c > '9' {
			break
		}
	}
	if i != 4 || i == len(s) || s[i] != '-' {
		return false
	}
	for _, format := range timestampFormats {
		if _, err := time.Parse(format, s); err == nil {
			return true
		}
	}
	return false
}
