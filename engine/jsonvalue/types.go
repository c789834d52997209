package jsonvalue

import (
	"fmt"
	"reflect"
	"strconv"
)

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

// Sprint is fmt.Sprint(v), what kubectl compares merge keys and set
// values with (%v), without fmt's allocation for the usual scalars.
func Sprint(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case int64:
		return strconv.FormatInt(t, 10)
	case bool:
		return strconv.FormatBool(t)
	}
	return fmt.Sprint(v)
}
