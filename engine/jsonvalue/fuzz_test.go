package jsonvalue

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// reference decodes with encoding/json and converts numbers afterwards: the
// slow, obviously right way the fast decoder must agree with.
func reference(data []byte) (any, error) {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return convertNumbers(v)
}

func convertNumbers(v any) (any, error) {
	switch t := v.(type) {
	case json.Number:
		return Number(string(t))
	case map[string]any:
		for k, e := range t {
			c, err := convertNumbers(e)
			if err != nil {
				return nil, err
			}
			t[k] = c
		}
	case []any:
		for i, e := range t {
			c, err := convertNumbers(e)
			if err != nil {
				return nil, err
			}
			t[i] = c
		}
	}
	return v, nil
}

// sameShape compares values and the capacities of their lists.
func sameShape(a, b any) bool {
	switch x := a.(type) {
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) || cap(x) != cap(y) {
			return false
		}
		for i := range x {
			if !sameShape(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k := range x {
			if !sameShape(x[k], y[k]) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
}

var decodeSeeds = []string{
	`{}`, `[]`, `null`, `true`, `false`, `0`, `-0`, `1.5`, `1e3`, `-1E-7`, `1.0`,
	`9223372036854775807`, `9223372036854775808`, `-9223372036854775808`, `-9223372036854775809`,
	`1e400`, `01`, `1.`, `.5`, `-`, `"a\"b\\c\/d\b\f\n\r\t"`, `"\u00e9\ud83d\ude00"`, `"\ud800"`, `"\ud800\u0041"`,
	"\"\xff\xfe\"", "\"\x01\"", `"\'"`, `{"a":1,"a":2}`, `{"a":[1,2,3,[4,{"b":null}]]}`, ` { "x" : [ ] } `,
	`{} x`, `{"a" 1}`, `[1,]`, `{"a":1,}`, `[1 2]`, "\ufeff{}", `"\u00zz"`, `{"<&>":"\u2028"}`,
}

func FuzzDecode(f *testing.F) {
	for _, s := range decodeSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := Decode(data)
		want, werr := reference(data)
		if (err == nil) != (werr == nil) {
			t.Fatalf("%q: error %v, encoding/json %v", data, err, werr)
		}
		if err != nil {
			if err.Error() != werr.Error() && werr.Error() != "" {
				// Same message: Decode reports encoding/json's error.
				var v any
				if uerr := json.Unmarshal(data, &v); uerr != nil && uerr.Error() != err.Error() {
					t.Fatalf("%q: message %q, want %q", data, err, uerr)
				}
			}
			return
		}
		if !sameShape(got, want) {
			t.Fatalf("%q: got %#v, want %#v", data, got, want)
		}
		enc, err := Encode(got)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := json.Marshal(want)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(enc, ref) {
			t.Fatalf("%q: Encode %s, json.Marshal %s", data, enc, ref)
		}
	})
}

func TestEncodeMatchesMarshal(t *testing.T) {
	values := []any{
		nil, true, "", "a<b>&c\u2028\u2029\x00\x1f\x7f\"\\\b\f\n\r\t", "\xff\xc3(", int64(-1 << 63),
		1e21, 1e20, 1e-6, 1e-7, -1.5e-10, 123456789.125, 0.0, 5e-324, 1.7976931348623157e308,
		map[string]any{"b": []any{}, "a": map[string]any{}, "é": nil}, []any(nil), map[string]any(nil),
		[]any{int64(1), 2.5, "x", false, []any{nil}},
	}
	for _, v := range values {
		got, err := Encode(v)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(v)
		if !bytes.Equal(got, want) {
			t.Errorf("Encode(%#v) = %s, json.Marshal %s", v, got, want)
		}
	}
}

func TestDecodeDepthLimit(t *testing.T) {
	for _, depth := range []int{10000, 10001} {
		data := bytes.Repeat([]byte("["), depth)
		data = append(data, bytes.Repeat([]byte("]"), depth)...)
		_, err := Decode(data)
		_, werr := reference(data)
		if (err == nil) != (werr == nil) {
			t.Errorf("depth %d: error %v, encoding/json %v", depth, err, werr)
		}
	}
}

// FuzzAppendString compares AppendString with encoding/json in both HTML
// modes, on any bytes (invalid UTF-8 included).
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "plain", `q"b\s`, "<a href='x'>&amp;</a>", "\x00\x01\b\f\n\r\t\x1f\x7f",
		"\u2028\u2029 é ☃ 𝄞", "\xff\xfe bad \xc3", "tab\tnew\nline"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, html := range []bool{true, false} {
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(html)
			if err := enc.Encode(s); err != nil {
				t.Fatal(err)
			}
			want := strings.TrimSuffix(b.String(), "\n")
			if got := string(AppendString(nil, s, html)); got != want {
				t.Fatalf("AppendString(%q, escapeHTML=%v) = %s, encoding/json %s", s, html, got, want)
			}
		}
	})
}
