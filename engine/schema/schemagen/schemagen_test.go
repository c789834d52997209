package schemagen

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/schema"
)

type (
	Meta struct {
		Name string `json:"name"`
	}
	Embedded struct {
		Inner string `json:"inner"`
	}
	Widget struct {
		Kind     string `json:"kind"`
		Meta     Meta   `json:"metadata"`
		Embedded        // promoted: inner, after metadata in field order
		Parts    []Part `json:"parts" patchStrategy:"merge" patchMergeKey:"id"`
		Count    *int32 `json:"count"`
		Skipped  string `json:"-"`
		NoTag    string
	}
	Part struct {
		ID    string  `json:"id"`
		Owner *Widget `json:"owner"`
	}
	// Gadget has Widget's shape but another name, which error messages
	// show: it needs an entry of its own.
	Gadget struct {
		Kind string `json:"kind"`
		Meta Meta   `json:"metadata"`
		Embedded
		Parts   []Part `json:"parts" patchStrategy:"merge" patchMergeKey:"id"`
		Count   *int32 `json:"count"`
		Skipped string `json:"-"`
		NoTag   string
	}
	Protocol string
)

// Two types named Widget in different scopes: lookups cannot tell them apart.
func otherWidget() reflect.Type {
	type Widget struct {
		Kind string `json:"kind"`
		Meta Meta   `json:"metadata"`
		Embedded
		Parts   []Part `json:"parts" patchStrategy:"merge" patchMergeKey:"id"`
		Count   *int32 `json:"count"`
		Skipped string `json:"-"`
		NoTag   string
	}
	return reflect.TypeOf(Widget{})
}

func TestJSONFields(t *testing.T) {
	var got []string
	for _, f := range jsonFields(reflect.TypeOf(Widget{})) {
		got = append(got, f.name+":"+f.sf.Type.String())
	}
	want := []string{"kind:string", "metadata:schemagen.Meta", "inner:string", "parts:[]schemagen.Part", "count:*int32", "NoTag:string"}
	if !slices.Equal(got, want) {
		t.Errorf("jsonFields(Widget) = %q, want %q", got, want)
	}
}

func TestBuild(t *testing.T) {
	roots := []Root{
		{"v1", "Widget", reflect.TypeOf(Widget{})},
		{"v1", "Gadget", reflect.TypeOf(Gadget{})},
		{"v2", "Widget", otherWidget()},
		{"a/v1", "Protocol", reflect.TypeOf(Protocol(""))},
	}
	s := Build(roots)

	t.Run("kinds sorted", func(t *testing.T) {
		var got []string
		for _, k := range s.Kinds {
			got = append(got, k.APIVersion+" "+k.Kind)
		}
		want := []string{"a/v1 Protocol", "v1 Gadget", "v1 Widget", "v2 Widget"}
		if !slices.Equal(got, want) {
			t.Errorf("Kinds = %q, want %q", got, want)
		}
	})
	t.Run("indistinguishable types share an entry", func(t *testing.T) {
		kind := func(apiVersion, name string) int32 {
			for _, k := range s.Kinds {
				if k.APIVersion == apiVersion && k.Kind == name {
					return k.Type
				}
			}
			t.Fatalf("no kind %s %s", apiVersion, name)
			return -1
		}
		if kind("v1", "Widget") != kind("v2", "Widget") {
			t.Error("the two Widget types have separate entries")
		}
		if kind("v1", "Widget") == kind("v1", "Gadget") {
			t.Error("Widget and Gadget share an entry despite their names")
		}
		// Protocol and string are both a string to lookups; the typed
		// table tells them apart, as the decoder's errors name them.
		stringTypes := func(s *schema.Schema) []string {
			var names []string
			for i, ty := range s.Types {
				if ty.Kind == reflect.String {
					names = append(names, s.GoType(int32(i)))
				}
			}
			slices.Sort(names)
			return names
		}
		if got, want := stringTypes(s), []string{"string"}; !slices.Equal(got, want) {
			t.Errorf("string entries %q, want %q", got, want)
		}
		if got, want := stringTypes(BuildTyped(roots)), []string{"schemagen.Protocol", "string"}; !slices.Equal(got, want) {
			t.Errorf("typed string entries %q, want %q", got, want)
		}
	})
	t.Run("input order does not matter", func(t *testing.T) {
		reversed := slices.Clone(roots)
		slices.Reverse(reversed)
		if Build(reversed).Encode() != s.Encode() {
			t.Error("Build depends on the order of roots")
		}
	})
	t.Run("struct entries", func(t *testing.T) {
		n, _ := s.Root("v1", "Widget")
		w := s.Types[n.(*schema.Ref).T]
		if w.Name != "Widget" || w.Kind != reflect.Struct || w.Elem != -1 {
			t.Errorf("Widget entry %+v", w)
		}
		var names []string
		for _, i := range w.ByName {
			names = append(names, w.Fields[i].Name)
		}
		if !slices.IsSorted(names) || len(names) != len(w.Fields) {
			t.Errorf("ByName gives %q", names)
		}
		parts := w.Fields[3]
		if parts.Name != "parts" || parts.Strategies != "merge" || parts.MergeKey != "id" {
			t.Errorf("parts field %+v", parts)
		}
		if slice := s.Types[parts.Type]; slice.Kind != reflect.Slice || s.Types[slice.Elem].Name != "Part" {
			t.Errorf("parts type %+v", slice)
		}
	})
}

func TestBuildRejectsDuplicateKinds(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic")
		}
	}()
	Build([]Root{{"v1", "Widget", reflect.TypeOf(Widget{})}, {"v1", "Widget", reflect.TypeOf(Gadget{})}})
}

func TestGenerate(t *testing.T) {
	roots := []Root{{"v1", "Widget", reflect.TypeOf(Widget{})}, {"v1", "Gadget", reflect.TypeOf(Gadget{})}}
	src, err := Generate(roots)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(src, []byte(Header)) {
		t.Error("no generated-code header")
	}
	if formatted, err := format.Source(src); err != nil || !bytes.Equal(formatted, src) {
		t.Errorf("not gofmt'd: %v", err)
	}
	again, _ := Generate(roots)
	if !bytes.Equal(src, again) {
		t.Error("output not deterministic")
	}

	// The table constant decodes to the built schema.
	f, err := parser.ParseFile(token.NewFileSet(), "zz_generated.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var data strings.Builder
	ast.Inspect(f, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok || spec.Names[0].Name != "builtinTable" {
			return true
		}
		ast.Inspect(spec.Values[0], func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok {
				s, err := strconv.Unquote(lit.Value)
				if err != nil {
					t.Fatal(err)
				}
				data.WriteString(s)
			}
			return true
		})
		return false
	})
	got, err := schema.Decode(data.String())
	if err != nil {
		t.Fatal(err)
	}
	want := Build(roots)
	if !reflect.DeepEqual(got.Types, want.Types) || !reflect.DeepEqual(got.Kinds, want.Kinds) {
		t.Error("generated table does not decode to Build's schema")
	}
}
