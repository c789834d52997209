package schema

import (
	"reflect"
	"strings"
)

// Lookups follow strategicpatch.PatchMetaFromStruct over reflect types,
// replayed on the table: a pointer is dereferenced once, only structs have
// fields, an exact JSON name wins over a case-insensitive one, and the
// first case-insensitive match in field order wins over later ones.

// load decodes an encoded table and makes the shared Refs, once.
func (s *Schema) load() {
	s.loadOnce.Do(func() {
		if s.encoded != "" && s.Types == nil {
			d, err := Decode(s.encoded)
			if err != nil {
				panic("schema: corrupt generated table: " + err.Error())
			}
			s.Types, s.Kinds = d.Types, d.Kinds
		}
		s.refs = make([]Ref, len(s.Types))
		for i := range s.refs {
			s.refs[i] = Ref{s, int32(i)}
		}
	})
}

// ref returns the shared Ref of type t.
func (s *Schema) ref(t int32) *Ref {
	s.load()
	return &s.refs[t]
}

// Field mirrors PatchMetaFromStruct.LookupPatchMetadataForStruct.
func (r Ref) Field(key string) (Node, Meta, error) {
	t, meta, err := r.field(key)
	if err != nil {
		return nil, Meta{}, err
	}
	return r.S.ref(t), meta, nil
}

// Items mirrors PatchMetaFromStruct.LookupPatchMetadataForSlice.
func (r Ref) Items(key string) (Node, Meta, error) {
	t, meta, err := r.field(key)
	if err != nil {
		return nil, Meta{}, err
	}
	types := r.S.Types
	switch ft := &types[t]; ft.Kind {
	case reflect.Array, reflect.Slice:
		if isList(types[ft.Elem].Kind) {
			return nil, Meta{}, ErrSliceOfSlice
		}
		t = ft.Elem
	case reflect.Pointer:
		// A pointer to a list yields the list's elements; any other
		// pointer yields what it points to, unchecked, as in strategicpatch.
		t = ft.Elem
		if e := &types[t]; isList(e.Kind) {
			t = e.Elem
		}
	default:
		return nil, Meta{}, &ErrNotList{Kind: r.Name()}
	}
	return r.S.ref(t), meta, nil
}

// Name mirrors PatchMetaFromStruct.Name: the reflect kind, like "struct" or
// "ptr".
func (r Ref) Name() string { return r.S.Types[r.T].Kind.String() }

func (r Ref) field(key string) (int32, Meta, error) {
	ty := &r.S.Types[r.T]
	if ty.Kind == reflect.Pointer {
		ty = &r.S.Types[ty.Elem]
	}
	if ty.Kind != reflect.Struct {
		return 0, Meta{}, &ErrNotStruct{Kind: ty.Kind.String()}
	}
	i := ty.find(key)
	if i < 0 {
		return 0, Meta{}, &ErrNotFound{TypeName: ty.Name, Field: key}
	}
	f := &ty.Fields[i]
	return f.Type, Meta{Strategies: splitStrategies(f.Strategies), MergeKey: f.MergeKey}, nil
}

// find returns the index in Fields of the field key selects, or -1.
func (ty *Type) find(key string) int {
	fields := ty.Fields
	if len(ty.ByName) == len(fields) {
		lo, hi := 0, len(fields)
		for lo < hi {
			mid := int(uint(lo+hi) >> 1)
			if fields[ty.ByName[mid]].Name < key {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		if lo < len(fields) && fields[ty.ByName[lo]].Name == key {
			return int(ty.ByName[lo])
		}
	} else {
		for i := range fields {
			if fields[i].Name == key {
				return i
			}
		}
	}
	for i := range fields {
		if foldMatch(fields[i].Name, key) {
			return i
		}
	}
	return -1
}

func isList(k reflect.Kind) bool { return k == reflect.Array || k == reflect.Slice }

// Shared splits of the patchStrategy tags k8s.io/api uses, so that the hot
// path does not allocate.
var (
	strategyNone           = []string{""}
	strategyMerge          = []string{"merge"}
	strategyReplace        = []string{"replace"}
	strategyRetainKeys     = []string{"retainKeys"}
	strategyMergeRetainKey = []string{"merge", "retainKeys"}
)

// splitStrategies splits a patchStrategy tag as strategicpatch does.
func splitStrategies(tag string) []string {
	switch tag {
	case "":
		return strategyNone
	case "merge":
		return strategyMerge
	case "replace":
		return strategyReplace
	case "retainKeys":
		return strategyRetainKeys
	case "merge,retainKeys":
		return strategyMergeRetainKey
	}
	return strings.Split(tag, ",")
}

// Node returns the node of type index t.
func (s *Schema) Node(t int32) Node { return s.ref(t) }
