package jsonvalue

import "reflect"

var (
	mapType   = reflect.TypeFor[map[string]any]()
	floatType = reflect.TypeFor[float64]()
)

func typeName(v any) string {
	switch v.(type) {
	case []any:
		return "array"
	case string:
		return "string"
	case bool:
		return "bool"
	default:
		return "number"
	}
}
