package engine

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/applylens/applylens/engine/document"
	"github.com/applylens/applylens/engine/kube"
)

// PaneCRDs names the CustomResourceDefinitions pane in InputError.
const PaneCRDs = kube.PaneCRDs

// ParseCustomResourceDefinitions reads the CustomResourceDefinitions the
// server knows, for a server-side apply of a custom resource: YAML
// documents separated by lines starting with "---" (as kubectl reads a
// file), or one JSON object. Empty documents are skipped; every other one
// must be an apiextensions.k8s.io/v1 CustomResourceDefinition. Lines, in
// errors (*InputError) and in the documents' positions, count from the
// start of text.
func ParseCustomResourceDefinitions(text string) ([]*document.Document, error) {
	pieces, err := splitDocuments(text)
	if err != nil {
		return nil, err
	}
	var out []*document.Document
	for _, piece := range pieces {
		// Blank lines in place of the documents before: the lines the
		// reader counts (in positions and messages) are the pane's.
		d, err := document.ParseWith(PaneCRDs, strings.Repeat("\n", piece.line-1)+piece.text, document.Options{AllowEmpty: true})
		if err != nil {
			return nil, inputError(err)
		}
		if d == nil {
			continue
		}
		if d.APIVersion != "apiextensions.k8s.io/v1" || d.Kind != "CustomResourceDefinition" {
			line, _, _ := d.Span("kind")
			return nil, &InputError{Pane: PaneCRDs, Line: line, Path: "kind",
				Message: fmt.Sprintf("%s is a %s of %s, not a CustomResourceDefinition of apiextensions.k8s.io/v1: only CRDs go here.", d.Name, d.Kind, d.APIVersion)}
		}
		out = append(out, d)
	}
	return out, nil
}

// CRDSchemaError is what a ServerSideFunc returns for a CRD whose schema
// the API server would not admit.
type CRDSchemaError = kube.CRDSchemaError

// locateCRDSchemaError is the CRD pane's InputError for e: the line of the field, or of
// the nearest field above it that is written.
func locateCRDSchemaError(e *CRDSchemaError, crds []*document.Document) *InputError {
	out := &InputError{Pane: PaneCRDs, Path: e.Path, Message: e.Message}
	if e.Index < 0 || e.Index >= len(crds) {
		return out
	}
	for path := e.Path; ; {
		if line, _, ok := crds[e.Index].Span(path); ok {
			out.Line = line
			return out
		}
		i := strings.LastIndexAny(path, ".[")
		if i <= 0 {
			return out
		}
		path = path[:i]
	}
}

type documentText struct {
	text string
	line int // of its first line in the whole text
}

// splitDocuments cuts text at the lines that start with "---"; a JSON
// text is one document.
func splitDocuments(text string) ([]documentText, error) {
	if strings.HasPrefix(strings.TrimLeftFunc(text, unicode.IsSpace), "{") {
		return []documentText{{text, 1}}, nil
	}
	var out []documentText
	start, line := 0, 1
	first := 1
	for i := 0; i <= len(text); {
		end := strings.IndexByte(text[i:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += i
		}
		if l := text[i:end]; strings.HasPrefix(l, "---") {
			if rest := strings.TrimSpace(l[3:]); rest != "" && rest[0] != '#' {
				return nil, &InputError{Pane: PaneCRDs, Line: line, Column: 4, Message: fmt.Sprintf("Line %d starts with \"---\", which separates documents, but has %q after it. kubectl allows only a comment there: put the content on the next line.", line, rest)}
			}
			out = append(out, documentText{text[start:i], first})
			start, first = end+1, line+1
		}
		i, line = end+1, line+1
	}
	if start < len(text) {
		out = append(out, documentText{text[start:], first})
	}
	return out, nil
}
