package jsonnetinput

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/applylens/applylens/engine/document"
)

func TestEvaluateObjects(t *testing.T) {
	cases := []struct {
		name   string
		source string
		want   string // JSON, compared as values
	}{
		{
			name:   "plain JSON is Jsonnet",
			source: `{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "x"}, "data": {"a": "1"}}`,
			want:   `{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "x"}, "data": {"a": "1"}}`,
		},
		{
			name:   "locals, functions and comments",
			source: "// a comment\n# another\n/* and a block */\nlocal name = 'web';\nlocal port(p) = { containerPort: p, protocol: 'TCP' };\n{ kind: 'Pod', metadata: { name: name }, ports: [port(80), port(443)] }",
			want:   `{"kind": "Pod", "metadata": {"name": "web"}, "ports": [{"containerPort": 80, "protocol": "TCP"}, {"containerPort": 443, "protocol": "TCP"}]}`,
		},
		{
			name:   "object composition, self and hidden fields",
			source: "local base = { kind: 'ConfigMap', n2:: 'b', metadata: { name: $.n2 }, data: { a: 'b' } };\nbase + { n2:: 'c', data+: { k: 'v' } }",
			want:   `{"kind": "ConfigMap", "metadata": {"name": "c"}, "data": {"a": "b", "k": "v"}}`,
		},
		{
			name:   "comprehensions and conditionals",
			source: "{ data: { ['key' + i]: std.toString(i * i) for i in std.range(1, 3) }, replicas: if 1 > 2 then 5 else 2 }",
			want:   `{"data": {"key1": "1", "key2": "4", "key3": "9"}, "replicas": 2}`,
		},
		{
			name:   "the standard library",
			source: "{ a: std.join(',', ['x', 'y']), b: std.format('%s-%03d', ['pod', 7]), c: std.length([1, 2, 3]), d: std.asciiUpper('abc'), e: std.manifestJsonMinified({ z: 1 }), f: std.parseYaml('k: v'), g: std.base64('hi'), h: std.sort([3, 1, 2]) }",
			want:   `{"a": "x,y", "b": "pod-007", "c": 3, "d": "ABC", "e": "{\"z\":1}", "f": {"k": "v"}, "g": "aGk=", "h": [1, 2, 3]}`,
		},
		{
			name:   "text blocks and verbatim strings",
			source: "{ script: |||\n  echo hi\n  exit 0\n|||, path: @'C:\\dir' }",
			want:   `{"script": "echo hi\nexit 0\n", "path": "C:\\dir"}`,
		},
		{
			name:   "a top-level function with defaults is called",
			source: "function(replicas=3) { spec: { replicas: replicas } }",
			want:   `{"spec": {"replicas": 3}}`,
		},
		{
			name:   "shallow tailstrict recursion works",
			source: "local sum(n, acc) = if n == 0 then acc else sum(n - 1, acc + n) tailstrict;\n{ total: sum(100, 0) }",
			want:   `{"total": 5050}`,
		},
		{
			name:   "null and nested empties are kept",
			source: "{ spec: { minReadySeconds: null, template: {}, list: [] } }",
			want:   `{"spec": {"minReadySeconds": null, "template": {}, "list": []}}`,
		},
		{
			name:   "std.trace writes nowhere and returns its value",
			source: "{ a: std.trace('hello', 1) }",
			want:   `{"a": 1}`,
		},
		{
			name:   "brackets in strings and comments do not count as nesting",
			source: "// " + strings.Repeat("[", 2*MaxNesting) + "\n{ a: '" + strings.Repeat("{", 2*MaxNesting) + "', b: \"" + strings.Repeat("(", 2*MaxNesting) + "\" }",
			want:   `{"a": "` + strings.Repeat("{", 2*MaxNesting) + `", "b": "` + strings.Repeat("(", 2*MaxNesting) + `"}`,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Evaluate(tc.source)
			if err != nil {
				t.Fatalf("Evaluate: %v", err)
			}
			if !strings.HasSuffix(got, "}\n") {
				t.Errorf("output does not end in a closing brace and a newline: %q", got)
			}
			assertSameJSON(t, got, tc.want)
		})
	}
}

func TestEvaluateErrors(t *testing.T) {
	cases := []struct {
		name         string
		source       string
		reason       Reason
		line, column int
		message      string // a part of the message
	}{
		{name: "syntax error", source: "{\n  a: 1,\n  b: \n}", reason: ReasonSyntax, line: 4, column: 1, message: `Unexpected: "}"`},
		{name: "unterminated string", source: "{\n  a: 'abc\n}", reason: ReasonSyntax, line: 2, column: 6, message: "Unterminated String"},
		{name: "unknown variable", source: "{\n  a: nope,\n}", reason: ReasonSyntax, line: 2, column: 6, message: "Unknown variable: nope"},
		{name: "error expression", source: "{\n  a: 1,\n  b: error 'boom',\n}", reason: ReasonRuntime, line: 3, column: 6, message: "boom"},
		{name: "failed assertion", source: "{\n  assert self.a > 1 : 'a must be over 1',\n  a: 1,\n}", reason: ReasonRuntime, line: 2, column: 3, message: "a must be over 1"},
		{name: "std function error points at the call", source: "{\n  a: std.parseInt('zz'),\n}", reason: ReasonRuntime, line: 2, column: 6, message: "zz is not a base 10 integer"},
		{name: "std error from inside the library points at our text", source: "{\n\n    a: std.assertEqual(1, 2),\n}", reason: ReasonRuntime, line: 3, column: 8, message: "1 != 2"},
		{name: "type error", source: "{ a: 1 - 'x' }", reason: ReasonRuntime, line: 1, column: 6, message: "Unexpected type string"},
		{name: "missing field", source: "local o = { a: 1 };\n{ b: o.c }", reason: ReasonRuntime, line: 2, column: 6, message: "Field does not exist: c"},
		{name: "ext vars are not set", source: "{ a: std.extVar('env') }", reason: ReasonRuntime, line: 1, column: 6, message: "Undefined external variable: env"},
		{name: "column counts characters, not bytes", source: "{ a: 'héllo', b: 'wörld' + }", reason: ReasonSyntax, line: 1, column: 28, message: `Unexpected: "}"`},
		{name: "import is refused", source: "local lib = import 'lib.libsonnet';\n{ a: lib }", reason: ReasonImport, line: 1, column: 13, message: `Imports are not available: the playground has no files, so "lib.libsonnet" cannot be read`},
		{name: "importstr is refused", source: "{\n  data: { 'nginx.conf': importstr 'nginx.conf' },\n}", reason: ReasonImport, line: 2, column: 25, message: `"nginx.conf" cannot be read`},
		{name: "importbin is refused", source: "{ data: importbin 'blob' }", reason: ReasonImport, line: 1, column: 9, message: `"blob" cannot be read`},
		{name: "endless recursion", source: "local f(x) = f(x + 1);\n{ a: f(0) }", reason: ReasonTooDeep, line: 1, column: 14, message: "more than 250 calls deep"},
		{name: "endless tail recursion", source: "local f(n) = if n == 0 then {} else f(n - 1) tailstrict;\n{ a: f(3000000) }", reason: ReasonTooDeep, line: 1, column: 17, message: "tailstrict calls count too"},
		{name: "deep data", source: "local nest(n) = if n == 0 then {} else { a: nest(n - 1) };\n{ a: nest(5000) }", reason: ReasonTooDeep, line: 1, message: "max stack frames exceeded"},
		{name: "deep brackets", source: "{\n a: " + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + "}", reason: ReasonTooDeep, line: 2, column: 4 + MaxNesting, message: "nested more than 200 levels deep"},
		{name: "long prefix operator chain", source: "{ a: " + strings.Repeat("-", 100000) + "1 }", reason: ReasonTooDeep, line: 1, column: 6 + MaxNesting, message: "nested more than 200 levels deep"},
		{name: "top-level function without defaults", source: "function(name) { metadata: { name: name } }", reason: ReasonRuntime, message: "applylens passes no top-level arguments (Missing argument: name)"},
		{name: "an array", source: "[{ kind: 'Pod' }]", reason: ReasonNotObject, message: "evaluates to an array, not an object"},
		{name: "a string", source: "'kind: Pod'", reason: ReasonNotObject, message: "evaluates to a string"},
		{name: "a number", source: "1 + 2", reason: ReasonNotObject, message: "evaluates to a number"},
		{name: "a boolean", source: "false", reason: ReasonNotObject, message: "evaluates to a boolean"},
		{name: "null", source: "null", reason: ReasonNotObject, message: "evaluates to null"},
		{name: "empty text", source: "", reason: ReasonSyntax, line: 1, column: 1, message: "end of file"},
		{name: "source too large", source: "{}" + strings.Repeat(" ", MaxSourceSize), reason: ReasonTooLarge, message: "applylens evaluates at most 1.0 MiB"},
		{name: "output too large", source: "local d(s, n) = if n == 0 then s else d(s + s, n - 1);\n{ a: d('x', 23) }", reason: ReasonTooLarge, message: "applylens reads at most 5.0 MiB per pane"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Evaluate(tc.source)
			if err == nil {
				t.Fatalf("Evaluate succeeded with %.200q, want a %s error", out, tc.reason)
			}
			if out != "" {
				t.Errorf("output %.100q returned with the error", out)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T %v is not an *Error", err, err)
			}
			if e.Reason != tc.reason {
				t.Errorf("reason = %q, want %q (%v)", e.Reason, tc.reason, e)
			}
			if e.Line != tc.line || (tc.column != 0 && e.Column != tc.column) {
				t.Errorf("at %d:%d, want %d:%d (%v)", e.Line, e.Column, tc.line, tc.column, e)
			}
			if tc.line == 0 && e.Column != 0 {
				t.Errorf("column %d without a line", e.Column)
			}
			if !strings.Contains(e.Message, tc.message) {
				t.Errorf("message %q does not contain %q", e.Message, tc.message)
			}
			if strings.Contains(e.Message, "\n") || strings.Contains(e.Message, "RUNTIME ERROR") {
				t.Errorf("message is not one clean line: %q", e.Message)
			}
		})
	}
}

func TestErrorString(t *testing.T) {
	cases := []struct {
		name string
		err  *Error
		want string
	}{
		{name: "located", err: &Error{Reason: ReasonSyntax, Line: 3, Column: 7, Message: "bad"}, want: "jsonnet:3:7: bad"},
		{name: "unlocated", err: &Error{Reason: ReasonNotObject, Message: "an array"}, want: "jsonnet: an array"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.err.Error(); got != tc.want {
				t.Errorf("Error() = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestOutputLimitIsTheEngines(t *testing.T) {
	if MaxOutputSize != document.MaxSize {
		t.Errorf("MaxOutputSize = %d, document.MaxSize = %d: the Jsonnet output should be held to the pane limit", MaxOutputSize, document.MaxSize)
	}
}

func TestDeterministic(t *testing.T) {
	src := "{ z: 1, a: { y: [3, 2, 1], b: 0.5 }, m: std.objectFields({ q: 1, c: 2 }) }"
	first, err := Evaluate(src)
	if err != nil {
		t.Fatal(err)
	}
	// Fields come out sorted, whatever the order in the text.
	if want := "{\n   \"a\": {\n      \"b\": 0.5,\n      \"y\": [\n         3,\n         2,\n         1\n      ]\n   },\n   \"m\": [\n      \"c\",\n      \"q\"\n   ],\n   \"z\": 1\n}\n"; first != want {
		t.Errorf("output\n%s\nwant\n%s", first, want)
	}
	for range 5 {
		if again, _ := Evaluate(src); again != first {
			t.Fatalf("second evaluation differs:\n%s\n%s", first, again)
		}
	}
}

// TestWalkthroughScenario evaluates the page's Jsonnet walkthrough and
// compares it with the YAML walkthrough it stands for.
func TestWalkthroughScenario(t *testing.T) {
	js, err := os.ReadFile("../../web/examples/default-scenario.js")
	if err != nil {
		t.Fatal(err)
	}
	field := func(name string) string {
		m := regexp.MustCompile(`(?s)\n  ` + name + ": `(.*?)`,\n").FindSubmatch(js)
		if m == nil {
			t.Fatalf("web/examples/default-scenario.js has no %s template literal", name)
		}
		if strings.Contains(string(m[1]), "${") || strings.Contains(string(m[1]), `\`) {
			t.Fatalf("%s uses template substitutions or escapes, which this test does not read", name)
		}
		return string(m[1])
	}
	got, err := Evaluate(field("fileJsonnet"))
	if err != nil {
		t.Fatalf("the Jsonnet walkthrough does not evaluate: %v", err)
	}
	want, err := yaml.YAMLToJSON([]byte(field("file")))
	if err != nil {
		t.Fatal(err)
	}
	assertSameJSON(t, got, string(want))
}

func assertSameJSON(t *testing.T, got, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, got)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("bad test: %v", err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
