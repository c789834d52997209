package engine

import (
	"errors"
	"strings"
	"testing"
)

// A last-applied annotation of the live object that is not a JSON object:
// kubectl's error names neither the pane nor the annotation, so the engine
// adds both, the line and plain words, and keeps kubectl's text.
func TestBrokenLastAppliedAnnotation(t *testing.T) {
	annotated := func(apiVersion, kind, annotation string) string {
		return "apiVersion: " + apiVersion + "\nkind: " + kind + "\nmetadata:\n  name: c\n  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: '" + annotation + "'\ndata:\n  a: b\n"
	}
	file := func(apiVersion, kind string) string {
		return "apiVersion: " + apiVersion + "\nkind: " + kind + "\nmetadata:\n  name: c\ndata:\n  a: c\n"
	}
	tests := []struct {
		name             string
		apiVersion, kind string
		annotation       string
		kubectl, because string
	}{
		{"truncated, strategic merge", "v1", "ConfigMap", `{"a": `, "creating patch: invalid JSON document", "unexpected end of JSON input"},
		{"not JSON, JSON merge (custom resource)", "stable.example.com/v1", "CronTab", "nope", "creating patch: Invalid JSON Document", "invalid character"},
		{"a list, strategic merge", "v1", "ConfigMap", "[1]", "creating patch: invalid JSON document", "cannot unmarshal array"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Apply(Input{File: file(tt.apiVersion, tt.kind), Live: annotated(tt.apiVersion, tt.kind, tt.annotation)})
			var ae *ApplyError
			if !errors.As(err, &ae) {
				t.Fatalf("Apply = %v, want an *ApplyError", err)
			}
			if ae.Message != tt.kubectl {
				t.Errorf("Message = %q, want kubectl's %q", ae.Message, tt.kubectl)
			}
			if ae.Pane != PaneLive || ae.Line != 6 || ae.Path != `metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]` {
				t.Errorf("at %s line %d %s, want the live pane, line 6, the annotation", ae.Pane, ae.Line, ae.Path)
			}
			if !strings.Contains(ae.Explanation, "annotation kubectl.kubernetes.io/last-applied-configuration is not a JSON object") || !strings.Contains(ae.Explanation, tt.because) {
				t.Errorf("Explanation = %q, want the annotation named and %q", ae.Explanation, tt.because)
			}
		})
	}
}
