//go:build !js

package document

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
)

// kubectlRead reads a file the way kubectl's resource builder does
// (cli-runtime's StreamVisitor with the unstructured JSON scheme): the
// objects it would apply, or the error it would stop with.
func kubectlRead(text string) ([]map[string]any, error) {
	d := utilyaml.NewYAMLOrJSONDecoder(strings.NewReader(text), 4096)
	var out []map[string]any
	for {
		ext := runtime.RawExtension{}
		if err := d.Decode(&ext); err != nil {
			if err == io.EOF {
				return out, nil
			}
			return out, err
		}
		ext.Raw = bytes.TrimSpace(ext.Raw)
		if len(ext.Raw) == 0 || bytes.Equal(ext.Raw, []byte("null")) {
			continue
		}
		obj, _, err := unstructured.UnstructuredJSONScheme.Decode(ext.Raw, nil, nil)
		if err != nil {
			return out, err
		}
		u, ok := obj.(*unstructured.Unstructured)
		if !ok {
			return out, errors.New("a list")
		}
		out = append(out, u.Object)
	}
}

// oracleCorpus are texts on which our reading must agree with kubectl's.
var oracleCorpus = map[string]string{
	"deployment":         deployment,
	"yaml 1.1 scalars":   "kind: A\na: 0644\nb: yes\nc: on\nd: 3.0\ne: 1e3\nf: 12345678901234567890\ng: 0x1F\nh: -0b101\ni: 1_000\nj: 2001-12-14\nk: ~\nl: .5\nm: +12\nn: 0o17\no: 1:20\np: 0.1e+2\n",
	"yaml keys":          "kind: A\nyes: 1\n1.5: 2\n0x10: 3\n010: 4\nNo: 5\n1e3: 6\n.inf: 7\n",
	"json numbers":       `{"kind":"A","a":3.0,"b":1e3,"c":12345678901234567890,"d":-0,"e":1.5e-7,"f":0.0}`,
	"json strings":       `{"kind":"A","a":"\u00e9\ud83d\ude00","b":"<&>","c":"yes"}`,
	"json then yaml":     "{\"kind\":\"A\"}\n---\n# empty\n",
	"json twice":         `{"kind":"A"}{"kind":"B"}`,
	"json then scalar":   `{"kind":"A"} 5`,
	"json then null":     `{"kind":"A"} null`,
	"json invalid":       `{"kind":"A",}`,
	"json broken":        `{"kind": "A" "b": 1}`,
	"flow yaml":          "{kind: A, a: [1, 2, {b: yes}]}",
	"crlf":               "kind: A\r\na: |\r\n  x\r\n  y\r\n",
	"bom":                "\ufeffkind: A\n",
	"separators":         "---\n# c\n---\nkind: A\n---\n",
	"two docs":           "kind: A\n---\nkind: B\n",
	"null doc":           "---\nnull\n---\nkind: A\n",
	"bad separator":      "kind: A\n--- x\n",
	"dashes":             "kind: A\n----\n",
	"document end":       "kind: A\n...\n",
	"anchors":            "kind: A\nx: &x {a: 1}\ny: *x\nz:\n  <<: *x\n  b: 2\n",
	"duplicates":         "kind: A\na: 1\na: 2\nm: {k: 1, k: 2}\n",
	"block scalars":      "kind: A\na: |\n  x\n\n  y\nb: >-\n  folded\n  text\nc: |+\n  keep\n\n",
	"multi-line plain":   "kind: A\na: one\n  two\n\n  three\n",
	"binary":             "kind: A\na: !!binary aGVsbG8=\n",
	"list":               "- kind: A\n",
	"scalar":             "hello\n",
	"kind list":          "apiVersion: v1\nkind: List\nitems:\n- kind: A\n",
	"null items":         "kind: A\nitems: null\n",
	"items in capitals":  "kind: A\nItems: [1]\n",
	"no kind":            "apiVersion: v1\nmetadata: {name: a}\n",
	"syntax":             "kind: A\nb: c: d\n",
	"tab":                "kind: A\nb:\n\tc: 1\n",
	"null key":           "kind: A\n~: 1\n",
	"inf":                "kind: A\na: .inf\n",
	"leading whitespace": strings.Repeat(" \n", 3000) + `{"kind":"A","a":3.0}`,
	"empty":              "",
	"comments":           "# only\n",
}

func TestAgainstKubectl(t *testing.T) {
	for name, text := range oracleCorpus {
		t.Run(name, func(t *testing.T) {
			compareWithKubectl(t, text)
		})
	}
}

func compareWithKubectl(t *testing.T, text string) {
	t.Helper()
	want, kerr := kubectlRead(text)
	d, err := ParseWith("file", text, Options{AllowEmpty: true, SkipIdentity: true})
	switch {
	case kerr != nil || len(want) > 1:
		// kubectl's only check of the object is its kind; ours are stricter.
		if d, err := ParseWith("file", text, Options{AllowEmpty: true}); err == nil {
			t.Fatalf("kubectl fails (%v, %d objects) but we read %v", kerr, len(want), d)
		}
	case len(want) == 0:
		if d != nil || err != nil {
			t.Fatalf("kubectl reads nothing but we got %v, %v", d, err)
		}
	default:
		if err != nil {
			t.Fatalf("kubectl reads %v but we fail: %v", want[0], err)
		}
		if !reflect.DeepEqual(d.Object, want[0]) {
			t.Fatalf("we read\n%#v\nkubectl reads\n%#v", d.Object, want[0])
		}
	}
}

// FuzzParse checks that no text makes Parse panic, and that whatever
// kubectl reads as exactly one object (with a kind), we read the same.
func FuzzParse(f *testing.F) {
	for _, text := range oracleCorpus {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 1<<16 {
			return
		}
		done := make(chan struct{})
		defer close(done)
		go func() {
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				panic(fmt.Sprintf("hangs on %q", text))
			}
		}()
		want, kerr := kubectlRead(text)
		d, err := ParseWith("file", text, Options{AllowEmpty: true, SkipIdentity: true})
		if kerr == nil && len(want) == 1 {
			if err != nil {
				var e *Error
				if errors.As(err, &e) && (e.Reason == ReasonTooDeep || e.Reason == ReasonEncoding || e.Reason == ReasonAmbiguousKey) {
					return // our limits, stricter than kubectl's
				}
				t.Fatalf("kubectl reads %v but we fail: %v", want[0], err)
			}
			if !reflect.DeepEqual(d.Object, want[0]) {
				t.Fatalf("we read %#v, kubectl %#v", d.Object, want[0])
			}
		}
		if kerr != nil || len(want) > 1 {
			if d, err := ParseWith("file", text, Options{AllowEmpty: true}); err == nil && d != nil {
				t.Fatalf("kubectl fails (%v, %d objects) but we read %v", kerr, len(want), d.Object)
			}
		}
	})
}
