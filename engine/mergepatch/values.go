package mergepatch

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// kind stands in for reflect.TypeOf as json-patch sees values: it decodes
// every number as float64, so int64, float64 and json.Number are one kind.
type kind uint8

const (
	kindNull kind = iota
	kindBool
	kindString
	kindNumber
	kindObject
	kindList
	kindOther
)

func kindOf(v any) kind {
	switch v.(type) {
	case nil:
		return kindNull
	case bool:
		return kindBool
	case string:
		return kindString
	case int64, float64, json.Number:
		return kindNumber
	case map[string]any:
		return kindObject
	case []any:
		return kindList
	}
	return kindOther
}

// float is the float64 encoding/json would decode the number v to.
func float(v any) (float64, bool) {
	switch n := v.(type) {
	case float64:
		return n, true
	case int64:
		// Rounds to nearest even, as ParseFloat of the literal does.
		return float64(n), true
	case json.Number:
		f, err := strconv.ParseFloat(string(n), 64)
		return f, err == nil
	}
	return 0, false
}

// canonical is what a float64 becomes after encoding/json writes it and
// apimachinery reads it back. encoding/json prints the shortest digits that
// round-trip, padded with zeros, without an exponent below 1e21; when that
// text parses as an int64 it comes back as one, and beyond 2^53 not
// necessarily as the same number (-2^63 prints as -9223372036854776000,
// out of int64 range, and stays a float).
func canonical(f float64) any {
	if f != math.Trunc(f) || math.Abs(f) >= 1e21 {
		return f
	}
	if math.Abs(f) <= 1<<53 {
		return int64(f)
	}
	if i, err := strconv.ParseInt(strconv.FormatFloat(f, 'f', -1, 64), 10, 64); err == nil {
		return i
	}
	return f
}

// canonicalNumber is canonical for any number kind.
func canonicalNumber(v any) (any, error) {
	f, ok := float(v)
	if !ok {
		return nil, ErrBadJSONDoc
	}
	return canonical(f), nil
}

// validate checks that v is decoded JSON whose numbers encoding/json could
// decode to float64, as json-patch's CreateMergePatch requires.
func validate(v any) error {
	switch t := v.(type) {
	case map[string]any:
		for _, e := range t {
			if err := validate(e); err != nil {
				return err
			}
		}
	case []any:
		for _, e := range t {
			if err := validate(e); err != nil {
				return err
			}
		}
	case json.Number:
		if _, ok := float(t); !ok {
			return ErrBadJSONDoc
		}
	case nil, bool, string, int64, float64:
	default:
		return &ErrUnknownType{v}
	}
	return nil
}

// decodeFloat decodes an object as json-patch's createObjectMergePatch
// does: encoding/json into a map, every number float64, "null" a nil map.
func decodeFloat(data []byte) (map[string]any, error) {
	m := map[string]any{}
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, ErrBadJSONDoc
	}
	return m, nil
}

// decodeLenient decodes one JSON value with apimachinery's number rules,
// keeping a literal that neither int64 nor float64 holds as json.Number:
// json-patch never parses the numbers it passes through, so such a
// literal survives MergePatch. ok is false for invalid JSON, exactly when
// json.Unmarshal would report a syntax error.
func decodeLenient(data []byte) (v any, ok bool) {
	if !json.Valid(data) {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, false
	}
	return convertNumbers(v), true
}

func convertNumbers(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, e := range t {
			t[k] = convertNumbers(e)
		}
	case []any:
		for i, e := range t {
			t[i] = convertNumbers(e)
		}
	case json.Number:
		return apimachineryNumber(t)
	}
	return v
}

// apimachineryNumber reads a literal as k8s.io/apimachinery/pkg/util/json
// does: int64 when it parses as one, else float64; json.Number when
// neither (apimachinery itself would reject the document).
func apimachineryNumber(n json.Number) any {
	if i, err := strconv.ParseInt(string(n), 10, 64); err == nil {
		return i
	}
	if f, err := strconv.ParseFloat(string(n), 64); err == nil {
		return f
	}
	return n
}

// encode writes v as JSON that apimachinery reads back to v: like
// json.Marshal, except that a whole float64 such as 1.0, which json.Marshal
// prints as 1 (read back as int64), keeps a fraction.
func encode(v any) ([]byte, error) {
	if hasWholeFloat(v) {
		v = markWholeFloats(v)
	}
	return json.Marshal(v)
}

func wholeFloat(f float64) bool {
	_, isInt := canonical(f).(int64)
	return isInt
}

func hasWholeFloat(v any) bool {
	switch t := v.(type) {
	case map[string]any:
		for _, e := range t {
			if hasWholeFloat(e) {
				return true
			}
		}
	case []any:
		for _, e := range t {
			if hasWholeFloat(e) {
				return true
			}
		}
	case float64:
		return wholeFloat(t)
	}
	return false
}

// markWholeFloats copies v with whole float64s turned into literals with a
// ".0", so json.Marshal keeps them floats.
func markWholeFloats(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, e := range t {
			out[k] = markWholeFloats(e)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = markWholeFloats(e)
		}
		return out
	case float64:
		if wholeFloat(t) {
			s := strconv.FormatFloat(t, 'f', -1, 64)
			if !strings.Contains(s, ".") {
				s += ".0"
			}
			return json.Number(s)
		}
	}
	return v
}
