package explain

import (
	"fmt"
	"testing"
)

// TestIndexList checks the indexes of short and long lists alike: first
// of twins (or last with lastWins), elements without the key skipped.
func TestIndexList(t *testing.T) {
	elem := func(name any, value string) any { return map[string]any{"name": name, "value": value} }
	list := func(n int) []any {
		l := []any{"not a map", map[string]any{"value": "no key"}}
		for i := range n {
			l = append(l, elem(fmt.Sprint("e", i), "first"))
		}
		return append(l, elem("e0", "twin"), elem(int64(7), "int"), elem("7", "string twin"))
	}
	tests := []struct {
		name     string
		n        int
		lastWins bool
		want     map[string]string // key text -> value of the element found
		count    int
	}{
		{"short", 3, false, map[string]string{"e0": "first", "e2": "first", "7": "int"}, 4},
		{"short, last wins", 3, true, map[string]string{"e0": "twin", "7": "string twin"}, 4},
		{"long", 40, false, map[string]string{"e0": "first", "e39": "first", "7": "int"}, 41},
		{"long, last wins", 40, true, map[string]string{"e0": "twin", "e39": "first", "7": "string twin"}, 41},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var sc scratch
			kl := sc.indexList(list(tc.n), "name", tc.lastWins)
			if len(kl.entries) != tc.count {
				t.Errorf("%d entries, want %d", len(kl.entries), tc.count)
			}
			for key, value := range tc.want {
				e, ok := kl.get(key)
				if !ok || e["value"] != value {
					t.Errorf("get(%s) = %v, %v; want value %s", key, e, ok, value)
				}
				if i := kl.find(key); kl.findAt(key, i) != i || kl.findAt(key, i+1) != i {
					t.Errorf("findAt(%s) disagrees with find", key)
				}
			}
			if kl.has("absent") || kl.findAt("absent", 0) >= 0 {
				t.Error("found an absent key")
			}
		})
	}
}
