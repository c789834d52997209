// Package typedjson does to a built-in object what the API server's
// decoder and encoder do to it: the request body, kubectl's JSON with
// sorted keys, is decoded into the kind's Go type (sigs.k8s.io/json, as
// encoding/json with case-sensitive names) and the stored object is that
// type encoded again.
//
// So a value the Go type cannot hold refuses the whole request with the
// decoder's first error, word for word ("json: cannot unmarshal string
// into Go struct field DeploymentSpec.spec.replicas of type int32",
// "quantities must match the regular expression ..."), and a value it
// can hold comes back as the type writes it: a resource.Quantity in its
// canonical spelling ("0.5" → "500m"), base64 bytes re-encoded, a time in
// UTC, null in a field that is not a pointer, map or slice as the type's
// zero value. What a field's type is comes from the generated table
// (typedschema.Builtin: Go type names, the types with their own
// UnmarshalJSON);
// the tests compare the results with the real decoder on the k8s.io/api
// types.
package typedjson

import (
	"encoding/base64"
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/quantity"
	"github.com/applylens/applylens/engine/schema"
)

// Error is the decoder's error, its text as the server puts it after
// "Deployment in version "v1" cannot be handled as a Deployment: ".
type Error struct{ Message string }

func (e *Error) Error() string { return e.Message }

// Options are what the server does beyond the decoding that depends on
// the kind.
type Options struct {
	// RoundResourceLists is the defaulting's SetDefaults_ResourceList:
	// every quantity of a v1.ResourceList rounded up to a milli-unit
	// (core, apps, batch and storage kinds; not node.k8s.io's
	// RuntimeClass, whose group registers no such defaulter).
	RoundResourceLists bool
}

// Decode checks obj, a built-in kind of s, against its Go type and
// rewrites in place what the typed round trip rewrites. It returns the
// decoder's error, nil when obj decodes, or when s has no such kind.
// Fields the type does not declare are left alone (strict decoding is
// schema.UnknownFields' business; the decoder reports those only when
// nothing else failed).
func Decode(s *schema.Schema, obj map[string]any, opts Options) *Error {
	apiVersion, _ := obj["apiVersion"].(string)
	kind, _ := obj["kind"].(string)
	root, ok := s.Root(apiVersion, kind)
	if !ok {
		return nil
	}
	d := &decoder{s: s, opts: opts}
	t := root.(*schema.Ref).T
	if err := d.object(t, obj); err != nil {
		return &Error{d.withContext(err)}
	}
	if d.saved != "" {
		return &Error{d.saved}
	}
	return nil
}

type decoder struct {
	s    *schema.Schema
	opts Options
	// structName and stack are encoding/json's errorContext: the struct
	// being decoded and the JSON field names (and embedded Go struct
	// names) down to the value.
	structName string
	stack      []string
	// saved is the first UnmarshalTypeError (or base64 error), reported
	// at the end unless an UnmarshalJSON fails first.
	saved string
	// resourceList marks the values of a v1.ResourceList being decoded.
	resourceList bool
}

// value decodes v into type t and returns what the type encodes it as,
// with changed set when that is not v; err is an error that stops the
// decoding at once (an UnmarshalJSON's).
func (d *decoder) value(t int32, v any) (out any, changed bool, err error) {
	ty := &d.s.Types[t]
	if ty.Unmarshaler {
		return d.unmarshaler(t, v)
	}
	if ty.Kind == reflect.Pointer {
		if v == nil {
			return nil, false, nil
		}
		return d.value(ty.Elem, v)
	}
	switch x := v.(type) {
	case nil:
		switch ty.Kind {
		case reflect.Map, reflect.Slice, reflect.Interface:
			return nil, false, nil
		}
		// Ignored for a value: the field keeps its zero value.
		return d.zero(t), true, nil
	case bool:
		if ty.Kind == reflect.Bool || ty.Kind == reflect.Interface {
			return v, false, nil
		}
		d.typeError("bool", t)
	case string:
		switch {
		case ty.Kind == reflect.String || ty.Kind == reflect.Interface:
			return v, false, nil
		case ty.Kind == reflect.Slice && d.s.Types[ty.Elem].Kind == reflect.Uint8:
			b, err := base64.StdEncoding.DecodeString(x)
			if err != nil {
				d.save(err.Error())
				return v, false, nil
			}
			if enc := base64.StdEncoding.EncodeToString(b); enc != x {
				return enc, true, nil
			}
			return v, false, nil
		}
		d.typeError("string", t)
	case int64, float64:
		d.number(t, v)
	case map[string]any:
		switch ty.Kind {
		case reflect.Struct:
			return v, false, d.object(t, x)
		case reflect.Map:
			return v, false, d.mapValues(t, x)
		case reflect.Interface:
			return v, false, nil
		}
		d.typeError("object", t)
	case []any:
		switch ty.Kind {
		case reflect.Slice, reflect.Array:
			for i, item := range x {
				nv, ch, err := d.value(ty.Elem, item)
				if err != nil {
					return v, false, err
				}
				if ch {
					x[i] = nv
				}
			}
			return v, false, nil
		case reflect.Interface:
			return v, false, nil
		}
		d.typeError("array", t)
	}
	return v, false, nil
}

// number is literalStore's number case.
func (d *decoder) number(t int32, v any) {
	ty := &d.s.Types[t]
	text := numberText(v)
	bits := 64
	switch ty.Kind {
	case reflect.Int8, reflect.Uint8:
		bits = 8
	case reflect.Int16, reflect.Uint16:
		bits = 16
	case reflect.Int32, reflect.Uint32, reflect.Float32:
		bits = 32
	}
	var err error
	switch ty.Kind {
	case reflect.Interface:
		return
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		_, err = strconv.ParseInt(text, 10, bits)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		_, err = strconv.ParseUint(text, 10, bits)
	case reflect.Float32, reflect.Float64:
		_, err = strconv.ParseFloat(text, bits)
	default:
		d.typeError("number", t)
		return
	}
	if err != nil {
		d.typeError("number "+text, t)
	}
}

// numberText is the number as kubectl's JSON body spells it.
func numberText(v any) string {
	b, err := jsonvalue.Encode(v)
	if err != nil {
		return ""
	}
	return string(b)
}

// object decodes the fields of struct type t, in the body's (sorted)
// order.
func (d *decoder) object(t int32, m map[string]any) error {
	ty := &d.s.Types[t]
	for _, key := range slices.Sorted(maps.Keys(m)) {
		i := ty.Exact(key)
		if i < 0 {
			continue // unknown: strict decoding's business
		}
		f := &ty.Fields[i]
		oldStruct, oldLen := d.structName, len(d.stack)
		if f.Via != "" {
			d.stack = append(d.stack, strings.Split(f.Via, ".")...)
		}
		d.structName = ty.Name
		d.stack = append(d.stack, f.Name)
		nv, ch, err := d.value(f.Type, m[key])
		if err != nil {
			return err // the context stays where it stopped
		}
		d.structName, d.stack = oldStruct, d.stack[:oldLen]
		if ch {
			m[key] = nv
		}
	}
	return nil
}

// mapValues decodes the values of map type t; the error context stays
// the enclosing struct field's.
func (d *decoder) mapValues(t int32, m map[string]any) error {
	ty := &d.s.Types[t]
	old := d.resourceList
	d.resourceList = d.opts.RoundResourceLists && ty.Pkg == "v1" && ty.Name == "ResourceList"
	defer func() { d.resourceList = old }()
	for _, key := range slices.Sorted(maps.Keys(m)) {
		nv, ch, err := d.value(ty.Elem, m[key])
		if err != nil {
			return err
		}
		if ch {
			m[key] = nv
		}
	}
	return nil
}

// withContext is the decoder's addErrorContext on an error that stopped
// it: an UnmarshalTypeError (an UnmarshalJSON's own json.Unmarshal into
// an int32 or a string) gets the struct field it happened in.
func (d *decoder) withContext(err error) string {
	te, ok := err.(*json.UnmarshalTypeError)
	if !ok || (d.structName == "" && len(d.stack) == 0) {
		return err.Error()
	}
	stack := d.stack
	if te.Field != "" {
		stack = append(stack[:len(stack):len(stack)], te.Field)
	}
	return "json: cannot unmarshal " + te.Value + " into Go struct field " + d.structName + "." + strings.Join(stack, ".") + " of type " + te.Type.String()
}

func (d *decoder) save(msg string) {
	if d.saved == "" {
		d.saved = msg
	}
}

// typeError saves encoding/json's UnmarshalTypeError for a JSON value
// (word: "string", "number 1.5", ...) that type t cannot hold.
func (d *decoder) typeError(word string, t int32) {
	if d.saved != "" {
		return
	}
	goType := d.s.GoType(t)
	if d.structName != "" || len(d.stack) > 0 {
		d.saved = "json: cannot unmarshal " + word + " into Go struct field " + d.structName + "." + strings.Join(d.stack, ".") + " of type " + goType
		return
	}
	d.saved = "json: cannot unmarshal " + word + " into Go value of type " + goType
}

// zero is the JSON encoding of type t's zero value, what a null leaves
// in a field that is not a pointer, map, slice or interface.
func (d *decoder) zero(t int32) any {
	ty := &d.s.Types[t]
	if ty.Unmarshaler {
		v, _, _ := d.unmarshaler(t, nil)
		return v
	}
	switch ty.Kind {
	case reflect.Bool:
		return false
	case reflect.String:
		return ""
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return int64(0)
	case reflect.Struct:
		m := map[string]any{}
		for _, f := range ty.Fields {
			if !f.OmitEmpty || d.s.Types[f.Type].Kind == reflect.Struct {
				m[f.Name] = d.zero(f.Type)
			}
		}
		return m
	}
	return nil
}

// unmarshaler decodes v into a type with its own UnmarshalJSON, by the
// type's name, and returns what its MarshalJSON writes. A type this
// package does not know is passed through as it is.
func (d *decoder) unmarshaler(t int32, v any) (any, bool, error) {
	switch d.s.GoType(t) {
	case "resource.Quantity":
		return d.quantity(v)
	case "intstr.IntOrString":
		switch v.(type) {
		case string:
			return v, false, nil
		case nil:
			return int64(0), true, nil // IntVal 0
		}
		var n int32
		if err := json.Unmarshal(rawJSON(v), &n); err != nil {
			return v, false, err
		}
		return v, false, nil
	case "v1.Time":
		return timeValue(v, time.RFC3339)
	case "v1.MicroTime":
		return timeValue(v, "2006-01-02T15:04:05.000000Z07:00")
	case "v1.Duration":
		var s string
		if err := json.Unmarshal(rawJSON(v), &s); err != nil {
			return v, false, err
		}
		dur, err := time.ParseDuration(s)
		if err != nil {
			return v, false, err
		}
		return out(v, dur.String())
	}
	return v, false, nil
}

// quantity is resource.Quantity's UnmarshalJSON, then its MarshalJSON.
func (d *decoder) quantity(v any) (any, bool, error) {
	var text string
	switch x := v.(type) {
	case nil:
		return out(v, "0") // UnmarshalJSON(null) leaves the zero Quantity
	case string:
		text = x
	default:
		text = string(rawJSON(v))
	}
	q, err := quantity.Parse(strings.TrimSpace(text))
	if err != nil {
		return v, false, err
	}
	if d.resourceList {
		q.RoundUp(-3)
	}
	return out(v, q.String())
}

// timeValue is metav1.Time's (or MicroTime's) UnmarshalJSON and
// MarshalJSON: RFC 3339 in, UTC out, the zero time as null.
func timeValue(v any, layout string) (any, bool, error) {
	if v == nil {
		return nil, false, nil
	}
	var s string
	if err := json.Unmarshal(rawJSON(v), &s); err != nil {
		return v, false, err
	}
	pt, err := time.Parse(time.RFC3339, s)
	if layout != time.RFC3339 {
		pt, err = time.Parse(layout, s)
	}
	if err != nil {
		return v, false, err
	}
	if pt.IsZero() {
		return nil, true, nil
	}
	return out(v, pt.UTC().Format(layout))
}

func out(old any, s string) (any, bool, error) {
	if cur, ok := old.(string); ok && cur == s {
		return old, false, nil
	}
	return s, true, nil
}

// rawJSON is v as kubectl's body spells it, the bytes an UnmarshalJSON
// is given.
func rawJSON(v any) []byte {
	b, err := jsonvalue.Encode(v)
	if err != nil {
		return []byte("null")
	}
	return b
}

// CheckMetadata is kubectl's own check of a document before it sends
// anything (cli-runtime's metadataValidatingDecoder): the document must
// decode into a struct holding a metav1.ObjectMeta at "metadata", or
// kubectl stops with `error: unable to decode "FILE": ` and the
// decoder's error ("json: cannot unmarshal number into Go struct field
// ObjectMeta.metadata.labels of type string"). obj is not changed.
func CheckMetadata(s *schema.Schema, obj map[string]any) *Error {
	md, ok := obj["metadata"]
	if !ok {
		return nil
	}
	root, ok := s.Root("v1", "ConfigMap") // any kind: they share ObjectMeta
	if !ok {
		return nil
	}
	meta, _, err := root.Field("metadata")
	if err != nil {
		return nil
	}
	d := &decoder{s: s, structName: "metadataOnlyObject", stack: []string{"metadata"}}
	if _, _, err := d.value(meta.(*schema.Ref).T, jsonvalue.Copy(md)); err != nil {
		return &Error{d.withContext(err)}
	}
	if d.saved != "" {
		return &Error{d.saved}
	}
	return nil
}
