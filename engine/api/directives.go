package api

import (
	"fmt"
	"sort"
	"strings"

	"github.com/applylens/applylens/engine/document"
	"github.com/applylens/applylens/engine/fieldpath"
	"github.com/applylens/applylens/engine/kube"
)

// Directive names.
const (
	dirSetElementOrder         = kube.DirectiveSetElementOrder
	dirRetainKeys              = kube.DirectiveRetainKeys
	dirPatch                   = kube.DirectivePatch
	dirDeleteFromPrimitiveList = kube.DirectiveDeleteFromPrimitiveList
)

// directives lists the strategic-patch directives in a patch, in the
// order of the patch YAML (sorted keys, depth first), each with the lines
// of its key in the patch YAML and what it tells the server.
func directives(patch any, ix *document.Index) []Directive {
	out := []Directive{}
	var walk func(v any, path string)
	walk = func(v any, path string) {
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		add := func(name, key, field, meaning string) {
			d := Directive{Name: name, Path: field, Meaning: meaning}
			if l, e, ok := ix.Span(fieldpath.Key(path, key)); ok {
				d.Line, d.EndLine = l, e
			}
			out = append(out, d)
		}
		for _, k := range keys {
			e := m[k]
			switch {
			case k == dirPatch:
				add(dirPatch, k, path, patchMeaning(path, e))
			case k == dirRetainKeys:
				add(dirRetainKeys, k, path, fmt.Sprintf("When merging %s the server keeps only the keys listed here (%s) and clears any other key the live object has there: the options of this field exclude each other.", orRoot(path), listValues(e)))
			case strings.HasPrefix(k, dirSetElementOrder+"/"):
				list := strings.TrimPrefix(k, dirSetElementOrder+"/")
				add(dirSetElementOrder, k, fieldpath.Key(path, list), fmt.Sprintf("The file's order of %s (%s): after merging, the server sorts the list to follow it, and elements only the live object has keep their place among them.", list, orderValues(e)))
			case strings.HasPrefix(k, dirDeleteFromPrimitiveList+"/"):
				list := strings.TrimPrefix(k, dirDeleteFromPrimitiveList+"/")
				add(dirDeleteFromPrimitiveList, k, fieldpath.Key(path, list), fmt.Sprintf("Removes %s from the list %s: they were in the last-applied configuration but are no longer in the file.", listValues(e), list))
			default:
				switch t := e.(type) {
				case map[string]any:
					walk(t, fieldpath.Key(path, k))
				case []any:
					lp := fieldpath.Key(path, k)
					key := mergeKey(m, k, t)
					for i, el := range t {
						walk(el, fieldpath.Element(lp, i, el, key))
					}
				}
			}
		}
	}
	walk(patch, "")
	return out
}

// mergeKey guesses the merge key of the patch list m[k] without the
// schema: the single key of the $setElementOrder entries, or the one
// field besides $patch of a deleted element.
func mergeKey(m map[string]any, k string, list []any) string {
	if order, ok := m[dirSetElementOrder+"/"+k].([]any); ok {
		for _, o := range order {
			if om, ok := o.(map[string]any); ok && len(om) == 1 {
				for key := range om {
					return key
				}
			}
		}
	}
	for _, el := range list {
		if em, ok := el.(map[string]any); ok && len(em) == 2 {
			if _, ok := em[dirPatch]; ok {
				for key := range em {
					if key != dirPatch {
						return key
					}
				}
			}
		}
	}
	return ""
}

func patchMeaning(path string, v any) string {
	inList := strings.HasSuffix(path, "]")
	switch v {
	case "delete":
		if inList {
			return fmt.Sprintf("Deletes the element %s from the live list (its merge key identifies it; every element with that key goes).", path)
		}
		return fmt.Sprintf("Deletes the whole map %s from the live object.", orRoot(path))
	case "replace":
		if inList {
			return fmt.Sprintf("Replaces the list %s whole with the elements in this patch instead of merging them.", trimElement(path))
		}
		return fmt.Sprintf("Replaces %s whole with this patch's value instead of merging into it.", orRoot(path))
	case "merge":
		return fmt.Sprintf("Merges %s into the live value (the default).", orRoot(path))
	}
	return fmt.Sprintf("An unknown $patch value %v: the server rejects it.", v)
}

func trimElement(path string) string {
	if i := strings.LastIndexByte(path, '['); i > 0 {
		return path[:i]
	}
	return path
}

func orRoot(path string) string {
	if path == "" {
		return "the object"
	}
	return path
}

func listValues(v any) string {
	l, ok := v.([]any)
	if !ok || len(l) == 0 {
		return "none"
	}
	s := make([]string, len(l))
	for i, e := range l {
		s[i] = fieldpath.FormatValue(e)
	}
	return strings.Join(s, ", ")
}

// orderValues writes $setElementOrder entries: merge key values, or the
// primitives themselves.
func orderValues(v any) string {
	l, ok := v.([]any)
	if !ok || len(l) == 0 {
		return "empty"
	}
	s := make([]string, len(l))
	for i, e := range l {
		if m, ok := e.(map[string]any); ok && len(m) == 1 {
			for k, kv := range m {
				s[i] = k + "=" + fieldpath.FormatValue(kv)
			}
			continue
		}
		s[i] = fieldpath.FormatValue(e)
	}
	return strings.Join(s, ", ")
}
