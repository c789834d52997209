//go:build !js

package document

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

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

func TestAgainstKubectl(t *testing.T) {
	for name, text := range oracleCorpus {
		t.Run(name, func(t *testing.T) {
			compareWithKubectl(t, text)
		})
	}
}

// TestJSONIndexedAgainstKubectl reads the JSON cases of readJSONIndexed
// as kubectl does (a JSON decoder for a stream starting with "{"), but
// for the limits applylens adds (encoding, depth).
func TestJSONIndexedAgainstKubectl(t *testing.T) {
	for _, tc := range jsonIndexedCases {
		t.Run(tc.name, func(t *testing.T) {
			var e *Error
			if _, err := ParseOptional("file", tc.text); errors.As(err, &e) && (e.Reason == ReasonTooDeep || e.Reason == ReasonEncoding) {
				return
			}
			compareWithKubectl(t, tc.text)
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
		defer panicIfHangs(text)()
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
