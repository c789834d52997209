package apiserver

import (
	"reflect"
	"sort"

	"github.com/applylens/applylens/engine/fieldpath"
	"github.com/applylens/applylens/engine/schema"
)

// changedPaths lists, sorted, where after differs from before: the leaves
// of maps (a map that appears empty is a leaf), and lists element by
// element when both have the same length, otherwise the list as a whole.
// Elements of lists merged by a key are named by it ([name=nginx]).
func changedPaths(apiVersion, kind string, before, after map[string]any) []string {
	node, ok := schema.Builtin.Root(apiVersion, kind)
	if !ok {
		node = nil
	}
	var paths []string
	diffMaps(&paths, "", node, before, after)
	sort.Strings(paths)
	return paths
}

func diffMaps(paths *[]string, path string, node schema.Node, before, after map[string]any) {
	keys := make([]string, 0, len(after)+len(before))
	for k := range after {
		keys = append(keys, k)
	}
	for k := range before {
		if _, ok := after[k]; !ok {
			keys = append(keys, k)
		}
	}
	for _, k := range keys {
		b, a := before[k], after[k]
		if b == nil && a == nil {
			continue
		}
		diffValues(paths, fieldpath.Key(path, k), node, k, b, a)
	}
}

// diffValues compares the values of field key (of the type at node).
func diffValues(paths *[]string, path string, node schema.Node, key string, b, a any) {
	switch at := a.(type) {
	case map[string]any:
		bt, ok := b.(map[string]any)
		if !ok {
			bt = nil
		}
		if len(at) == 0 {
			if !ok {
				*paths = append(*paths, path)
			}
			return
		}
		diffMaps(paths, path, fieldNode(node, key), bt, at)
		return
	case []any:
		bt, ok := b.([]any)
		if !ok || len(bt) != len(at) {
			*paths = append(*paths, path)
			return
		}
		var items schema.Node
		var mergeKey string
		if node != nil {
			if n, meta, err := node.Items(key); err == nil {
				items, mergeKey = n, meta.MergeKey
			}
		}
		for i := range at {
			ep := fieldpath.Element(path, i, at[i], mergeKey)
			bm, bok := bt[i].(map[string]any)
			am, aok := at[i].(map[string]any)
			if bok && aok {
				diffMaps(paths, ep, items, bm, am)
			} else if !reflect.DeepEqual(bt[i], at[i]) {
				*paths = append(*paths, ep)
			}
		}
		return
	}
	if !reflect.DeepEqual(b, a) {
		*paths = append(*paths, path)
	}
}

func fieldNode(node schema.Node, key string) schema.Node {
	if node == nil {
		return nil
	}
	n, _, err := node.Field(key)
	if err != nil {
		return nil
	}
	return n
}
