//go:build !js

package strategic_test

import (
	"github.com/applylens/applylens/engine/internal/gen"
	"github.com/applylens/applylens/engine/jsonvalue"
)

// shrinkTriple reduces a failing triple while fails still holds: it drops
// the original document, then removes or empties one JSON node at a time,
// largest first, until no single step keeps the failure. The result is the
// repro reported to the engine's authors.
func shrinkTriple(tr gen.Triple, fails func(gen.Triple) bool) gen.Triple {
	budget := 5000
	try := func(c gen.Triple) bool {
		if budget <= 0 {
			return false
		}
		budget--
		return fails(c)
	}
	if tr.Original != nil {
		c := tr
		c.Original = nil
		if try(c) {
			tr = c
		}
	}
	docs := []*[]byte{&tr.Original, &tr.Modified, &tr.Current}
	for changed := true; changed && budget > 0; {
		changed = false
		for _, d := range docs {
			if *d == nil {
				continue
			}
			v, err := jsonvalue.Decode(*d)
			if err != nil {
				continue
			}
			for _, cand := range reductions(v) {
				b, err := jsonvalue.Encode(cand)
				if err != nil {
					continue
				}
				old := *d
				*d = b
				if try(tr) {
					changed = true
					break
				}
				*d = old
			}
		}
	}
	return tr
}

// reductions lists the trees one step smaller than v: each node removed,
// and each non-empty object or list emptied, in pre-order.
func reductions(v any) []any {
	var out []any
	var visit func(path []any, node any)
	visit = func(path []any, node any) {
		if len(path) > 0 {
			out = append(out, edited(v, path, nil, true))
		}
		switch t := node.(type) {
		case map[string]any:
			if len(t) > 0 && len(path) > 0 {
				out = append(out, edited(v, path, map[string]any{}, false))
			}
			for _, k := range sortedNames(t) {
				visit(append(path[:len(path):len(path)], k), t[k])
			}
		case []any:
			if len(t) > 0 {
				out = append(out, edited(v, path, []any{}, false))
			}
			for i, e := range t {
				visit(append(path[:len(path):len(path)], i), e)
			}
		}
	}
	visit(nil, v)
	return out
}

// edited copies tree with the node at path removed, or replaced by repl.
func edited(tree any, path []any, repl any, remove bool) any {
	if len(path) == 0 {
		return repl
	}
	switch t := tree.(type) {
	case map[string]any:
		c := make(map[string]any, len(t))
		for k, e := range t {
			c[k] = e
		}
		k := path[0].(string)
		if len(path) == 1 && remove {
			delete(c, k)
		} else {
			c[k] = edited(t[k], path[1:], repl, remove)
		}
		return c
	case []any:
		i := path[0].(int)
		c := make([]any, 0, len(t))
		for j, e := range t {
			switch {
			case j != i:
				c = append(c, e)
			case len(path) == 1 && remove:
			default:
				c = append(c, edited(e, path[1:], repl, remove))
			}
		}
		return c
	}
	return tree
}
