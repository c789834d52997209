//go:build !js

package engine

import (
	"errors"
	"testing"
)

// FuzzApply feeds arbitrary panes to Apply: it must never panic, and when
// kubectl's own code computes a result, Apply must compute the same one.
// Apply may refuse input that kubectl's client code would pass on to the
// server (an object without a name, for one): those are InputErrors.
func FuzzApply(f *testing.F) {
	f.Add(walkthroughLastApplied, walkthroughFile, walkthroughLive, true)
	f.Add("", walkthroughFile, "", true)
	f.Add("", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata: {a: '1'}\n", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  annotations: {x: y}\ndata: {a: '2', b: '3'}\n", false)
	f.Add("{}", `{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"},"spec":{"l":[1,2]}}`, `{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"},"spec":{"l":[3]}}`, true)
	f.Fuzz(func(t *testing.T, lastApplied, file, live string, overwrite bool) {
		in := Input{LastApplied: lastApplied, File: file, Live: live, Overwrite: &overwrite}
		got, err := Apply(in)
		want := KubectlApply(in)
		if want.Err != nil || want.Panicked {
			return
		}
		if err != nil {
			var ie *InputError
			if errors.As(err, &ie) {
				return
			}
			t.Fatalf("engine failed where kubectl succeeded: %v", err)
		}
		if got.Action != want.Action || !SameJSON(got.Patch, want.Patch) || !SameJSON(got.Object, want.Object) || got.LastApplied != want.LastApplied {
			t.Fatalf("disagreement:\naction %s vs %s\npatch  %s\nkubectl %s\nobject %s\nkubectl %s", got.Action, want.Action, got.Patch, want.Patch, got.Object, want.Object)
		}
	})
}
