package jsonvalue

import (
	"encoding/json"
	"fmt"
	"testing"
)

// TestSprint checks the shortcut against fmt, which kubectl compares
// merge keys and set values with.
func TestSprint(t *testing.T) {
	tests := []struct {
		name string
		v    any
	}{
		{"string", "web"},
		{"empty string", ""},
		{"small int", int64(80)},
		{"large int", int64(1) << 60},
		{"negative int", int64(-3)},
		{"true", true},
		{"false", false},
		{"float", 1.5},
		{"large float", 1e21},
		{"nil", nil},
		{"json.Number", json.Number("12")},
		{"map", map[string]any{"b": int64(1), "a": "x"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got, want := Sprint(tc.v), fmt.Sprint(tc.v); got != want {
				t.Errorf("Sprint(%#v) = %q, fmt.Sprint gives %q", tc.v, got, want)
			}
		})
	}
}
