package schema

import "testing"

func TestFoldMatch(t *testing.T) {
	tests := []struct {
		name, field, key string
		want             bool
	}{
		{"same", "spec", "spec", true},
		{"upper key", "spec", "SPEC", true},
		{"upper field", "Spec", "spec", true},
		{"kelvin for k", "kind", "\u212aind", true},
		{"kelvin for K", "Kind", "\u212aIND", true},
		{"long s for s", "spec", "\u017fpec", true},
		{"long s for k", "kind", "\u017find", false},
		{"kelvin for s", "spec", "\u212apec", false},
		{"kelvin in the field name", "\u212aind", "kind", true},
		{"kelvin field, long s key", "\u212aind", "\u017find", false},
		{"digits must be equal", "v1", "V1", true},
		{"punctuation is not folded", "a_b", "a\x7fb", false},
		{"at sign is not a letter", "a@", "a`", false},
		{"bracket is not a letter", "a[", "a{", false},
		{"shorter key", "spec", "spe", false},
		{"longer key", "spec", "specs", false},
		{"empty both", "", "", true},
		{"empty key", "x", "", false},
		{"non-ASCII field", "ünï", "ÜNÏ", true},
		{"sharp s does not expand", "straße", "STRASSE", false},
		{"invalid UTF-8 key", "s", "\xc5", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := foldMatch(tt.field, tt.key); got != tt.want {
				t.Errorf("foldMatch(%q, %q) = %v, want %v", tt.field, tt.key, got, tt.want)
			}
		})
	}
}

func TestSplitStrategies(t *testing.T) {
	tests := []struct {
		tag  string
		want []string
	}{
		{"", []string{""}},
		{"merge", []string{"merge"}},
		{"merge,retainKeys", []string{"merge", "retainKeys"}},
		{"retainKeys", []string{"retainKeys"}},
		{"replace", []string{"replace"}},
		{"a,,b", []string{"a", "", "b"}},
	}
	for _, tt := range tests {
		t.Run(tt.tag, func(t *testing.T) {
			got := splitStrategies(tt.tag)
			if len(got) != len(tt.want) {
				t.Fatalf("%q, want %q", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("%q, want %q", got, tt.want)
				}
			}
		})
	}
}
