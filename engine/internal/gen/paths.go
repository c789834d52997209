package gen

import (
	"maps"
	"slices"

	"github.com/applylens/applylens/engine/fieldpath"
)

// SpanPaths lists up to limit paths of v (keys, indexes, selectors on
// the keys of maps in lists) and paths that are not there: what a test
// asks an index of v's text the span of, to compare two ways of
// locating fields.
func SpanPaths(v any, limit int) []string {
	paths := []string{"", "nope", "[0]", "[name=x]", "a..b", "["}
	var walk func(v any, path string)
	walk = func(v any, path string) {
		if len(paths) >= limit {
			return
		}
		switch t := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(t))
			for k := range t {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			paths = append(paths, fieldpath.Key(path, "nope"))
			for _, k := range keys {
				p := fieldpath.Key(path, k)
				paths = append(paths, p, p+"[0]")
				walk(t[k], p)
			}
		case []any:
			paths = append(paths, fieldpath.Index(path, len(t)), path+".x", path+`[name="x"]`)
			for i, e := range t {
				p := fieldpath.Index(path, i)
				paths = append(paths, p)
				if m, ok := e.(map[string]any); ok {
					n := 0
					for _, k := range slices.Sorted(maps.Keys(m)) {
						switch m[k].(type) {
						case map[string]any, []any:
							continue
						}
						if n++; n > 3 {
							break
						}
						paths = append(paths, fieldpath.Selector(path, k, m[k]))
					}
				}
				walk(e, p)
			}
		}
	}
	walk(v, "")
	return paths
}
