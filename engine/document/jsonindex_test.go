package document

import (
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/applylens/applylens/engine/internal/gen"
)

// parseGeneral is ParseWith without readJSONIndexed.
func parseGeneral(pane, text string, o Options) (*Document, error) {
	return parseWith(&reader{pane: pane, text: text, general: true}, o)
}

// takesIndexedPath reports whether ParseWith reads text with
// readJSONIndexed.
func takesIndexedPath(text string) bool {
	if _, _, _, _, ok := checkEncoding(text); !ok || !isJSONStream(text) {
		return false
	}
	_, ok := readJSONIndexed("file", text)
	return ok
}

// checkIndexed fails when ParseWith and the general path read text
// differently: the error, the value (types and list capacities too), the
// identity, the warnings, or the lines of any field.
func checkIndexed(t *testing.T, text string) {
	t.Helper()
	for _, o := range []Options{{}, {AllowEmpty: true, SkipIdentity: true}} {
		want, werr := parseGeneral("file", text, o)
		got, gerr := ParseWith("file", text, o)
		if !reflect.DeepEqual(gerr, werr) {
			t.Fatalf("%q %+v: error %#v, the general path %#v", text, o, gerr, werr)
		}
		if want == nil || got == nil {
			if (want == nil) != (got == nil) {
				t.Fatalf("%q: document %v, the general path %v", text, got, want)
			}
			continue
		}
		if got.Format != want.Format || got.APIVersion != want.APIVersion || got.Kind != want.Kind ||
			got.Name != want.Name || got.Namespace != want.Namespace || got.Pane != want.Pane || got.whole != want.whole {
			t.Fatalf("%q: document %+v, the general path %+v", text, got, want)
		}
		if !reflect.DeepEqual(got.Object, want.Object) || !sameCapacities(got.Object, want.Object) {
			t.Fatalf("%q: value\n%#v\nthe general path\n%#v", text, got.Object, want.Object)
		}
		if !reflect.DeepEqual(got.Warnings, want.Warnings) {
			t.Fatalf("%q: warnings\n%#v\nthe general path\n%#v", text, got.Warnings, want.Warnings)
		}
		for _, p := range gen.SpanPaths(want.Object, 3000) {
			l, e, ok := got.Span(p)
			wl, we, wok := want.Span(p)
			if l != wl || e != we || ok != wok {
				t.Fatalf("%q: Span(%q) = %d-%d %v, the general path %d-%d %v", text, p, l, e, ok, wl, we, wok)
			}
		}
	}
}

// sameCapacities compares the capacities of the lists of two equal
// values: apimachinery appends into decoded lists in place.
func sameCapacities(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		for k, v := range x {
			if !sameCapacities(v, b.(map[string]any)[k]) {
				return false
			}
		}
	case []any:
		y := b.([]any)
		if cap(x) != cap(y) {
			return false
		}
		for i := range x {
			if !sameCapacities(x[i], y[i]) {
				return false
			}
		}
	}
	return true
}

const jsonDeployment = `{
  "apiVersion": "apps/v1",
  "kind": "Deployment",
  "metadata": {"name": "web", "namespace": "shop", "labels": {"app": "web"}},
  "spec": {
    "replicas": 3,
    "template": {
      "spec": {
        "containers": [
          {"name": "web", "image": "nginx:1.27", "ports": [{"containerPort": 80}],
           "env": [{"name": "A", "value": "1"}, {"name": "B", "value": "2"}]},
          {"name": "log", "image": "fluent-bit", "args": []}
        ]
      }
    }
  }
}
`

// indexedCase is a text and whether a fast reader (readJSONIndexed,
// readYAMLIndexed) reads it, else the general path.
type indexedCase struct {
	name    string
	text    string
	indexed bool
}

// checkIndexedCases runs each case through a fast reader (reader names it):
// takes tells whether the reader read it, check compares the two paths.
func checkIndexedCases(t *testing.T, cases []indexedCase, reader string, takes func(string) bool, check func(*testing.T, string)) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := takes(tc.text); got != tc.indexed {
				t.Errorf("read by %s: %v, want %v", reader, got, tc.indexed)
			}
			check(t, tc.text)
		})
	}
}

var jsonIndexedCases = []indexedCase{
	{"deployment", jsonDeployment, true},
	{"one line", `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x"},"data":{"a":"b","c":""}}`, true},
	{"leading lines and indent", "\n\n   \t{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\",\n\t\"metadata\": {\"name\": \"x\"}}\n\n", true},
	{"numbers", `{"apiVersion":"v1","kind":"X","metadata":{"name":"x"},"a":[0,-0,1.0,1e3,-1.5E-3,9223372036854775807,9223372036854775808,-9223372036854775809,1e308]}`, true},
	{"number out of range", `{"apiVersion":"v1","kind":"X","metadata":{"name":"x"},"a":1e400}`, false},
	{"literals", `{"apiVersion":"v1","kind":"X","metadata":{"name":"x"},"a":[true,false,null],"b":null}`, true},
	{"escapes", `{"apiVersion":"v1","kind":"X","metadata":{"name":"x\"y"},"a":"tab\there \u00e9 \\ \" \n \b \f \r","k\u00e9":1}`, true},
	{"escaped slash", `{"apiVersion":"v1","kind":"X","metadata":{"name":"x"},"a":"a\/b"}`, false},
	{"surrogate pair", `{"apiVersion":"v1","kind":"X","metadata":{"name":"x"},"a":"\ud83d\ude00"}`, false},
	{"lone surrogate", `{"apiVersion":"v1","kind":"X","metadata":{"name":"x"},"a":"\udc00"}`, false},
	{"non-ASCII columns", "{\"apiVersion\": \"v1\", \"kind\": \"X\", \"metadata\": {\"name\": \"café\"}, \"d\": {\"ключ\": \"значение\", \"😀\": [\"é\", {\"x\": 1}]}}", true},
	{"line separator", "{\"apiVersion\":\"v1\",\"kind\":\"X\",\"metadata\":{\"name\":\"x\"},\"a\":\"x\u2028y\"}", false},
	{"next line", "{\"apiVersion\":\"v1\",\"kind\":\"X\",\"metadata\":{\"name\":\"x\"},\"a\":\"x\u0085y\"}", false},
	{"byte order mark inside", "{\"apiVersion\":\"v1\",\"kind\":\"X\",\"metadata\":{\"name\":\"x\"},\"a\":\"\ufeff\"}", false},
	{"invalid UTF-8", "{\"apiVersion\":\"v1\",\"kind\":\"X\",\"metadata\":{\"name\":\"x\xff\"}}", false},
	{"delete character", "{\"apiVersion\":\"v1\",\"kind\":\"X\",\"metadata\":{\"name\":\"x\x7f\"}}", false},
	{"duplicate keys", "{\"apiVersion\": \"v1\", \"kind\": \"X\",\n\"metadata\": {\"name\": \"x\"},\n\"a\": {\"b\": 1, \"c\": {\"b\": 1, \"b\": 2}},\n\"a\": [{\"n\": 1, \"n\": 2}],\n\"a\": 3}", true},
	{"merge key in quotes", `{"apiVersion":"v1","kind":"X","metadata":{"name":"x"},"<<":{"a":1}}`, true},
	{"empty object", `{}`, true},
	{"empty collections", "{\"apiVersion\":\"v1\",\"kind\":\"X\",\"metadata\":{\"name\":\"x\"},\"a\":{},\"b\":[],\"c\":[{}, []],\n\"d\": {\n}}", true},
	{"missing name", `{"apiVersion":"v1","kind":"X","metadata":{}}`, true},
	{"name not a string", `{"apiVersion":"v1","kind":"X","metadata":{"name":7}}`, true},
	{"list kind", `{"apiVersion":"v1","kind":"List","metadata":{"name":"x"},"items":[{"a":1}]}`, true},
	{"CRLF", "{\"apiVersion\": \"v1\",\r\n\"kind\": \"X\",\r\n\"metadata\": {\"name\": \"x\"}}\r\n", false},
	{"key and colon on two lines", "{\"apiVersion\": \"v1\", \"kind\": \"X\", \"metadata\": {\"name\": \"x\"}, \"a\"\n: 1}", false},
	{"long key", `{"apiVersion":"v1","kind":"X","metadata":{"name":"x"},"` + strings.Repeat("k", 1100) + `":1}`, false},
	{"long value", `{"apiVersion":"v1","kind":"X","metadata":{"name":"x"},"k":"` + strings.Repeat("v", 3000) + `"}`, true},
	{"two objects", `{"apiVersion":"v1","kind":"X","metadata":{"name":"x"}} {"a":1}`, false},
	{"object then YAML", "{\"apiVersion\":\"v1\",\"kind\":\"X\",\"metadata\":{\"name\":\"x\"}}\na: 1\n", false},
	{"trailing comma", `{"apiVersion":"v1","kind":"X","metadata":{"name":"x"},}`, false},
	{"unclosed", `{"apiVersion":"v1","kind":"X","metadata":{"name":"x"}`, false},
	{"flow YAML", `{apiVersion: v1, kind: X, metadata: {name: x}}`, false},
	{"too deep", `{"apiVersion":"v1","kind":"X","metadata":{"name":"x"},"a":` + strings.Repeat("[", 600) + strings.Repeat("]", 600) + `}`, false},
	{"deep within the limit", `{"apiVersion":"v1","kind":"X","metadata":{"name":"x"},"a":` + strings.Repeat("[", 498) + strings.Repeat("]", 498) + `}`, true},
	{"control character in a string", "{\"apiVersion\":\"v1\",\"kind\":\"X\",\"metadata\":{\"name\":\"x\ty\"}}", false},
}

func TestJSONIndexed(t *testing.T) {
	checkIndexedCases(t, jsonIndexedCases, "readJSONIndexed", takesIndexedPath, checkIndexed)
}

// panicIfHangs panics, naming text, if the stop it returns is not called
// within 10 seconds: a fuzz target's input that makes a reader loop
// forever fails instead of running out the fuzzing time.
func panicIfHangs(text string) (stop func()) {
	done := make(chan struct{})
	go func() {
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			panic(fmt.Sprintf("hangs on %q", text))
		}
	}()
	return func() { close(done) }
}

// FuzzJSONIndexed compares readJSONIndexed with the general path (values,
// errors, warnings, spans) on any text.
func FuzzJSONIndexed(f *testing.F) {
	for _, tc := range jsonIndexedCases {
		if len(tc.text) < 2000 && !strings.HasPrefix(tc.name, "deep") {
			f.Add(tc.text)
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 1<<14 {
			return
		}
		defer panicIfHangs(text)()
		checkIndexed(t, text)
	})
}

func ExampleParse_json() {
	d, err := Parse("file", jsonDeployment)
	if err != nil {
		panic(err)
	}
	line, end, _ := d.Span("spec.template.spec.containers[name=web].env[name=B]")
	fmt.Println(d.Format, line, end)
	// Output: json 11 11
}

// TestJSONIndexedScenarios compares the two paths on the benchmark
// scenarios' JSON documents (engine/testdata/perf), which are what
// readJSONIndexed is for.
func TestJSONIndexedScenarios(t *testing.T) {
	for _, dir := range []string{"typical", "large"} {
		names := []string{"lastApplied.json", "file.json", "live.json"}
		if dir == "large" {
			names = names[2:] // the others are alike, and slow to compare
		}
		for _, name := range names {
			p := filepath.Join("..", "testdata", "perf", dir, name)
			data, err := os.ReadFile(p)
			if err != nil {
				f, err := os.Open(p + ".gz")
				if err != nil {
					t.Fatal(err)
				}
				z, err := gzip.NewReader(f)
				if err != nil {
					t.Fatal(err)
				}
				data, err = io.ReadAll(z)
				f.Close()
				if err != nil {
					t.Fatal(err)
				}
			}
			t.Run(dir+"/"+name, func(t *testing.T) {
				if !takesIndexedPath(string(data)) {
					t.Fatal("not read by readJSONIndexed")
				}
				checkIndexed(t, string(data))
			})
		}
	}
}

// TestPastLimits checks pastLimits against overLimit, whose pre-check it
// is, on depths and list lengths around the limits.
func TestPastLimits(t *testing.T) {
	nest := func(n int, list bool) any {
		var v any = "leaf"
		for i := 0; i < n; i++ {
			if list || i%2 == 1 {
				v = []any{int64(1), v}
			} else {
				v = map[string]any{"a": int64(1), "b": v}
			}
		}
		return v
	}
	long := func(n int) []any { return make([]any, n) }
	for _, n := range []int{0, 1, 2, 4, 5, 6, 9} {
		for _, list := range []bool{false, true} {
			for _, items := range []int{0, 3, 4} {
				v := map[string]any{"x": nest(n, list), "y": long(items)}
				_, _, ok := overLimit(v, 5, 3)
				if got := pastLimits(v, 1, 5, 3); got != !ok {
					t.Errorf("depth %d (lists %v), %d items: pastLimits %v, overLimit ok %v", n, list, items, got, ok)
				}
			}
		}
	}
}
