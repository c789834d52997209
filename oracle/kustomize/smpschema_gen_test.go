package kustomize

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"sigs.k8s.io/kustomize/kyaml/openapi"
	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"
)

// smpDepth bounds the walk of a kind's schema: a kind whose schema is
// deeper (a CRD's recursive JSONSchemaProps) is listed as recursive, and the
// engine refuses to merge into it.
const smpDepth = 24

// mergeLists walks kyaml's schema of every kind it knows (its embedded
// v1.21.2 swagger) as walk.Walker does (Field, with additionalProperties as
// "*", and Elements as "[]"), and lists the lists that have a patch
// strategy, with their merge keys (PatchStrategyAndKeyList).
func mergeLists(t *testing.T) (lists map[string]string, recursive []string) {
	lists = map[string]string{}
	for tm := range precomputedScope(t) {
		rs := openapi.SchemaForResourceType(tm)
		if rs == nil {
			continue
		}
		prefix := tm.APIVersion + " " + tm.Kind + " "
		found := map[string]string{}
		if !walkSchema(rs, nil, 0, found) {
			recursive = append(recursive, tm.APIVersion+" "+tm.Kind)
			continue
		}
		for p, v := range found {
			lists[prefix+p] = v
		}
	}
	sort.Strings(recursive)
	return lists, recursive
}

func walkSchema(rs *openapi.ResourceSchema, path []string, depth int, out map[string]string) bool {
	if rs == nil || rs.Schema == nil {
		return true
	}
	if depth > smpDepth {
		return false
	}
	if len(rs.Schema.Type) == 1 && rs.Schema.Type[0] == "array" {
		if strategy, keys := rs.PatchStrategyAndKeyList(); strategy != "" {
			out[strings.Join(path, "/")] = strategy + " " + strings.Join(keys, ",")
		}
		return walkSchema(rs.Elements(), append(path, "[]"), depth+1, out)
	}
	_, hasAV := rs.Schema.Properties["apiVersion"]
	_, hasKind := rs.Schema.Properties["kind"]
	if hasAV && hasKind && depth > 0 {
		out[strings.Join(path, "/")] = "typed"
	}
	var names []string
	for n := range rs.Schema.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if !walkSchema(rs.Field(n), append(append([]string(nil), path...), n), depth+1, out) {
			return false
		}
	}
	if ap := rs.Schema.AdditionalProperties; ap != nil && ap.Schema != nil {
		if !walkSchema(rs.Field("\x00"), append(append([]string(nil), path...), "*"), depth+1, out) {
			return false
		}
	}
	return true
}

func writeMergeLists(t *testing.T, b *strings.Builder) {
	lists, recursive := mergeLists(t)
	var keys []string
	for k := range lists {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	b.WriteString("// kyamlMergeLists holds the lists kyaml's schema (its embedded v1.21.2\n")
	b.WriteString("// swagger) gives a patch strategy: \"apiVersion kind path\" (path with \"[]\"\n")
	b.WriteString("// for a list's elements and \"*\" for any key of a map) to \"strategy keys\".\n")
	b.WriteString("// \"typed\" marks a map whose schema has apiVersion and kind properties.\n")
	b.WriteString("// Every other list of a kind kyaml knows, and every list of a kind it does\n")
	b.WriteString("// not, is replaced by a strategic merge patch.\n")
	b.WriteString("var kyamlMergeLists = map[string]string{\n")
	for _, k := range keys {
		fmt.Fprintf(b, "\t%q: %q,\n", k, lists[k])
	}
	b.WriteString("}\n\n")
	b.WriteString("// kyamlRecursiveSchemas lists the kinds whose schema is recursive (deeper\n")
	b.WriteString("// than the walk that made kyamlMergeLists): the engine does not merge into them.\n")
	b.WriteString("var kyamlRecursiveSchemas = map[string]bool{\n")
	for _, k := range recursive {
		fmt.Fprintf(b, "\t%q: true,\n", k)
	}
	b.WriteString("}\n\n")
	b.WriteString("// kyamlSchemaKinds lists every kind kyaml has a schema for.\n")
	b.WriteString("var kyamlSchemaKinds = map[string]bool{\n")
	var kinds []string
	for tm := range precomputedScope(t) {
		if openapi.SchemaForResourceType(tm) != nil {
			kinds = append(kinds, tm.APIVersion+" "+tm.Kind)
		}
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		fmt.Fprintf(b, "\t%q: true,\n", k)
	}
	b.WriteString("}\n")
	_ = kyaml.TypeMeta{}
}
