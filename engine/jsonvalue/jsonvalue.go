// Package jsonvalue decodes and encodes JSON documents the way
// k8s.io/apimachinery/pkg/util/json does: objects become
// map[string]any, arrays []any, and numbers int64 when their literal has no
// '.' and fits, float64 otherwise. Encoding is encoding/json's, so map keys
// come out sorted and HTML characters escaped, byte for byte as kubectl.
package jsonvalue

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Decode parses one JSON value.
func Decode(data []byte) (any, error) {
	v, ok := decode(data)
	if !ok {
		return nil, syntaxError(data)
	}
	return v, nil
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

// Encode renders v as compact JSON, byte for byte as json.Marshal.
func Encode(v any) ([]byte, error) {
	// Like encoding/json, build in a reused buffer and copy the result
	// out once, instead of growing a fresh slice many times.
	bp := buffers.Get().(*[]byte)
	b, err := encode((*bp)[:0], v)
	if err != nil {
		return nil, err
	}
	out := make([]byte, len(b))
	copy(out, b)
	if cap(b) <= 1<<22 {
		*bp = b
		buffers.Put(bp)
	}
	return out, nil
}

// EncodeFound is the JSON of a value looked up, as a step or a difference
// shows it: nil when found is false (nothing there), and nil when v has no
// JSON form (never a decoded document's value).
func EncodeFound(v any, found bool) []byte {
	if !found {
		return nil
	}
	b, err := Encode(v)
	if err != nil {
		return nil
	}
	return b
}

var buffers = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

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

// Keys returns the members' names of the objects, each once, sorted: the
// order in which a walk over two objects side by side visits them, the
// same on every run.
func Keys(objects ...map[string]any) []string {
	n := 0
	for _, m := range objects {
		n += len(m)
	}
	seen := make(map[string]bool, n)
	keys := make([]string, 0, n)
	for _, m := range objects {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
	}
	sort.Strings(keys)
	return keys
}

// PruneNulls deletes, recursively, the members of maps whose value is null
// (nulls inside lists stay). kubectl does it to an object it creates, and
// the API server to a patch's values that have nothing to delete.
func PruneNulls(v any) {
	switch t := v.(type) {
	case map[string]any:
		for k, e := range t {
			if e == nil {
				delete(t, k)
			} else {
				PruneNulls(e)
			}
		}
	case []any:
		for _, e := range t {
			PruneNulls(e)
		}
	}
}
