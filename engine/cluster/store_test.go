package cluster

import (
	"fmt"
	"maps"
	"testing"
)

// TestObjectStore: a store and its clones change independently, whatever
// each does after the clone, and each holds (in all and by kind) what a
// plain map given the same writes holds.
func TestObjectStore(t *testing.T) {
	// Three kinds, each in parts of its own.
	kinds := []string{"ConfigMap", "Secret", "Service"}
	key := func(i int) objectKey {
		return objectKey{Kind: kinds[i%3], Namespace: "default", Name: fmt.Sprint("o-", i)}
	}
	obj := func(i, version int) map[string]any { return map[string]any{"i": i, "v": version} }
	type op struct {
		set    bool
		i, ver int
	}
	// writes are many keys (more than the buckets), rewrites and removals.
	writes := func(from, n, ver int) []op {
		var ops []op
		for i := from; i < from+n; i++ {
			ops = append(ops, op{set: true, i: i, ver: ver})
			if i%3 == 0 {
				ops = append(ops, op{set: false, i: i / 2})
			}
		}
		return ops
	}
	play := func(s *objectStore, m map[objectKey]map[string]any, ops []op) {
		for _, o := range ops {
			if o.set {
				s.set(key(o.i), obj(o.i, o.ver))
				m[key(o.i)] = obj(o.i, o.ver)
			} else {
				s.remove(key(o.i))
				delete(m, key(o.i))
			}
		}
	}
	check := func(t *testing.T, name string, s *objectStore, m map[objectKey]map[string]any) {
		t.Helper()
		got := maps.Collect(s.all())
		if s.len() != len(m) || len(got) != len(m) {
			t.Errorf("%s: len %d, %d yielded, want %d", name, s.len(), len(got), len(m))
		}
		for k, want := range m {
			if o := s.get(k); fmt.Sprint(o) != fmt.Sprint(want) || fmt.Sprint(got[k]) != fmt.Sprint(want) {
				t.Errorf("%s: %v is %v (yielded %v), want %v", name, k, o, got[k], want)
			}
		}
		if s.get(objectKey{Kind: "ConfigMap", Namespace: "default", Name: "never"}) != nil {
			t.Errorf("%s: found a key never stored", name)
		}
		for _, kind := range append(kinds, "Pod") {
			got := maps.Collect(s.ofKind("", kind))
			n := 0
			for k, want := range m {
				if k.Kind == kind {
					n++
					if fmt.Sprint(got[k]) != fmt.Sprint(want) {
						t.Errorf("%s: %s: %v yielded %v, want %v", name, kind, k, got[k], want)
					}
				}
			}
			if len(got) != n {
				t.Errorf("%s: %d %s yielded, want %d", name, len(got), kind, n)
			}
		}
	}
	cases := []struct {
		name                string
		before, parent, kid []op
	}{
		{"only the clone writes", writes(0, 600, 1), nil, writes(300, 600, 2)},
		{"only the parent writes", writes(0, 600, 1), writes(300, 600, 2), nil},
		{"both write the same keys", writes(0, 600, 1), writes(100, 600, 2), writes(100, 600, 3)},
		{"empty before", nil, writes(0, 50, 2), writes(0, 50, 3)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, m := newObjectStore(), map[objectKey]map[string]any{}
			play(s, m, tc.before)
			kid, km := s.clone(), maps.Clone(m)
			grandkid, gm := kid.clone(), maps.Clone(km)
			play(s, m, tc.parent)
			play(kid, km, tc.kid)
			check(t, "parent", s, m)
			check(t, "clone", kid, km)
			check(t, "clone of the clone", grandkid, gm)
		})
	}
}
