package strategic

import ()

// Values are decoded JSON: map[string]any, []any, string, bool, int64,
// float64 or nil. apimachinery compares them with reflect.TypeOf, ==,
// reflect.DeepEqual and fmt's %v; the helpers here give the same answers
// without reflection on the hot path.

// typeCode stands in for reflect.TypeOf: equal codes, equal types.
type typeCode uint8

const (
	tNil typeCode = iota
	tBool
	tString
	tInt
	tFloat
	tMap
	tSlice
	tOther
)

func typeOf(v any) typeCode {
	switch v.(type) {
	case nil:
		return tNil
	case bool:
		return tBool
	case string:
		return tString
	case int64:
		return tInt
	case float64:
		return tFloat
	case map[string]any:
		return tMap
	case []any:
		return tSlice
	}
	return tOther
}

func (t typeCode) String() string {
	switch t {
	case tNil:
		return "<nil>"
	case tBool:
		return "bool"
	case tString:
		return "string"
	case tInt:
		return "int64"
	case tFloat:
		return "float64"
	case tMap:
		return "map[string]interface {}"
	case tSlice:
		return "[]interface {}"
	}
	return "unknown"
}

// comparable reports whether v can be compared with == (and used as a map
// key) without a run-time panic.
func comparable(v any) bool {
	t := typeOf(v)
	return t != tMap && t != tSlice && t != tOther
}

// deepEqual is reflect.DeepEqual restricted to decoded JSON values,
// including its distinction between nil and empty maps and slices.
func deepEqual(a, b any) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case string:
		y, ok := b.(string)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case int64:
		y, ok := b.(int64)
		return ok && x == y
	case float64:
		y, ok := b.(float64)
		return ok && x == y
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || (x == nil) != (y == nil) || len(x) != len(y) {
			return false
		}
		for k, xv := range x {
			yv, ok := y[k]
			if !ok || !deepEqual(xv, yv) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || (x == nil) != (y == nil) || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !deepEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	}
	return false
}
