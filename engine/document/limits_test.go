package document

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// Each limit of a pane (docs/limits.md), just under and just over: under,
// the pane reads; over, a typed error names the limit, the pane and the line.
func TestLimitsJustUnderAndOver(t *testing.T) {
	head := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n"
	// A document of exactly n bytes.
	sized := func(n int) string {
		open, end := head+"data: {a: \"", "\"}\n"
		return open + strings.Repeat("x", n-len(open)-len(end)) + end
	}
	// Lists nested depth deep under data.a: the object's depth is depth+1.
	nested := func(depth int) string {
		return head + "data: {a: " + strings.Repeat("[", depth) + strings.Repeat("]", depth) + "}\n"
	}
	list := func(n int) string {
		return head + "data: {a: x}\nitemsList: [" + strings.TrimSuffix(strings.Repeat("1,", n), ",") + "]\n"
	}
	// The same list in the block style and as JSON, which the one-pass
	// readers take (readYAMLIndexed, readJSONIndexed).
	blockList := func(n int) string {
		return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\nitemsList:\n" + strings.Repeat("- 1\n", n)
	}
	jsonList := func(n int) string {
		return "{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", \"metadata\": {\"name\": \"c\"},\n\"itemsList\": [" + strings.TrimSuffix(strings.Repeat("1,", n), ",") + "]}\n"
	}
	// A ConfigMap's data of n keys, in the flow style, the block style
	// and as JSON (the one-pass readers take the last two).
	keys := func(n int, format string) string {
		var b strings.Builder
		switch format {
		case "flow":
			b.WriteString(head + "data: {")
			for i := range n {
				fmt.Fprintf(&b, "k%d: v, ", i)
			}
			b.WriteString("}\n")
		case "block":
			b.WriteString("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n")
			for i := range n {
				fmt.Fprintf(&b, "  k%d: v\n", i)
			}
		case "json":
			b.WriteString("{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", \"metadata\": {\"name\": \"c\"},\n\"data\": {")
			for i := range n {
				if i > 0 {
					b.WriteString(",")
				}
				fmt.Fprintf(&b, "\"k%d\": \"v\"", i)
			}
			b.WriteString("}}\n")
		}
		return b.String()
	}
	// Each level repeats the one before nine times.
	aliases := func(levels int) string {
		s := head + "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
		prev := "a"
		for _, name := range []string{"b", "c", "d", "e"}[:levels] {
			s += name + ": &" + name + " [" + strings.Repeat("*"+prev+",", 8) + "*" + prev + "]\n"
			prev = name
		}
		return s
	}
	tests := []struct {
		name    string
		text    string
		reason  Reason // "" when the pane reads
		line    int
		message string
	}{
		{"size at MaxSize", sized(MaxSize), "", 0, ""},
		{"size one byte over MaxSize", sized(MaxSize + 1), ReasonTooLarge, 0, "at most 5.0 MiB per pane"},
		{"depth at MaxDepth", nested(MaxDepth - 2), "", 0, ""},
		{"depth one over MaxDepth", nested(MaxDepth - 1), ReasonTooDeep, 4, "nested more than 500 levels deep"},
		{"list at MaxListItems", list(MaxListItems), "", 0, ""},
		{"list one over MaxListItems", list(MaxListItems + 1), ReasonTooLong, 5, "The list itemsList in the configuration file has 10001 items; applylens reads lists of at most 10000 items"},
		{"block list at MaxListItems", blockList(MaxListItems), "", 0, ""},
		{"block list one over MaxListItems", blockList(MaxListItems + 1), ReasonTooLong, 5, "The list itemsList in the configuration file has 10001 items"},
		{"JSON list at MaxListItems", jsonList(MaxListItems), "", 0, ""},
		{"JSON list one over MaxListItems", jsonList(MaxListItems + 1), ReasonTooLong, 2, "The list itemsList in the configuration file has 10001 items"},
		{"map at MaxMapKeys", keys(MaxMapKeys, "flow"), "", 0, ""},
		{"map one over MaxMapKeys", keys(MaxMapKeys+1, "flow"), ReasonTooLong, 4, "The map data in the configuration file has 10001 keys; applylens reads maps of at most 10000 keys"},
		{"block map at MaxMapKeys", keys(MaxMapKeys, "block"), "", 0, ""},
		{"block map one over MaxMapKeys", keys(MaxMapKeys+1, "block"), ReasonTooLong, 5, "The map data in the configuration file has 10001 keys"},
		{"JSON map at MaxMapKeys", keys(MaxMapKeys, "json"), "", 0, ""},
		{"JSON map one over MaxMapKeys", keys(MaxMapKeys+1, "json"), ReasonTooLong, 2, "The map data in the configuration file has 10001 keys"},
		{"aliases expanded 81 times", aliases(2), "", 0, ""},
		{"aliases expanded 729 times", aliases(3), ReasonAliases, 5, "billion laughs"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkParseError(t, tt.text, tt.reason, tt.line, 0, tt.message)
		})
	}
}

// An edit read incrementally (Reparse) meets the same limits as a whole
// reading: the step from just under to just over is reported.
func TestReparseKeepsLimits(t *testing.T) {
	head := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n"
	nested := func(depth int) string {
		return head + "spec:\n  x: 1\n  a: " + strings.Repeat("[", depth) + strings.Repeat("]", depth) + "\n"
	}
	list := func(n int) string {
		var b strings.Builder
		b.WriteString(head + "spec:\n  l:\n")
		for range n {
			b.WriteString("  - 1\n")
		}
		return b.String()
	}
	mapKeys := func(n int) string {
		var b strings.Builder
		b.WriteString(head + "data:\n")
		for i := range n {
			fmt.Fprintf(&b, "  k%d: v\n", i)
		}
		return b.String()
	}
	tests := []struct {
		name        string
		under, over string
		reason      Reason
	}{
		{"depth", nested(MaxDepth - 2), nested(MaxDepth - 1), ReasonTooDeep},
		{"list length", list(MaxListItems), list(MaxListItems + 1), ReasonTooLong},
		{"map keys", mapKeys(MaxMapKeys), mapKeys(MaxMapKeys + 1), ReasonTooLong},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := ParseWith("file", tt.under, Options{})
			if err != nil {
				t.Fatalf("under the limit: %v", err)
			}
			_, err = Reparse(doc, tt.under, "file", tt.over, Options{})
			var e *Error
			if !errors.As(err, &e) || e.Reason != tt.reason {
				t.Errorf("Reparse over the limit = %v, want %s", err, tt.reason)
			}
		})
	}
}

// Past MaxDepth the message is the same whatever the depth, including
// around the 10,000 levels where go-yaml (which reads one level more)
// and encoding/json (which kubectl decodes its output with) give up: a
// depth go-yaml accepts and encoding/json refuses once got "invalid
// character '[' exceeded max depth".
func TestDepthAroundTheReadersLimits(t *testing.T) {
	// A map, then depth-1 flow lists: the object is depth deep.
	block := func(depth int) string {
		return "\n\na: " + strings.Repeat("[", depth-1) + strings.Repeat("]", depth-1) + "\n"
	}
	flow := func(depth int) string {
		return "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {a: " + strings.Repeat("[", depth-2) + strings.Repeat("]", depth-2) + "}\n"
	}
	jsonText := func(depth int) string {
		return "{\"a\":\n" + strings.Repeat("[", depth-1) + strings.Repeat("]", depth-1) + "}\n"
	}
	tests := []struct {
		name string
		text string
		line int
	}{
		{"block, 9,999 deep", block(9999), 3},
		{"block, 10,000 deep", block(10000), 3},
		{"block, 10,001 deep", block(10001), 3},
		{"block, 10,002 deep", block(10002), 3},
		{"flow, 9,999 deep", flow(9999), 4},
		{"flow, 10,000 deep", flow(10000), 4},
		{"flow, 10,001 deep", flow(10001), 4},
		{"flow, 10,002 deep", flow(10002), 4},
		{"JSON, 9,999 deep", jsonText(9999), 2},
		{"JSON, 10,000 deep", jsonText(10000), 2},
		{"JSON, 10,001 deep", jsonText(10001), 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("file", tt.text)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse = %v, want a *Error", err)
			}
			want := "This object is nested more than 500 levels deep"
			if e.Reason != ReasonTooDeep || e.Line != tt.line || !strings.HasPrefix(e.Message, want) {
				t.Errorf("Parse = %s at line %d: %q\nwant %s at line %d starting %q", e.Reason, e.Line, e.Message, ReasonTooDeep, tt.line, want)
			}
		})
	}
}
