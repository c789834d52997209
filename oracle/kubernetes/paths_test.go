package kubernetes

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
)

// differences lists where after differs from before, written independently
// of engine/apiserver with the merge keys of k8s.io's struct tags (through
// strategicpatch): leaves of maps (a map that appears empty is a leaf),
// lists element by element when they keep their length, otherwise whole.
func differences(obj runtime.Object, before, after map[string]any) []string {
	meta, err := strategicpatch.NewPatchMetaFromStruct(obj)
	if err != nil {
		panic(err)
	}
	var out []string
	diffMap(&out, "", meta, true, before, after)
	sort.Strings(out)
	return out
}

func diffMap(out *[]string, path string, meta strategicpatch.LookupPatchMeta, known bool, b, a map[string]any) {
	seen := map[string]bool{}
	for _, m := range []map[string]any{a, b} {
		for k := range m {
			if seen[k] {
				continue
			}
			seen[k] = true
			bv, av := b[k], a[k]
			if bv == nil && av == nil {
				continue
			}
			diffVal(out, key(path, k), meta, known, k, bv, av)
		}
	}
}

func diffVal(out *[]string, path string, meta strategicpatch.LookupPatchMeta, known bool, k string, b, a any) {
	switch at := a.(type) {
	case map[string]any:
		bt, ok := b.(map[string]any)
		if len(at) == 0 {
			if !ok {
				*out = append(*out, path)
			}
			return
		}
		var sub strategicpatch.LookupPatchMeta
		subKnown := false
		if known {
			if s, _, err := meta.LookupPatchMetadataForStruct(k); err == nil {
				sub, subKnown = s, true
			}
		}
		diffMap(out, path, sub, subKnown, bt, at)
		return
	case []any:
		bt, ok := b.([]any)
		if !ok || len(bt) != len(at) {
			*out = append(*out, path)
			return
		}
		var sub strategicpatch.LookupPatchMeta
		subKnown, mergeKey := false, ""
		if known {
			if s, pm, err := meta.LookupPatchMetadataForSlice(k); err == nil {
				sub, subKnown, mergeKey = s, true, pm.GetPatchMergeKey()
			}
		}
		for i := range at {
			ep := fmt.Sprintf("%s[%d]", path, i)
			if m, ok := at[i].(map[string]any); ok && mergeKey != "" {
				if v, ok := m[mergeKey]; ok {
					ep = selector(path, mergeKey, v, ep)
				}
			}
			bm, bok := bt[i].(map[string]any)
			am, aok := at[i].(map[string]any)
			if bok && aok {
				diffMap(out, ep, sub, subKnown, bm, am)
			} else if !reflect.DeepEqual(bt[i], at[i]) {
				*out = append(*out, ep)
			}
		}
		return
	}
	if !reflect.DeepEqual(b, a) {
		*out = append(*out, path)
	}
}

// key and selector write engine/document's path syntax.
func key(path, k string) string {
	bare := k != ""
	for _, r := range k {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '$') {
			bare = false
		}
	}
	if !bare {
		return path + "[" + strconv.Quote(k) + "]"
	}
	if path == "" {
		return k
	}
	return path + "." + k
}

func selector(path, k string, v any, fallback string) string {
	switch t := v.(type) {
	case string:
		s := t
		if t == "" || strings.ContainsAny(t, "[]=\"\\ \t\n") || t == "true" || t == "false" || t == "null" {
			s = strconv.Quote(t)
		} else if _, err := strconv.ParseFloat(t, 64); err == nil {
			s = strconv.Quote(t)
		}
		return path + "[" + k + "=" + s + "]"
	case int64:
		return path + "[" + k + "=" + strconv.FormatInt(t, 10) + "]"
	}
	return fallback
}
