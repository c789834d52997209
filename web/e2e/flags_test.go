//go:build browser

package e2e

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The flags row of the single-apply mode (web/page/flags.js, docs/page.md):
// -n and a custom kind's scope.

const (
	flagsDeployment = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n"
	flagsInA        = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: a\nspec:\n  replicas: 2\n"
	flagsBackup     = "apiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: nightly\nspec:\n  keep: 3\n"
	flagsMismatch   = `the namespace from the provided object "a" does not match the namespace "team-a". You must pass '--namespace=a' to perform this operation.`
)

// typeNamespace types into -n as a user does (select all, then the keys).
func (b *browser) typeNamespace(text string) {
	b.t.Helper()
	eval[chromedp.Void](b, `document.getElementById('opt-namespace').select()`)
	b.run(chromedp.SendKeys(chromedp.ID("opt-namespace"), text))
}

// chooseScope picks the custom kind's scope as the select does.
func (b *browser) chooseScope(scope string) {
	b.t.Helper()
	eval[chromedp.Void](b, fmt.Sprintf(`(() => { const s = document.getElementById('opt-scope'); s.value = %q; s.dispatchEvent(new Event('change')); })()`, scope))
}

// waitResult waits until the result pane holds, or lacks, a text.
func (b *browser) waitResult(what, text string, has bool) {
	b.t.Helper()
	expr := fmt.Sprintf(`document.getElementById('outputs').dataset.state === 'ready' && applylensPage.getText('result').includes(%q) === %v`, text, has)
	b.waitFor(what, expr, stepTimeout)
}

func TestApplyFlags(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.grantClipboard()
	b.open()
	if !b.hidden("flag-scope") {
		t.Errorf("the custom kind's scope is shown for the walkthrough's Deployment")
	}

	// -n names the namespace of a file naming none.
	b.setPane("live", "")
	b.setPane("file", flagsDeployment)
	b.waitResult("the context's namespace", "namespace: default", true)
	b.typeNamespace("team-a")
	b.waitResult("-n's namespace", "namespace: team-a", true)
	if got := b.text("flags-command"); got != "kubectl apply -f file.yaml -n team-a" {
		t.Errorf("flags-command = %q", got)
	}

	// A file naming another namespace: kubectl's error, once, under the
	// file pane, naming the line and the field; -n is marked.
	b.setPane("file", flagsInA)
	b.waitFor("the mismatch", `document.getElementById('outputs').dataset.state === 'error' && !document.getElementById('error-file').hidden`, stepTimeout)
	if got, want := b.text("error-file"), "line 5: metadata.namespace: "+flagsMismatch; got != want {
		t.Errorf("error-file = %q, want %q", got, want)
	}
	if !b.hidden("error-general") {
		t.Errorf("the error is also in error-general: %q", b.text("error-general"))
	}
	if got := b.text("status"); !strings.Contains(got, "configuration file") || !strings.Contains(got, "line 5") {
		t.Errorf("status = %q, want it to point at the configuration file's line 5", got)
	}
	if n := eval[int](b, fmt.Sprintf(`document.body.innerText.split(%q).length - 1`, flagsMismatch)); n != 1 {
		t.Errorf("the mismatch is shown %d times, want once", n)
	}
	if got := b.attr("opt-namespace", "aria-invalid"); got != "true" {
		t.Errorf("-n aria-invalid = %q, want true", got)
	}

	// A custom kind: its scope is offered; namespaced by default, then
	// cluster-scoped: no namespace at all, and -n is said to be ignored.
	b.setPane("file", flagsBackup)
	b.waitResult("the custom kind in -n's namespace", "namespace: team-a", true)
	if b.hidden("flag-scope") {
		t.Fatalf("the custom kind's scope is not offered")
	}
	if got := b.attr("opt-namespace", "aria-invalid"); got != "" {
		t.Errorf("-n still marked invalid (%q) once the error is gone", got)
	}
	b.chooseScope("cluster")
	b.waitResult("the cluster-scoped object", "namespace:", false)
	if got := b.text("warnings"); !strings.Contains(got, "namespace-flag-ignored") {
		t.Errorf("warnings = %q, want namespace-flag-ignored", got)
	}
	b.checkConsole()

	// A link carries the flags (#s3=); a new browser opens it as it was.
	b.run(chromedp.KeyEvent("l", chromedp.KeyModifiers(chromedp.ModifierAlt)))
	b.waitFor("the link", `location.hash.startsWith('#s3=')`, stepTimeout)
	link := eval[string](b, `location.href`)
	b2 := newBrowser(t, desktopWidth, desktopHeight)
	b2.openAt(link)
	b2.waitResult("the link's cluster-scoped object", "kind: Backup", true)
	checkFlagsShown(t, b2, "team-a", "cluster")
	if got := b2.paneText("result"); strings.Contains(got, "namespace:") {
		t.Errorf("the link's result has a namespace:\n%s", got)
	}
	b2.checkConsole()

	// An embed of the same state shows the flags, read-only, and applies them.
	_, fragment, _ := strings.Cut(link, "#")
	b3 := newBrowser(t, 760, 900)
	b3.openAt(siteURL + "?embed&readonly#" + fragment)
	b3.waitResult("the embed's result", "kind: Backup", true)
	checkFlagsShown(t, b3, "team-a", "cluster")
	if !eval[bool](b3, `document.getElementById('opt-namespace').disabled && document.getElementById('opt-scope').disabled`) {
		t.Errorf("a read-only embed lets the flags be changed")
	}
	if got := b3.paneText("result"); strings.Contains(got, "namespace:") {
		t.Errorf("the embed's result has a namespace:\n%s", got)
	}
	b3.embedShot("flags-embed.png", false)
	b3.checkConsole()
	// An embed whose flags are all at their default leaves the row out.
	b3.openAt(siteURL + "?embed")
	b3.waitResult("the walkthrough", "kind: Deployment", true)
	if !b3.hidden("apply-flags") {
		t.Errorf("an embed without flags shows the flags row")
	}
}

// checkFlagsShown checks the flags row's -n and scope.
func checkFlagsShown(t *testing.T, b *browser, namespace, scope string) {
	t.Helper()
	if got := eval[string](b, `document.getElementById('opt-namespace').value`); got != namespace {
		t.Errorf("-n = %q, want %q", got, namespace)
	}
	if got := eval[string](b, `document.getElementById('opt-scope').value`); got != scope {
		t.Errorf("scope = %q, want %q", got, scope)
	}
	if b.hidden("flag-scope") == (scope != "namespaced") {
		t.Errorf("scope shown = %v with scope %s", !b.hidden("flag-scope"), scope)
	}
}

// TestApplyFlagsAutosave: the flags survive a reload (the tab's draft and
// autosave) and a named save opened again.
func TestApplyFlagsAutosave(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	b.savesReady()
	b.setPane("file", flagsBackup)
	b.setPane("live", "")
	b.waitFor("the scope offered", `!document.getElementById('flag-scope').hidden`, stepTimeout)
	b.typeNamespace("team-b")
	b.chooseScope("cluster")
	b.waitResult("the cluster-scoped object", "namespace:", false)
	b.savesIdle()
	b.reload()
	b.waitResult("the reloaded result", "kind: Backup", true)
	checkFlagsShown(t, b, "team-b", "cluster")
	if got := b.paneText("result"); strings.Contains(got, "namespace:") {
		t.Errorf("the reloaded result has a namespace:\n%s", got)
	}

	// A named save keeps them: saved, flags changed, the save opened.
	b.openSaves()
	b.saveAs("cluster backup")
	b.chooseScope("namespaced")
	b.typeNamespace("other")
	b.waitResult("the namespaced object", "namespace: other", true)
	b.rowAction("saves-list", "cluster backup", "open")
	b.savesStatus("opened")
	b.waitResult("the saved cluster-scoped object", "namespace:", false)
	checkFlagsShown(t, b, "team-b", "cluster")
	b.checkConsole()
}

// TestApplyFlagsScreenshots saves the flags row with -n and a custom
// kind's scope at desktop and phone sizes under tmp/screenshots/ and
// checks that the page does not grow wider than the phone.
func TestApplyFlagsScreenshots(t *testing.T) {
	dir := screenshotDir(t)
	for _, size := range desktopAndPhone {
		t.Run(size.name, func(t *testing.T) {
			b := newBrowser(t, size.width, size.height)
			b.run(size.emulate(), prefersColorScheme("light"))
			b.open()
			b.setPane("live", "")
			b.setPane("file", flagsBackup)
			b.waitFor("the scope offered", `!document.getElementById('flag-scope').hidden`, stepTimeout)
			b.typeNamespace("team-a")
			b.waitResult("-n's namespace", "namespace: team-a", true)
			eval[chromedp.Void](b, `new Promise((r) => { window.scrollTo(0, 0); requestAnimationFrame(() => requestAnimationFrame(r)); })`)
			if w := b.overflowX(); w > 0 {
				t.Errorf("the page is %d px wider than the %d px viewport", w, size.width)
			}
			if w := eval[int](b, `(() => { const r = document.getElementById('apply-flags').getBoundingClientRect(); return Math.round(r.right - document.documentElement.clientWidth); })()`); w > 0 {
				t.Errorf("the flags row overflows the viewport by %d px", w)
			}
			shot, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := png.Decode(bytes.NewReader(shot)); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "flags-"+size.name+".png"), shot, 0o644); err != nil {
				t.Fatal(err)
			}
			b.checkConsole()
		})
	}
}
