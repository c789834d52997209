package serverside_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine"
)

// Managed fields the API server cannot read: its error ("failed to decode
// managed fields: …") is kept, located in the live pane (the entry when
// the error names one) and said in plain words.
func TestMalformedManagedFieldsAreLocated(t *testing.T) {
	file := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: default\ndata:\n  a: b\n"
	live := func(managedFields string) string {
		return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: default\n  managedFields:\n" + managedFields + "data:\n  a: x\n"
	}
	entry := "  - manager: kubectl\n    operation: Apply\n    apiVersion: v1\n    fieldsType: FieldsV1\n    fieldsV1: {f:data: {f:a: {}}}\n"
	tests := []struct {
		name          string
		managedFields string
		path          string
		line          int
		server        string
	}{
		{"the second entry has no fieldsType", entry + "  - manager: other\n    operation: Update\n    apiVersion: v1\n    fieldsV1: {}\n", "metadata.managedFields[1]", 12,
			"failed to decode managed fields: missing fieldsType in managed fields entry 1"},
		{"not a list", "    manager: kubectl\n", "metadata.managedFields", 6, "failed to decode managed fields: metadata.managedFields: json: cannot unmarshal object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := serverSideEngine.Apply(engine.Input{File: file, Live: live(tt.managedFields), ServerSide: true, FieldManager: "kubectl"})
			var ae *engine.ApplyError
			if !errors.As(err, &ae) {
				t.Fatalf("Apply = %v, want an *engine.ApplyError", err)
			}
			if !strings.HasPrefix(ae.Message, tt.server) {
				t.Errorf("Message = %q, want the server's %q", ae.Message, tt.server)
			}
			if ae.Pane != engine.PaneLive || ae.Path != tt.path || ae.Line != tt.line {
				t.Errorf("at %s %s line %d, want the live pane, %s, line %d", ae.Pane, ae.Path, ae.Line, tt.path, tt.line)
			}
			if !strings.Contains(ae.Explanation, "The live object's "+tt.path+" cannot be read by the API server") {
				t.Errorf("Explanation = %q", ae.Explanation)
			}
		})
	}
}
