//go:build browser

package e2e

import (
	"strings"
	"testing"
)

// TestLinkOverLimit opens a link whose data is one character over the
// limit (1,000,001): the page says so, in plain words, and shows the
// walkthrough; the address no longer holds the megabyte (early.js drops
// it before the page resolves a single module against it).
func TestLinkOverLimit(t *testing.T) {
	b := newBrowser(t, 1366, 900)
	b.openAt(siteURL + "#s1=" + strings.Repeat("A", 1_000_001))
	b.waitFor("the link's error", `!document.getElementById('link-error').hidden`, stepTimeout)
	if msg := b.text("link-error-message"); !strings.Contains(msg, "1,000,001 characters, over the limit of 1,000,000") || !strings.Contains(msg, "walkthrough is shown instead") {
		t.Errorf("the link's error says %q", msg)
	}
	if h := eval[string](b, `location.hash`); h != "" {
		t.Errorf("the address still holds a fragment of %d characters", len(h))
	}
	if !strings.Contains(b.paneText("file"), "nginx") {
		t.Errorf("the file pane does not hold the walkthrough:\n%s", b.paneText("file"))
	}
	t.Logf("first result %s ms after navigation start", eval[string](b, `document.documentElement.dataset.firstResultMs`))
	b.checkConsole()
}
