//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestTimelineTypedRoundTrip edits the walkthrough's first file in the
// Timeline mode: with `replicas: three` the simulated server refuses the
// create with the decoder's words, as a real one does; with a number it
// stores the object, its `cpu: .5` as the canonical "500m".
func TestTimelineTypedRoundTrip(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	b.pickTimeline("walkthrough", 3)
	const file = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx-deployment\nspec:\n  replicas: %s\n  selector:\n    matchLabels: {app: nginx}\n  template:\n    metadata:\n      labels: {app: nginx}\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.14.2\n        resources:\n          requests:\n            cpu: .5\n"
	setFirstFile := func(replicas string) {
		t.Helper()
		before := b.timelineRenders()
		js, _ := json.Marshal(fmt.Sprintf(file, replicas))
		eval[chromedp.Void](b, fmt.Sprintf(`applylensTimeline.setFileText(0, 0, %s)`, js))
		b.waitTimeline(before, 3, 0)
	}

	setFirstFile("three")
	first := b.shownSteps()[0]
	const refusal = `Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32`
	if !strings.HasPrefix(first.Stderr, "Error from server (BadRequest): error when creating ") || !strings.Contains(first.Stderr, refusal) || first.ExitCode == "0" {
		t.Errorf("step 1 with replicas: three shows %+v, want the server's refusal %q", first, refusal)
	}
	if strings.Contains(first.Stdout, "created") {
		t.Errorf("step 1 with replicas: three printed %q", first.Stdout)
	}

	setFirstFile("2")
	first = b.shownSteps()[0]
	if !strings.Contains(first.Stdout, "created") || first.Stderr != "" {
		t.Errorf("step 1 with replicas: 2 shows %+v, want the create", first)
	}
	after := b.afterText()
	if !strings.Contains(after, "cpu: 500m") || strings.Contains(after, "cpu: .5") {
		t.Errorf("the stored object's cpu is not the canonical 500m:\n%s", after)
	}
	b.checkConsole()
}
