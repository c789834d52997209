// Package typeerr says in plain words the errors about a value of the
// wrong type that kubectl and the API server report in Go's own syntax:
// structured-merge-diff's "expected string, got
// &value.valueUnstructured{Value:map[string]interface {}{}}", strategic
// merge's "expected a []interface {}, but received a %!s(<nil>)", its
// "list element types are not identical: [[a] [map[b:1]]]" and a merge
// key that is a map. Those texts stay exact (the page shows them folded);
// Explain is the line the page shows above them.
package typeerr

import (
	"regexp"
	"strings"
	"sync"
)

// Compiled on first use, not at package init: they match error messages
// only, and a wasm engine's start should not pay for them.
var (
	// typed is structured-merge-diff's conversion error, as the API server
	// wraps it for the object it applies (the file) or the live object.
	typed = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^failed to (create typed (patch|live) object|create manager for existing fields: failed to convert new object) \(([^;()]*); [^()]*Kind=([^()]*)\)`)
	})
	// typedField is one field of it: ".spec.replicas: expected numeric (int or float), got map[string]interface {}".
	typedField = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)(\.\S+): expected (.+?), got (.+)$`) })
	// patchAt is strategic merge's error at a field: computing the patch
	// (kubectl) or applying it (the API server).
	patchAt = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(creating patch|applying patch locally): (\S+): `) })
	// badArg is a value of another type than the one merged with.
	badArg = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^expected a (.+), but received a (.+)$`) })
	// uncomparable is a merge key (or merged list item) that is a map or list.
	uncomparable = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^runtime error: comparing uncomparable type (map\[string\]interface \{\}|\[\]interface \{\}|\S+) \(value `)
	})
	// noMergeKey is a list element without the list's merge key.
	noMergeKey = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?s)^map: .* does not contain declared merge key: (\S+)$`)
	})
)

// Explain returns one line in plain words for message, naming the fields
// and the kinds of values; "" when message is none of these errors.
func Explain(message string) string {
	if m := typed().FindStringSubmatch(message); m != nil {
		who := "the file"
		if m[2] != "patch" {
			who = "the live object"
		}
		var parts []string
		fields := typedField().FindAllStringSubmatch(message[len(m[0]):], -1)
		for i, f := range fields {
			if i == 3 {
				parts = append(parts, "and more (see the server's message)")
				break
			}
			parts = append(parts, f[1]+" must be "+expected(f[2])+", not "+got(f[3]))
		}
		if len(parts) == 0 {
			return ""
		}
		return "The API server cannot read " + who + " as a " + strings.TrimSpace(m[4]) + " of its schema: " + strings.Join(parts, "; ") + "."
	}
	m := patchAt().FindStringSubmatch(message)
	if m == nil {
		return ""
	}
	who, path, rest := "kubectl cannot compute the patch", m[2], message[len(m[0]):]
	if m[1] == "applying patch locally" {
		who = "The API server cannot merge the patch into the live object"
	}
	switch {
	case strings.HasPrefix(rest, "list element types are not identical: "):
		return who + ": the list " + path + " has elements of different kinds (a map or a list among plain values, say) in the file, the live object or last-applied, and its elements are compared one by one. Make every element of one kind."
	case strings.HasPrefix(rest, "The order in patch list:"):
		return who + ": the list " + path + " has two elements with the same merge key (or one without it), so the patch's elements cannot be put in the file's order ($setElementOrder). Give each element its own key."
	}
	if a := badArg().FindStringSubmatch(rest); a != nil {
		return who + " at " + path + ": one has " + goType(a[1]) + " there, the other " + goType(a[2]) + "."
	}
	if u := uncomparable().FindStringSubmatch(rest); u != nil {
		return who + ": in the list " + path + " a merge key, or an element of a list of plain values, is " + goType(u[1]) + ", where it must be a string, number or boolean."
	}
	if k := noMergeKey().FindStringSubmatch(rest); k != nil {
		return who + ": an element of the list " + path + " has no " + k[1] + ", the key its elements are merged by. Give every element a " + k[1] + "."
	}
	return ""
}

// expected names structured-merge-diff's expected type.
func expected(s string) string {
	switch s {
	case "string":
		return "a string"
	case "numeric (int or float)":
		return "a number"
	case "map":
		return "a map"
	case "list":
		return "a list"
	case "any scalar":
		return "a string, number or boolean"
	case "bool", "boolean":
		return "true or false"
	}
	return "of type " + s
}

// got names the kind of value structured-merge-diff found, from how Go
// printed it.
func got(s string) string {
	s = strings.TrimSpace(s)
	if v, ok := strings.CutPrefix(s, "&value.valueUnstructured{Value:"); ok {
		return literal(strings.TrimSuffix(v, "}"))
	}
	if v, ok := strings.CutPrefix(s, "&{"); ok {
		return literal(v)
	}
	return goType(s)
}

// literal names the kind of a value printed with %v or %#v.
func literal(v string) string {
	switch {
	case strings.HasPrefix(v, "map["):
		return "a map"
	case strings.HasPrefix(v, "[]interface"), strings.HasPrefix(v, "["):
		return "a list"
	case v == "true" || v == "false":
		return "a boolean"
	case strings.HasPrefix(v, `"`):
		return "a string"
	case strings.HasPrefix(v, "<nil>"), strings.HasPrefix(v, "interface {}(nil)"):
		return "null"
	case v != "" && (v[0] == '-' || (v[0] >= '0' && v[0] <= '9')):
		return "a number"
	}
	return "a value of another kind"
}

// goType names a Go type as the value it holds.
func goType(t string) string {
	switch strings.TrimSpace(t) {
	case "map[string]interface {}", "map[string]interface{}":
		return "a map"
	case "[]interface {}", "[]interface{}":
		return "a list"
	case "string":
		return "a string"
	case "bool":
		return "a boolean"
	case "int64", "float64", "int", "int32":
		return "a number"
	case "%!s(<nil>)", "<nil>":
		return "null"
	}
	return "a value of another kind"
}
