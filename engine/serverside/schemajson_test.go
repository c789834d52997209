package serverside

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"sigs.k8s.io/structured-merge-diff/v6/schema"
)

// The generated schema reads, and writing it again gives the same bytes:
// the reader and the writer agree on every type of the real schema.
func TestBuiltinSchemaReads(t *testing.T) {
	s, err := decodeSchema(builtinSchemaJSON)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Types) < 1000 {
		t.Fatalf("%d types, want every built-in kind's (over 1000)", len(s.Types))
	}
	again, err := EncodeSchema(s)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, builtinSchemaJSON) {
		t.Error("EncodeSchema(decodeSchema(zz_generated_schema.json)) differs from the file")
	}
	for _, kind := range []string{"apps/v1/Deployment", "v1/Service", "batch/v1/CronJob"} {
		if !builtinParser().Type(kindTypes[kind]).IsValid() {
			t.Errorf("%s has no valid type", kind)
		}
	}
}

func TestSchemaRoundTrip(t *testing.T) {
	str := schema.Scalar("string")
	name := "io.example.Thing"
	rel := schema.ElementRelationship("atomic")
	for _, tc := range []struct {
		name string
		in   schema.TypeDef
	}{
		{"a scalar", schema.TypeDef{Name: "s", Atom: schema.Atom{Scalar: &str}}},
		{"a list map with keys", schema.TypeDef{Name: "l", Atom: schema.Atom{List: &schema.List{
			ElementType: schema.TypeRef{NamedType: &name}, ElementRelationship: schema.Associative, Keys: []string{"name", "protocol"}}}}},
		{"a struct with defaults", schema.TypeDef{Name: "m", Atom: schema.Atom{Map: &schema.Map{Fields: []schema.StructField{
			{Name: "protocol", Type: schema.TypeRef{Inlined: schema.Atom{Scalar: &str}}, Default: "TCP"},
			{Name: "port", Type: schema.TypeRef{Inlined: schema.Atom{Scalar: &str}}, Default: 80},
			{Name: "on", Type: schema.TypeRef{Inlined: schema.Atom{Scalar: &str}}, Default: false},
			{Name: "meta", Type: schema.TypeRef{NamedType: &name, ElementRelationship: &rel}, Default: map[string]any{"single": map[string]any{}}},
			{Name: "quoted \"name\"", Type: schema.TypeRef{Inlined: schema.Atom{Scalar: &str}}},
		}}}}},
		{"a map of an inlined list", schema.TypeDef{Name: "e", Atom: schema.Atom{Map: &schema.Map{
			ElementType:         schema.TypeRef{Inlined: schema.Atom{List: &schema.List{ElementType: schema.TypeRef{Inlined: schema.Atom{Scalar: &str}}, ElementRelationship: rel}}},
			ElementRelationship: schema.Separable}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := &schema.Schema{Types: []schema.TypeDef{tc.in}}
			data, err := EncodeSchema(in)
			if err != nil {
				t.Fatal(err)
			}
			out, err := decodeSchema(data)
			if err != nil {
				t.Fatalf("%v\n%s", err, data)
			}
			if !reflect.DeepEqual(out.Types, in.Types) {
				t.Errorf("read back\n%#v\nwant\n%#v", out.Types, in.Types)
			}
		})
	}
}

func TestSchemaErrors(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"not a list", `{}`, "expected '['"},
		{"a type without a name", "[\n{\"scalar\":\"string\"}\n]\n", "a type without a name"},
		{"an unknown field", "[\n{\"name\":\"x\",\"union\":{}}\n]\n", "at type x: unknown atom field union"},
		{"a float default", "[\n{\"name\":\"x\",\"map\":{\"fields\":[{\"name\":\"f\",\"type\":{},\"default\":1.5}]}}\n]\n", "a default that is not"},
		{"text after the list", "[]\n[]", "text after the list"},
		{"cut short", "[\n{\"name\":\"x\",", "expected a string"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := decodeSchema([]byte(tc.text))
			var se *SchemaError
			if !errors.As(err, &se) {
				t.Fatalf("error %v, want a *SchemaError", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want it to say %q", err, tc.want)
			}
		})
	}
	bad := &schema.Schema{Types: []schema.TypeDef{{Name: "x", Atom: schema.Atom{Map: &schema.Map{Fields: []schema.StructField{{Name: "f", Default: 1.5}}}}}}}
	if _, err := EncodeSchema(bad); err == nil || !strings.Contains(err.Error(), "only strings, bools, ints") {
		t.Errorf("EncodeSchema of a float default: %v, want an error", err)
	}
}
