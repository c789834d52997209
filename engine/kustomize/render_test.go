package kustomize

import (
	"bytes"
	"testing"

	yaml2 "go.yaml.in/yaml/v2"
)

// TestJSONRoundTrip checks renderValues' shortcut against kustomize's way
// (JSON written, read back by yaml.v2): where the shortcut answers, the
// YAML must be the same bytes; the values it must leave to the JSON way
// are named.
func TestJSONRoundTrip(t *testing.T) {
	cases := []struct {
		name   string
		values map[string]any
		direct bool
	}{
		{"scalars", map[string]any{"s": "web", "n": 3, "neg": -42, "big": 1 << 62, "b": true, "null": nil}, true},
		{"strings YAML would read otherwise", map[string]any{"a": "yes", "b": "12", "c": "1.5", "d": "null", "e": "~", "f": "a: b", "g": "- x", "h": "", "i": " lead", "j": "#c"}, true},
		{"HTML characters JSON escapes", map[string]any{"h": "<a href=\"x\">&amp;</a>", "q": "it's \\ \"quoted\""}, true},
		{"newlines and tabs", map[string]any{"script": "#!/bin/sh\necho\thi\n", "trail": "a\n\n"}, true},
		{"nesting and empties", map[string]any{"m": map[string]any{"l": []any{1, "x", nil, map[string]any{}, []any{}}}, "e": map[string]any{}}, true},
		{"keys YAML would read otherwise", map[string]any{"true": 1, "1": 2, "null": 3, "": 4, "a b": 5}, true},
		{"float", map[string]any{"f": 1.0}, false},
		{"float in a list", map[string]any{"l": []any{"a", 2.5}}, false},
		{"non-ASCII", map[string]any{"s": "café"}, false},
		{"DEL", map[string]any{"s": "a\x7f"}, false},
		{"carriage return", map[string]any{"s": "a\r\n"}, false},
		{"merge key", map[string]any{"<<": "x"}, false},
		{"non-ASCII key", map[string]any{"é": "x"}, false},
		{"int64", map[string]any{"i": int64(1)}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, ok := jsonRoundTrip(c.values)
			if ok != c.direct {
				t.Fatalf("jsonRoundTrip answered %v, want %v", ok, c.direct)
			}
			if !ok {
				return
			}
			got, err := yaml2.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			want, err := renderJSON(c.values)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("direct:\n%s\nkustomize's way:\n%s", got, want)
			}
		})
	}
}
