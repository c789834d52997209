package schema_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/strategicpatch"

	. "github.com/applylens/applylens/engine/schema"
	"github.com/applylens/applylens/engine/schema/schemagen"
)

// pair is a reflect type and the node standing for it.
type pair struct {
	t reflect.Type
	n *Ref
}

// matchStrategicpatch walks the nodes alongside their Go types, through
// every lookup that succeeds, and checks that each node answers every probe
// key as strategicpatch.PatchMetaFromStruct answers on the Go type: same
// error message, strategies, merge key and Name. It returns how many
// structs it walked.
func matchStrategicpatch(t *testing.T, roots []pair) int {
	t.Helper()
	var queue []pair
	seen := map[pair]bool{}
	push := func(p pair) {
		if !seen[p] {
			seen[p] = true
			queue = append(queue, p)
		}
	}
	for _, p := range roots {
		push(p)
	}
	lookups, structs := 0, 0
	for len(queue) > 0 && !t.Failed() {
		p := queue[0]
		queue = queue[1:]
		oracle := strategicpatch.PatchMetaFromStruct{T: p.t}
		if got, want := p.n.Name(), oracle.Name(); got != want {
			t.Errorf("%v: Name() = %q, want %q", p.t, got, want)
		}
		if deref(p.t).Kind() == reflect.Struct {
			structs++
		}
		for _, key := range probeKeys(p.t) {
			lookups++
			compareLookup(t, p, key, "Field", oracle.LookupPatchMetadataForStruct, p.n.Field, push)
			compareLookup(t, p, key, "Items", oracle.LookupPatchMetadataForSlice, p.n.Items, push)
		}
	}
	t.Logf("%d type/node pairs, %d structs, %d keys looked up twice", len(seen), structs, lookups)
	return structs
}

type oracleLookup func(string) (strategicpatch.LookupPatchMeta, strategicpatch.PatchMeta, error)
type nodeLookup func(string) (Node, Meta, error)

func compareLookup(t *testing.T, p pair, key, method string, want oracleLookup, got nodeLookup, push func(pair)) {
	t.Helper()
	wn, wm, werr := want(key)
	gn, gm, gerr := got(key)
	if (werr == nil) != (gerr == nil) || (werr != nil && werr.Error() != gerr.Error()) {
		t.Errorf("%v.%s(%q): error %v, want %v", p.t, method, key, gerr, werr)
		return
	}
	if werr != nil {
		if gn != nil {
			t.Errorf("%v.%s(%q): node %v with error", p.t, method, key, gn)
		}
		return
	}
	if !slices.Equal(gm.Strategies, wm.GetPatchStrategies()) || gm.MergeKey != wm.GetPatchMergeKey() {
		t.Errorf("%v.%s(%q): meta %q/%q, want %q/%q", p.t, method, key,
			gm.Strategies, gm.MergeKey, wm.GetPatchStrategies(), wm.GetPatchMergeKey())
	}
	if gn.Name() != wn.Name() {
		t.Errorf("%v.%s(%q): Name() %q, want %q", p.t, method, key, gn.Name(), wn.Name())
	}
	push(pair{wn.(strategicpatch.PatchMetaFromStruct).T, gn.(*Ref)})
}

func deref(t reflect.Type) reflect.Type {
	if t.Kind() == reflect.Pointer {
		return t.Elem()
	}
	return t
}

// probeKeys returns keys worth looking up in t: every JSON and Go name of
// its fields and of embedded structs' fields, case variants, Kelvin sign and
// long s spellings, and names no struct has.
func probeKeys(t reflect.Type) []string {
	keys := []string{"", "x", "spec", "Spec", "IMAGE", "$patch", "$setElementOrder/containers", "metadata.name", "nonexistentField"}
	var names []string
	var collect func(reflect.Type, int)
	collect = func(st reflect.Type, depth int) {
		st = deref(st)
		if st.Kind() != reflect.Struct || depth > 3 {
			return
		}
		for i := 0; i < st.NumField(); i++ {
			f := st.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			names = append(names, name, f.Name)
			if f.Anonymous {
				collect(f.Type, depth+1)
			}
		}
	}
	collect(t, 0)
	for _, n := range names {
		if n == "" {
			continue
		}
		keys = append(keys, n, strings.ToUpper(n), strings.ToLower(n), strings.ToUpper(n[:1])+n[1:], n+"s", n[:len(n)-1])
		if strings.ContainsAny(n, "kKsS") {
			keys = append(keys,
				strings.NewReplacer("k", "\u212a", "K", "\u212a").Replace(n),
				strings.NewReplacer("s", "\u017f", "S", "\u017f").Replace(n),
				// The wrong special rune for the letter must not match.
				strings.NewReplacer("k", "\u017f", "s", "\u212a").Replace(n))
		}
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// Types exercising the corners of forkedjson's field discovery and of
// strategicpatch's lookups.
type (
	item struct {
		ID    string `json:"id"`
		Value string `json:"value,omitempty"`
	}
	// Base and Other are embedded side by side in corners.
	Base struct {
		Name     string `json:"name" patchStrategy:"replace"`
		Shadowed string `json:"shadowed" patchStrategy:"merge"`
		Clash    string // also in Other: hidden
		Level    string `json:"Level" patchStrategy:"merge"` // untagged in Other: the tagged one wins
		Deep     Deeper `json:"deep"`
	}
	Other struct {
		Clash string
		Level string
	}
	Deeper struct {
		Leaf string `json:"leaf"`
	}
	leafHolder struct{ deeper } // unexported embedded struct: skipped by forkedjson
	deeper     struct {
		Leaf string `json:"leaf"`
	}
	Text string
	// Twin2 and Twin3 embed the same struct: its fields come twice at one
	// depth and are hidden.
	Twin2 struct {
		Shared
	}
	Twin3 struct {
		Shared
	}
	Shared struct {
		Dup string
	}

	corners struct {
		Base                 // exported embedded: fields promoted
		Other                // conflicts with Base
		Twin2                // Shared at depth 2 ...
		Twin3                // ... twice: dup is hidden
		Text                 // embedded non-struct: a field named Text
		Named    Base        `json:"named"` // a named field, not an embedding
		Shadowed int         `json:"shadowed" patchStrategy:"retainKeys"`
		Ignored  string      `json:"-"`
		Dash     string      `json:"-,"`
		BadName  string      `json:"a\\b"`
		Spaced   string      `json:"with space"`
		private  string      //nolint:unused // unexported: invisible
		Items    []item      `json:"items" patchStrategy:"merge" patchMergeKey:"id"`
		PtrItems *[]item     `json:"ptrItems" patchStrategy:"merge" patchMergeKey:"id"`
		PtrGrid  *[][]string `json:"ptrGrid"`
		PtrPtr   **item      `json:"ptrPtr"`
		Grid     [][]string  `json:"grid"`
		Fixed    [2]item     `json:"fixed"`
		Bytes    []byte      `json:"bytes"`
		Labels   map[string]string
		Any      any        `json:"any"`
		Ptr      *item      `json:"ptr"`
		Upper    string     `json:"Upper"`
		Lower    string     `json:"upper" patchStrategy:"replace"` // fold twin: the first in field order wins a fold match
		UPPER2   string     `json:"UPPER2"`
		Kind     string     `json:"kind"`
		Sig      string     `json:"sig"`
		Unicode  string     `json:"ünïcode"`
		Sharp    string     `json:"straße"`
		Retain   item       `json:"retain" patchStrategy:"merge,retainKeys" patchMergeKey:"id"`
		Odd      string     `json:"odd" patchStrategy:"a,b,"`
		Self     *corners   `json:"self"`
		Nested   leafHolder `json:"nested"`
		Func     func()     `json:"func"`
		Chan     chan int   `json:"chan"`
		Floats   [3]float64 `json:"floats"`
		Pairs    []*item    `json:"pairs" patchStrategy:"merge" patchMergeKey:"id"`
		MapItems map[string]item
	}
)

func TestForTypeMatchesStrategicpatch(t *testing.T) {
	tests := []struct {
		name string
		typ  reflect.Type
	}{
		{"corners", reflect.TypeOf(corners{})},
		{"pointer root", reflect.TypeOf(&corners{})},
		{"tagged clash", tagClash()},
		{"slice root", reflect.TypeOf([]corners{})},
		{"map root", reflect.TypeOf(map[string]corners{})},
		{"scalar root", reflect.TypeOf(0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			node := schemagen.ForType(tt.typ)
			matchStrategicpatch(t, []pair{{tt.typ, node.(*Ref)}})
		})
	}
}

// tagClash builds, at run time since go vet rejects it in source, a struct
// with two fields tagged "same" at one depth (both hidden), and two embedded
// structs whose fields tagged "deep" clash one level down while a third
// embedding is tagged "deep" at the top (the shallow one wins).
func tagClash() reflect.Type {
	str := reflect.TypeOf("")
	field := func(name, tag string) reflect.StructField {
		return reflect.StructField{Name: name, Type: str, Tag: reflect.StructTag(tag)}
	}
	embedA := reflect.StructOf([]reflect.StructField{field("A", `json:"deep" patchStrategy:"merge"`), field("Only", `json:"onlyA"`)})
	embedB := reflect.StructOf([]reflect.StructField{field("B", `json:"deep"`)})
	return reflect.StructOf([]reflect.StructField{
		field("X", `json:"same" patchStrategy:"merge"`),
		field("Y", `json:"same"`),
		{Name: "EmbedA", Type: embedA, Anonymous: true},
		{Name: "EmbedB", Type: embedB, Anonymous: true},
		field("Z", `json:"Deep" patchStrategy:"replace"`),
	})
}

// TestForTypeFoldOrder pins the case-insensitive rules the walk above
// relies on, with the answers strategicpatch gives.
func TestForTypeFoldOrder(t *testing.T) {
	node := schemagen.ForType(reflect.TypeOf(corners{}))
	tests := []struct {
		key      string
		strategy string // of the field found; "-" for not found
		kind     string
	}{
		{"upper", "replace", "string"}, // exact match beats the earlier fold match
		{"UPPER", "", "string"},        // fold: first in field order (Upper)
		{"shadowed", "retainKeys", "int"},
		{"SHADOWED", "retainKeys", "int"},
		{"\u212aind", "", "string"},
		{"\u017fig", "", "string"},
		{"\u017fhadowed", "retainKeys", "int"},
		{"\u212aig", "-", ""},
		{"ÜNÏCODE", "", "string"},
		{"STRASSE", "-", ""}, // simple folding does not expand ß
		{"Ignored", "-", ""},
		{"-", "", "string"},
		{"BadName", "", "string"},
		{"Dup", "-", ""},
		{"Clash", "-", ""},
		{"Level", "merge", "string"},
		{"leaf", "-", ""},
		{"deep", "", "struct"},
		{"Text", "", "string"},
		{"name", "replace", "string"},
	}
	for _, tt := range tests {
		t.Run(tt.key, func(t *testing.T) {
			n, m, err := node.Field(tt.key)
			_, wm, werr := strategicpatch.PatchMetaFromStruct{T: reflect.TypeOf(corners{})}.LookupPatchMetadataForStruct(tt.key)
			if (err == nil) != (werr == nil) {
				t.Fatalf("error %v, strategicpatch %v", err, werr)
			}
			if tt.strategy == "-" {
				if err == nil {
					t.Fatalf("found %s", n.Name())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(m.Strategies, ",") != tt.strategy || n.Name() != tt.kind {
				t.Errorf("got %q %s, want %q %s", m.Strategies, n.Name(), tt.strategy, tt.kind)
			}
			if !slices.Equal(m.Strategies, wm.GetPatchStrategies()) {
				t.Errorf("strategies %q, strategicpatch %q", m.Strategies, wm.GetPatchStrategies())
			}
		})
	}
}

// An embedded pointer's promoted fields make forkedjson panic on lookup;
// schemagen refuses such types rather than build a table that answers.
func TestForTypeEmbeddedPointer(t *testing.T) {
	type withPointer struct {
		*Deeper
	}
	typ := reflect.TypeOf(withPointer{})
	func() {
		defer func() {
			if recover() == nil {
				t.Error("strategicpatch did not panic; schemagen's refusal is no longer needed")
			}
		}()
		strategicpatch.PatchMetaFromStruct{T: typ}.LookupPatchMetadataForStruct("leaf")
	}()
	defer func() {
		if recover() == nil {
			t.Error("ForType did not panic")
		}
	}()
	schemagen.ForType(typ)
}

func TestForTypeTagClash(t *testing.T) {
	node := schemagen.ForType(tagClash())
	tests := []struct {
		key      string
		strategy string // "-" for not found
	}{
		{"same", "-"},
		{"onlyA", ""},
		{"Deep", "replace"},
		{"deep", "replace"}, // hidden at depth 2, so the fold match at depth 1
	}
	for _, tt := range tests {
		t.Run(tt.key, func(t *testing.T) {
			_, m, err := node.Field(tt.key)
			switch {
			case tt.strategy == "-" && err == nil:
				t.Errorf("found %q", m.Strategies)
			case tt.strategy != "-" && err != nil:
				t.Error(err)
			case err == nil && strings.Join(m.Strategies, ",") != tt.strategy:
				t.Errorf("strategies %q, want %q", m.Strategies, tt.strategy)
			}
		})
	}
}
