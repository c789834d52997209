//go:build browser

package e2e

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

// shareState is the JSON a share link holds (web/share/share.js).
type shareState struct {
	Mode        string  `json:"mode"`
	LastApplied *string `json:"lastApplied,omitempty"`
	File        string  `json:"file"`
	Live        string  `json:"live"`
	Format      string  `json:"format"`
	Overwrite   bool    `json:"overwrite"`
	Tab         string  `json:"tab"`
}

// shareFragment builds a link's fragment as the page does (`#s1=` and
// base64url of raw deflate), from any bytes: the tests also make damaged
// and hostile ones.
func shareFragment(t testing.TB, payload []byte) string {
	t.Helper()
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(payload); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return "#s1=" + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

func stateFragment(t testing.TB, s shareState) string {
	t.Helper()
	js, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return shareFragment(t, js)
}

// deflateBomb is a fragment of a few hundred kB that unpacks to 256 MiB.
func deflateBomb(t testing.TB) string {
	t.Helper()
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	zeros := make([]byte, 1<<20)
	w.Write([]byte(`{"mode":"derived","file":"`))
	for range 256 {
		w.Write(zeros)
	}
	w.Close()
	return "#s1=" + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// grantClipboard lets the page write to (and the test read) the clipboard
// without a prompt.
func (b *browser) grantClipboard() {
	b.t.Helper()
	site, _ := url.Parse(siteURL)
	origin := site.Scheme + "://" + site.Host
	b.run(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		for _, name := range []string{"clipboard-read", "clipboard-write"} {
			if _, err := cdp.Call(ctx, chromedp.FromContext(ctx).Browser, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
				Permission: &cdpbrowser.PermissionDescriptor{Name: name, AllowWithoutSanitization: true},
				Setting:    cdpbrowser.PermissionSettingGranted,
				Origin:     origin,
				// The tab's own browser context: a permission granted
				// without one goes to the browser's default context.
				BrowserContextID: chromedp.FromContext(ctx).BrowserContextID,
			}); err != nil {
				return fmt.Errorf("granting %s: %w", name, err)
			}
		}
		return nil
	}))
}

// setHash changes the address bar's fragment, as pasting a link into the
// address bar of the same tab does (a hashchange, no reload).
func (b *browser) setHash(hash string) {
	b.t.Helper()
	js, _ := json.Marshal(hash)
	b.run(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`location.hash = %s`, js)))
}

// linkError waits for link-error to show with this code, and returns its text.
func (b *browser) linkError(code string) string {
	b.t.Helper()
	b.waitFor("link-error "+code, fmt.Sprintf(`(() => { const e = document.getElementById('link-error'); return !e.hidden && e.dataset.code === %q; })()`, code), stepTimeout)
	return b.text("link-error")
}

// TestShareLink edits the walkthrough, makes a link with Alt+L and opens
// it in a new browser: the same panes, flags, tab and patch.
func TestShareLink(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.grantClipboard()
	b.open()

	// Typed edits in two panes (the last-applied pane becomes explicit),
	// the Patch tab shown, then --overwrite off: the walkthrough then
	// conflicts, and kubectl would fail.
	b.replaceLine("editor-file", "image: nginx:1.16.1", "image: nginx:1.17.0 # ünïcødé ✓ 🚀")
	b.replaceLine("editor-last-applied", "minReadySeconds: 5", "revisionHistoryLimit: 10")
	b.showTab("patch")
	b.paneHas("patch", "image: nginx:1.17.0")
	b.paneHas("patch", "revisionHistoryLimit: null")
	want := map[string]string{}
	for _, pane := range []string{"last-applied", "file", "live", "patch", "result"} {
		want[pane] = b.paneText(pane)
	}
	b.run(chromedp.Click(chromedp.ID("opt-overwrite")))
	b.waitFor("the conflict", `document.getElementById('outputs').dataset.state === 'error'`, stepTimeout)
	conflict := b.text("error-general")
	if !strings.Contains(conflict, "overwrite") {
		t.Fatalf("error-general = %q with --overwrite off, want the conflict", conflict)
	}
	if eval[string](b, `location.hash`) != "" {
		t.Fatalf("the address bar has a fragment before Alt+L: %s", eval[string](b, `location.hash`))
	}

	b.run(chromedp.KeyEvent("l", chromedp.KeyModifiers(chromedp.ModifierAlt)))
	b.waitFor("the link", `location.hash.startsWith('#s1=') && document.getElementById('link-status').textContent !== ''`, stepTimeout)
	link := eval[string](b, `location.href`)
	status := b.text("link-status")
	if !strings.Contains(status, "It opens the page as it is now") {
		t.Errorf("link-status = %q, want it to say what the link opens", status)
	}
	if strings.HasPrefix(status, "Link copied") {
		// The Clipboard API worked (the permission is granted): the
		// clipboard holds the address bar's link.
		if got := eval[string](b, `navigator.clipboard.readText().catch((e) => 'unreadable: ' + e.message)`); strings.HasPrefix(got, "unreadable") {
			t.Logf("the clipboard cannot be read back here (%s)", got)
		} else if got != link {
			t.Errorf("the clipboard holds %.200q, want the link %.200q", got, link)
		}
	} else if !strings.Contains(status, "address bar") {
		t.Errorf("link-status = %q: neither copied nor pointing at the address bar", status)
	}
	if strings.Contains(status, "long") {
		t.Errorf("a %d-character link is called long: %q", len(link), status)
	}
	if base, _, _ := strings.Cut(link, "#"); base != siteURL {
		t.Errorf("the link's page %q is not the site's %q", base, siteURL)
	}
	t.Logf("link: %d characters", len(link))
	b.checkConsole()

	// A new browser (no draft, no history) opens the link.
	b2 := newBrowser(t, desktopWidth, desktopHeight)
	b2.openAt(link)
	b2.waitFor("the link's conflict", `document.getElementById('outputs').dataset.state === 'error'`, stepTimeout)
	if got := b2.text("error-general"); got != conflict {
		t.Errorf("error-general from the link = %q, want %q", got, conflict)
	}
	for _, pane := range []string{"last-applied", "file", "live"} {
		if got := b2.paneText(pane); got != want[pane] {
			t.Errorf("%s from the link:\n%s\nwant:\n%s", pane, got, want[pane])
		}
	}
	if got := eval[string](b2, `applylensPage.mode()`); got != "explicit" {
		t.Errorf("mode from the link = %q, want explicit", got)
	}
	if got := b2.attr("tab-patch", "aria-selected"); got != "true" {
		t.Errorf("the Patch tab is not shown (aria-selected %q)", got)
	}
	if eval[bool](b2, `document.getElementById('opt-overwrite').checked`) {
		t.Errorf("--overwrite is checked; the link has it off")
	}
	// With --overwrite back on, the same patch and result as the first browser.
	b2.run(chromedp.Click(chromedp.ID("opt-overwrite")))
	b2.waitFor("the result", `document.getElementById('outputs').dataset.state === 'ready'`, stepTimeout)
	for _, pane := range []string{"patch", "result"} {
		if got := b2.paneText(pane); got != want[pane] {
			t.Errorf("%s from the link:\n%s\nwant:\n%s", pane, got, want[pane])
		}
	}
	if !b2.hidden("link-error") {
		t.Errorf("link-error shown: %q", b2.text("link-error"))
	}
	if got := b2.text("link-status"); got != "Opened the link." {
		t.Errorf("link-status = %q, want Opened the link.", got)
	}
	if !b2.hidden("btn-link-undo") {
		t.Errorf("an undo button in a tab that had nothing to restore")
	}
	b2.checkConsole()
}

// TestShareLinkHostile opens damaged and hostile links: each says what is
// wrong in link-error, the page shows what it would without the link (the
// walkthrough, then the panes as they were) and keeps computing.
func TestShareLinkHostile(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.openAt(siteURL + "#s1=not*base64!")
	msg := b.linkError("base64")
	if !strings.Contains(msg, "could not be opened") || !strings.Contains(msg, "walkthrough") {
		t.Errorf("link-error = %q, want why and what is shown instead", msg)
	}
	b.waitFor("the walkthrough's result", `document.getElementById('outputs').dataset.state === 'ready'`, stepTimeout)
	b.paneHas("patch", "image: nginx:1.16.1")
	b.run(chromedp.Click(chromedp.ID("btn-link-error-dismiss")))
	b.waitFor("link-error dismissed", `document.getElementById('link-error').hidden`, stepTimeout)
	walkthrough := b.paneText("file")

	good := stateFragment(t, shareState{Mode: "derived", File: readFile(t, "samples/custom-resource/file.yaml"),
		Live: readFile(t, "samples/custom-resource/live.yaml"), Format: "yaml", Overwrite: true, Tab: "result"})
	proto := []byte(`{"__proto__":{"polluted":true},"mode":"derived","file":"","live":"","format":"yaml","overwrite":true,"tab":"steps"}`)
	for _, c := range []struct{ name, hash, code, says string }{
		{"a deflate bomb", deflateBomb(t), "too-big", "unpacks to more than"},
		{"a link cut short", good[:len(good)/2], "corrupt", "damaged"},
		{"__proto__ in the JSON", shareFragment(t, proto), "shape", `unknown field "__proto__"`},
		{"not JSON", shareFragment(t, []byte(`{"mode":`)), "json", "not valid JSON"},
		{"a newer version", "#s7=AAAA", "version", "newer"},
		{"a wrong value", stateFragment(t, shareState{Mode: "derived", Format: "toml", Tab: "steps"}), "shape", "format"},
	} {
		b.setHash(c.hash)
		msg := b.linkError(c.code)
		if !strings.Contains(msg, c.says) || !strings.Contains(msg, "panes are unchanged") {
			t.Errorf("%s: link-error = %q, want %q and that the panes are unchanged", c.name, msg, c.says)
		}
		if got := b.paneText("file"); got != walkthrough {
			t.Errorf("%s: the file pane changed:\n%.300s", c.name, got)
		}
	}
	if eval[bool](b, `({}).polluted === true || Object.prototype.hasOwnProperty('polluted')`) {
		t.Errorf("the __proto__ link polluted Object.prototype")
	}
	// Still computing: an edit gets its answer.
	b.replaceLine("editor-file", "image: nginx:1.16.1", "image: nginx:1.19.0")
	b.paneHas("patch", "image: nginx:1.19.0")

	// A good link after the bad ones: opened, the error gone, the
	// walkthrough's edited panes restorable.
	b.setHash(good)
	b.paneHas("file", "kind: Certificate")
	b.waitFor("link-error hidden", `document.getElementById('link-error').hidden`, stepTimeout)
	if got := b.attr("tab-result", "aria-selected"); got != "true" {
		t.Errorf("the link's Result tab is not shown")
	}
	b.paneHas("result", "kind: Certificate")
	b.checkConsole()
}

// TestDraft types, reloads (the typing is back), opens another link in
// the same tab (the typing stays restorable with Undo) and reloads again.
func TestDraft(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()

	// Saved after a quiet half second.
	b.replaceLine("editor-live", "replicas: 2", "replicas: 5")
	b.waitFor("the draft", `(sessionStorage.getItem('applylens-draft') || '').includes('replicas: 5')`, stepTimeout)
	// Saved on the way out, however soon the reload comes.
	b.replaceLine("editor-file", "image: nginx:1.16.1", "image: nginx:1.18.0")
	b.reload()
	if got := b.paneText("file"); !strings.Contains(got, "image: nginx:1.18.0") {
		t.Fatalf("the typed image is gone after a reload; file pane:\n%s", got)
	}
	if got := b.paneText("live"); !strings.Contains(got, "replicas: 5") {
		t.Errorf("the typed replicas are gone after a reload; live pane:\n%s", got)
	}
	b.paneHas("patch", "image: nginx:1.18.0")
	if got := b.attr("pane-last-applied", "data-mode"); got != "derived" {
		t.Errorf("mode after reload = %q, want derived", got)
	}
	typed := map[string]string{"file": b.paneText("file"), "live": b.paneText("live")}

	// Another link pasted into this tab's address bar: loaded, and the
	// typed panes can come back.
	link := stateFragment(t, shareState{Mode: "derived", File: readFile(t, "samples/custom-resource/file.yaml"),
		Live: readFile(t, "samples/custom-resource/live.yaml"), Format: "yaml", Overwrite: true, Tab: "steps"})
	b.setHash(link)
	b.paneHas("file", "kind: Certificate")
	b.waitFor("the undo button", `!document.getElementById('btn-link-undo').hidden`, stepTimeout)
	if got := b.text("link-status"); !strings.Contains(got, "Undo") {
		t.Errorf("link-status = %q, want it to mention Undo", got)
	}
	b.run(chromedp.Click(chromedp.ID("btn-link-undo")))
	b.paneHas("file", "image: nginx:1.18.0")
	for pane, text := range typed {
		if got := b.paneText(pane); got != text {
			t.Errorf("%s after Undo:\n%s\nwant:\n%s", pane, got, text)
		}
	}
	b.paneHas("patch", "image: nginx:1.18.0")
	// The button now goes back to the link: nothing is lost either way.
	if got := b.text("btn-link-undo"); !strings.Contains(got, "link") {
		t.Errorf("after Undo the button says %q, want a way back to the link", got)
	}
	b.run(chromedp.Click(chromedp.ID("btn-link-undo")))
	b.paneHas("file", "kind: Certificate")
	b.run(chromedp.Click(chromedp.ID("btn-link-undo")))
	b.paneHas("file", "image: nginx:1.18.0")

	// A reload with the link still in the address bar keeps what the tab
	// showed last (the typed panes), not the link.
	b.reload()
	if got := b.paneText("file"); got != typed["file"] {
		t.Errorf("file after Undo and reload:\n%s\nwant:\n%s", got, typed["file"])
	}
	if !b.hidden("link-error") {
		t.Errorf("link-error after reload: %q", b.text("link-error"))
	}
	b.checkConsole()
}

// randomJS is a JavaScript expression: n letters and digits that deflate
// cannot shrink much, from a fixed seed.
func randomJS(n int) string {
	return fmt.Sprintf(`(() => { let x = 7, s = ''; for (let i = 0; i < %d; i++) { x = (Math.imul(x, 1103515245) + 12345) >>> 0; s += 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[(x >>> 16) %% 62]; } return s; })()`, n)
}

// TestShareLinkLimits makes a link without clipboard permission (it is in
// the address bar), a long one (a warning) and one past the limit
// (refused, the address bar keeps the previous link).
func TestShareLinkLimits(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	b.run(chromedp.Click(chromedp.ID("btn-copy-link")))
	b.waitFor("the link", `location.hash.startsWith('#s1=') && document.getElementById('link-status').dataset.kind === 'copied'`, stepTimeout)
	t.Logf("without clipboard permission: %q", b.text("link-status"))
	if got := b.attr("link-status", "data-long"); got != "false" {
		t.Errorf("the walkthrough's link is called long (data-long %q)", got)
	}

	// The Clipboard API refused: the copy command of a hidden text area,
	// or the address bar; the focus stays in the editor.
	b.run(chromedp.Evaluate[chromedp.Void](`navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'))`))
	b.replaceLine("editor-file", "image: nginx:1.16.1", "image: nginx:1.20.0")
	b.run(chromedp.KeyEvent("l", chromedp.KeyModifiers(chromedp.ModifierAlt)))
	b.waitFor("the fallback's status", `document.getElementById('link-status').dataset.kind === 'copied'`, stepTimeout)
	t.Logf("with the Clipboard API refused: %q", b.text("link-status"))
	if !eval[bool](b, `document.activeElement === document.querySelector('#editor-file .cm-content')`) {
		t.Errorf("the focus left the file editor: %s", eval[string](b, `document.activeElement.outerHTML.slice(0, 100)`))
	}
	if n := eval[int](b, `document.querySelectorAll('textarea.offscreen').length`); n != 0 {
		t.Errorf("%d hidden text areas left in the page", n)
	}
	if !strings.Contains(eval[string](b, `location.href`), "#s1=") {
		t.Errorf("no link in the address bar")
	}

	b.run(chromedp.Evaluate[chromedp.Void](`applylensPage.setText('live', applylensPage.getText('live') + '# ' + ` + randomJS(9000) + ` + '\n')`))
	b.run(chromedp.KeyEvent("l", chromedp.KeyModifiers(chromedp.ModifierAlt)))
	b.waitFor("the long link's warning", `document.getElementById('link-status').dataset.long === 'true'`, stepTimeout)
	long := eval[string](b, `location.href`)
	if got, want := b.text("link-status"), fmt.Sprintf("The link has %s characters, more than the 2,000", thousands(len(long))); !strings.Contains(got, want) {
		t.Errorf("link-status = %q, want %q: its length and the limit chat tools accept", got, want)
	}
	if b.hidden("btn-copy-documents") {
		t.Errorf("a long link comes without the offer to copy the documents")
	}
	if len(long) <= 8000 {
		t.Errorf("the link has %d characters, want over 8000 for this test", len(long))
	}

	b.run(chromedp.Evaluate[chromedp.Void](`applylensPage.setText('live', applylensPage.getText('live') + '# ' + ` + randomJS(1_100_000) + ` + '\n')`))
	b.run(chromedp.KeyEvent("l", chromedp.KeyModifiers(chromedp.ModifierAlt)))
	b.waitFor("the refusal", `document.getElementById('link-status').dataset.kind === 'refused'`, stepTimeout)
	if got := b.text("link-status"); !strings.Contains(got, "No link made") || !strings.Contains(got, "1,000,000") {
		t.Errorf("link-status = %q, want a refusal naming the limit", got)
	}
	if got := eval[string](b, `location.href`); got != long {
		t.Errorf("the refused link replaced the address bar's (%d characters)", len(got))
	}
	b.checkConsole()
}
