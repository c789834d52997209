//go:build !js

package engine_test

import (
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/mergepatch"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/samples"
)

// TestSamplesAgreeWithKubectl runs every sample through kubectl's own code
// (KubectlApply, the oracle of the engine's tests) and the engine: same
// action, patch type, patch, object and annotation, or both fail with
// kubectl's message kept in the engine's (the overwrite-false sample must
// fail with a conflict).
func TestSamplesAgreeWithKubectl(t *testing.T) {
	for _, s := range samples.All() {
		t.Run(s.ID, func(t *testing.T) {
			want := engine.KubectlApply(s.ClientSideInput())
			got, err := engine.Apply(s.ClientSideInput())
			if s.ID == "overwrite-false" && !mergepatch.IsConflict(want.Err) {
				t.Fatalf("kubectl error %v, want a conflict", want.Err)
			}
			if want.Err != nil || err != nil {
				if want.Err == nil || err == nil {
					t.Fatalf("engine error %v, kubectl error %v", err, want.Err)
				}
				// kubectl's message is kept inside the engine's.
				if !strings.Contains(err.Error(), want.Err.Error()) {
					t.Errorf("engine error %q does not carry kubectl's %q", err, want.Err)
				}
				return
			}
			if got.Action != want.Action || got.PatchType != want.PatchType {
				t.Errorf("action/patch type: engine %s/%s, kubectl %s/%s", got.Action, got.PatchType, want.Action, want.PatchType)
			}
			if !engine.SameJSON(got.Patch, want.Patch) {
				t.Errorf("patch differs:\nengine  %s\nkubectl %s", got.Patch, want.Patch)
			}
			if !engine.SameJSON(got.Object, want.Object) {
				t.Errorf("object differs:\nengine  %s\nkubectl %s", got.Object, want.Object)
			}
			if got.LastApplied != want.LastApplied {
				t.Errorf("annotation differs:\nengine  %q\nkubectl %q", got.LastApplied, want.LastApplied)
			}
		})
	}
}
