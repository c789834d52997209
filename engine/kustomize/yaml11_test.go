package kustomize

import "testing"

// TestPlainYAML11String checks the shortcut against yaml.v2's own reading:
// wherever the shortcut answers "a string", the parser must agree, and the
// cases name the values that must go to the parser.
func TestPlainYAML11String(t *testing.T) {
	cases := []struct {
		name, value string
		plain       bool
	}{
		{"empty", "", false},
		{"word", "web", true},
		{"name with dashes and digits", "my-app-v2", true},
		{"image path", "registry.k8s.io/pause", true},
		{"word starting with a map letter", "tier", true},
		{"yes", "yes", false},
		{"Yes", "Yes", false},
		{"y", "y", false},
		{"N", "N", false},
		{"on", "on", false},
		{"OFF", "OFF", false},
		{"true", "true", false},
		{"False", "False", false},
		{"null", "null", false},
		{"NULL", "NULL", false},
		{"tilde", "~", false},
		{"integer", "12", false},
		{"float", "1.5", false},
		{"signed", "-1", false},
		{"dot float", ".inf", false},
		{"timestamp", "2001-12-14", false},
		{"colon", "a:b", false},
		{"mapping", "a: b", false},
		{"comment", "a #b", false},
		{"space", "a b", true},
		{"two spaces", "a  b", false},
		{"trailing space", "yes ", false},
		{"list", "default,prod", true},
		{"assignment", "a=b", true},
		{"leading comma", ",a", false},
		{"tab", "a\tb", false},
		{"quote", "a'b", false},
		{"flow", "[a]", false},
		{"alias", "*a", false},
		{"tag", "!a", false},
		{"document start", "---", false},
		{"non-ASCII", "é", false},
		{"newline", "a\nb", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := plainYAML11String(c.value); got != c.plain {
				t.Errorf("plainYAML11String(%q) = %v, want %v", c.value, got, c.plain)
			}
			if plainYAML11String(c.value) && parsedYAML11NonString(c.value) {
				t.Errorf("%q: the shortcut says string, yaml.v2 does not", c.value)
			}
		})
	}
}

// FuzzPlainYAML11String: the shortcut never calls a string what yaml.v2
// reads as something else.
func FuzzPlainYAML11String(f *testing.F) {
	for _, s := range []string{"web", "yes", "Yes1", "a.b/c-d_e", "n0", "true-ish", "NULLx", "o", "t", "a b,c=d", "yes no", "y ", "on,off"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if plainYAML11String(s) && parsedYAML11NonString(s) {
			t.Errorf("%q: the shortcut says string, yaml.v2 does not", s)
		}
	})
}

// TestPlainYAML11StringShortWords checks the shortcut against yaml.v2 on
// every word of up to three characters from the letters of its keywords,
// the separators it accepts and a digit: near misses of "yes", "on",
// "null" and the like, with spaces and commas in every place.
func TestPlainYAML11StringShortWords(t *testing.T) {
	const alphabet = "yYeEsSnNoOtTrRuUfFaAlL ,=.-1"
	var words []string
	last := []string{""}
	for range 3 {
		var next []string
		for _, w := range last {
			for _, c := range alphabet {
				next = append(next, w+string(c))
			}
		}
		words = append(words, next...)
		last = next
	}
	plain := 0
	for _, w := range words {
		if plainYAML11String(w) {
			plain++
			if parsedYAML11NonString(w) {
				t.Errorf("%q: the shortcut says string, yaml.v2 does not", w)
			}
		}
	}
	if plain == 0 {
		t.Fatal("the shortcut answered for no word")
	}
}
