package document

import (
	"errors"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"
)

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
spec:
  replicas: 2
`

func TestParseValues(t *testing.T) {
	head := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n"
	tests := []struct {
		name   string
		text   string
		format string
		want   map[string]any // the "data" field
	}{
		{"yaml 1.1 octal", head + "data: {a: 0644}", FormatYAML, map[string]any{"a": int64(420)}},
		{"yaml 1.1 booleans", head + "data: {a: yes, b: on, c: off, d: n}", FormatYAML, map[string]any{"a": true, "b": true, "c": false, "d": false}},
		{"whole float becomes int", head + "data: {a: 3.0, b: 1e3}", FormatYAML, map[string]any{"a": int64(3), "b": int64(1000)}},
		{"fractions stay float", head + "data: {a: 1.5}", FormatYAML, map[string]any{"a": 1.5}},
		{"beyond int64 is float", head + "data: {a: 12345678901234567890}", FormatYAML, map[string]any{"a": 12345678901234567890.0}},
		{"keys are resolved then printed", head + "data: {yes: 1, 0x10: 2, 1.5: 3, 010: 4}", FormatYAML, map[string]any{"true": int64(1), "16": int64(2), "1.5": int64(3), "8": int64(4)}},
		{"quoted stays text", head + "data: {a: \"0644\", b: 'yes'}", FormatYAML, map[string]any{"a": "0644", "b": "yes"}},
		{"timestamps stay text", head + "data: {a: 2001-12-14}", FormatYAML, map[string]any{"a": "2001-12-14"}},
		{"binary tag decoded", head + "data: {a: !!binary aGVsbG8=}", FormatYAML, map[string]any{"a": "hello"}},
		{"merge key", head + "base: &b {p: 1, q: 2}\ndata:\n  <<: *b\n  q: 3\n", FormatYAML, map[string]any{"p": int64(1), "q": int64(3)}},
		{"y is a boolean key", head + "data: {x: 1, y: 2}\n", FormatYAML, map[string]any{"x": int64(1), "true": int64(2)}},
		{"duplicate key keeps last", head + "data:\n  a: 1\n  a: 2\n", FormatYAML, map[string]any{"a": int64(2)}},
		{"json keeps 3.0 a float", `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":3.0,"b":6.4e2,"c":"yes","d":1e3}}`, FormatJSON, map[string]any{"a": 3.0, "b": 640.0, "c": "yes", "d": 1000.0}},
		{"json with tabs", "{\n\t\"apiVersion\": \"v1\",\n\t\"kind\": \"ConfigMap\",\n\t\"metadata\": {\"name\": \"c\"},\n\t\"data\": {\"a\": 1}\n}\n", FormatJSON, map[string]any{"a": int64(1)}},
		{"json duplicate keeps last", `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":1,"a":2}}`, FormatJSON, map[string]any{"a": int64(2)}},
		{"invalid json read as yaml", `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{a: 1.0,},}`, FormatYAML, map[string]any{"a": int64(1)}},
		{"leading separator and comments", "# hello\n---\n" + head + "data: {a: x}\n---\n# trailing\n", FormatYAML, map[string]any{"a": "x"}},
		{"null documents are skipped", "---\nnull\n---\n" + head + "data: {a: x}\n---\n~\n", FormatYAML, map[string]any{"a": "x"}},
		{"separator with comment", "--- # first\n" + head + "data: {a: x}\n", FormatYAML, map[string]any{"a": "x"}},
		{"crlf line ends", strings.ReplaceAll(head+"data:\n  a: |\n    x\n    y\n", "\n", "\r\n"), FormatYAML, map[string]any{"a": "x\ny\n"}},
		{"byte order mark", "\ufeff" + head + "data: {a: x}\n", FormatYAML, map[string]any{"a": "x"}},
		{"json then null", `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"x"}} null`, FormatJSON, map[string]any{"a": "x"}},
		{"json then empty yaml document", "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"c\"},\"data\":{\"a\":\"x\"}}\n---\n# nothing\n", FormatJSON, map[string]any{"a": "x"}},
		{"json sniffing stops at 4096 bytes", strings.Repeat(" ", 4096) + `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":3.0}}`, FormatYAML, map[string]any{"a": int64(3)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Parse("file", tt.text)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if d.Format != tt.format {
				t.Errorf("format %q, want %q", d.Format, tt.format)
			}
			if got := d.Object["data"]; !reflect.DeepEqual(got, tt.want) {
				t.Errorf("data = %#v, want %#v", got, tt.want)
			}
			if d.APIVersion != "v1" || d.Kind != "ConfigMap" || d.Name != "c" {
				t.Errorf("identity %q %q %q", d.APIVersion, d.Kind, d.Name)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name         string
		pane, text   string
		reason       Reason
		line, column int
		path         string
		contains     string
	}{
		{"empty", "file", "", ReasonEmpty, 0, 0, "", "configuration file is empty"},
		{"only comments", "live", "# nothing\n---\n", ReasonEmpty, 0, 0, "", "live object is empty"},
		{"colon in value", "file", "a: 1\nb: c: d\n", ReasonSyntax, 2, 5, "", "put the value in quotes"},
		{"key indented too far", "file", "a: 1\n  b: 2\n", ReasonSyntax, 2, 4, "", "colon"},
		{"tab indentation", "file", "a:\n\tb: 1\n", ReasonSyntax, 2, 1, "", "tab"},
		{"reserved character", "file", "a: 1\nb: @x\n", ReasonSyntax, 2, 4, "", `"@"`},
		{"unclosed quote", "file", "a: 1\nb: \"open\nc: 2\n", ReasonSyntax, 2, 4, "", "never closed"},
		{"key dedented", "file", "a:\n  b: 1\n c: 2\n", ReasonSyntax, 3, 2, "", "not indented like the keys"},
		{"list then map", "file", "- a\nb: 1\n", ReasonSyntax, 2, 1, "", "\"- \""},
		{"unclosed bracket", "file", "a: [1, 2\nb: 3\n", ReasonSyntax, 2, 0, "", "not closed"},
		{"missing colon", "file", "a: 1\nkey2\n", ReasonSyntax, 2, 1, "", "no colon"},
		{"unknown alias", "file", "a: 1\nb: *nope\n", ReasonSyntax, 2, 4, "", "*nope"},
		{"null key", "file", "a: 1\n~: 2\n", ReasonUnsupported, 2, 1, "", "null"},
		{"infinity", "file", "a: 1\nb: .inf\n", ReasonUnsupported, 2, 4, "", ".inf"},
		{"bad separator", "file", "a: 1\n--- b\n", ReasonSyntax, 2, 4, "", "\"---\""},
		{"invalid json falls back and fails", "file", "{\"a\": 1 \"b\": 2}", ReasonSyntax, 1, 9, "", "comma is probably missing"},
		{"json missing colon", "file", "{\"a\": 1, \"b\" 2}", ReasonSyntax, 1, 14, "", "JSON"},
		{"second yaml document", "file", deployment + "---\n# next\nkind: Service\n", ReasonMultiple, 9, 1, "", "line 9"},
		{"second json document", "live", `{"kind":"A"}` + "\n\n" + `{"kind":"B"}`, ReasonMultiple, 3, 1, "", "line 3"},
		{"second document is garbage", "file", deployment + "---\n: : :\n", ReasonMultiple, 8, 1, "", "second document"},
		{"a list", "file", "- a\n- b\n", ReasonNotObject, 1, 1, "", "holds a list"},
		{"a scalar", "lastApplied", "hello\n", ReasonNotObject, 1, 1, "", "last-applied configuration holds the text"},
		{"a kind List", "live", "apiVersion: v1\nkind: List\nitems:\n- a\n", ReasonList, 3, 1, "items", "one object per pane"},
		{"missing everything", "file", "spec: {}\n", ReasonMissingField, 1, 0, "apiVersion", "missing apiVersion, kind and metadata.name"},
		{"missing name", "live", "apiVersion: v1\nkind: Pod\nmetadata:\n  labels: {}\n", ReasonMissingField, 3, 0, "metadata.name", "live object is missing metadata.name"},
		{"empty kind", "file", "apiVersion: v1\nkind: \"\"\nmetadata: {name: a}\n", ReasonMissingField, 1, 0, "kind", "missing kind"},
		{"kind a number", "file", "apiVersion: v1\nkind: 5\nmetadata: {name: a}\n", ReasonWrongType, 2, 0, "kind", "number 5"},
		{"apiVersion a list", "file", "apiVersion: [v1]\nkind: Pod\nmetadata: {name: a}\n", ReasonWrongType, 1, 0, "apiVersion", "a list"},
		{"name a boolean", "file", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: yes\n", ReasonWrongType, 4, 0, "metadata.name", "boolean true"},
		{"apiVersion with two slashes", "file", "apiVersion: a/b/c\nkind: Pod\nmetadata: {name: a}\n", ReasonWrongType, 1, 0, "apiVersion", "more than one"},
		{"metadata a string", "file", "apiVersion: v1\nkind: Pod\nmetadata: x\n", ReasonWrongType, 3, 0, "metadata", "metadata must be a map"},
		{"namespace a number", "file", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  namespace: 1\n", ReasonWrongType, 5, 0, "metadata.namespace", "namespace must be a string"},
		{"control character", "file", "a: 1\nb: x\x07y\n", ReasonEncoding, 2, 5, "", "U+0007"},
		{"invalid utf-8", "file", "a: 1\nb: \xff\n", ReasonEncoding, 2, 4, "", "UTF-8"},
		{"invalid utf-8 in json", "file", "{\"a\": \"\xff\"}", ReasonEncoding, 1, 8, "", "UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.pane, tt.text)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("err = %v, want *Error", err)
			}
			if e.Reason != tt.reason || e.Pane != tt.pane || e.Line != tt.line || e.Column != tt.column || e.Path != tt.path {
				t.Errorf("got reason %s pane %s at %d:%d path %q, want %s %s at %d:%d path %q\n%s",
					e.Reason, e.Pane, e.Line, e.Column, e.Path, tt.reason, tt.pane, tt.line, tt.column, tt.path, e.Message)
			}
			if !strings.Contains(e.Message, tt.contains) {
				t.Errorf("message %q does not contain %q", e.Message, tt.contains)
			}
		})
	}
}

func TestParseOptions(t *testing.T) {
	d, err := ParseOptional("live", "\n# not there yet\n---\n")
	if d != nil || err != nil {
		t.Errorf("ParseOptional(comments) = %v, %v; want nil, nil", d, err)
	}
	if _, err := ParseOptional("live", "kind: Pod\n"); err == nil {
		t.Error("ParseOptional still checks identity")
	}
	d, err = ParseWith("lastApplied", "spec: {replicas: 1}\n", Options{SkipIdentity: true})
	if err != nil || d.Object["spec"] == nil {
		t.Errorf("SkipIdentity: %v, %v", d, err)
	}
	if _, err := ParseWith("lastApplied", "", Options{SkipIdentity: true}); err == nil {
		t.Error("empty text without AllowEmpty must fail")
	}
}

func TestDuplicateKeyWarnings(t *testing.T) {
	text := deployment + "  template:\n    metadata:\n      labels:\n        app: a\n        tier: x\n        app: b\n"
	d, err := Parse("file", text)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Warnings) != 1 {
		t.Fatalf("warnings = %+v, want one", d.Warnings)
	}
	w := d.Warnings[0]
	if w.Code != WarnDuplicateKey || w.Line != 12 || w.Path != "spec.template.metadata.labels.app" || !strings.Contains(w.Message, "lines 10 and 12") {
		t.Errorf("warning = %+v", w)
	}
	if got := d.Object["spec"].(map[string]any)["template"].(map[string]any)["metadata"].(map[string]any)["labels"].(map[string]any)["app"]; got != "b" {
		t.Errorf("app = %v, want the last value b", got)
	}
}

// measure runs f and reports its time and the bytes it allocated.
func measure(f func()) (time.Duration, uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	f()
	d := time.Since(start)
	runtime.ReadMemStats(&after)
	return d, after.TotalAlloc - before.TotalAlloc
}

func TestLimits(t *testing.T) {
	head := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n"
	bomb := head + "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
	prev := "a"
	for _, name := range []string{"b", "c", "d", "e", "f", "g", "h", "i"} {
		bomb += name + ": &" + name + " [" + strings.Repeat("*"+prev+",", 8) + "*" + prev + "]\n"
		prev = name
	}
	var block strings.Builder
	block.WriteString(head)
	for i := 0; i < 600; i++ {
		block.WriteString(strings.Repeat(" ", i) + "k:\n")
	}
	block.WriteString(strings.Repeat(" ", 600) + "v: 1\n")
	tests := []struct {
		name   string
		text   string
		reason Reason
		line   int
	}{
		{"billion laughs", bomb, ReasonAliases, 5},
		{"100k nested flow lists", head + "a: " + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + "\n", ReasonTooDeep, 4},
		{"100k nested block lists", head + "a:\n" + strings.Repeat("- ", 100000) + "x\n", ReasonTooDeep, 5},
		{"100k nested json", `{"kind":"A","a":` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + "}", ReasonTooDeep, 1},
		{"600 nested maps", block.String(), ReasonTooDeep, 503},
		{"600 nested flow lists", head + "a: " + strings.Repeat("[", 600) + strings.Repeat("]", 600) + "\n", ReasonTooDeep, 4},
		{"over the size limit", head + "data: {a: \"" + strings.Repeat("x", MaxSize) + "\"}\n", ReasonTooLarge, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			d, alloc := measure(func() { _, err = Parse("file", tt.text) })
			var e *Error
			if !errors.As(err, &e) || e.Reason != tt.reason || e.Line != tt.line {
				t.Fatalf("err = %#v, want reason %s at line %d", err, tt.reason, tt.line)
			}
			if d > 5*time.Second || alloc > 300<<20 {
				t.Errorf("took %v and allocated %d MiB", d, alloc>>20)
			}
			t.Logf("%v, %d KiB allocated: %s", d, alloc>>10, e.Message)
		})
	}
	// With two branches too deep, the first in key order is named.
	deep := strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth)
	for i := 0; i < 10; i++ {
		_, err := Parse("file", head+"b: "+deep+"\na: "+deep+"\n")
		var e *Error
		if !errors.As(err, &e) || e.Path != "a"+strings.Repeat("[0]", MaxDepth-1) || e.Line != 5 {
			t.Fatalf("deep branches: %v (path %.20s...)", err, e.Path)
		}
	}
	// Just under the limits still works.
	ok := head + "data: {a: " + strings.Repeat("[", MaxDepth-3) + strings.Repeat("]", MaxDepth-3) + "}\n"
	if _, err := Parse("file", ok); err != nil {
		t.Errorf("depth %d: %v", MaxDepth, err)
	}
}
