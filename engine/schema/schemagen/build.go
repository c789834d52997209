package schemagen

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/applylens/applylens/engine/schema"
)

// Root is an object kind and the Go type of its objects.
type Root struct {
	APIVersion string // "v1", "apps/v1", ...
	Kind       string
	Type       reflect.Type
}

// Build returns the schema of the roots and of every type reachable from
// them by field and list lookups. Types no lookup can tell apart share one
// entry; the table's order depends only on the roots and their types.
//
// Build panics on a duplicate root, and on a struct promoting a field
// through an embedded pointer, which strategicpatch cannot look up either.
func Build(roots []Root) *schema.Schema { return build(roots, false) }

// BuildTyped is Build with what the API server's typed decoding reads as
// well (engine/typedjson): every type's Go name and package, a map's
// value type, which types have their own UnmarshalJSON, and the embedded
// structs a promoted field comes through. Its table is larger, so the
// merge engine's (Build's, in the page's first download) goes without.
func BuildTyped(roots []Root) *schema.Schema { return build(roots, true) }

func build(roots []Root, typed bool) *schema.Schema {
	roots = append([]Root(nil), roots...)
	sort.Slice(roots, func(i, j int) bool {
		a, b := roots[i], roots[j]
		if a.APIVersion != b.APIVersion {
			return a.APIVersion < b.APIVersion
		}
		return a.Kind < b.Kind
	})
	for i := 1; i < len(roots); i++ {
		if roots[i].APIVersion == roots[i-1].APIVersion && roots[i].Kind == roots[i-1].Kind {
			panic(fmt.Sprintf("schemagen: duplicate kind %s %s", roots[i].APIVersion, roots[i].Kind))
		}
	}
	g := graph{typed: typed}
	for _, r := range roots {
		g.add(r.Type)
	}
	types, class := g.minimize()
	s := &schema.Schema{Types: types}
	for _, r := range roots {
		s.Kinds = append(s.Kinds, schema.Kind{APIVersion: r.APIVersion, Kind: r.Kind, Type: class[g.index[r.Type]]})
	}
	return s
}

// ForType returns the schema node of t (untyped, as Build), for tests of the merge engine on
// types of their own, such as strategicpatch's test type MergeItem.
func ForType(t reflect.Type) schema.Node {
	var g graph
	g.add(t)
	types, class := g.minimize()
	s := &schema.Schema{Types: types}
	return s.Node(class[g.index[t]])
}

// graph holds the reflect types reachable from the roots, in breadth-first
// order, with the fields lookups see.
type graph struct {
	typed  bool // BuildTyped's
	types  []reflect.Type
	fields [][]jsonField // struct types only
	index  map[reflect.Type]int
}

func (g *graph) add(root reflect.Type) {
	if g.index == nil {
		g.index = map[reflect.Type]int{}
	}
	if _, ok := g.index[root]; ok {
		return
	}
	queue := []reflect.Type{root}
	g.index[root] = len(g.types)
	g.types = append(g.types, root)
	g.fields = append(g.fields, nil)
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		var children []reflect.Type
		switch t.Kind() {
		case reflect.Struct:
			fs := jsonFields(t)
			for _, f := range fs {
				if f.viaPointer {
					panic(fmt.Sprintf("schemagen: %v promotes field %s through an embedded pointer", t, f.name))
				}
				children = append(children, f.sf.Type)
			}
			g.fields[g.index[t]] = fs
		case reflect.Pointer, reflect.Slice, reflect.Array:
			children = append(children, t.Elem())
		case reflect.Map:
			if g.typed {
				children = append(children, t.Elem())
			}
		}
		for _, c := range children {
			if _, ok := g.index[c]; !ok {
				g.index[c] = len(g.types)
				g.types = append(g.types, c)
				g.fields = append(g.fields, nil)
				queue = append(queue, c)
			}
		}
	}
}

// children returns the graph indexes of the types lookups can reach from
// type i in one step.
func (g *graph) children(i int) []int {
	t := g.types[i]
	switch t.Kind() {
	case reflect.Struct:
		out := make([]int, len(g.fields[i]))
		for k, f := range g.fields[i] {
			out[k] = g.index[f.sf.Type]
		}
		return out
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return []int{g.index[t.Elem()]}
	case reflect.Map:
		if g.typed {
			return []int{g.index[t.Elem()]}
		}
	}
	return nil
}

// local describes what lookups observe of type i itself: its kind, and for
// a struct its name and its fields' names and tags.
func (g *graph) local(i int) string {
	t := g.types[i]
	var b strings.Builder
	b.WriteString(strconv.Itoa(int(t.Kind())))
	name, pkg := g.typeName(t)
	b.WriteString("\x00" + name + "\x00" + pkg + "\x00" + strconv.FormatBool(g.typed && unmarshaler(t)))
	if t.Kind() == reflect.Struct {
		for _, f := range g.fields[i] {
			b.WriteString("\x00" + f.name + "\x01" + f.sf.Tag.Get("patchStrategy") + "\x01" + f.sf.Tag.Get("patchMergeKey") + "\x01" + strconv.FormatBool(omitEmpty(f.sf)) + "\x01" + g.via(t, f.index))
		}
	}
	return b.String()
}

// minimize merges the types lookups cannot tell apart (partition
// refinement, as in DFA minimisation) and returns the table, numbered by
// first appearance, with each graph type's index in it.
func (g *graph) minimize() ([]schema.Type, []int32) {
	n := len(g.types)
	children := make([][]int, n)
	class := make([]int, n)
	ids := map[string]int{}
	for i := range n {
		children[i] = g.children(i)
		class[i] = intern(ids, g.local(i))
	}
	for classes := len(ids); ; {
		ids = map[string]int{}
		next := make([]int, n)
		for i := range n {
			var b strings.Builder
			b.WriteString(strconv.Itoa(class[i]))
			for _, c := range children[i] {
				b.WriteString("," + strconv.Itoa(class[c]))
			}
			next[i] = intern(ids, b.String())
		}
		class = next
		if len(ids) == classes {
			break
		}
		classes = len(ids)
	}

	// Number classes by first appearance; the first member of a class
	// stands for it.
	number := map[int]int32{}
	var members []int
	out := make([]int32, n)
	for i := range n {
		k, ok := number[class[i]]
		if !ok {
			k = int32(len(members))
			number[class[i]] = k
			members = append(members, i)
		}
		out[i] = k
	}
	types := make([]schema.Type, len(members))
	for k, i := range members {
		t := g.types[i]
		st := schema.Type{Kind: t.Kind(), Elem: -1, Unmarshaler: g.typed && unmarshaler(t)}
		st.Name, st.Pkg = g.typeName(t)
		switch t.Kind() {
		case reflect.Struct:
			for _, f := range g.fields[i] {
				st.Fields = append(st.Fields, schema.Field{
					Name:       f.name,
					Type:       out[g.index[f.sf.Type]],
					Strategies: f.sf.Tag.Get("patchStrategy"),
					MergeKey:   f.sf.Tag.Get("patchMergeKey"),
					OmitEmpty:  omitEmpty(f.sf),
					Via:        g.via(t, f.index),
				})
			}
			if len(st.Fields) > 1<<16 {
				panic(fmt.Sprintf("schemagen: %v has too many fields", t))
			}
			if len(st.Fields) == 0 {
				break
			}
			st.ByName = make([]uint16, len(st.Fields))
			for j := range st.ByName {
				st.ByName[j] = uint16(j)
			}
			sort.Slice(st.ByName, func(a, b int) bool {
				return st.Fields[st.ByName[a]].Name < st.Fields[st.ByName[b]].Name
			})
		case reflect.Pointer, reflect.Slice, reflect.Array:
			st.Elem = out[g.index[t.Elem()]]
		case reflect.Map:
			if g.typed {
				st.Elem = out[g.index[t.Elem()]]
			}
		}
		types[k] = st
	}
	return types, out
}

func intern(ids map[string]int, key string) int {
	id, ok := ids[key]
	if !ok {
		id = len(ids)
		ids[key] = id
	}
	return id
}

// omitEmpty reports the json tag's omitempty option.
func omitEmpty(sf reflect.StructField) bool {
	_, opts, _ := strings.Cut(sf.Tag.Get("json"), ",")
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == "omitempty" {
			return true
		}
	}
	return false
}

// typeName is what schema.Type keeps of t's name: a struct's name, and in
// a typed table a named type's name and
// package name, an unnamed map's, array's or interface's whole String(), nothing for
// an unnamed pointer or slice (schema.GoType spells those).
func (g *graph) typeName(t reflect.Type) (name, pkg string) {
	if !g.typed {
		if t.Kind() == reflect.Struct {
			return t.Name(), "" // strategicpatch's messages name structs
		}
		return "", ""
	}
	if t.Name() != "" {
		return t.Name(), strings.TrimSuffix(strings.TrimSuffix(t.String(), t.Name()), ".")
	}
	switch t.Kind() {
	case reflect.Map, reflect.Array, reflect.Interface:
		return t.String(), ""
	}
	return "", ""
}

var jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()

// unmarshaler reports a type encoding/json hands the raw value to: one
// whose pointer has UnmarshalJSON.
func unmarshaler(t reflect.Type) bool {
	return t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(jsonUnmarshaler)
}

// via names the embedded structs a field at index is promoted through.
func (g *graph) via(t reflect.Type, index []int) string {
	if !g.typed {
		return ""
	}
	var names []string
	for _, i := range index[:len(index)-1] {
		sf := t.Field(i)
		names = append(names, sf.Name)
		t = sf.Type
		if t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
	}
	return strings.Join(names, ".")
}
