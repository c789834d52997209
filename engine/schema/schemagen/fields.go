package schemagen

import (
	"reflect"
	"sort"
	"strings"
	"unicode"
)

// jsonField is a struct field as forkedjson's cachedTypeFields sees it.
type jsonField struct {
	name   string
	tagged bool  // name came from a json tag
	index  []int // path of field indexes through embedded structs
	// sf is the field at the end of index: its type is what a lookup
	// returns and its tags are what a lookup reads.
	sf reflect.StructField
	// viaPointer marks a promoted field reached through an embedded
	// pointer; forkedjson panics when asked for it.
	viaPointer bool
}

// jsonFields lists the fields of struct t that forkedjson's typeFields
// lists, in the same order. That is encoding/json's field discovery of Go
// 1.x before unexported embedded structs were explored: a breadth-first
// walk through embedded structs, names from json tags, `json:"-"` skipped,
// then Go's dominance rules, with tagged fields winning ties.
func jsonFields(t reflect.Type) []jsonField {
	type embedded struct {
		typ        reflect.Type
		index      []int
		viaPointer bool
	}
	var fields []jsonField
	visited := map[reflect.Type]bool{}
	level := []embedded{{typ: t}}
	count := map[reflect.Type]int{} // how often each type of level was queued
	for len(level) > 0 {
		var next []embedded
		nextCount := map[reflect.Type]int{}
		for _, e := range level {
			if visited[e.typ] {
				continue
			}
			visited[e.typ] = true
			for i := 0; i < e.typ.NumField(); i++ {
				sf := e.typ.Field(i)
				if sf.PkgPath != "" { // unexported, embedded or not
					continue
				}
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, _, _ := strings.Cut(tag, ",")
				if !validName(name) {
					name = ""
				}
				index := append(append([]int(nil), e.index...), i)
				ft := sf.Type
				ptr := false
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft, ptr = ft.Elem(), true
				}
				if name != "" || !sf.Anonymous || ft.Kind() != reflect.Struct {
					f := jsonField{name: name, tagged: name != "", index: index, sf: sf, viaPointer: e.viaPointer}
					if f.name == "" {
						f.name = sf.Name
					}
					fields = append(fields, f)
					if count[e.typ] > 1 {
						// The same embedded struct twice at one depth:
						// a duplicate makes the dominance pass drop it.
						fields = append(fields, f)
					}
					continue
				}
				nextCount[ft]++
				if nextCount[ft] == 1 {
					next = append(next, embedded{typ: ft, index: index, viaPointer: e.viaPointer || ptr})
				}
			}
		}
		level, count = next, nextCount
	}

	sort.SliceStable(fields, func(i, j int) bool {
		a, b := fields[i], fields[j]
		if a.name != b.name {
			return a.name < b.name
		}
		if len(a.index) != len(b.index) {
			return len(a.index) < len(b.index)
		}
		if a.tagged != b.tagged {
			return a.tagged
		}
		return indexLess(a.index, b.index)
	})
	out := fields[:0]
	for i := 0; i < len(fields); {
		j := i + 1
		for j < len(fields) && fields[j].name == fields[i].name {
			j++
		}
		if f, ok := dominant(fields[i:j]); ok {
			out = append(out, f)
		}
		i = j
	}
	sort.Slice(out, func(i, j int) bool { return indexLess(out[i].index, out[j].index) })
	return out
}

// dominant picks the field that Go's embedding rules, with json tags
// breaking ties, let a name refer to. fields share one name and are sorted
// by depth, tagged first. Ambiguity hides the name.
func dominant(fields []jsonField) (jsonField, bool) {
	depth := len(fields[0].index)
	tagged := -1
	n := 0
	for i, f := range fields {
		if len(f.index) > depth {
			break
		}
		n++
		if f.tagged {
			if tagged >= 0 {
				return jsonField{}, false
			}
			tagged = i
		}
	}
	if tagged >= 0 {
		return fields[tagged], true
	}
	if n > 1 {
		return jsonField{}, false
	}
	return fields[0], true
}

func indexLess(a, b []int) bool {
	for k := range a {
		if k >= len(b) {
			return false
		}
		if a[k] != b[k] {
			return a[k] < b[k]
		}
	}
	return len(a) < len(b)
}

// validName reports whether a json tag name is usable; encoding/json
// ignores other names and falls back to the Go field name.
func validName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if strings.ContainsRune("!#$%&()*+-./:<=>?@[]^_{|}~ ", c) {
			continue
		}
		if !unicode.IsLetter(c) && !unicode.IsDigit(c) {
			return false
		}
	}
	return true
}
