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

// Each kind's parser, read one type at a time, holds exactly the types
// the whole schema's closure of that kind has, and the index of lines
// finds every type the whole reading finds.
func TestKindParsers(t *testing.T) {
	whole, err := decodeSchema(builtinSchemaJSON)
	if err != nil {
		t.Fatal(err)
	}
	lines, err := indexSchemaLines(builtinSchemaJSON)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != len(whole.Types) {
		t.Errorf("the index has %d lines, the schema %d types", len(lines), len(whole.Types))
	}
	for _, def := range whole.Types {
		if _, ok := lines[def.Name]; !ok {
			t.Errorf("the index misses %s", def.Name)
		}
	}
	for kind, name := range kindTypes {
		// Compared as text: a used schema.Map caches its fields' lookup.
		got, err := EncodeSchema(&schema.Schema{Types: kindParser(name).Schema.Types})
		if err != nil {
			t.Fatal(err)
		}
		want, err := EncodeSchema(&schema.Schema{Types: closure(whole.FindNamedType, name)})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the kind's parser's types differ from the whole schema's closure:\n%s\nwant\n%s", kind, got, want)
		}
		if !kindParser(name).Type(name).IsValid() {
			t.Errorf("%s has no valid type", kind)
		}
	}
}

func TestTopLevelName(t *testing.T) {
	for _, tc := range []struct {
		name, line, want, err string
	}{
		{"after nested names", `{"map":{"fields":[{"name":"inner","type":{"scalar":"string"}}]},"name":"outer"}`, "outer", ""},
		{"first", `{"name":"a.b","scalar":"string"}`, "a.b", ""},
		{"an escaped quote before", `{"map":{"fields":[{"name":"q\"name\":\"x","type":{"scalar":"string"}}]},"name":"t"}`, "t", ""},
		{"an escaped name", `{"name":"a\"b"}`, `a"b`, ""},
		{"no name", `{"map":{"fields":[{"name":"inner"}]}}`, "", "a type without a name"},
		{"unterminated", `{"name":"abc`, "", "an unterminated string"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := topLevelName([]byte(tc.line))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}
