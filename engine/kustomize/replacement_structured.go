package kustomize

import (
	"encoding/json"
	"fmt"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// kustomize 5.8 reads a target field path that goes on past a scalar as a
// path into that scalar's text parsed as YAML or JSON ("structured data":
// a JSON document in a ConfigMap's data, a YAML file in an annotation), and
// writes the text back, as JSON (indented when the original looked
// indented, keys then sorted) when it began with { or [, else as YAML.
// This is the filter's setValueInStructuredData and PathMatcher's
// handleStructuredDataInScalar, with their fall-backs.

// setInStructuredData is setValueInStructuredData: it returns an error
// whenever kustomize's does, and kustomize then falls back to the normal
// path (whose own error is the one reported).
func setInStructuredData(o *object, value *yaml.Node, parts []string, create yaml.Kind, fp string, num int, from string, tr *trace) error {
	if len(parts) < 2 {
		return fmt.Errorf("not a structured data path")
	}
	var scalar *yaml.Node
	var rest []string
	for i := 1; i < len(parts); i++ {
		f, err := lookupPath(o.node, parts[:i])
		if err != nil || f == nil || f.Kind != yaml.ScalarNode {
			continue
		}
		var parsed yaml.Node
		if yaml.Unmarshal([]byte(f.Value), &parsed) == nil {
			scalar, rest = f, parts[i:]
			break
		}
	}
	if scalar == nil {
		return fmt.Errorf("no structured data found in path")
	}
	text := scalar.Value
	if strings.TrimSpace(text) == "" {
		// kyaml then walks a node of no kind (its messages name none).
		return refuseReplacement("the field path %q goes on into an empty text", fp)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		return err
	}
	fields, err := pathMatcher{create: create}.filter(docContent(&doc), rest)
	if err != nil {
		return err
	}
	if len(fields) == 0 {
		return fmt.Errorf("unable to find field in structured data")
	}
	for _, t := range fields {
		if t.Kind == yaml.ScalarNode {
			t.Value = value.Value
		} else {
			*t = *value
		}
	}
	out, err := serializeStructured(&doc, text)
	if err != nil {
		return err
	}
	desc := describe(o.curID())
	scalar.Value = out
	tr.add(desc, fp, text, out, "replacement %d: copied %s (%s) into %s's %s, inside the text of %s (read as %s and written back)", num, from, shownValue(value), desc, fp, strings.Join(parts[:len(parts)-len(rest)], "."), structuredFormat(text))
	return nil
}

func structuredFormat(original string) string {
	if c := strings.TrimSpace(original)[0]; c == '{' || c == '[' {
		return "JSON"
	}
	return "YAML"
}

// serializeStructured is the filter's serializeStructuredData.
func serializeStructured(doc *yaml.Node, original string) (string, error) {
	y, err := writeYAML(doc)
	if err != nil {
		return "", fmt.Errorf("failed to serialize structured data: %w", err)
	}
	if structuredFormat(original) == "YAML" {
		return strings.TrimSpace(y), nil
	}
	var v any
	if err := yaml.Unmarshal([]byte(y), &v); err != nil {
		return "", fmt.Errorf("failed to unmarshal YAML data: %w", err)
	}
	if strings.Contains(original, "\n") && strings.Contains(original, "  ") {
		if b, err := json.MarshalIndent(v, "", "  "); err == nil {
			return string(b), nil
		}
	}
	if b, err := json.Marshal(v); err == nil {
		return string(b), nil
	}
	return "", fmt.Errorf("failed to marshal JSON data")
}

// structuredInScalar is PathMatcher's handleStructuredDataInScalar: the
// rest of the path walked in a parsed copy of the scalar's text (what is
// set there is not written back).
func (p pathMatcher) structuredInScalar(f *yaml.Node, rest []string) ([]*yaml.Node, error) {
	if strings.TrimSpace(f.Value) == "" {
		return nil, refuseReplacement("a field path that goes on into an empty text")
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(f.Value), &doc); err != nil {
		return nil, err
	}
	return p.filter(docContent(&doc), rest)
}

// docContent is what kyaml's RNode.YNode gives for a parsed document: its
// content.
func docContent(doc *yaml.Node) *yaml.Node {
	if doc.Kind == yaml.DocumentNode && len(doc.Content) > 0 {
		return doc.Content[0]
	}
	return doc
}
