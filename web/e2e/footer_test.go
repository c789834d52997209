//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The kubernetes.io pages the footer names (web/page/footer.js).
const (
	declarativeDocs = "https://kubernetes.io/docs/tasks/manage-kubernetes-objects/declarative-config/"
	kustomizeDocs   = "https://kubernetes.io/docs/tasks/manage-kubernetes-objects/kustomization/"
)

// footerDocs are the footer's "Based on" links: address and text.
func (b *browser) footerDocs() [][2]string {
	b.t.Helper()
	return eval[[][2]string](b, `[...document.querySelectorAll('footer.foot #based-on a')].map((a) => [a.href, a.textContent])`)
}

// waitFooter waits until the footer names exactly these pages.
func (b *browser) waitFooter(hrefs ...string) {
	b.t.Helper()
	want, _ := json.Marshal(hrefs)
	b.waitFor("the footer naming "+string(want), fmt.Sprintf(`JSON.stringify([...document.querySelectorAll('footer.foot #based-on a')].map((a) => a.href)) === %q`, want), stepTimeout)
}

// TestFooterFollowsMode: the footer names the documentation page of what
// the mode shown does: the configuration files' in the single apply, the
// Kustomize page in the Kustomize mode, and in the Timeline the first,
// with the Kustomize page beside it while a command runs -k; an embed's
// footer (hidden) follows its mode too.
func TestFooterFollowsMode(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	declarative := [2]string{declarativeDocs, "Declarative Management of Kubernetes Objects Using Configuration Files"}
	kustomize := [2]string{kustomizeDocs, "Declarative Management of Kubernetes Objects Using Kustomize"}
	if got := b.footerDocs(); !reflect.DeepEqual(got, [][2]string{declarative}) {
		t.Errorf("single apply: the footer names %v, want %v", got, declarative)
	}

	b.run(chromedp.Click(chromedp.ID("mode-kustomize")))
	b.waitKustomize(0, "ready")
	if got := b.footerDocs(); !reflect.DeepEqual(got, [][2]string{kustomize}) {
		t.Errorf("Kustomize mode: the footer names %v, want %v", got, kustomize)
	}
	if text := eval[string](b, `document.querySelector('footer.foot').textContent.replace(/\s+/g, ' ')`); !strings.Contains(text, "Based on Declarative Management of Kubernetes Objects Using Kustomize.") {
		t.Errorf("the footer reads %q", text)
	}
	// The keys of the three panes' steps and tabs are not offered here.
	if text := eval[string](b, `document.querySelector('footer.foot').innerText`); strings.Contains(text, "next/previous step") || !strings.Contains(text, "copy link") {
		t.Errorf("the Kustomize mode's footer reads %q, want the copy link key without the panes' step and tab keys", text)
	}
	// Nor do those keys act on the hidden panes, and the help leaves them out.
	if b.attr("tab-result", "aria-selected") == "true" {
		t.Fatalf("the hidden panes show the Result tab already: the check below would prove nothing")
	}
	b.run(chromedp.KeyEvent("3", chromedp.KeyModifiers(chromedp.ModifierAlt)))
	if b.attr("tab-result", "aria-selected") == "true" {
		t.Errorf("Alt+3 in the Kustomize mode showed the hidden panes' Result tab")
	}
	if !eval[bool](b, `[...document.querySelectorAll('#help .keys-single')].every((e) => getComputedStyle(e).display === 'none')`) {
		t.Errorf("the Kustomize mode's help offers the panes' step and tab keys")
	}

	// Then kubectl apply -k: a timeline of one -k command names both pages.
	b.run(chromedp.Click(chromedp.ID("kustomize-apply")))
	b.waitFor("the Timeline's command", `document.documentElement.dataset.view === 'timeline' && document.querySelector('#timeline-steps .tl-command')?.value.startsWith('kubectl apply -k')`, startTimeout)
	b.waitFooter(declarativeDocs, kustomizeDocs)
	if got := b.footerDocs(); !reflect.DeepEqual(got, [][2]string{declarative, kustomize}) {
		t.Errorf("a timeline of kubectl apply -k: the footer names %v, want %v", got, [][2]string{declarative, kustomize})
	}
	if text := eval[string](b, `document.querySelector('footer.foot').textContent.replace(/\s+/g, ' ')`); !strings.Contains(text, "Based on Declarative Management of Kubernetes Objects Using Configuration Files and Declarative Management of Kubernetes Objects Using Kustomize.") {
		t.Errorf("the footer reads %q", text)
	}

	// The command typed into -f: the Kustomize page leaves the footer.
	b.run(chromedp.Click(chromedp.CSS(`#timeline-steps .tl-command`)), selectAllAndDelete(), insertText("kubectl apply -f kustomization.yaml"))
	b.waitFooter(declarativeDocs)

	// Back in the single apply: its page only.
	b.run(chromedp.Click(chromedp.ID("mode-single")))
	b.waitFooter(declarativeDocs)
	if text := eval[string](b, `document.querySelector('footer.foot').innerText`); !strings.Contains(text, "next/previous step") {
		t.Errorf("the single apply's footer reads %q, want its step keys", text)
	}

	// An embed of the Kustomize mode: the footer is hidden and names its page.
	fixture := readFile(t, "web/test/fixtures/links/s4-kustomize-overlay-patch.json")
	_, rest, _ := strings.Cut(fixture, `"fragment": "`)
	fragment, _, _ := strings.Cut(rest, `"`)
	b.navigate(siteURL + "?embed&view=kustomize" + fragment)
	b.waitKustomize(0, "ready")
	if got := b.footerDocs(); !reflect.DeepEqual(got, [][2]string{kustomize}) {
		t.Errorf("a Kustomize embed: the footer names %v, want %v", got, kustomize)
	}
	if shown := eval[bool](b, `getComputedStyle(document.querySelector('footer.foot')).display !== 'none'`); shown {
		t.Error("an embed shows the footer")
	}
	b.checkConsole()
}

// TestFooterScreenshots saves the footer of a timeline that runs -k (the
// longest: both pages) at desktop and phone widths in both themes under
// tmp/screenshots/footer-timeline-k-*.png, for people to look at; it
// checks that the page is no wider than the screen.
func TestFooterScreenshots(t *testing.T) {
	dir := screenshotDir(t)
	for _, size := range desktopAndPhone {
		for _, theme := range []string{"light", "dark"} {
			t.Run(size.name+"-"+theme, func(t *testing.T) {
				b := newBrowser(t, size.width, size.height)
				b.run(size.emulate(), prefersColorScheme(theme))
				b.open()
				b.run(chromedp.Click(chromedp.ID("mode-kustomize")))
				b.waitKustomize(0, "ready")
				b.run(chromedp.Click(chromedp.ID("kustomize-apply")))
				b.waitFooter(declarativeDocs, kustomizeDocs)
				b.waitFor("the command played", `(() => { const li = document.querySelector('#timeline-steps > li'); return li && li.dataset.state && li.dataset.state !== 'pending'; })()`, startTimeout)
				b.waitFor("the step's detail", `document.querySelectorAll('#timeline-detail .tl-object').length > 0`, stepTimeout)
				if w := b.overflowX(); w > 0 {
					t.Errorf("the page is %d px wider than the %d px viewport", w, size.width)
				}
				// The footer alone: a viewport screenshot scrolled to the end
				// of the phone's long page showed a frame painted before the
				// scroll.
				shot, err := chromedp.Run(b.ctx, chromedp.Screenshot(chromedp.CSS("footer.foot")))
				if err != nil {
					t.Fatal(err)
				}
				file := filepath.Join(dir, "footer-timeline-k-"+size.name+"-"+theme+".png")
				if err := os.WriteFile(file, shot, 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("wrote %s", file)
			})
		}
	}
}
