//go:build browser

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// linkFixture is a file of web/test/fixtures/links/: a link as a released
// page made it, and the state it must open.
type linkFixture struct {
	Fragment string `json:"fragment"`
	State    struct {
		Mode        string `json:"mode"`
		LastApplied string `json:"lastApplied"`
		File        string `json:"file"`
		Live        string `json:"live"`
		Format      string `json:"format"`
		Overwrite   bool   `json:"overwrite"`
		Tab         string `json:"tab"`
		View        string `json:"view"` // s2 on: single or timeline
		Timeline    *struct {
			Namespace string `json:"namespace"`
			Commands  []struct {
				Command string `json:"command"`
			} `json:"commands"`
		} `json:"timeline"`
		Flags struct { // s3 on: those not at their default
			Namespace string `json:"namespace"`
			Scope     string `json:"scope"`
		} `json:"flags"`
		Kustomize *kustomizeTree `json:"kustomize"` // s4 on
	} `json:"state"`
}

// TestLinkFixtures opens every share link fixture in a fresh page: the
// panes, the last-applied mode, the file format, --overwrite and the tab
// are the fixture's state (line breaks as the editors keep them: LF).
func TestLinkFixtures(t *testing.T) {
	dir := filepath.Join(repoRoot, "web", "test", "fixtures", "links")
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no link fixtures in %s (%v)", dir, err)
	}
	b := newBrowser(t, desktopWidth, desktopHeight)
	outer := t
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		t.Run(name, func(t *testing.T) {
			b.t = t
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var f linkFixture
			if err := json.Unmarshal(raw, &f); err != nil {
				t.Fatal(err)
			}
			// A fresh document each time: about:blank between two links.
			b.run(chromedp.Navigate("about:blank"))
			ctx, cancel := context.WithTimeout(b.ctx, startTimeout)
			err = chromedp.Do(ctx, chromedp.Navigate(siteURL+f.Fragment))
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			// Empty panes have no engine answer: the page shows guidance.
			b.waitFor("the link's panes computed", `document.getElementById('outputs').dataset.state === 'empty' || (document.documentElement.dataset.firstResultMs !== undefined && ['ready', 'error'].includes(document.getElementById('outputs').dataset.state))`, startTimeout)
			b.waitFor("the link opened", `document.getElementById('link-status').dataset.kind === 'opened'`, stepTimeout)
			if !b.hidden("link-error") {
				t.Fatalf("the link was refused: %s", b.text("link-error"))
			}
			lf := func(s string) string { return strings.ReplaceAll(s, "\r\n", "\n") }
			s := f.State
			if got := b.paneText("file"); got != lf(s.File) {
				t.Errorf("file pane %q, want %q", got, lf(s.File))
			}
			if got := b.paneText("live"); got != lf(s.Live) {
				t.Errorf("live pane %q, want %q", got, lf(s.Live))
			}
			if got := eval[string](b, `applylensPage.mode()`); got != s.Mode {
				t.Errorf("mode %q, want %q", got, s.Mode)
			}
			if s.Mode == "explicit" {
				if got := b.paneText("last-applied"); got != lf(s.LastApplied) {
					t.Errorf("last-applied pane %q, want %q", got, lf(s.LastApplied))
				}
			}
			if got := eval[string](b, `applylensPage.format()`); got != s.Format {
				t.Errorf("format %q, want %q", got, s.Format)
			}
			if got := eval[bool](b, `document.getElementById('opt-overwrite').checked`); got != s.Overwrite {
				t.Errorf("--overwrite %v, want %v", got, s.Overwrite)
			}
			// The flags row (web/page/flags.js) shows -n and a custom kind's scope.
			if got := eval[string](b, `document.getElementById('opt-namespace').value`); got != s.Flags.Namespace {
				t.Errorf("-n %q, want %q", got, s.Flags.Namespace)
			}
			wantScope := s.Flags.Scope
			if wantScope == "" {
				wantScope = "namespaced"
			}
			if got := eval[string](b, `document.getElementById('opt-scope').value`); got != wantScope {
				t.Errorf("scope %q, want %q", got, wantScope)
			}
			if got := b.attr("tab-"+s.Tab, "aria-selected"); got != "true" {
				t.Errorf("tab %s not shown (aria-selected %q)", s.Tab, got)
			}
			view := s.View
			if view == "" {
				view = "single"
			}
			if got := eval[string](b, `document.documentElement.dataset.view || 'single'`); got != view {
				t.Errorf("view %q, want %q", got, view)
			}
			if s.Timeline != nil && view == "timeline" {
				b.waitFor("the timeline played", `document.getElementById('timeline').dataset.state === 'ready' && Number(document.getElementById('timeline').dataset.renders) > 0`, startTimeout)
				commands := eval[[]string](b, `[...document.querySelectorAll('#timeline-steps .tl-command')].map((e) => e.value ?? e.textContent)`)
				if len(commands) != len(s.Timeline.Commands) {
					t.Fatalf("%d commands shown, want %d", len(commands), len(s.Timeline.Commands))
				}
				for i, c := range s.Timeline.Commands {
					if strings.TrimSpace(commands[i]) != c.Command {
						t.Errorf("command %d is %q, want %q", i+1, commands[i], c.Command)
					}
				}
				if got := eval[string](b, `document.getElementById('timeline-namespace').value`); got != s.Timeline.Namespace {
					t.Errorf("timeline namespace %q, want %q", got, s.Timeline.Namespace)
				}
			}
			if s.Kustomize != nil && view == "kustomize" {
				b.waitFor("the kustomization built", `['ready', 'error'].includes(document.getElementById('kustomize').dataset.state) && Number(document.getElementById('kustomize').dataset.renders) > 0`, startTimeout)
				if got := eval[kustomizeTree](b, `applylensKustomize.state()`); !reflect.DeepEqual(got, *s.Kustomize) {
					t.Errorf("the Kustomize mode holds %+v, want %+v", got, *s.Kustomize)
				}
			}
			b.checkConsole()
		})
		b.t = outer
	}
}

// thousands writes n as the page does (en-US: 12,345).
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// TestLongLink copies a short link (its length said, no warning) and one
// over 2,000 characters: the warning names both numbers and offers the
// documents instead, which are copied as one YAML stream naming the panes.
func TestLongLink(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.grantClipboard()
	b.open()
	b.run(chromedp.Click(chromedp.ID("btn-copy-link")))
	b.waitFor("the link", `location.hash.startsWith('#s1=') && document.getElementById('link-status').dataset.kind === 'copied'`, stepTimeout)
	short := eval[string](b, `location.href`)
	if got, want := b.text("link-status"), fmt.Sprintf("The link has %s characters.", thousands(len(short))); !strings.HasSuffix(got, want) {
		t.Errorf("link-status = %q, want it to end with %q", got, want)
	}
	if b.attr("link-status", "data-long") != "false" || !b.hidden("btn-copy-documents") {
		t.Errorf("a %d-character link is called long", len(short))
	}

	// 1,500 characters that do not compress: the link passes 2,000.
	b.run(chromedp.Evaluate[chromedp.Void](`applylensPage.setText('live', applylensPage.getText('live') + '# ' + ` + randomJS(1500) + ` + '\n')`))
	b.run(chromedp.KeyEvent("l", chromedp.KeyModifiers(chromedp.ModifierAlt)))
	b.waitFor("the long link's warning", `document.getElementById('link-status').dataset.long === 'true'`, stepTimeout)
	long := eval[string](b, `location.href`)
	if len(long) <= 2000 || len(long) > 8000 {
		t.Fatalf("the link has %d characters, want between 2,000 and 8,000 for this test", len(long))
	}
	status := b.text("link-status")
	for _, want := range []string{fmt.Sprintf("The link has %s characters", thousands(len(long))), "more than the 2,000", "chat tools and issue trackers", "Copy the documents instead"} {
		if !strings.Contains(status, want) {
			t.Errorf("link-status = %q, want it to say %q", status, want)
		}
	}
	if b.hidden("btn-copy-documents") {
		t.Fatalf("no offer to copy the documents")
	}
	b.screenshot("long-link-desktop")
	b.run(chromedp.Click(chromedp.ID("btn-copy-documents")))
	b.waitFor("the documents copied", `document.getElementById('link-status').textContent.startsWith('The documents are copied')`, stepTimeout)
	got := eval[string](b, `navigator.clipboard.readText().catch((e) => 'unreadable: ' + e.message)`)
	if strings.HasPrefix(got, "unreadable") {
		t.Skipf("the clipboard cannot be read back here (%s)", got)
	}
	file, live := b.paneText("file"), b.paneText("live")
	want := "# applylens: the documents of a kubectl apply, one per pane of the page.\n" +
		"# last-applied configuration: read from the live object's annotation.\n" +
		"---\n# configuration file (kubectl apply -f)\n" + file +
		"---\n# live configuration (kubectl get -o yaml)\n" + live
	if got != want {
		t.Errorf("the clipboard holds %.300q…, want %.300q…", got, want)
	}
	if !b.hidden("btn-copy-documents") {
		t.Errorf("the offer stays after the documents were copied")
	}
	b.checkConsole()
}
