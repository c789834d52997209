package engine_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/samples"
)

// TestIdentityMismatchExplained: a file of another kind, apiVersion or name
// than the live object fails as kubectl fails (its precondition, a Go value
// dump, kept as the message) and carries the plain explanation the page
// shows above it.
func TestIdentityMismatchExplained(t *testing.T) {
	s, _ := samples.Get("walkthrough")
	for _, tc := range []struct {
		name, from, to string
		want           string // in the explanation
	}{
		{"a near-miss kind", "kind: Deployment", "kind: Deploymnet", "The kind differs: the file has Deploymnet, the live object Deployment. "},
		{"an unknown kind", "kind: Deployment", "kind: Widget", "apply the file to the Widget nginx-deployment (creating it if missing), never to this one."},
		{"another group", "apiVersion: apps/v1", "apiVersion: example.com/v1", "The apiVersion differs: the file has example.com/v1, the live object apps/v1. "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := engine.Apply(engine.Input{File: strings.Replace(s.File, tc.from, tc.to, 1), Live: s.Live})
			var ae *engine.ApplyError
			if !errors.As(err, &ae) {
				t.Fatalf("Apply: %v, want an ApplyError", err)
			}
			if !strings.HasPrefix(ae.Message, "creating patch: precondition failed for: map[") {
				t.Errorf("Message = %q, want kubectl's text", ae.Message)
			}
			if !strings.Contains(ae.Explanation, tc.want) {
				t.Errorf("Explanation = %q, want it to contain %q", ae.Explanation, tc.want)
			}
			if strings.Contains(ae.Explanation, "map[") {
				t.Errorf("Explanation has Go value syntax: %q", ae.Explanation)
			}
		})
	}
	// A suggestion only for a near-miss of a known kind.
	_, err := engine.Apply(engine.Input{File: strings.Replace(s.File, "kind: Deployment", "kind: Deploymnet", 1), Live: s.Live})
	var ae *engine.ApplyError
	if errors.As(err, &ae) && !strings.HasSuffix(ae.Explanation, " Did you mean Deployment?") {
		t.Errorf("no suggestion for Deploymnet: %q", ae.Explanation)
	}
}
