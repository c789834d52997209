//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/applylens/applylens/samples"
)

// galleryItems is the ids of the options the gallery lists, in order.
func galleryItems(b *browser) []string {
	b.t.Helper()
	return eval[[]string](b, `[...document.querySelectorAll('#gallery-list [role="option"]')].map((o) => o.dataset.id)`)
}

// activeItem is the id of the option the gallery marks.
func activeItem(b *browser) string {
	b.t.Helper()
	return eval[string](b, `(() => { const id = document.getElementById('gallery-search').getAttribute('aria-activedescendant') || ''; const o = id && document.getElementById(id); return o && o.getAttribute('aria-selected') === 'true' ? o.dataset.id : ''; })()`)
}

// screenshot saves the page as tmp/screenshots/<name>.png, for people to look at.
func (b *browser) screenshot(name string) {
	b.t.Helper()
	dir := screenshotDir(b.t)
	shot, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), shot, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// TestGallery opens the gallery with the mouse and works it with the
// keyboard: the samples are fetched only when it is first wanted, every
// sample is listed by category, the search narrows the list, arrow keys
// and Enter load an example (its address in the address bar, the panes
// it replaced restorable), Escape closes and gives the focus back.
func TestGallery(t *testing.T) {
	all := samples.All()
	for _, size := range desktopAndPhone {
		t.Run(size.name, func(t *testing.T) {
			b := newBrowser(t, size.width, size.height)
			b.run(size.emulate())
			mark := trafficMark()
			b.open()
			fetched := func() bool {
				for _, ex := range trafficSince(mark) {
					if strings.Contains(ex.Path, "/samples.") {
						return true
					}
				}
				return false
			}
			if fetched() {
				t.Errorf("the samples were fetched before the gallery was wanted")
			}

			b.run(chromedp.Click(chromedp.ID("btn-gallery")))
			items := len(all) + len(samples.Timelines()) + len(samples.KustomizeSamples())
			b.waitFor("the gallery's items", fmt.Sprintf(`document.querySelectorAll('#gallery-list [role="option"]').length === %d`, items), stepTimeout)
			if !fetched() {
				t.Errorf("the gallery lists samples but no samples file was served")
			}
			if !eval[bool](b, `document.getElementById('gallery').open && document.activeElement === document.getElementById('gallery-search')`) {
				t.Fatalf("the gallery is not open with the search focused")
			}
			if got := b.attr("btn-gallery", "aria-expanded"); got != "true" {
				t.Errorf("btn-gallery aria-expanded = %q while open", got)
			}
			// Every category has its heading, in the order of samples.Categories.
			var wantGroups []string
			for _, c := range samples.Categories {
				wantGroups = append(wantGroups, "gallery-group-"+c.ID)
			}
			wantGroups = append(wantGroups, "gallery-group-"+samples.TimelinesCategory, "gallery-group-"+samples.KustomizeCategory)
			if got := eval[[]string](b, `[...document.querySelectorAll('#gallery-list [role="listbox"]')].map((g) => g.getAttribute('aria-labelledby'))`); strings.Join(got, ",") != strings.Join(wantGroups, ",") {
				t.Errorf("groups %v, want %v", got, wantGroups)
			}
			if w := b.overflowX(); w > 0 {
				t.Errorf("the page is %d px wider than the viewport with the gallery open", w)
			}
			if w := eval[int](b, `(() => { const d = document.getElementById('gallery').getBoundingClientRect(); return Math.max(0, d.right - innerWidth, -d.left); })()`); w > 0 {
				t.Errorf("the gallery sticks out of the %d px viewport by %d px", size.width, w)
			}
			b.screenshot("gallery-" + size.name)

			// A search by what the examples show: the autoscaler ones.
			b.run(insertText("autoscaler"))
			b.waitFor("the search's result", `document.querySelectorAll('#gallery-list [role="option"]').length === 6`, stepTimeout)
			got := galleryItems(b)
			want := []string{"replicas-removed", "hpa-replicas-reset", "hpa-replicas-fixed", "hpa-metrics", "ssa-hpa-replicas-conflict", "ssa-hpa-replicas-forced"}
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("searching autoscaler lists %v, want %v", got, want)
			}
			if s := b.text("gallery-status"); !strings.Contains(s, fmt.Sprintf("6 examples of %d", items)) {
				t.Errorf("gallery-status = %q, want the count of matches", s)
			}
			b.screenshot("gallery-search-" + size.name)
			if a := activeItem(b); a != want[0] {
				t.Errorf("marked %q after the search, want the first match %q", a, want[0])
			}
			b.run(chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowUp))
			if a := activeItem(b); a != "hpa-replicas-fixed" {
				t.Errorf("after down, down, down, up the marked example is %q, want hpa-replicas-fixed", a)
			}
			before := renders(b)
			b.run(chromedp.KeyEvent(kb.Enter))
			b.waitFor("the example loaded", `document.getElementById('sample-description').dataset.example === 'hpa-replicas-fixed' && !document.getElementById('gallery').open`, stepTimeout)
			waitRender(b, before)
			s, _ := samples.Get("hpa-replicas-fixed")
			if b.paneText("file") != s.File {
				t.Errorf("the file pane does not hold the sample's file")
			}
			if h := eval[string](b, `location.hash`); h != "#example=hpa-replicas-fixed" {
				t.Errorf("the address bar's fragment is %q, want the example's address", h)
			}
			if !eval[bool](b, `document.activeElement === document.getElementById('btn-gallery')`) {
				t.Errorf("the focus did not come back to the gallery's button")
			}
			if b.hidden("btn-link-undo") {
				t.Errorf("the panes the example replaced cannot be restored (no Undo)")
			}

			// Reopened: the example on screen is marked, the search kept;
			// a category filter; Escape closes.
			b.run(chromedp.Click(chromedp.ID("btn-gallery")))
			b.waitFor("the gallery open again", `document.getElementById('gallery').open`, stepTimeout)
			if a := activeItem(b); a != "hpa-replicas-fixed" {
				t.Errorf("reopened, the marked example is %q, want the one on screen", a)
			}
			b.run(chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)), chromedp.KeyEvent(kb.Backspace))
			b.run(chromedp.Click(chromedp.CSS(`#gallery-categories button[data-category="workloads"]`)))
			b.waitFor("the workloads only", `document.querySelectorAll('#gallery-list [role="listbox"]').length === 1`, stepTimeout)
			if !eval[bool](b, `document.activeElement === document.querySelector('#gallery-categories [data-category="workloads"]')`) {
				t.Errorf("the focus left the filter just pressed")
			}
			if !eval[bool](b, `(() => { const row = document.getElementById('gallery-categories').getBoundingClientRect(); const r = document.querySelector('#gallery-categories [aria-pressed="true"]').getBoundingClientRect(); return r.left >= row.left - 1 && r.right <= row.right + 1; })()`) {
				t.Errorf("the pressed filter is scrolled out of sight")
			}
			for _, id := range galleryItems(b) {
				if s, _ := samples.Get(id); s.Category != "workloads" {
					t.Errorf("the Workloads filter lists %s (%s)", id, s.Category)
				}
			}
			if n := len(galleryItems(b)); n < 8 {
				t.Errorf("%d workloads, want at least 8", n)
			}
			b.screenshot("gallery-workloads-" + size.name)
			b.run(chromedp.Focus(chromedp.ID("gallery-search")), chromedp.KeyEvent(kb.Escape))
			b.waitFor("the gallery closed by Escape", `!document.getElementById('gallery').open`, stepTimeout)
			if !eval[bool](b, `document.activeElement === document.getElementById('btn-gallery')`) {
				t.Errorf("after Escape the focus is not on the gallery's button")
			}
			if got := b.attr("btn-gallery", "aria-expanded"); got != "false" {
				t.Errorf("btn-gallery aria-expanded = %q once closed", got)
			}
			// The dark theme, for people to look at.
			b.run(chromedp.Click(chromedp.ID("btn-theme")), chromedp.Click(chromedp.ID("btn-gallery")))
			b.waitFor("the gallery in the dark theme", `document.documentElement.dataset.theme === 'dark' && document.getElementById('gallery').open`, stepTimeout)
			b.screenshot("gallery-dark-" + size.name)
			b.checkConsole()
		})
	}
}

// sampleAction is the action a sample's golden result pins ("" when the
// apply fails).
func sampleAction(t *testing.T, id string) string {
	t.Helper()
	var g struct {
		Action string `json:"action"`
		Error  string `json:"error"`
	}
	if err := json.Unmarshal([]byte(readFile(t, filepath.Join("samples", "testdata", id+".golden.json"))), &g); err != nil {
		t.Fatal(err)
	}
	return g.Action
}

// TestExampleLinks opens index.html#example=<id> for every sample: a fresh
// page for the first, then each address pasted into the address bar. Each
// loads its panes and renders the action its golden result pins (or the
// error, for the apply that fails).
func TestExampleLinks(t *testing.T) {
	all := samples.All()
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.openAt(siteURL + "#example=" + all[0].ID)
	for i, s := range all {
		if i > 0 {
			b.setHash("#example=" + s.ID)
		}
		want := sampleAction(t, s.ID)
		cond := fmt.Sprintf(`document.getElementById('outputs').dataset.action === %q && document.getElementById('outputs').dataset.state === 'ready'`, want)
		if want == "" {
			cond = `document.getElementById('outputs').dataset.state === 'error' && !document.getElementById('error-general').hidden`
		}
		if s.ServerSide() {
			// The golden result is the server-side apply's, in the server-side view.
			cond = fmt.Sprintf(`document.getElementById('ssa-view').dataset.state === 'ready' && document.getElementById('ssa-view').dataset.action === %q`, want)
			if want == "" {
				cond = `document.getElementById('ssa-view').dataset.state === 'error'`
			}
		}
		b.waitFor(s.ID+" rendered", fmt.Sprintf(`document.getElementById('sample-description').dataset.example === %q && applylensPage.getText('file') === %s && (%s)`,
			s.ID, jsString(s.File), cond), stepTimeout)
		if got := b.paneText("live"); got != s.Live {
			t.Errorf("%s: the live pane differs from the sample's", s.ID)
		}
		if s.LastApplied != "" {
			if got := b.paneText("last-applied"); got != s.LastApplied {
				t.Errorf("%s: the last-applied pane differs from the sample's", s.ID)
			}
		}
		if got, want := eval[bool](b, `document.getElementById('opt-overwrite').checked`), s.Overwrite == nil || *s.Overwrite; got != want {
			t.Errorf("%s: --overwrite %v, want %v", s.ID, got, want)
		}
		if d := b.text("sample-description"); !strings.Contains(d, s.Title) {
			t.Errorf("%s: the description %q does not name the example", s.ID, d)
		}
	}

	// Copy link on an unchanged example gives its own address; once
	// edited, the panes' data.
	last := all[len(all)-1]
	b.run(chromedp.Click(chromedp.ID("btn-copy-link")))
	b.waitFor("the example's address copied", `document.getElementById('link-status').dataset.kind === 'copied'`, stepTimeout)
	if h := eval[string](b, `location.hash`); h != "#example="+last.ID {
		t.Errorf("Copy link on the unchanged example %s made %.40q, want its address", last.ID, h)
	}
	if st := b.text("link-status"); !strings.Contains(st, "the example's own address, #example="+last.ID) {
		t.Errorf("link-status = %q, want it to say the link is the example's address", st)
	}
	b.setPane("file", last.File+"# edited\n")
	b.run(chromedp.Click(chromedp.ID("btn-copy-link")))
	prefix := "#s1=" // a link with flags (a server-side example's) is version 3
	if last.Flags != nil {
		prefix = "#s3="
	}
	b.waitFor("the panes' link", fmt.Sprintf(`location.hash.startsWith(%q) && document.getElementById('link-status').dataset.kind === 'copied'`, prefix), stepTimeout)
	b.checkConsole()
}

// jsString quotes a Go string as a JavaScript string literal.
func jsString(s string) string {
	js, _ := json.Marshal(s)
	return string(js)
}

// TestExampleUnknown opens addresses naming no example: a clear message
// naming the id, the gallery offered with it as the search, and nothing
// typed is lost; an example opened over edits keeps them restorable, and a
// reload after editing an opened example keeps the edits.
func TestExampleUnknown(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.openAt(siteURL + "#example=hpa-reset")
	b.waitFor("the unknown example's message", `!document.getElementById('example-error').hidden`, stepTimeout)
	msg := b.text("example-error-message")
	if !strings.Contains(msg, "“hpa-reset”") || !strings.Contains(msg, "walkthrough is shown instead") {
		t.Errorf("example-error = %q, want it to name the id and say what is shown", msg)
	}
	b.paneHas("file", "nginx:1.16.1")
	b.screenshot("example-unknown-desktop")
	b.run(chromedp.Click(chromedp.ID("btn-example-error-gallery")))
	b.waitFor("the gallery, searching the id", `document.getElementById('gallery').open && document.getElementById('gallery-search').value === 'hpa-reset'`, stepTimeout)
	b.waitFor("the related examples", `document.querySelectorAll('#gallery-list [role="option"]').length > 0`, stepTimeout)
	if got := galleryItems(b); len(got) == 0 || got[0] != "hpa-replicas-reset" {
		t.Errorf("searching the unknown id lists %v, want hpa-replicas-reset first", got)
	}
	b.run(chromedp.KeyEvent(kb.Escape))
	b.waitFor("the gallery closed", `!document.getElementById('gallery').open`, stepTimeout)
	if !b.hidden("example-error") {
		t.Errorf("the message stays after the gallery was offered")
	}

	// Typed edits, then an unknown address pasted: the panes stay.
	b.replaceLine("editor-file", "image: nginx:1.16.1", "image: nginx:9.9.9 # typed")
	b.setHash("#example=nope")
	b.waitFor("the second message", `!document.getElementById('example-error').hidden && document.getElementById('example-error').dataset.id === 'nope'`, stepTimeout)
	if msg := b.text("example-error-message"); !strings.Contains(msg, "Your panes are unchanged") {
		t.Errorf("example-error = %q, want it to say the panes are unchanged", msg)
	}
	b.paneHas("file", "nginx:9.9.9 # typed")

	// A known one: loaded, the typed panes restorable with Undo.
	b.setHash("#example=job-ttl")
	b.waitFor("job-ttl", `document.getElementById('sample-description').dataset.example === 'job-ttl'`, stepTimeout)
	if !b.hidden("example-error") {
		t.Errorf("the unknown example's message stays after a known one opened")
	}
	b.run(chromedp.Click(chromedp.ID("btn-link-undo")))
	b.paneHas("file", "nginx:9.9.9 # typed")
	b.run(chromedp.Click(chromedp.ID("btn-link-undo")))
	b.paneHas("file", "ttlSecondsAfterFinished: 100")

	// Edits of the opened example survive a reload (the draft wins over
	// the address it was saved with).
	b.replaceLine("editor-file", "ttlSecondsAfterFinished: 100", "ttlSecondsAfterFinished: 300")
	b.waitFor("the draft saved", `(sessionStorage.getItem('applylens-draft') || '').includes('ttlSecondsAfterFinished: 300')`, stepTimeout)
	b.reload()
	b.paneHas("file", "ttlSecondsAfterFinished: 300")
	b.checkConsole()
}
