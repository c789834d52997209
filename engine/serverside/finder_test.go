package serverside_test

import (
	"fmt"
	"math/rand"
	"reflect"
	"testing"

	"github.com/applylens/applylens/engine/serverside"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
	"sigs.k8s.io/structured-merge-diff/v6/value"
)

// finderObject has a keyed list and a set of n elements each, with what
// makes a lookup hard: duplicate keys (the first one is found), elements
// without a key field or that are not maps, numbers written as floats,
// nested lists.
func finderObject(n int) map[string]any {
	var keyed, set []any
	for i := range n {
		e := map[string]any{"name": fmt.Sprintf("c-%d", i%(n-n/4)), "image": fmt.Sprintf("nginx:%d", i)}
		switch i % 7 {
		case 1:
			e["port"] = int64(80 + i)
		case 2:
			e["port"] = float64(80 + i) // encodes as an integer
		case 3:
			e["port"] = 80.5
		case 4:
			e["ports"] = []any{map[string]any{"containerPort": int64(i)}, map[string]any{"containerPort": int64(i), "protocol": "UDP"}}
		}
		keyed = append(keyed, e)
		switch i % 5 {
		case 0:
			set = append(set, fmt.Sprintf("v-%d", i%(n-n/4)))
		case 1:
			set = append(set, int64(i))
		case 2:
			set = append(set, float64(i)+0.25)
		case 3:
			set = append(set, map[string]any{"a": i})
		default:
			set = append(set, nil)
		}
	}
	keyed = append(keyed, "not a map", nil, []any{"a list"})
	return map[string]any{"spec": map[string]any{"keyed": keyed, "set": set, "name": "x"}}
}

// finderPaths are paths to every element of finderObject(n) and below
// it, and paths to nothing.
func finderPaths(n int) []fieldpath.Path {
	var paths []fieldpath.Path
	add := func(parts ...any) { paths = append(paths, fieldpath.MakePathOrDie(parts...)) }
	for i := range n + 3 {
		name := fmt.Sprintf("c-%d", i)
		add("spec", "keyed", fieldpath.KeyByFields("name", name))
		add("spec", "keyed", fieldpath.KeyByFields("name", name), "image")
		add("spec", "keyed", fieldpath.KeyByFields("name", name), "absent")
		add("spec", "keyed", fieldpath.KeyByFields("name", name, "port", int64(80+i)))
		add("spec", "keyed", fieldpath.KeyByFields("name", name, "port", float64(80+i)))
		add("spec", "keyed", fieldpath.KeyByFields("name", name, "port", 80.5))
		add("spec", "keyed", fieldpath.KeyByFields("name", name, "port", nil))
		add("spec", "keyed", fieldpath.KeyByFields("name", name), "ports", fieldpath.KeyByFields("containerPort", int64(i)))
		add("spec", "keyed", fieldpath.KeyByFields("name", name), "ports", fieldpath.KeyByFields("containerPort", int64(i), "protocol", "UDP"), "protocol")
		add("spec", "keyed", i)
		add("spec", "keyed", i, "image")
		add("spec", "set", value.NewValueInterface(fmt.Sprintf("v-%d", i)))
		add("spec", "set", value.NewValueInterface(int64(i)))
		add("spec", "set", value.NewValueInterface(float64(i)+0.25))
		add("spec", "set", value.NewValueInterface(map[string]any{"a": int64(i)}))
		add("spec", "set", i)
	}
	add("spec", "keyed", fieldpath.KeyByFields("image", "nginx:1", "name", "c-1"))
	add("spec", "keyed", -1)
	add("spec", "set", value.NewValueInterface(nil))
	add("spec", "name", fieldpath.KeyByFields("name", "c-1"))
	add("spec", "set", "name")
	add("spec")
	add()
	return paths
}

// TestFinder: a Finder finds what Lookup and DocumentPath find (the same
// element: its index is in the document path), for paths in any order,
// in lists scanned and lists indexed.
func TestFinder(t *testing.T) {
	for _, n := range []int{4, 15, 16, 17, 60, 300} {
		obj := finderObject(n)
		paths := finderPaths(n)
		orders := map[string][]fieldpath.Path{"in order": paths, "reversed": nil, "shuffled": nil}
		for i := range paths {
			orders["reversed"] = append(orders["reversed"], paths[len(paths)-1-i])
		}
		shuffled := append([]fieldpath.Path(nil), paths...)
		rand.New(rand.NewSource(int64(n))).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		orders["shuffled"] = shuffled
		for name, order := range orders {
			t.Run(fmt.Sprintf("n=%d/%s", n, name), func(t *testing.T) {
				values, docs := serverside.NewFinder(obj), serverside.NewPathFinder(obj)
				found := 0
				for _, p := range order {
					want, wantOK := serverside.Lookup(obj, p)
					got, gotOK := values.Lookup(p)
					if wantOK != gotOK || !reflect.DeepEqual(got, want) {
						t.Fatalf("Lookup(%s) = %v, %v; want %v, %v", p, got, gotOK, want, wantOK)
					}
					wantDoc, wantOK := serverside.DocumentPath(obj, p)
					gotDoc, gotOK := docs.DocumentPath(p)
					if wantOK != gotOK || gotDoc != wantDoc {
						t.Fatalf("DocumentPath(%s) = %q, %v; want %q, %v", p, gotDoc, gotOK, wantDoc, wantOK)
					}
					if wantOK {
						found++
					}
				}
				// The paths do reach elements (and miss others).
				if found < n || found == len(order) {
					t.Fatalf("%d of %d paths found", found, len(order))
				}
			})
		}
	}
	t.Run("nil object", func(t *testing.T) {
		f := serverside.NewPathFinder(nil)
		if _, ok := serverside.NewFinder(nil).Lookup(fieldpath.Path{}); ok {
			t.Error("Lookup in nil found the empty path")
		}
		if d, ok := f.DocumentPath(fieldpath.Path{}); !ok || d != "" {
			t.Errorf("DocumentPath(nil, empty) = %q, %v", d, ok)
		}
		if _, ok := f.DocumentPath(fieldpath.MakePathOrDie("spec")); ok {
			t.Error("DocumentPath(nil, spec) found it")
		}
	})
}
