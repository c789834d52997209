// Package jsonvalue decodes and encodes JSON documents the way
// k8s.io/apimachinery/pkg/util/json does: objects become
// map[string]any, arrays []any, and numbers int64 when their literal has no
// '.' and fits, float64 otherwise. Encoding is encoding/json's, so map keys
// come out sorted and HTML characters escaped, byte for byte as kubectl.
package jsonvalue

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// Decode parses one JSON value.
func Decode(data []byte) (any, error) {
	if !json.Valid(data) {
		// Unmarshal's error names the problem (trailing data included).
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			return nil, err
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return convert(v)
}

// DecodeObject parses a JSON object into m, as json.Unmarshal(data, &m)
// would: "null" leaves m nil.
func DecodeObject(data []byte) (map[string]any, error) {
	v, err := Decode(data)
	if err != nil {
		return nil, err
	}
	if v == nil {
		return nil, nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, &json.UnmarshalTypeError{Value: typeName(v), Type: mapType}
	}
	return m, nil
}

// Encode renders v as compact JSON.
func Encode(v any) ([]byte, error) { return json.Marshal(v) }

func convert(v any) (any, error) {
	switch t := v.(type) {
	case json.Number:
		return Number(string(t))
	case map[string]any:
		for k, e := range t {
			c, err := convert(e)
			if err != nil {
				return nil, err
			}
			t[k] = c
		}
	case []any:
		for i, e := range t {
			c, err := convert(e)
			if err != nil {
				return nil, err
			}
			t[i] = c
		}
	}
	return v, nil
}

// Number converts a JSON number literal as apimachinery does.
func Number(s string) (any, error) {
	if !strings.Contains(s, ".") {
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			return i, nil
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return nil, &json.UnmarshalTypeError{Value: "number " + s, Type: floatType}
	}
	return f, nil
}

// Copy returns a deep copy of a decoded value. Lists grow element by
// element, as the decoder builds them, so their capacities are those of a
// freshly decoded document: apimachinery appends into live lists in place,
// and what it then sees depends on the spare capacity.
func Copy(v any) any {
	switch t := v.(type) {
	case map[string]any:
		if t == nil {
			return t
		}
		out := make(map[string]any, len(t))
		for k, e := range t {
			out[k] = Copy(e)
		}
		return out
	case []any:
		if t == nil {
			return t
		}
		out := make([]any, 0)
		for _, e := range t {
			out = append(out, Copy(e))
		}
		return out
	}
	return v
}

// CopyObject is Copy for an object.
func CopyObject(m map[string]any) map[string]any {
	if m == nil {
		return nil
	}
	return Copy(m).(map[string]any)
}
