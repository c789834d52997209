package document

import (
	"reflect"
	"strings"
	"testing"

	yaml3 "go.yaml.in/yaml/v3"
	"sigs.k8s.io/yaml"

	"github.com/applylens/applylens/engine/jsonvalue"
)

// readSlow is how kubectl reads a document: go-yaml v2 through
// sigs.k8s.io/yaml to JSON, then JSON to values.
func readSlow(text string) (any, error) {
	j, err := yaml.YAMLToJSON([]byte(text))
	if err != nil {
		return nil, err
	}
	return jsonvalue.Decode(j)
}

// readTree is nodeValue on the tree the index parses; ok is false when
// nodeValue leaves the text to the slow path.
func readTree(text string) (v any, ok bool) {
	ix := indexText(text, nil)
	if ix.root == nil || hasOddLineBreaks(text) {
		return nil, false
	}
	return nodeValue(ix)
}

// checkNodeValue fails when nodeValue reads text differently from kubectl,
// and returns whether it read it at all.
func checkNodeValue(t *testing.T, text string) bool {
	t.Helper()
	got, ok := readTree(text)
	if !ok {
		return false
	}
	want, err := readSlow(text)
	if err != nil {
		t.Fatalf("%q: kubectl fails (%v) but nodeValue reads %#v", text, err, got)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: nodeValue reads\n%#v\nkubectl reads\n%#v", text, got, want)
	}
	return true
}

func TestNodeValue(t *testing.T) {
	tests := []struct {
		name string
		text string
		// slow: nodeValue must leave the text to the slow path.
		slow bool
	}{
		{name: "object", text: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: b\n"},
		{name: "YAML 1.1 booleans", text: "a: yes\nb: No\nc: on\nd: OFF\ne: y\nf: N\ng: True\n"},
		{name: "quoted booleans stay strings", text: "a: 'yes'\nb: \"on\"\n"},
		{name: "nulls", text: "a:\nb: ~\nc: null\nd: NULL\ne: Null\n"},
		{name: "decimal ints", text: "a: 0\nb: -0\nc: +12\nd: 9223372036854775807\ne: -9223372036854775808\n"},
		{name: "octal, hex and underscores", text: "a: 0777\nb: 0x1F\nc: 1_000\nd: 0o17\ne: -0x10\n"},
		{name: "above int64", text: "a: 9223372036854775808\nb: 18446744073709551615\nc: 18446744073709551616\n"},
		{name: "floats", text: "a: 1.5\nb: 1.0\nc: 1e3\nd: -0.0\ne: .5\nf: +.5\ng: 1e21\nh: 1e20\ni: 0.0000001\nj: 3.\n"},
		{name: "integral floats are written shortest", text: "a: 0200000000000000108\nb: 1e17\nc: 123456789012345678.0\nd: 9.3e18\n"},
		{name: "quantities and versions are strings", text: "cpu: 100m\nmemory: 128Mi\nimage: nginx:1.7.9\nv: 1.2.3\nx: 0.5Gi\nq: 1e\nz: 08\n"},
		{name: "signs and dots alone", text: "a: -x\nb: +\nc: .\nd: ..\ne: -.\n"},
		{name: "block scalars", text: "a: |\n  line 1\n  line 2\nb: >\n  folded\n  text\nc: |-\n  12\n"},
		{name: "multi-line plain and quoted", text: "a: one\n  two\nb: \"x\n  y\"\nc: 'it''s'\n"},
		{name: "escapes", text: "a: \"tab\\there \\u00e9 \\U0001F600\"\n"},
		{name: "flow collections", text: "a: {b: 1, c: [x, 2, {d: e}]}\nf: []\ng: {}\n"},
		{name: "repeated keys keep the last", text: "a: 1\nb: 2\na: 3\n"},
		{name: "quoted keys", text: "\"yes\": 1\n'1': 2\n\"\": 3\n"},
		{name: "CRLF", text: "a: 1\r\nb: |\r\n  x\r\n  y\r\n"},
		{name: "non-ASCII", text: "name: café\nemoji: \"😀\"\n"},
		{name: "scalar document", text: "hello\n"},
		{name: "list document", text: "- a\n- 1\n"},
		{name: "null document", text: "~\n"},

		{name: "NaN and infinities", text: "a: .nan\n", slow: true},
		{name: "negative infinity", text: "a: -.inf\n", slow: true},
		{name: "timestamp", text: "a: 2026-11-22\n", slow: true},
		{name: "merge key", text: "base: &b {x: 1}\nm:\n  <<: *b\n  y: 2\n", slow: true},
		{name: "anchor", text: "a: &x 1\nb: 2\n", slow: true},
		{name: "explicit tag", text: "a: !!str 12\n", slow: true},
		{name: "non-specific tag alone", text: "!\n", slow: true},
		{name: "non-specific tag", text: "a: ! 12\n", slow: true},
		{name: "non-specific tag on a key", text: "! 1: x\n", slow: true},
		{name: "exclamation marks in values", text: "a: hello!\nb: \"!x\"\nc: 'a!'\n"},
		{name: "binary", text: "a: !!binary aGVsbG8=\n", slow: true},
		{name: "boolean key", text: "yes: 1\n", slow: true},
		{name: "integer key", text: "1: x\n", slow: true},
		{name: "null key", text: "~: x\n", slow: true},
		{name: "collection key", text: "? [a, b]\n: c\n", slow: true},
		{name: "\\x escapes are code points", text: "a: \"\\xff\"\n"},
		{name: "surrogate escape", text: "a: \"\\uD800\"\n", slow: true},
		{name: "binary number", text: "a: 0b2\n", slow: false},
		{name: "lone CR", text: "a: 1\rb: 2\n", slow: true},
		{name: "line separator", text: "a: \"x\u2028y\"\n", slow: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			read := checkNodeValue(t, tt.text)
			if read == tt.slow {
				t.Fatalf("nodeValue read it: %v, want %v", read, !tt.slow)
			}
		})
	}
}

// TestNodeValueCorpus runs the differential check over the oracle corpus
// and the sample scenarios' panes.
func TestNodeValueCorpus(t *testing.T) {
	read := 0
	for _, text := range oracleCorpus {
		if checkNodeValue(t, text) {
			read++
		}
	}
	if read < len(oracleCorpus)/2 {
		t.Fatalf("nodeValue read only %d of %d corpus texts", read, len(oracleCorpus))
	}
}

// FuzzNodeValue checks that whatever nodeValue reads, kubectl reads the
// same way.
func FuzzNodeValue(f *testing.F) {
	for _, text := range oracleCorpus {
		f.Add(text)
	}
	for _, s := range []string{"yes", "0777", "1_0", "1e3", "-.5", "+1", "0x_1", "1:2", ".5e1", "2001-01-01", "9223372036854775808", "1.0e+21"} {
		f.Add("a: " + s + "\n")
		f.Add(s + ": a\n")
		f.Add("- [" + s + ", \"" + s + "\"]\n")
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 1<<14 || strings.Count(text, "*") > 20 {
			return
		}
		checkNodeValue(t, text)
	})
}

func TestHasOddLineBreaks(t *testing.T) {
	for text, want := range map[string]bool{
		"":             false,
		"a\r\nb\r\n":   false,
		"a\rb":         true,
		"a\r\nb\r":     true,
		"a\u0085b":     true,
		"a\u2029b\r\n": true,
	} {
		if got := hasOddLineBreaks(text); got != want {
			t.Errorf("hasOddLineBreaks(%q) = %v", text, got)
		}
	}
	_ = yaml3.Node{}
}
