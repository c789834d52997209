package schema

import (
	"fmt"
	"reflect"
	"sync"
)

// Meta is the patch metadata of one field, as its struct tags declare it.
type Meta struct {
	// Strategies is the patchStrategy tag split on commas, as
	// strategicpatch reports it ("merge", "replace", "retainKeys").
	// A field without the tag has the single strategy "".
	// The slice may be shared between lookups: do not modify it.
	Strategies []string
	// MergeKey is the patchMergeKey tag: the field identifying the
	// elements of a merged list of maps.
	MergeKey string
}

// Node is a place in a schema: the type of the value found there.
// Its methods mirror strategicpatch.LookupPatchMeta.
type Node interface {
	// Field returns the type and metadata of a map's or struct's field.
	Field(key string) (Node, Meta, error)
	// Items returns the element type of the list stored in field key.
	Items(key string) (Node, Meta, error)
	// Name names the node's kind, as strategicpatch's error messages do.
	Name() string
}

// Field is one JSON field of a struct type.
type Field struct {
	Name       string // JSON name
	Type       int32  // index into Schema.Types
	Strategies string // patchStrategy tag, unsplit
	MergeKey   string
	// OmitEmpty is the json tag's omitempty: encoding the Go type drops
	// the field when it holds its type's empty value.
	OmitEmpty bool
	// Via names, in a typed table, the embedded structs a promoted
	// field is reached through, Go field names joined by dots ("VolumeSource" for a
	// Volume's hostPath); the decoder's error path includes them.
	Via string
}

// Type is a Go type as encoding/json and strategicpatch see it.
//
// Only what lookups can observe is kept: strategicpatch never looks into a
// map's values (a lookup on a map is an error); what else is kept is what
// the typed round trip of the API server's decoder needs (GoType, Elem of
// a Map, Unmarshaler). Types that neither can tell apart may share one
// entry.
type Type struct {
	// Name is reflect.Type.Name() of a struct (strategicpatch's errors
	// name it); in a typed table (schemagen.BuildTyped) also of any
	// named type, or the whole reflect.Type.String() of an unnamed map,
	// array or interface; "" for an unnamed pointer or slice.
	Name string
	// Pkg is, in a typed table, the package name a named type is
	// qualified with ("v1", "resource"); "" for a predeclared or unnamed
	// type.
	Pkg  string
	Kind reflect.Kind // Struct, Map, Slice, Array, Pointer or a scalar kind
	// Elem is the element type of a Slice, Array or Pointer, or of a
	// Map (its values) in a typed table; -1 otherwise.
	Elem int32
	// Unmarshaler marks, in a typed table, a type with its own UnmarshalJSON
	// (resource.Quantity, intstr.IntOrString, metav1.Time, ...): the
	// decoder hands it the raw JSON value, whatever its JSON type.
	Unmarshaler bool
	Fields      []Field // Struct only, in encoding/json's field order
	// ByName lists the indexes of Fields sorted by Name, for binary
	// search. When it does not match Fields in length, lookups scan.
	ByName []uint16
}

// Kind maps an apiVersion and kind to the root type of that object.
type Kind struct {
	APIVersion string // "v1", "apps/v1", ...
	Kind       string
	Type       int32
}

// Schema is a table of types and the kinds rooted in it.
//
// A Schema made from an encoded table, as Builtin is, fills Types and Kinds
// on the first call of one of its methods.
type Schema struct {
	Types []Type
	Kinds []Kind // sorted by APIVersion, then Kind

	// encoded, when set, is the table in Encode's form: Types and Kinds
	// are decoded from it on first use of a method.
	encoded string
	// refs holds one Ref per type, so that lookups hand out pointers
	// instead of boxing a new Ref into each Node.
	loadOnce sync.Once
	refs     []Ref
}

// ErrNotFound reports a field the type does not declare.
type ErrNotFound struct {
	TypeName string
	Field    string
}

func (e *ErrNotFound) Error() string {
	return fmt.Sprintf("unable to find api field in struct %s for the json field %q", e.TypeName, e.Field)
}

// Root returns the schema node of the object kind, or false when the kind is
// not built in (a custom resource, or a typo).
func (s *Schema) Root(apiVersion, kind string) (Node, bool) {
	s.load()
	lo, hi := 0, len(s.Kinds)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		k := s.Kinds[mid]
		if k.APIVersion < apiVersion || (k.APIVersion == apiVersion && k.Kind < kind) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(s.Kinds) && s.Kinds[lo].APIVersion == apiVersion && s.Kinds[lo].Kind == kind {
		return s.ref(s.Kinds[lo].Type), true
	}
	return nil, false
}

// Ref is a Node of a Schema: a type index. The Nodes a Schema returns are
// *Ref.
type Ref struct {
	S *Schema
	T int32
}

// GoType is reflect.Type.String() of type t in a typed table, as
// encoding/json's UnmarshalTypeError names it: "int32", "v1.Protocol", "[]v1.Container",
// "*v1.LabelSelector", "map[string]string".
func (s *Schema) GoType(t int32) string {
	s.load()
	ty := &s.Types[t]
	switch {
	case ty.Pkg != "":
		return ty.Pkg + "." + ty.Name
	case ty.Name != "":
		return ty.Name
	case ty.Kind == reflect.Pointer:
		return "*" + s.GoType(ty.Elem)
	case ty.Kind == reflect.Slice:
		return "[]" + s.GoType(ty.Elem)
	}
	return ty.Kind.String()
}

// Encoded returns the Schema of a table in Encode's form, decoded on the
// first call of one of its methods (the generated tables are such).
func Encoded(table string) *Schema { return &Schema{encoded: table} }
