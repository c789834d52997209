//go:build browser

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The saved work (docs/page.md, "Saved work"): autosaves in IndexedDB
// across reloads, tabs and closed tabs; named saves; export and import;
// delete with undo; a browser without storage; a link over unsaved work.

// savesReady loads the saved work now and waits until its store answered.
func (b *browser) savesReady() {
	b.t.Helper()
	eval[chromedp.Void](b, `applylensSaves.ready()`)
}

// savesIdle waits until every autosave was written.
func (b *browser) savesIdle() {
	b.t.Helper()
	eval[chromedp.Void](b, `applylensSaves.idle()`)
}

// openSaves opens the Saves panel and waits for its list.
func (b *browser) openSaves() {
	b.t.Helper()
	b.run(chromedp.Click(chromedp.ID("btn-saves")))
	b.waitFor("the saves list", `!document.getElementById('saves').hidden && (document.getElementById('saves').dataset.saves !== undefined || document.getElementById('saves').dataset.state === 'unavailable')`, stepTimeout)
}

// saveNames are the names in the saves list, in order.
func (b *browser) saveNames() []string {
	b.t.Helper()
	return eval[[]string](b, `[...document.querySelectorAll('#saves-list .save-name')].map((e) => e.textContent)`)
}

// autosaveRows are the unsaved-work rows: label and summary.
func (b *browser) autosaveRows() []string {
	b.t.Helper()
	return eval[[]string](b, `[...document.querySelectorAll('#saves-autosaves li')].map((e) => e.textContent)`)
}

// waitSaves waits until the saves list holds exactly these names.
func (b *browser) waitSaves(names ...string) {
	b.t.Helper()
	if names == nil {
		names = []string{}
	}
	want, _ := json.Marshal(names)
	b.waitFor("saves "+string(want), fmt.Sprintf(`JSON.stringify([...document.querySelectorAll('#saves-list .save-name')].map((e) => e.textContent)) === %q`, want), stepTimeout)
}

// rowAction clicks a row's button (open, rename, duplicate, delete, discard).
func (b *browser) rowAction(list, name, action string) {
	b.t.Helper()
	js, _ := json.Marshal(name)
	id := eval[string](b, fmt.Sprintf(`[...document.querySelectorAll('#%s li')].find((li) => li.querySelector('.save-name')?.textContent === %s)?.dataset.id ?? ''`, list, js))
	if id == "" {
		b.t.Fatalf("no row %q in #%s (rows: %v)", name, list, b.saveNames())
	}
	b.resetSavesStatus()
	// Autosaves written first: the list is rebuilt after each, and a
	// rebuild between the press and the release of the click loses it.
	b.savesIdle()
	// A rebuild may still come between the query and the click (another
	// tab's save, a refresh): the click then finds the new row's button.
	click(b, chromedp.CSS(fmt.Sprintf(`#%s li[data-id=%q] button[data-action=%q]`, list, id, action)))
}

// resetSavesStatus forgets the last status, so that the next one can be
// waited for even when it is of the same kind.
func (b *browser) resetSavesStatus() {
	b.t.Helper()
	b.run(chromedp.Evaluate[chromedp.Void](`document.getElementById('saves-status').dataset.kind = ''`))
}

// importFile chooses a file in the Import file input.
func (b *browser) importFile(path string) {
	b.t.Helper()
	b.resetSavesStatus()
	b.run(chromedp.SetUploadFiles(chromedp.ID("saves-import"), []string{path}))
}

// saveAs types a name and presses Save as.
func (b *browser) saveAs(name string) {
	b.t.Helper()
	b.resetSavesStatus()
	// Focused from script and the name checked before the click: the panel
	// may still be laying out a refresh of its list (an autosave of an
	// edit just made), which once moved the name field away from a click
	// computed a moment before, and the save was made as "Untitled".
	eval[chromedp.Void](b, `(() => { const e = document.getElementById('saves-name'); e.value = ''; e.focus(); })()`)
	b.run(insertText(name))
	b.waitFor("the name typed", fmt.Sprintf(`document.getElementById('saves-name').value === %q`, name), stepTimeout)
	b.clickSettled("btn-save-as")
	b.waitFor("saved", `document.getElementById('saves-status').dataset.kind === 'saved'`, stepTimeout)
}

func (b *browser) savesStatus(kind string) string {
	b.t.Helper()
	deadline := time.Now().Add(stepTimeout)
	for {
		got := eval[[]string](b, `[document.getElementById('saves-status').dataset.kind ?? '', document.getElementById('saves-status').textContent]`)
		if got[0] == kind {
			return got[1]
		}
		if time.Now().After(deadline) {
			// What the panel says instead tells a slow store from a
			// refused request.
			b.t.Fatalf("saves-status is %q (%q) after %s, want %q", got[0], got[1], stepTimeout, kind)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// tab opens another tab of the same browser (its own sessionStorage, the
// same IndexedDB) on the page. close ends it as closing the tab does.
func (b *browser) tab(before ...chromedp.Action[chromedp.Void]) (tab *browser, close func()) {
	b.t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx)
	tab = &browser{t: b.t, ctx: ctx}
	if err := chromedp.Do(ctx); err != nil {
		b.t.Fatalf("opening a tab: %v", err)
	}
	go func() {
		for m, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			tab.mu.Lock()
			tab.console = append(tab.console, m)
			tab.mu.Unlock()
		}
	}()
	tab.run(before...)
	tab.open()
	return tab, func() {
		if err := chromedp.Cancel(ctx); err != nil {
			b.t.Logf("closing a tab: %v", err)
		}
		cancel()
	}
}

func TestSavedWork(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	b.savesReady()
	b.openSaves()
	if got := b.saveNames(); len(got) != 0 {
		t.Fatalf("a fresh profile has saves: %v", got)
	}
	if !strings.Contains(b.text("saves-empty"), "No saves yet") {
		t.Errorf("saves-empty = %q", b.text("saves-empty"))
	}

	// Save as, twice with one name: both kept.
	b.saveAs("walkthrough")
	b.waitSaves("walkthrough")
	b.replaceLine("editor-live", "replicas: 2", "replicas: 7")
	b.saveAs("walkthrough")
	if got := b.text("saves-status"); !strings.Contains(got, "“walkthrough (2)”") || !strings.Contains(got, "both are kept") {
		t.Errorf("second save status %q", got)
	}
	b.waitSaves("walkthrough (2)", "walkthrough")
	if got := eval[string](b, `document.querySelector('#saves-list .save-meta').textContent`); !strings.HasPrefix(got, "Deployment nginx-deployment · saved ") {
		t.Errorf("save-meta = %q, want the object and the time", got)
	}

	// Search.
	b.run(chromedp.Click(chromedp.ID("saves-search")), insertText("(2)"))
	b.waitSaves("walkthrough (2)")
	b.run(chromedp.Click(chromedp.ID("saves-search")), chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)), insertText("no such thing"))
	b.waitSaves()
	b.waitFor("no match", `document.getElementById('saves-empty').textContent.includes('No save matches')`, stepTimeout)
	b.run(chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)), chromedp.KeyEvent(kb.Backspace))
	b.waitSaves("walkthrough (2)", "walkthrough")

	// Rename: onto a taken name refused, then to a free one.
	b.rowAction("saves-list", "walkthrough (2)", "rename")
	b.waitFor("the rename box", `document.activeElement?.classList.contains('saves-rename')`, stepTimeout)
	b.run(chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)), insertText("Walkthrough"), chromedp.KeyEvent(kb.Enter))
	if got := b.savesStatus("error"); !strings.Contains(got, "nother save is named “walkthrough”") {
		t.Errorf("rename onto a taken name: %q", got)
	}
	b.rowAction("saves-list", "walkthrough (2)", "rename")
	b.waitFor("the rename box", `document.activeElement?.classList.contains('saves-rename')`, stepTimeout)
	b.resetSavesStatus()
	b.run(chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)), insertText("seven replicas"), chromedp.KeyEvent(kb.Enter))
	b.savesStatus("renamed")
	b.waitSaves("seven replicas", "walkthrough")

	// Duplicate.
	b.rowAction("saves-list", "walkthrough", "duplicate")
	b.savesStatus("duplicated")
	b.waitSaves("walkthrough (2)", "seven replicas", "walkthrough")

	// Open: the panes change, Undo brings them back.
	b.replaceLine("editor-live", "replicas: 7", "replicas: 9")
	b.rowAction("saves-list", "seven replicas", "open")
	b.savesStatus("opened")
	b.paneHas("live", "replicas: 7")
	b.resetSavesStatus()
	b.run(chromedp.Click(chromedp.ID("btn-saves-undo")))
	b.savesStatus("undo")
	b.paneHas("live", "replicas: 9")
	b.rowAction("saves-list", "seven replicas", "open")
	b.paneHas("live", "replicas: 7")
	b.waitFor("Save to", `!document.getElementById('btn-save').hidden && document.getElementById('btn-save').textContent.includes('seven replicas')`, stepTimeout)

	// Delete, then Undo.
	b.rowAction("saves-list", "walkthrough (2)", "delete")
	if got := b.savesStatus("deleted"); got != "Deleted “walkthrough (2)”." {
		t.Errorf("delete status %q", got)
	}
	b.waitSaves("seven replicas", "walkthrough")
	b.resetSavesStatus()
	b.run(chromedp.Click(chromedp.ID("btn-saves-undo")))
	b.savesStatus("undo")
	b.waitSaves("walkthrough (2)", "seven replicas", "walkthrough")

	// Export (a download), then import into a browser with a changed save.
	download := t.TempDir()
	b.run(setDownloadDir(download))
	b.resetSavesStatus()
	b.run(chromedp.Click(chromedp.ID("btn-saves-export")))
	b.savesStatus("exported")
	exported := eval[string](b, `applylensSaves.lastExport()`)
	var file struct {
		Format string `json:"format"`
		Saves  []struct {
			Name  string          `json:"name"`
			State json.RawMessage `json:"state"`
		} `json:"saves"`
	}
	if err := json.Unmarshal([]byte(exported), &file); err != nil {
		t.Fatalf("export is not JSON: %v", err)
	}
	if file.Format != "applylens-saved-work" || len(file.Saves) != 3 {
		t.Fatalf("export: format %q, %d saves", file.Format, len(file.Saves))
	}
	downloaded := waitForFile(t, download, "applylens-saves-")
	if got, err := os.ReadFile(downloaded); err != nil || string(got) != exported {
		t.Errorf("the downloaded file differs from the export (%v)", err)
	}

	// Import into the same browser: nothing new.
	b.importFile(downloaded)
	if got := b.savesStatus("imported"); got != "Nothing new to import; 3 saves already here, skipped." {
		t.Errorf("import into itself: %q", got)
	}
	// Change one save, import again: the imported one is kept too, renamed.
	b.rowAction("saves-list", "walkthrough", "delete")
	b.savesStatus("deleted")
	b.saveAs("walkthrough")
	b.importFile(downloaded)
	if got := b.savesStatus("imported"); got != "Imported 1 save; 1 renamed, as a different save had the name; 2 saves already here, skipped." {
		t.Errorf("import over a changed save: %q", got)
	}
	// Newest first: the new save, then the others by when they were saved
	// (an import keeps the times).
	b.waitSaves("walkthrough", "walkthrough (2)", "seven replicas", "walkthrough (3)")

	// A file that is not an export.
	bad := filepath.Join(t.TempDir(), "notes.json")
	os.WriteFile(bad, []byte(`{"hello": 1}`), 0o644)
	b.importFile(bad)
	if got := b.savesStatus("error"); !strings.Contains(got, "“notes.json” was not imported: the file is not an applylens export") {
		t.Errorf("import of another file: %q", got)
	}

	// In a new browser (another profile): everything imported.
	b2 := newBrowser(t, desktopWidth, desktopHeight)
	b2.open()
	b2.savesReady()
	b2.openSaves()
	b2.importFile(downloaded)
	if got := b2.savesStatus("imported"); got != "Imported 3 saves." {
		t.Errorf("import into a new browser: %q", got)
	}
	b2.waitSaves("walkthrough (2)", "seven replicas", "walkthrough")
	b2.rowAction("saves-list", "seven replicas", "open")
	b2.paneHas("live", "replicas: 7")
	b2.paneHas("result", "replicas: 7")
	b.checkConsole()
	b2.checkConsole()
}

// setDownloadDir makes the browser save downloads in dir, without asking.
func setDownloadDir(dir string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := cdp.Call(ctx, chromedp.FromContext(ctx).Browser, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
			Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir,
			// The tab's own browser context, not the browser's default one.
			BrowserContextID: chromedp.FromContext(ctx).BrowserContextID,
		})
		return err
	})
}

// waitForFile waits for a finished download whose name starts with prefix.
func waitForFile(t *testing.T, dir, prefix string) string {
	t.Helper()
	deadline := time.Now().Add(stepTimeout)
	for {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), prefix) && strings.HasSuffix(e.Name(), ".json") {
				return filepath.Join(dir, e.Name())
			}
		}
		if time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond) // polling the folder: a download sends no event here
	}
	t.Fatalf("no download %s* in %s after %v", prefix, dir, stepTimeout)
	return ""
}

func TestAutosave(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	b.savesReady()
	if !b.hidden("saves-offer") {
		t.Errorf("a fresh profile offers unsaved work: %q", b.text("saves-offer"))
	}

	// Typed, autosaved at once (before the computation), kept over a reload.
	b.replaceLine("editor-live", "replicas: 2", "replicas: 4")
	b.savesIdle()
	b.reload()
	b.paneHas("live", "replicas: 4")
	b.savesReady()
	if !b.hidden("saves-offer") {
		t.Errorf("a reload offers unsaved work: %q", b.text("saves-offer"))
	}

	// A second tab: a fresh start, offered the first tab's work; its own
	// typing does not overwrite the first tab's.
	b2, close2 := b.tab()
	b2.savesReady()
	b2.waitFor("the offer", `!document.getElementById('saves-offer').hidden`, stepTimeout)
	if got := b2.text("saves-offer-text"); !strings.HasPrefix(got, "Unsaved work from ") || !strings.Contains(got, "(Deployment nginx-deployment)") {
		t.Errorf("offer = %q", got)
	}
	b2.paneLacks("live", "replicas: 4")
	b2.replaceLine("editor-live", "replicas: 2", "replicas: 6")
	b2.savesIdle()
	b.replaceLine("editor-file", "image: nginx:1.16.1", "image: nginx:1.17.0")
	b.paneHas("patch", "image: nginx:1.17.0")
	// The selected step is saved work too.
	b.run(chromedp.Click(chromedp.ID("step-1")))
	b.waitFor("step 1 selected", `document.getElementById('step-1').getAttribute('aria-current') === 'step'`, stepTimeout)
	b.savesIdle()
	b.openSaves()
	rows := b.autosaveRows()
	if len(rows) != 2 || !strings.Contains(rows[0], "(this tab)") {
		t.Errorf("unsaved work rows in the first tab: %q", rows)
	}

	// The second tab closed, a new one: the newest work (the first tab's) is
	// offered, the other is in the list, as unsaved work from its time.
	close2()
	b3, close3 := b.tab()
	defer close3()
	b3.savesReady()
	b3.waitFor("the offer", `!document.getElementById('saves-offer').hidden`, stepTimeout)
	if got := b3.attr("step-1", "aria-current"); got == "step" {
		t.Fatal("step 1 is selected before the restore: the check below would prove nothing")
	}
	b3.run(chromedp.Click(chromedp.ID("btn-saves-restore")))
	b3.paneHas("live", "replicas: 4")
	b3.paneHas("file", "image: nginx:1.17.0")
	b3.paneHas("patch", "image: nginx:1.17.0")
	b3.waitFor("step 1 selected again", `document.getElementById('step-1')?.getAttribute('aria-current') === 'step'`, stepTimeout)
	if got := b3.text("saves-status"); !strings.HasPrefix(got, "Restored the unsaved work from ") {
		t.Errorf("after restore: %q", got)
	}
	b3.openSaves()
	rows = b3.autosaveRows()
	if len(rows) != 3 {
		t.Fatalf("unsaved work rows: %q, want this tab's and the two others", rows)
	}
	// The second tab's work opens from the list.
	found := false
	for _, row := range rows {
		if strings.HasPrefix(row, "Unsaved work from ") && !strings.Contains(row, "(this tab)") {
			found = true
		}
	}
	if !found {
		t.Errorf("no other tab's unsaved work listed: %q", rows)
	}
	opened := eval[bool](b3, `(async () => {
		for (const li of document.querySelectorAll('#saves-autosaves li[data-mine="false"]')) {
			const status = document.getElementById('saves-status');
			status.dataset.kind = '';
			li.querySelector('button[data-action="open"]').click();
			// Until the panel says how the opening went (eval's time limit
			// bounds the wait).
			await new Promise((r) => {
				const done = () => ['opened', 'error'].includes(status.dataset.kind);
				if (done()) return r();
				const o = new MutationObserver(() => { if (done()) { o.disconnect(); r(); } });
				o.observe(status, {attributes: true, attributeFilter: ['data-kind']});
			});
			if (applylensPage.getText('live').includes('replicas: 6')) return true;
		}
		return false;
	})()`)
	if !opened {
		t.Errorf("the second tab's work (replicas: 6) could not be opened from the list; saves-status %q, rows %q", b3.text("saves-status"), b3.autosaveRows())
	}
	b.checkConsole()
	b3.checkConsole()
}

func TestSavedWorkUnavailable(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	// As a private window with storage blocked: opening the database throws.
	b.run(addScript(`IDBFactory.prototype.open = function () { throw new DOMException('The user denied permission to access the database.', 'SecurityError'); };`))
	b.open()
	b.savesReady()
	b.waitFor("the notice", `!document.getElementById('saves-notice').hidden`, stepTimeout)
	if got := b.text("saves-notice"); !strings.HasPrefix(got, "Saving is off: ") || !strings.Contains(got, "The page works as before") {
		t.Errorf("saves-notice = %q", got)
	}
	// The page goes on working: typing computes.
	b.replaceLine("editor-file", "image: nginx:1.16.1", "image: nginx:1.19.0")
	b.paneHas("patch", "image: nginx:1.19.0")
	// Said once: typing again adds nothing, the panel says why it is empty.
	if n := eval[int](b, `document.querySelectorAll('#saves-notice').length`); n != 1 {
		t.Errorf("%d notices", n)
	}
	b.openSaves()
	if got := b.attr("saves", "data-state"); got != "unavailable" {
		t.Errorf("saves data-state = %q", got)
	}
	if b.hidden("saves-unavailable") {
		t.Error("the panel does not say saving is off")
	}
	b.checkConsole()
}

func TestSavedWorkShareLink(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	b.savesReady()
	b.replaceLine("editor-live", "replicas: 2", "replicas: 8")
	b.savesIdle()

	link := stateFragment(t, shareState{Mode: "derived", File: readFile(t, "samples/custom-resource/file.yaml"),
		Live: readFile(t, "samples/custom-resource/live.yaml"), Format: "yaml", Overwrite: true, Tab: "steps"})
	// The link opened in this tab (pasted into the address bar, Enter).
	b.openAt(siteURL + link)
	b.paneHas("file", "kind: Certificate")
	b.savesReady()
	b.savesIdle()
	// The typed work is in the tab's autosave, untouched by the link.
	b.openSaves()
	rows := b.autosaveRows()
	if len(rows) != 1 || !strings.Contains(rows[0], "(this tab)") || !strings.Contains(rows[0], "Deployment nginx-deployment") {
		t.Errorf("unsaved work rows after the link: %q", rows)
	}
	// And the link's Undo brings it back.
	b.waitFor("the undo button", `!document.getElementById('btn-link-undo').hidden`, stepTimeout)
	b.run(chromedp.Click(chromedp.ID("btn-link-undo")))
	b.paneHas("live", "replicas: 8")

	// The link opened in a new tab: the typed work is offered.
	b2, close2 := b.tab()
	defer close2()
	b2.openAt(siteURL + link)
	b2.paneHas("file", "kind: Certificate")
	b2.savesReady()
	b2.waitFor("the offer", `!document.getElementById('saves-offer').hidden`, stepTimeout)
	b2.run(chromedp.Click(chromedp.ID("btn-saves-restore")))
	b2.paneHas("live", "replicas: 8")
	b.checkConsole()
	b2.checkConsole()
}

// TestSavedWorkScreenshots saves the Saves panel (two saves, unsaved work
// of another tab) and the offer of unsaved work at desktop and phone
// widths under tmp/screenshots/, for people to look at; it checks that
// the page fits the width.
func TestSavedWorkScreenshots(t *testing.T) {
	for _, size := range []screen{{"desktop", desktopWidth, desktopHeight, false}, phoneScreen} {
		t.Run(size.name, func(t *testing.T) {
			b := newBrowser(t, size.width, size.height)
			viewport := func(b *browser) {
				b.run(size.emulate(), prefersColorScheme("light"))
			}
			viewport(b)
			b.open()
			b.savesReady()
			b.replaceLine("editor-live", "replicas: 2", "replicas: 4")
			b.savesIdle()
			b2, close2 := b.tab()
			defer close2()
			viewport(b2)
			b2.reload()
			b2.savesReady()
			b2.waitFor("the offer", `!document.getElementById('saves-offer').hidden`, stepTimeout)
			b2.screenshotFits("saves-offer-"+size.name, size.width)
			b2.openSaves()
			b2.saveAs("nginx rollout")
			b2.replaceLine("editor-file", "image: nginx:1.16.1", "image: nginx:1.17.0")
			b2.saveAs("nginx 1.17 with a much longer name to see how the row wraps")
			// A timeline's save: its row names the timeline (engine/savedwork's Summarize).
			g := readTimelineGolden(t, "walkthrough")
			b2.pickTimeline("walkthrough", len(g.Steps))
			if b2.hidden("saves") {
				b2.openSaves()
			}
			b2.saveAs("the walkthrough, played")
			b2.rowAction("saves-list", "nginx rollout", "delete")
			b2.savesStatus("deleted")
			b2.savesIdle()
			b2.run(chromedp.Evaluate[chromedp.Void](`document.getElementById('saves').scrollIntoView({block: 'start'})`))
			b2.screenshotFits("saves-panel-"+size.name, size.width)
			b2.checkConsole()
		})
	}
}

// screenshotFits saves the viewport as tmp/screenshots/name.png and checks
// the page fits the width.
func (b *browser) screenshotFits(name string, width int) {
	b.t.Helper()
	eval[chromedp.Void](b, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))`)
	if w := b.overflowX(); w > 0 {
		b.t.Errorf("%s: the page is %d px wider than the %d px viewport", name, w, width)
	}
	b.screenshot(name)
	b.t.Logf("wrote tmp/screenshots/%s.png", name)
}

// TestAutosaveDuplicatedTab opens a tab that starts with another live
// tab's session id, as a duplicated tab does (its sessionStorage is a
// copy): it takes a new one, and the two tabs keep two autosaves.
func TestAutosaveDuplicatedTab(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	b.savesReady()
	id := eval[string](b, `applylensSaves.session()`)
	b2, close2 := b.tab(addScript(fmt.Sprintf(`if (!sessionStorage.getItem('applylens-draft')) sessionStorage.setItem('applylens-session', %q)`, id)))
	defer close2()
	b2.savesReady()
	if got := eval[string](b2, `applylensSaves.session()`); got == id || got == "" {
		t.Fatalf("the duplicated tab kept the session id %q", got)
	}
	b.replaceLine("editor-live", "replicas: 2", "replicas: 3")
	b.savesIdle()
	b2.replaceLine("editor-live", "replicas: 2", "replicas: 5")
	b2.savesIdle()
	b.openSaves()
	if rows := b.autosaveRows(); len(rows) != 2 {
		t.Errorf("unsaved work rows: %q, want one per tab", rows)
	}
	b.checkConsole()
	b2.checkConsole()
}

// TestSavedTimeline saves the Timeline mode's work under a name and opens
// it in another tab: the mode and every command come back.
func TestSavedTimeline(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	b.savesReady()
	g := readTimelineGolden(t, "walkthrough")
	b.pickTimeline("walkthrough", len(g.Steps))
	b.openSaves()
	b.saveAs("story")
	b.savesIdle()

	b2, close2 := b.tab()
	defer close2()
	b2.savesReady()
	b2.openSaves()
	b2.waitSaves("story")
	// The row says what the save holds: the timeline, not the file pane
	// the Timeline mode does not show (engine/savedwork's Summarize).
	meta := eval[string](b2, `[...document.querySelectorAll('#saves-list li')].find((li) => li.querySelector('.save-name')?.textContent === 'story')?.querySelector('.save-meta')?.textContent ?? ''`)
	if want := fmt.Sprintf("timeline · %d commands · Deployment nginx-deployment · saved ", len(g.Steps)); !strings.HasPrefix(meta, want) {
		t.Errorf("the save's row says %q, want it to start %q", meta, want)
	}
	before := b2.timelineRenders()
	b2.rowAction("saves-list", "story", "open")
	b2.waitTimeline(before, len(g.Steps), 0)
	if v := eval[string](b2, `document.documentElement.dataset.view`); v != "timeline" {
		t.Errorf("the save opened in the %q mode, want timeline", v)
	}
	for i, s := range b2.shownSteps() {
		if s.Command != g.Steps[i].Command || s.Stdout != g.Steps[i].Stdout {
			t.Errorf("step %d: %q printing %q, want %q printing %q", i, s.Command, s.Stdout, g.Steps[i].Command, g.Steps[i].Stdout)
		}
	}
}
