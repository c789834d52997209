package typedjson

import (
	"encoding/json"
	"math"
	"reflect"
	"sort"
	"strings"

	"github.com/applylens/applylens/engine/quantity"
	"github.com/applylens/applylens/engine/schema"
)

// Convert is what a strategic merge patch's result goes through on the
// server (the patch handler's applyPatchToObject): not the JSON decoder
// but apimachinery's unstructured converter (FromUnstructuredWithValidation),
// which has its own rules and words. A value of another JSON type is
// refused ("unrecognized type: int32" for a string where an int32 goes,
// "cannot convert float64 to int32" for 1.5, "cannot restore struct from:
// string"), an integer too large for its field is cut to the field's size
// as a Go conversion does (2147483648 becomes -2147483648 in an int32,
// which validation then refuses). (The fields the type does not declare
// are the caller's: with strict validation the handler refuses them,
// "strict decoding error: unknown field \"spec.replica\"", sorted.)
// Struct fields are visited in the Go
// type's order; the values of a map in key order (the converter's map
// order is Go's, which varies: with several bad values in one map the
// real server may name another). It returns the converter's error, ""
// when the object converts, and rewrites cut integers in place.
func Convert(s *schema.Schema, obj map[string]any) string {
	apiVersion, _ := obj["apiVersion"].(string)
	kind, _ := obj["kind"].(string)
	root, ok := s.Root(apiVersion, kind)
	if !ok {
		return ""
	}
	c := &converter{s: s}
	_, err := c.value(root.(*schema.Ref).T, obj)
	return err
}

type converter struct{ s *schema.Schema }

// value is fromUnstructured: the new value when a Go conversion changes
// it (an integer cut to its size), and the error.
func (c *converter) value(t int32, v any) (any, string) {
	if v == nil {
		return nil, ""
	}
	ty := &c.s.Types[t]
	if ty.Unmarshaler {
		return c.unmarshaler(t, v)
	}
	switch ty.Kind {
	case reflect.Pointer:
		return c.value(ty.Elem, v)
	case reflect.Interface:
		return v, ""
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			return v, "cannot restore struct from: " + kindOf(v)
		}
		for i := range ty.Fields {
			f := &ty.Fields[i]
			fv, present := m[f.Name]
			if !present || fv == nil {
				continue
			}
			nv, err := c.value(f.Type, fv)
			if err != "" {
				return v, err
			}
			if !sameValue(nv, fv) {
				m[f.Name] = nv
			}
		}
		return v, ""
	case reflect.Map:
		m, ok := v.(map[string]any)
		if !ok {
			return v, "cannot restore map from " + kindOf(v)
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if ty.Elem < 0 {
				break
			}
			nv, err := c.value(ty.Elem, m[k])
			if err != "" {
				return v, err
			}
			if !sameValue(nv, m[k]) {
				m[k] = nv
			}
		}
		return v, ""
	case reflect.Slice, reflect.Array:
		if str, ok := v.(string); ok && c.s.Types[ty.Elem].Kind == reflect.Uint8 {
			var b []byte
			if str != "" {
				if err := json.Unmarshal(rawJSON(str), &b); err != nil {
					return v, "error decoding from json: " + err.Error()
				}
			}
			return v, ""
		}
		l, ok := v.([]any)
		if !ok {
			return v, "cannot restore slice from " + kindOf(v)
		}
		for i, item := range l {
			nv, err := c.value(ty.Elem, item)
			if err != "" {
				return v, err
			}
			if !sameValue(nv, item) {
				l[i] = nv
			}
		}
		return v, ""
	}
	return c.primitive(ty.Kind, v)
}

// primitive is fromUnstructured's conversion of a JSON scalar into a Go
// scalar of kind k.
func (c *converter) primitive(k reflect.Kind, v any) (any, string) {
	switch x := v.(type) {
	case string:
		if k == reflect.String {
			return v, ""
		}
	case bool:
		if k == reflect.Bool {
			return v, ""
		}
	case int64:
		switch {
		case isInt(k):
			return cutInt(k, x), ""
		case isFloat(k):
			return v, ""
		case k == reflect.String:
			return v, "cannot convert int64 to " + k.String()
		}
	case float64:
		switch {
		case isFloat(k):
			return v, ""
		case isInt(k) && x == math.Trunc(x):
			return cutInt(k, int64(x)), ""
		case isInt(k):
			return v, "cannot convert float64 to " + k.String()
		}
	}
	return v, "unrecognized type: " + k.String()
}

// unmarshaler is the converter's way with a type that has its own
// UnmarshalJSON: the value encoded as JSON and handed to it.
func (c *converter) unmarshaler(t int32, v any) (any, string) {
	switch c.s.GoType(t) {
	case "resource.Quantity":
		text := string(rawJSON(v))
		if s, ok := v.(string); ok {
			text = s
		}
		if _, err := quantity.Parse(strings.TrimSpace(text)); err != nil {
			return v, err.Error()
		}
	case "intstr.IntOrString":
		if _, ok := v.(string); !ok {
			var n int32
			if err := json.Unmarshal(rawJSON(v), &n); err != nil {
				return v, err.Error()
			}
		}
	case "v1.Time", "v1.MicroTime", "v1.Duration":
		d := &decoder{s: c.s}
		if _, _, err := d.unmarshaler(t, v); err != nil {
			return v, err.Error()
		}
	}
	return v, ""
}

func isInt(k reflect.Kind) bool {
	switch k {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return true
	}
	return false
}

func isFloat(k reflect.Kind) bool { return k == reflect.Float32 || k == reflect.Float64 }

// cutInt is a Go conversion of n to an integer of kind k, as JSON then
// writes it back.
func cutInt(k reflect.Kind, n int64) any {
	switch k {
	case reflect.Int8:
		return int64(int8(n))
	case reflect.Int16:
		return int64(int16(n))
	case reflect.Int32:
		return int64(int32(n))
	case reflect.Uint8:
		return int64(uint8(n))
	case reflect.Uint16:
		return int64(uint16(n))
	case reflect.Uint32:
		return int64(uint32(n))
	}
	return n
}

// kindOf is reflect.Kind's word for the Go type a JSON value is held in.
func kindOf(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case bool:
		return "bool"
	case int64:
		return "int64"
	case float64:
		return "float64"
	case []any:
		return "slice"
	case map[string]any:
		return "map"
	}
	return "invalid"
}

func sameValue(a, b any) bool {
	switch a.(type) {
	case map[string]any, []any:
		return true // changed in place
	}
	return a == b
}
