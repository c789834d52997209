package jsonnetinput

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// Each limit of an evaluation (docs/limits.md), just under and just over.
// Time and memory have no limit here: the page's worker stops an
// evaluation past its time limit (web/workers/engine-client.js).
func TestLimitsJustUnderAndOver(t *testing.T) {
	// {"a": "xxx…"} printed as Evaluate prints it: 15 bytes around the string.
	// (std.repeat of megabytes takes a minute; joining kilobytes is quick.)
	output := func(n int) string {
		n -= 15
		return fmt.Sprintf("local k = std.repeat('x', 1024);\n{ a: std.join('', std.makeArray(%d, function(i) k)) + std.repeat('x', %d) }", n/1024, n%1024)
	}
	// A call n deep, plus the object's field: MaxStack frames for n = MaxStack-4.
	recursion := func(n int) string {
		return fmt.Sprintf("local f(n) = if n == 0 then 0 else 1 + f(n - 1);\n{ a: f(%d) }", n)
	}
	// Parentheses: nested data as deep would run past MaxStack first.
	brackets := func(n int) string { return "{ a: " + strings.Repeat("(", n-1) + "1" + strings.Repeat(")", n-1) + " }" }
	// A chain n deep: the object's brace, then n-1 operators.
	chain := func(n int) string { return "{a: 1" + strings.Repeat("+1", n-1) + "}" }
	// n local bindings, then an object: n*localWeight+1 deep.
	locals := func(n int) string { return strings.Repeat("local v = 1;\n", n) + "{a: v}" }
	tests := []struct {
		name    string
		source  string
		reason  Reason // "" when it evaluates
		message string
	}{
		{"source at MaxSourceSize", "{}" + strings.Repeat(" ", MaxSourceSize-2), "", ""},
		{"source one byte over MaxSourceSize", "{}" + strings.Repeat(" ", MaxSourceSize-1), ReasonTooLarge, "applylens evaluates at most 1.0 MiB"},
		{"output at MaxOutputSize", output(MaxOutputSize), "", ""},
		{"output one byte over MaxOutputSize", output(MaxOutputSize + 1), ReasonTooLarge, "applylens reads at most 5.0 MiB per pane"},
		{"calls just under MaxStack", recursion(MaxStack - 4), "", ""},
		{"calls just over MaxStack", recursion(MaxStack - 3), ReasonTooDeep, "more than 250 calls deep"},
		{"brackets at MaxNesting", brackets(MaxNesting), "", ""},
		{"brackets one over MaxNesting", brackets(MaxNesting + 1), ReasonTooDeep, "nested more than 200 levels deep"},
		{"a chain at MaxDepth", chain(MaxDepth), "", ""},
		{"a chain one over MaxDepth", chain(MaxDepth + 1), ReasonTooDeep, "Expressions are nested more than 500 levels deep"},
		{"the chain of issue 17 (100,000 operators)", chain(100001), ReasonTooDeep, "Expressions are nested more than 500 levels deep"},
		{"local bindings at MaxDepth", locals((MaxDepth - 1) / localWeight), "", ""},
		{"local bindings one over MaxDepth", locals((MaxDepth-1)/localWeight + 1), ReasonTooDeep, "Expressions are nested more than 500 levels deep"},
		{"50,000 local bindings", locals(50000), ReasonTooDeep, "Expressions are nested more than 500 levels deep"},
		{"std.range at MaxMadeItems", "{a: std.length(std.range(1, 1000000))}", "", ""},
		{"std.range one over MaxMadeItems", "{a: std.length(std.range(0, 1000000))}", ReasonRuntime, "std.range would make an array of 1000001 items; applylens makes at most 1000000 in one call"},
		{"std.range(0, 1e9)", "{a: std.range(0, 1e9)}", ReasonRuntime, "std.range would make an array of 1000000001 items"},
		{"std.makeArray at MaxMadeItems", "{a: std.length(std.makeArray(1000000, function(i) i))}", "", ""},
		{"std.makeArray one over MaxMadeItems", "{a: std.makeArray(1000001, function(i) i)}", ReasonRuntime, "std.makeArray would make an array of 1000001 items"},
		{"std.repeat of an array one over MaxMadeItems", "{a: std.repeat([1, 2], 500001)}", ReasonRuntime, "std.repeat would make an array of 1000002 items"},
		{"std.repeat of a string at MaxMadeChars", "{a: std.length(std.repeat(std.repeat('x', 1024), 5120))}", "", ""},
		{"std.repeat of a string one over MaxMadeChars", "{a: std.repeat('x', 5242881)}", ReasonRuntime, "std.repeat would make a string of 5242881 characters; applylens makes at most 5242880 in one call"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := Evaluate(tt.source)
			if tt.reason == "" {
				if err != nil {
					t.Fatalf("Evaluate: %v", err)
				}
				if strings.HasPrefix(tt.name, "output") && len(out) != MaxOutputSize {
					t.Fatalf("output is %d bytes, want exactly %d", len(out), MaxOutputSize)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) || e.Reason != tt.reason || !strings.Contains(e.Message, tt.message) {
				t.Errorf("Evaluate = %v, want %s containing %q", err, tt.reason, tt.message)
			}
		})
	}
}
