package schema

import (
	"reflect"
	"sort"
	"strconv"
)

// UnknownFields lists the fields of a built-in object its Go type does
// not declare, as the API server's strict decoder (kubectl's default
// --validate=strict) reports them: paths like
// "spec.template.spec.volumes[0].rbd.imagefeatures", in the order of the
// body kubectl sends (keys sorted), names matched case-sensitively. A
// struct that declares no JSON field is opaque (its own unmarshaler reads
// it: RawExtension, Time, FieldsV1), and the values of maps are not
// looked into. nil for a kind the schema does not have.
func (s *Schema) UnknownFields(obj map[string]any) []string { return s.unknownFields(obj, false) }

// DropUnknownFields removes the fields UnknownFields lists, as decoding
// into the Go type does when the strict check is not asked for
// (--validate=ignore or warn), and returns their paths.
func (s *Schema) DropUnknownFields(obj map[string]any) []string { return s.unknownFields(obj, true) }

// unknownFields walks obj from its kind's root type, dropping what it
// lists when drop is set.
func (s *Schema) unknownFields(obj map[string]any, drop bool) []string {
	apiVersion, _ := obj["apiVersion"].(string)
	kind, _ := obj["kind"].(string)
	root, ok := s.Root(apiVersion, kind)
	if !ok {
		return nil
	}
	var out []string
	s.unknown(root.(*Ref).T, obj, "", drop, &out)
	return out
}

func (s *Schema) unknown(t int32, v any, path string, drop bool, out *[]string) {
	ty := &s.Types[t]
	switch ty.Kind {
	case reflect.Pointer:
		s.unknown(ty.Elem, v, path, drop, out)
	case reflect.Slice, reflect.Array:
		list, _ := v.([]any)
		for i, item := range list {
			s.unknown(ty.Elem, item, path+"["+strconv.Itoa(i)+"]", drop, out)
		}
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok || len(ty.Fields) == 0 {
			return
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, key := range keys {
			p := key
			if path != "" {
				p = path + "." + key
			}
			i := ty.exact(key)
			if i < 0 {
				*out = append(*out, p)
				if drop {
					delete(m, key)
				}
				continue
			}
			s.unknown(ty.Fields[i].Type, m[key], p, drop, out)
		}
	}
}
