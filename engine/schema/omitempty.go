package schema

import "reflect"

// DropEmpty removes, in place, what decoding a built-in object into its Go
// type and encoding it again drops: a field whose json tag says omitempty
// holding its type's empty value (false, 0, "", an empty list or map, or
// null for any of these and for a pointer), as readOnly: false or
// subPath: "" in a volumeMount. Struct-typed fields are left alone
// (encoding/json never omits a struct), so are fields the type does not
// declare (strict decoding's business) and the values of maps. It
// reports whether the object's kind is in the schema.
func (s *Schema) DropEmpty(obj map[string]any) bool {
	apiVersion, _ := obj["apiVersion"].(string)
	kind, _ := obj["kind"].(string)
	root, ok := s.Root(apiVersion, kind)
	if !ok {
		return false
	}
	s.dropEmpty(root.(*Ref).T, obj)
	return true
}

func (s *Schema) dropEmpty(t int32, v any) {
	ty := &s.Types[t]
	switch ty.Kind {
	case reflect.Pointer:
		s.dropEmpty(ty.Elem, v)
	case reflect.Slice, reflect.Array:
		list, _ := v.([]any)
		for _, item := range list {
			s.dropEmpty(ty.Elem, item)
		}
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		for key, val := range m {
			i := ty.exact(key)
			if i < 0 {
				continue
			}
			f := &ty.Fields[i]
			if f.OmitEmpty && s.isEmpty(f.Type, val) {
				delete(m, key)
				continue
			}
			s.dropEmpty(f.Type, val)
		}
	}
}

// Exact returns the index of the field named key, case-sensitively as
// the API server's decoder matches names, or -1.
func (ty *Type) Exact(key string) int { return ty.exact(key) }

func (ty *Type) exact(key string) int {
	for i := range ty.Fields {
		if ty.Fields[i].Name == key {
			return i
		}
	}
	return -1
}

// isEmpty is encoding/json's isEmptyValue for the value v decodes to in
// type t; a struct is never empty.
func (s *Schema) isEmpty(t int32, v any) bool {
	ty := &s.Types[t]
	if ty.Kind == reflect.Struct {
		return false
	}
	if v == nil {
		return true
	}
	switch ty.Kind {
	case reflect.Bool:
		return v == false
	case reflect.String:
		return v == ""
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		switch n := v.(type) {
		case int64:
			return n == 0
		case float64:
			return n == 0
		}
	case reflect.Slice:
		if s.Types[ty.Elem].Kind == reflect.Uint8 {
			return v == "" // []byte is a base64 string
		}
		l, ok := v.([]any)
		return ok && len(l) == 0
	case reflect.Map:
		m, ok := v.(map[string]any)
		return ok && len(m) == 0
	}
	return false
}
