package engine

import (
	"errors"
	"strings"
	"testing"
)

func TestParseCustomResourceDefinitions(t *testing.T) {
	crd := func(name string) string {
		return "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: " + name + "\n"
	}
	for _, tc := range []struct {
		name, text string
		names      []string // metadata.name of each CRD read
		line       int      // of the error, when there is one
		message    string
	}{
		{name: "empty", text: ""},
		{name: "only separators and comments", text: "---\n# nothing\n---\n"},
		{name: "one", text: crd("a.example.com"), names: []string{"a.example.com"}},
		{name: "two and empty documents", text: "---\n" + crd("a.example.com") + "---\n\n--- # two\n" + crd("b.example.com"), names: []string{"a.example.com", "b.example.com"}},
		{name: "JSON", text: `{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"j.example.com"}}`, names: []string{"j.example.com"}},
		{name: "not a CRD", text: crd("a.example.com") + "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n",
			line: 7, message: "c is a ConfigMap of v1, not a CustomResourceDefinition"},
		{name: "a syntax error counts lines from the pane's start", text: crd("a.example.com") + "---\nkind: [\n", line: 6, message: ""},
		{name: "content after ---", text: crd("a.example.com") + "--- kind: X\n", line: 5, message: `has "kind: X" after it`},
		{name: "no name", text: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n", line: 0, message: "metadata.name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			crds, err := ParseCustomResourceDefinitions(tc.text)
			if tc.line > 0 || tc.message != "" {
				var ie *InputError
				if !errors.As(err, &ie) {
					t.Fatalf("error %v, want an InputError", err)
				}
				if ie.Pane != PaneCRDs || (tc.line > 0 && ie.Line != tc.line) || !strings.Contains(ie.Message, tc.message) {
					t.Errorf("%+v, want line %d and %q", ie, tc.line, tc.message)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, c := range crds {
				names = append(names, c.Name)
			}
			if strings.Join(names, " ") != strings.Join(tc.names, " ") {
				t.Errorf("read %v, want %v", names, tc.names)
			}
		})
	}
}
