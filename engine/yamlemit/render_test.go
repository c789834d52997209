package yamlemit_test

import (
	"encoding/json"
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/applylens/applylens/engine/document"
	"github.com/applylens/applylens/engine/internal/gen"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/yamlemit"
)

// The emitter is checked through the renderings that use it
// (document.RenderYAML, RenderIndexed, RenderJSONAsYAML, RenderJSONIndexed):
// the text against sigs.k8s.io/yaml's JSONToYAML, byte for byte, and the
// positions it records against document.LocateValue's parse of the text.

// oracleYAML is what RenderYAML wrote before it had its own emitter:
// sigs.k8s.io/yaml's JSONToYAML of the value's JSON.
func oracleYAML(v any) (string, error) {
	j, err := jsonvalue.Encode(v)
	if err != nil {
		return "", err
	}
	y, err := yaml.JSONToYAML(j)
	return string(y), err
}

// maxPaths bounds the paths checkRender tries on one value: all of them
// in the samples and generated objects, fewer when fuzzing, with -short
// and under WebAssembly (where LocateValue is slow).
var maxPaths = 50000

func pathLimit() int {
	if testing.Short() || runtime.GOOS == "js" {
		return min(maxPaths, 3000)
	}
	return maxPaths
}

// checkRender compares RenderYAML and RenderIndexed with the oracle: the
// same text or the same error, and the same span as LocateValue for every
// path of v and a few that are not there.
func checkRender(t *testing.T, v any) {
	t.Helper()
	want, wantErr := oracleYAML(v)
	got, err := document.RenderYAML(v)
	if fmt.Sprint(err) != fmt.Sprint(wantErr) || got != want && !sameUnordered(t, got, want, func() string { w, _ := oracleYAML(v); return w }) {
		t.Fatalf("document.RenderYAML(%#v)\n got %q, %v\nwant %q, %v", v, got, err, want, wantErr)
	}
	text, ix, err := document.RenderIndexed(v)
	if fmt.Sprint(err) != fmt.Sprint(wantErr) || text != got {
		t.Fatalf("document.RenderIndexed(%#v)\n got %q, %v\nwant %q, %v", v, text, err, got, wantErr)
	}
	if err != nil {
		return
	}
	checkSpansAgree(t, text, v, ix, gen.SpanPaths(v, pathLimit()))
}

// sameUnordered tolerates a text that differs from the oracle's when
// the oracle's own key order is random: go-yaml's key order is not
// transitive around digits, so its sort's result depends on the map's
// iteration order. It then requires that the oracle gives several texts
// and that got says the same as want.
func sameUnordered(t *testing.T, got, want string, oracle func() string) bool {
	t.Helper()
	random := false
	for range 50 {
		if oracle() != want {
			random = true
			break
		}
	}
	if !random {
		return false
	}
	g, err1 := yaml.YAMLToJSON([]byte(got))
	w, err2 := yaml.YAMLToJSON([]byte(want))
	if err1 != nil || err2 != nil || string(g) != string(w) {
		return false
	}
	t.Logf("go-yaml orders these keys at random; the emitter's order is one of its:\n%s", got)
	return true
}

// checkSpansAgree compares ix with document.LocateValue(text, v) on paths.
func checkSpansAgree(t *testing.T, text string, v any, ix *document.Index, paths []string) {
	t.Helper()
	ref := document.LocateValue(text, v)
	for _, p := range paths {
		l, e, ok := ix.Span(p)
		wl, we, wok := ref.Span(p)
		if l != wl || e != we || ok != wok {
			t.Fatalf("Span(%q) = %d-%d %v, LocateValue gives %d-%d %v, text:\n%s", p, l, e, ok, wl, we, wok, text)
		}
	}
}

func TestRenderMatchesJSONToYAML(t *testing.T) {
	long := strings.Repeat("word ", 40)
	tests := []struct {
		name string
		v    any
	}{
		{"null", nil},
		{"scalars at the root", []any{true, false, int64(0), int64(-7), "x"}},
		{"a root string", "hello"},
		{"a root literal", "a\nb\n"},
		{"a root long string", long},
		{"empty map", map[string]any{}},
		{"empty list", []any{}},
		{"nil map and list", map[string]any{"m": map[string]any(nil), "l": []any(nil)}},
		{"empty collections as values", map[string]any{"m": map[string]any{}, "l": []any{}, "n": []any{[]any{}, map[string]any{}}}},
		{"go-yaml's order is not transitive", map[string]any{"0001": 1.0, "000a": 2.0, "001": 3.0, "a": map[string]any{"0644064470644064406440644": nil, "06440644": nil, "\n": nil}}},
		{"natural key order", map[string]any{"a10": 1.0, "a9": 2.0, "b": 3.0, "B": 4.0, "_": 5.0, "1": 6.0, "a01": 7.0, "a1": 8.0, "a001": 9.0, "é": 1.0, "٣": 2.0, "x٣": 3.0, "x3": 4.0, "x0٣": 5.0, "": 6.0, "-": 7.0, "~": 8.0}},
		{"keys that resolve", map[string]any{"y": 1.0, "yes": 2.0, "null": 3.0, "1e3": 4.0, "0x1F": 5.0, "~": 6.0, "<<": 7.0, "2001-12-14": 8.0, "1:20": 9.0, ".5": 1.0, "+.inf": 2.0}},
		{"strings that resolve", []any{"true", "y", "n", "NO", "null", "Null", "~", "", "1e3", "0x1F", "0o17", "0b101", "-0b101", "0b-1", "017", "08", "1_000", "+1", "-", "+", ".", ".5", ".5e3", "._5", ".inf", "-.inf", "<<", "2001-12-14", "2001-12-14 21:59:43.10", "2001-12-14t21:59:43.10-05:00", "1234-5", "1:20", "1:20:30.5", "-1:60", "190:20:30", "1e400", "0x", "0xFFFFFFFFFFFFFFFFFF", "99999999999999999999", "1.", "1.e5", "1e", "e1"}},
		{"numbers", []any{int64(math.MaxInt64), int64(math.MinInt64), 0.5, -0.0, 3.0, 1e6, 1e20, 1e21, 1e19, 9.3e18, 1.8446744073709552e19, 1e-7, 0.000001, 1.5e300, -1e21, math.MaxFloat64, math.SmallestNonzeroFloat64, -9.223372036854776e18}},
		{"special characters", []any{"a: b", "a:b", "a #b", "a#b", "#a", "- a", "-a", "? a", "?a", ":a", "a:", "[a", "a]", "{", "a,b", "&a", "*a", "!a", "|a", ">a", "'a", "\"a", "%a", "@a", "`a", "---", "--- a", "...", "a'b", "a\"b", "a\\b"}},
		{"spaces", []any{" a", "a ", " ", "  ", "a  b", "a \nb", "a\n b", "\ta", "a\tb"}},
		{"non-printable", []any{"\x00", "\x07", "\x1b", "\x7f", "\u0080", "\u0085", "\u00a0", "\u2028", "\u2029", "a\u2028b", "\ufeff", "\ufeffab c", "a\ufeff", "\ufffe", "\uffff", "😀", "é", "\xff", "a\xffb", "\xed\xa0\x80"}},
		{"line breaks", []any{"a\nb", "a\nb\n", "a\nb\n\n", "\n", "\n\n", "\na", "a\r\nb", "a\rb", "\r", "a\n\u2028", "a\u2028\nb", " a\nb", "a\nb ", "a \nb", "a\n b", "a\u0085b", "a\u0085\u0085b", "a \u0085 b", "a\u0085--- b", "a\u0085---b", "\u0085", "a\n\u0085"}},
		{"long strings wrap", []any{long, long + "x", "'" + long, strings.Repeat("a", 100), "a" + strings.Repeat(" ", 90) + "b", strings.Repeat("ab  ", 30), long + "\n" + long, "\"" + long + "\ttab", strings.Repeat("x ", 60) + "😀"}},
		{"long keys", map[string]any{strings.Repeat("k", 128): 1.0, strings.Repeat("k", 129): 2.0, long: map[string]any{"a": 1.0}, "a\nb": []any{"x"}, long + "\n": "v", strings.Repeat("é", 65): 3.0, strings.Repeat("<", 200): 4.0, "yes" + long: []any{}}},
		{"key too long for go-yaml", map[string]any{strings.Repeat("a", 1023): 1.0}},
		{"key at go-yaml's limit", map[string]any{strings.Repeat("a", 1022): 1.0, strings.Repeat("<", 170): 2.0}},
		{"a key with U+0085", map[string]any{"a\u0085b": 1.0}},
		{"colliding keys", map[string]any{"\xff": 1.0, "\xfe": 2.0, "\ufffd": 3.0, "a": "\xff"}},
		{"nested lists", []any{[]any{"a", []any{"b", map[string]any{"c": []any{"d"}}}}, []any{}, map[string]any{"e": []any{[]any{"f"}}}}},
		{"lists under keys", map[string]any{"a": []any{"x", map[string]any{"b": []any{"y"}, "c": "z"}}}},
		{"literal in a list", map[string]any{"a": []any{"x\ny", " lead\n", map[string]any{"k": "l\nm\n\n"}}}},
		{"NaN", map[string]any{"a": math.NaN()}},
		{"infinity", []any{math.Inf(1)}},
		{"too deep", deep(10001)},
		{"as deep as go-yaml goes", deep(10000)},
		{"deep", deep(200)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// go-yaml takes minutes on 2 cores for the two deepest values
			// (its emitter is quadratic in depth); -short keeps "deep".
			if testing.Short() && (tt.name == "too deep" || tt.name == "as deep as go-yaml goes") {
				t.Skip("go-yaml is quadratic in depth: -short skips the deepest values")
			}
			checkRender(t, tt.v)
		})
	}
}

func deep(n int) any {
	var v any = "x"
	for i := range n {
		if i%2 == 0 {
			v = []any{v}
		} else {
			v = map[string]any{"k": v}
		}
	}
	return v
}

// fuzzValue builds a JSON value from fuzz bytes, each byte choosing what
// comes next: scalars of every kind, numbers that go-yaml reads back
// differently, strings of raw bytes (invalid UTF-8 included), runes and
// YAML-laden fragments, maps and lists.
type fuzzValue struct{ b []byte }

func (f *fuzzValue) next() byte {
	if len(f.b) == 0 {
		return 0
	}
	c := f.b[0]
	f.b = f.b[1:]
	return c
}

func (f *fuzzValue) uint64() uint64 {
	var u uint64
	for range 8 {
		u = u<<8 | uint64(f.next())
	}
	return u
}

var fuzzFloats = []float64{0.5, math.Copysign(0, -1), 3, 1e6, 1e20, 1e21, 1e19, 1.8446744073709552e19, 1e-7, 1e-6, 123456789, 9.3e18, -1e19, 2.5e-300, 100, 1e15, 0.1}

var fuzzFragments = []string{
	"yes", "No", "null", "~", "0x1F", "1e3", "0b1", ".inf", "-.5", "2001-12-14", "1:20", "<<", "0644", "+1",
	"\u0085", "\u2028", "\u2029", "\ufeff", "é", "😀", "\u00a0", "\x7f", "\u0080", "\ufffe", "\ufffd",
	"---", "...", " # ", ": ", "- ", "? ", "\r\n", "\n\n", "  ", "\t",
	strings.Repeat("ab ", 30), strings.Repeat("x", 130), strings.Repeat("k", 500), strings.Repeat("<", 100),
}

const fuzzASCII = " -.:#'\"\\|>?!&*[]{},%@`~<=0123456789abcyYnNtT_+eE\n\t\r"

func (f *fuzzValue) str() string {
	n := int(f.next() % 10)
	var b strings.Builder
	for range n {
		switch c := f.next(); {
		case c < 96:
			b.WriteByte(fuzzASCII[int(c)%len(fuzzASCII)])
		case c < 160:
			b.WriteString(fuzzFragments[int(c-96)%len(fuzzFragments)])
		case c < 200:
			b.WriteByte(f.next())
		default:
			b.WriteRune(rune(f.next())<<8 | rune(f.next()))
		}
	}
	return b.String()
}

func (f *fuzzValue) value(depth int) any {
	c := f.next()
	if depth > 5 {
		c %= 10
	}
	switch c % 16 {
	case 0:
		return nil
	case 1:
		return c&16 != 0
	case 2:
		return int64(int8(f.next()))
	case 3:
		return int64(f.uint64())
	case 4:
		return math.Float64frombits(f.uint64())
	case 5:
		return fuzzFloats[int(f.next())%len(fuzzFloats)]
	case 6, 7, 8, 9:
		return f.str()
	case 10, 11, 12:
		m := map[string]any{}
		for n := int(f.next() % 6); n > 0; n-- {
			m[f.str()] = f.value(depth + 1)
		}
		return m
	default:
		l := []any{}
		for n := int(f.next() % 6); n > 0; n-- {
			l = append(l, f.value(depth+1))
		}
		return l
	}
}

// FuzzRenderYAML checks the emitter against JSONToYAML, and its index
// against LocateValue, on values built from the bytes; and
// RenderJSONAsYAML on the bytes when they are JSON.
func FuzzRenderYAML(f *testing.F) {
	f.Add([]byte{10, 3, 5, 'a', 'b', 'c', 6, 2, 140, 7, 13, 2, 6, 1, 120})
	f.Add([]byte(`{"a":[1,"x",{"b":null}],"c":"d\u0085e"}`))
	f.Add([]byte{13, 5, 6, 4, 120, 121, 122, 130, 12, 2, 6, 9, 100, 132, 133, 96, 1, 2, 7, 250, 32, 40})
	defer func(n int) { maxPaths = n }(maxPaths)
	maxPaths = 400
	f.Fuzz(func(t *testing.T, data []byte) {
		v := (&fuzzValue{b: data}).value(0)
		checkRender(t, v)
		if j, err := jsonvalue.Encode(v); err == nil {
			if !yamlemit.Encodes(v, j) {
				t.Fatalf("yamlemit.Encodes(%#v, %q) = false", v, j)
			}
			checkRenderJSON(t, j)
		}
		if json.Valid(data) {
			checkRenderJSON(t, data)
		}
	})
}

// checkRenderJSON compares RenderJSONAsYAML and RenderJSONIndexed with
// JSONToYAML on JSON text.
func checkRenderJSON(t *testing.T, j []byte) {
	t.Helper()
	y, wantErr := yaml.JSONToYAML(j)
	want := string(y)
	oracle := func() string { y, _ := yaml.JSONToYAML(j); return string(y) }
	got, err := document.RenderJSONAsYAML(j)
	if fmt.Sprint(err) != fmt.Sprint(wantErr) || got != want && !sameUnordered(t, got, want, oracle) {
		t.Fatalf("document.RenderJSONAsYAML(%q)\n got %q, %v\nwant %q, %v", j, got, err, want, wantErr)
	}
	v, err := jsonvalue.Decode(j)
	if err != nil {
		return
	}
	text, ix, err := document.RenderJSONIndexed(j, v)
	if fmt.Sprint(err) != fmt.Sprint(wantErr) || text != want && !sameUnordered(t, text, want, oracle) {
		t.Fatalf("document.RenderJSONIndexed(%q)\n got %q, %v\nwant %q, %v", j, text, err, want, wantErr)
	}
	if err == nil {
		checkSpansAgree(t, text, v, ix, gen.SpanPaths(v, pathLimit()))
	}
}

func TestRenderJSONAsYAMLMatchesJSONToYAML(t *testing.T) {
	tests := []struct {
		name, json string
	}{
		{"canonical", `{"a":[1,"x",{"b":null}],"c":true}`},
		{"a whole float with a fraction", `{"a":1.0,"b":1000000.0,"c":-0.0,"d":1e3,"e":1E+2}`},
		{"beyond int64", `{"a":12345678901234567891,"b":-9223372036854775809,"c":18446744073709551616}`},
		{"spaces and line breaks", "{ \"a\" : [ 1 ,\n 2 ] }\n"},
		{"escapes the encoder does not write", `{"a":"\/\u00e9\u0041","b":"\u0085","c":"\u007f"}`},
		{"raw characters the encoder escapes", "{\"a\":\"x\u2028y\",\"b\":\"<&>\"}"},
		{"a raw U+0085", "{\"a\":\"x\u0085y\"}"},
		{"duplicate keys", `{"a":1,"a":2}`},
		{"key order", `{"b":1,"a":2}`},
		{"invalid UTF-8", "{\"a\":\"\xff\"}"},
		{"not JSON", `{a: 1}`},
		{"a scalar", `"x"`},
		{"null", `null`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkRenderJSON(t, []byte(tt.json))
		})
	}
}

func TestEncodes(t *testing.T) {
	tests := []struct {
		name string
		v    any
		json string
		want bool
	}{
		{"canonical", map[string]any{"b": []any{int64(1), "x", nil, true, 1.5}, "a": map[string]any{}}, `{"a":{},"b":[1,"x",null,true,1.5]}`, true},
		{"keys out of order", map[string]any{"a": int64(1), "b": int64(2)}, `{"b":2,"a":1}`, false},
		{"a key twice", map[string]any{"a": int64(1)}, `{"a":1,"a":1}`, false},
		{"a key missing", map[string]any{"a": int64(1), "b": int64(2)}, `{"a":1}`, false},
		{"a key too many", map[string]any{"a": int64(1)}, `{"a":1,"b":2}`, false},
		{"escaped keys", map[string]any{"<": int64(1), `a"b`: int64(2)}, `{"\u003c":1,"a\"b":2}`, true},
		{"a key left raw", map[string]any{"<": int64(1)}, `{"<":1}`, false},
		{"a whole float spelled 1.0", 1.0, `1.0`, false},
		{"a whole float", 1.0, `1`, true},
		{"-0", math.Copysign(0, -1), `-0`, true},
		{"an exponent", 1e21, `1e+21`, true},
		{"a string escaped", "a<b\u2028", `"a\u003cb\u2028"`, true},
		{"a string left raw", "<", `"<"`, false},
		{"an escape the encoder does not write", "/", `"\/"`, false},
		{"invalid UTF-8", "\xff", `"\ufffd"`, true},
		{"colliding keys", map[string]any{"\xff": int64(1), "\xfe": int64(2)}, `{"\ufffd":2,"\ufffd":1}`, true},
		{"spaces", []any{int64(1)}, `[ 1]`, false},
		{"trailing bytes", []any{}, `[]x`, false},
		{"NaN", math.NaN(), `NaN`, false},
		{"nil map and list", map[string]any{"m": map[string]any(nil), "l": []any(nil)}, `{"l":null,"m":null}`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := yamlemit.Encodes(tt.v, []byte(tt.json)); got != tt.want {
				t.Errorf("yamlemit.Encodes(%#v, %s) = %v, want %v", tt.v, tt.json, got, tt.want)
			}
			j, err := jsonvalue.Encode(tt.v)
			if want := err == nil && string(j) == tt.json; want != tt.want {
				t.Errorf("the table is wrong: Encode gives %s, %v", j, err)
			}
		})
	}
}
