//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestTimelineAllowPrivileged switches the simulated API server's
// --allow-privileged beside the namespace: a privileged container is
// stored with it (the default, as kind and kubeadm run the server) and
// refused with the server's message without it; a share link keeps the
// setting.
func TestTimelineAllowPrivileged(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.grantClipboard()
	b.open()
	b.pickTimeline("walkthrough", 3)
	if !eval[bool](b, `document.getElementById('timeline-allow-privileged').checked`) {
		t.Fatal("--allow-privileged is not checked by default")
	}
	// The first apply's deployment gets a privileged container.
	file := eval[string](b, `applylensTimeline.state().commands[0].files[0].text`)
	privileged := strings.Replace(file, "        - containerPort: 80\n", "        - containerPort: 80\n        securityContext:\n          privileged: true\n", 1)
	if privileged == file {
		t.Fatalf("the walkthrough's first file has no container port to anchor the edit:\n%s", file)
	}
	js, _ := json.Marshal(privileged)
	before := b.timelineRenders()
	eval[chromedp.Void](b, fmt.Sprintf(`applylensTimeline.setFileText(0, 0, %s)`, js))
	b.waitTimeline(before, 3, 0)
	if s := b.shownSteps()[0]; s.ExitCode != "0" || !strings.Contains(s.Stdout, "created") {
		t.Fatalf("with --allow-privileged, the privileged deployment: %+v", s)
	}

	// Unchecked: the server refuses it, with its message.
	before = b.timelineRenders()
	b.run(chromedp.Click(chromedp.ID("timeline-allow-privileged")))
	b.waitTimeline(before, 3, 0)
	want := `The Deployment "nginx-deployment" is invalid: spec.template.spec.containers[0].securityContext.privileged: Forbidden: disallowed by cluster policy`
	if s := b.shownSteps()[0]; s.ExitCode == "0" || !strings.Contains(s.Stderr, want) {
		t.Errorf("without --allow-privileged, step 1 shows %+v, want the refusal %q", s, want)
	}
	b.screenshot("timeline-allow-privileged-off")
	// The apply kubectl computed is shown as refused: the cluster holds nothing.
	if got := eval[string](b, `[...document.querySelectorAll('.tl-apply')].map((s) => (s.dataset.refused || 'no') + ' ' + s.querySelector('.tl-apply-head .badge').textContent).join(', ')`); got != "true refused" {
		t.Errorf("step 1's apply is shown as %q, want it refused (the server stored nothing)", got)
	}
	if got := eval[string](b, `JSON.stringify(applylensTimeline.state().allowPrivileged)`); got != "false" {
		t.Errorf("the timeline's state has allowPrivileged %s, want false", got)
	}

	// A link keeps the setting.
	b.run(chromedp.Click(chromedp.ID("btn-copy-link")))
	b.waitFor("the link", `location.hash.startsWith('#s2=') && document.getElementById('link-status').dataset.kind === 'copied'`, stepTimeout)
	other := newBrowser(t, desktopWidth, desktopHeight)
	other.openAt(eval[string](b, `location.href`))
	other.waitTimeline(0, 3, 0)
	if eval[bool](other, `document.getElementById('timeline-allow-privileged').checked`) {
		t.Error("the link opened with --allow-privileged checked")
	}
	if s := other.shownSteps()[0]; !strings.Contains(s.Stderr, want) {
		t.Errorf("the link's step 1 shows %+v, want the refusal", s)
	}

	// Checked again: stored again.
	before = b.timelineRenders()
	b.run(chromedp.Click(chromedp.ID("timeline-allow-privileged")))
	b.waitTimeline(before, 3, 0)
	if s := b.shownSteps()[0]; s.ExitCode != "0" {
		t.Errorf("with --allow-privileged checked again, step 1 shows %+v", s)
	}
	b.checkConsole()
	other.checkConsole()
}
