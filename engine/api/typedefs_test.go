package api

import (
	"os"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine"
)

// jsonFields lists the JSON field names of a struct type as encoding/json
// sees them, embedded structs included, and the struct types they hold.
func jsonFields(t reflect.Type) (names []string, nested []reflect.Type) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" {
			n, s := jsonFields(f.Type)
			names, nested = append(names, n...), append(nested, s...)
			continue
		}
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		names = append(names, name)
		ft := f.Type
		for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice {
			ft = ft.Elem()
		}
		if ft.Kind() == reflect.Struct {
			nested = append(nested, ft)
		}
	}
	return names, nested
}

var propertyRE = regexp.MustCompile(`@property \{[^}]*\} \[?(\w+)`)

// TestTypedefsMirrorGo keeps web/workers/api-types.js and the Go response types
// from drifting apart: each typedef lists exactly the JSON fields of its
// struct.
func TestTypedefsMirrorGo(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../../web/workers/api-types.js")
	if err != nil {
		t.Fatal(err)
	}
	typedefs := map[string][]string{}
	for _, block := range strings.Split(string(src), "/**")[1:] {
		m := regexp.MustCompile(`@typedef \{object\} (\w+)`).FindStringSubmatch(block)
		if m == nil {
			continue
		}
		for _, p := range propertyRE.FindAllStringSubmatch(block, -1) {
			typedefs[m[1]] = append(typedefs[m[1]], p[1])
		}
	}
	// Go type -> typedef name, where they differ.
	rename := map[reflect.Type]string{reflect.TypeFor[Error](): "ApiError"}
	seen := map[reflect.Type]bool{}
	queue := []reflect.Type{reflect.TypeFor[Request](), reflect.TypeFor[Response](), reflect.TypeFor[engine.Warning](),
		reflect.TypeFor[ServerSideRequest](), reflect.TypeFor[ServerSideResponse]()}
	for len(queue) > 0 {
		typ := queue[0]
		queue = queue[1:]
		if seen[typ] {
			continue
		}
		seen[typ] = true
		fields, nested := jsonFields(typ)
		queue = append(queue, nested...)
		name := typ.Name()
		if r, ok := rename[typ]; ok {
			name = r
		}
		props, ok := typedefs[name]
		if !ok {
			t.Errorf("web/workers/api-types.js has no @typedef {object} %s (Go %s)", name, typ)
			continue
		}
		sort.Strings(fields)
		sort.Strings(props)
		if !reflect.DeepEqual(fields, props) {
			t.Errorf("typedef %s has properties %v, Go %s has JSON fields %v", name, props, typ, fields)
		}
	}
	if len(seen) < 9 {
		t.Errorf("walked only %d types", len(seen))
	}
}
