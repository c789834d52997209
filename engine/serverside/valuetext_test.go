package serverside

import (
	"math"
	"testing"

	"sigs.k8s.io/structured-merge-diff/v6/value"
)

// TestValueText: the Finder's text of a key value is the one ElementIndex
// compares with (jsonOf of value.ToString), for strings that JSON escapes
// and numbers at their limits.
func TestValueText(t *testing.T) {
	cases := []struct {
		name string
		v    any
	}{
		{"empty string", ""},
		{"plain string", "c-1"},
		{"html characters", "<a&b>"},
		{"quotes and backslashes", `"q"\`},
		{"control characters", "\x00\x1f\t\n"},
		{"bell and delete", "\a\x7f"},
		{"soft hyphen", "a\u00adb"},
		{"unprintable astral", "\U000e0001"},
		{"line separators", "\u2028\u2029"},
		{"non-ascii", "é日本🙂"},
		{"invalid utf-8", "a\xffb"},
		{"zero", int64(0)},
		{"negative", int64(-5)},
		{"largest int", int64(math.MaxInt64)},
		{"smallest int", int64(math.MinInt64)},
		{"float", 1.5},
		{"whole float", 80.0},
		{"large float", 1e21},
		{"bool", true},
		{"null", nil},
		{"map", map[string]any{"a": int64(1)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v := value.NewValueInterface(tc.v)
			if got, want := valueText(v), jsonOf(value.ToString(v)); got != want {
				t.Errorf("valueText = %q, want %q", got, want)
			}
		})
	}
}
