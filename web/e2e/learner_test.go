//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/applylens/applylens/samples"
)

// learnerScreens are the sizes a newcomer is tried at (issue 19): a
// laptop, and a touch phone.
var learnerScreens = []screen{{"desktop", 1366, 900, false}, phoneScreen}

// learnerBrowser opens a fresh profile at the size (a phone is a touch
// screen) and waits for the first answer.
func learnerBrowser(t *testing.T, size screen, url string) *browser {
	t.Helper()
	b := newBrowser(t, size.width, size.height)
	b.run(size.emulate())
	if size.mobile {
		b.run(touchScreen())
	}
	b.openAt(url)
	return b
}

// galleryEntry is a gallery example as the page lists it, and the mode it
// opens in ("single", "timeline" or "kustomize").
type galleryEntry struct {
	id, title, description, view string
}

// galleryEntries lists every example of the gallery: the single applies,
// then the timelines, then the Kustomize samples.
func galleryEntries() []galleryEntry {
	var out []galleryEntry
	for _, s := range samples.All() {
		out = append(out, galleryEntry{s.ID, s.Title, s.Description, "single"})
	}
	for _, tl := range samples.Timelines() {
		out = append(out, galleryEntry{"timeline-" + tl.ID, tl.Title, tl.Description, "timeline"})
	}
	for _, k := range samples.KustomizeSamples() {
		out = append(out, galleryEntry{k.ID, k.Title, k.Description, "kustomize"})
	}
	return out
}

// onScreenText is the text the page shows (innerText leaves out what is
// hidden), with white space made single.
func onScreenText(b *browser) string {
	b.t.Helper()
	return eval[string](b, `document.body.innerText.replace(/\s+/g, ' ')`)
}

// oneLine makes white space single, as onScreenText does.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestDescriptionsMatchLoaded loads every gallery example and timeline in
// turn, in a fresh profile (the walkthrough's introduction on screen at
// first), on a laptop and a phone: what describes the inputs (the
// introduction, the "Loaded …" line, the example's description) is the
// loaded example's, and no text of another example is on screen, in the
// example's mode and in the other one (which does not hold it).
func TestDescriptionsMatchLoaded(t *testing.T) {
	entries := galleryEntries()
	introNext := "Below: the three inputs kubectl apply reads"
	for _, size := range learnerScreens {
		t.Run(size.name, func(t *testing.T) {
			b := learnerBrowser(t, size, siteURL)
			b.waitFor("the introduction", `document.getElementById('intro')`, stepTimeout)
			if !strings.Contains(onScreenText(b), introNext) {
				t.Fatalf("the first visit does not show the introduction")
			}
			// Mode switches with the introduction on screen: it describes the three panes only.
			b.run(chromedp.Click(chromedp.ID("mode-timeline")))
			b.waitFor("the Timeline mode", `document.documentElement.dataset.view === 'timeline'`, stepTimeout)
			if strings.Contains(onScreenText(b), introNext) {
				t.Errorf("the Timeline mode shows the single apply's introduction")
			}
			b.run(chromedp.Click(chromedp.ID("mode-single")))
			b.waitFor("the introduction back with its panes", `!document.getElementById('intro').hidden`, stepTimeout)

			// others says which texts of other examples the screen shows.
			others := func(except string) []string {
				text := onScreenText(b)
				var found []string
				for _, e := range entries {
					if e.id == except {
						continue
					}
					if strings.Contains(text, oneLine(e.description)) {
						found = append(found, e.id+"'s description")
					}
					if strings.Contains(text, "Loaded the example “"+e.title+"”") {
						found = append(found, e.id+"'s Loaded line")
					}
				}
				if strings.Contains(text, introNext) {
					found = append(found, "the walkthrough's introduction")
				}
				return found
			}
			for _, e := range entries {
				b.run(chromedp.Click(chromedp.ID("btn-gallery")))
				item := "gallery-item-" + e.id
				b.waitFor("the gallery's item "+e.id, fmt.Sprintf(`document.getElementById('gallery').open && !!document.getElementById(%q)`, item), stepTimeout)
				b.run(chromedp.Click(chromedp.ID(item)))
				view := e.view
				other, otherButton := "timeline", "mode-timeline"
				if view != "single" {
					other, otherButton = "single", "mode-single"
				}
				b.waitFor(e.id+" loaded", fmt.Sprintf(`document.getElementById('sample-description').dataset.example === %q && !document.getElementById('gallery').open && document.documentElement.dataset.view === %q`, e.id, view), stepTimeout)
				text := onScreenText(b)
				if !strings.Contains(text, oneLine(e.description)) {
					t.Errorf("%s: its description is not on screen", e.id)
				}
				if s := b.text("link-status"); !strings.HasPrefix(s, "Loaded the example “"+e.title+"”.") {
					t.Errorf("%s: the status line says %q", e.id, s)
				}
				if found := others(e.id); len(found) > 0 {
					t.Errorf("%s loaded, the page shows %s", e.id, strings.Join(found, ", "))
				}
				// The other mode does not hold this example: nothing describes it there.
				b.run(chromedp.Click(chromedp.ID(otherButton)))
				b.waitFor("the "+other+" mode", fmt.Sprintf(`document.documentElement.dataset.view === %q`, other), stepTimeout)
				if strings.Contains(onScreenText(b), oneLine(e.description)) {
					t.Errorf("%s: its description stays on screen in the %s mode, which does not hold it", e.id, other)
				}
				if found := others(""); len(found) > 0 {
					t.Errorf("%s loaded, the %s mode shows %s", e.id, other, strings.Join(found, ", "))
				}
				if got := eval[string](b, `document.getElementById('sample-description').hidden ? '' : 'shown'`); got != "" {
					t.Errorf("%s: #sample-description is shown in the %s mode", e.id, other)
				}
				// Back to the example's mode: its description again.
				b.run(chromedp.Click(chromedp.ID("mode-" + view)))
				b.waitFor(e.id+"'s description back in its mode", `!document.getElementById('sample-description').hidden`, stepTimeout)
			}
			b.checkConsole()
		})
	}
}

// TestPortsSampleSaysWhatThePageShows opens the TCP-and-UDP ports sample:
// its description says that client-side apply loses TCP, and the page's
// client-side result indeed keeps 53/UDP alone (samples/claims.go checks
// the same claim against the engine natively).
func TestPortsSampleSaysWhatThePageShows(t *testing.T) {
	b := learnerBrowser(t, learnerScreens[0], siteURL+"#example=ssa-ports-tcp-udp")
	b.waitFor("the example", `document.getElementById('sample-description').dataset.example === 'ssa-ports-tcp-udp'`, stepTimeout)
	if d := b.text("sample-description"); !strings.Contains(d, "TCP is lost") || strings.Contains(d, "UDP is lost") {
		t.Errorf("the description does not say that client-side apply loses TCP: %q", d)
	}
	b.run(chromedp.Click(chromedp.ID("apply-client")))
	b.waitFor("the client-side result", `document.getElementById('apply-client').getAttribute('aria-pressed') === 'true' && document.getElementById('outputs').dataset.state === 'ready' && applylensPage.getText('result').includes('protocol: UDP')`, stepTimeout)
	result := b.paneText("result")
	if strings.Contains(result, "protocol: TCP") || strings.Count(result, "containerPort: 53") != 1 {
		t.Errorf("the client-side result does not keep 53/UDP alone:\n%s", result)
	}
	b.checkConsole()
}

// TestUndoReplacingActions: Clear, Example and a timeline's "Open in the
// three panes" replace the panes, and each offers Undo, which brings back
// the user's edited panes (and Redo the action); the "Loaded the example"
// line leaves with its example.
func TestUndoReplacingActions(t *testing.T) {
	for _, size := range learnerScreens {
		t.Run(size.name, func(t *testing.T) {
			b := learnerBrowser(t, size, siteURL+"#example=env-merge")
			b.waitFor("the example", `document.getElementById('sample-description').dataset.example === 'env-merge'`, stepTimeout)
			s, _ := samples.Get("env-merge")
			mine := s.File + "# my edit\n"
			before := renders(b)
			b.setPane("file", mine)
			waitRender(b, before)

			undoBack := func(action string) {
				t.Helper()
				if b.hidden("btn-link-undo") {
					t.Fatalf("%s: no Undo", action)
				}
				if st := b.text("link-status"); strings.Contains(st, "Loaded the example") {
					t.Errorf("%s: the status line still says %q", action, st)
				}
				if !b.hidden("sample-description") {
					t.Errorf("%s: the example's description stays: %q", action, b.text("sample-description"))
				}
				b.clickSettled("btn-link-undo")
				b.waitFor(action+" undone", `document.getElementById('link-status').textContent === 'Your previous panes are back.'`, stepTimeout)
				if got := b.paneText("file"); got != mine {
					t.Fatalf("%s, then Undo: the file pane holds\n%s\nwant the edited one", action, got)
				}
				if !eval[bool](b, `document.documentElement.dataset.view !== 'timeline'`) {
					t.Errorf("%s, then Undo: the Timeline mode is shown", action)
				}
				b.waitFor("the edited panes' answer", `document.getElementById('outputs').dataset.state === 'ready' && applylensPage.getText('result').includes('OTEL_EXPORTER_OTLP_ENDPOINT')`, stepTimeout)
			}

			b.clickSettled("btn-clear")
			b.waitFor("the panes cleared", `applylensPage.getText('file') === '' && document.getElementById('outputs').dataset.state === 'empty'`, stepTimeout)
			if st := b.text("link-status"); !strings.HasPrefix(st, "Cleared the panes.") {
				t.Errorf("after Clear the status line says %q", st)
			}
			undoBack("Clear")
			// Redo clears again, and Undo once more brings the work back.
			if got := b.text("btn-link-undo"); got != "Redo: clear the panes" {
				t.Errorf("after Undo the button says %q", got)
			}
			b.clickSettled("btn-link-undo")
			b.waitFor("cleared again", `applylensPage.getText('file') === ''`, stepTimeout)
			undoBack("Clear, Undo, Redo")

			b.clickSettled("btn-example")
			b.waitFor("the walkthrough", `applylensPage.getText('file').includes('nginx:1.16.1')`, stepTimeout)
			if st := b.text("link-status"); !strings.HasPrefix(st, "Loaded the documentation's walkthrough.") {
				t.Errorf("after Example the status line says %q", st)
			}
			undoBack("Example")

			if size.mobile {
				b.checkConsole()
				return
			}
			b.pickTimeline("walkthrough", 3)
			b.selectStep(2, 3)
			b.run(chromedp.Click(chromedp.CSS(`#timeline-detail .tl-open`)))
			b.waitFor("the timeline's apply in the panes", `!document.getElementById('single-apply').hidden && applylensPage.getText('file').includes('nginx:1.16.1')`, stepTimeout)
			if st := b.text("link-status"); !strings.HasPrefix(st, "Opened the timeline's apply in the three panes.") {
				t.Errorf("after Open in the three panes the status line says %q", st)
			}
			if b.hidden("btn-link-undo") {
				t.Fatalf("Open in the three panes: no Undo")
			}
			b.clickSettled("btn-link-undo")
			b.waitFor("Open in the three panes undone", `document.getElementById('link-status').textContent === 'Your previous panes are back.'`, stepTimeout)
			// Undo brings back the page as it was: the timeline it was showing.
			if got := b.paneText("file"); got != mine {
				t.Errorf("Open in the three panes, then Undo: the file pane holds\n%s", got)
			}
			b.checkConsole()
		})
	}
}

// shotsLightDark saves the screen as tmp/screenshots/learner-<name>-
// light.png and -dark.png (the theme toggled and back), for people to look
// at: the first screen, or with the element of id at at the top.
func shotsLightDark(t *testing.T, b *browser, name, at string) {
	t.Helper()
	eval[chromedp.Void](b, fmt.Sprintf(`new Promise((r) => { const e = document.getElementById(%q); if (e) e.scrollIntoView({block: 'start'}); else window.scrollTo(0, 0); requestAnimationFrame(() => requestAnimationFrame(r)); })`, at))
	saveShot(t, b, "learner-"+name+"-light")
	// Pressed from script: a click would scroll the button into view.
	eval[chromedp.Void](b, `document.getElementById('btn-theme').click()`)
	b.waitFor("the dark theme", `document.documentElement.dataset.theme === 'dark'`, stepTimeout)
	saveShot(t, b, "learner-"+name+"-dark")
	eval[chromedp.Void](b, `document.getElementById('btn-theme').click()`)
	b.waitFor("the light theme", `document.documentElement.dataset.theme !== 'dark'`, stepTimeout)
}

// TestServerSideFoldsLastApplied: in server-side mode the last-applied
// pane, which that apply does not read, folds to its title and a one-line
// reason, so the file comes first; "both" and client-side show it again,
// its text untouched.
func TestServerSideFoldsLastApplied(t *testing.T) {
	for _, size := range learnerScreens {
		t.Run(size.name, func(t *testing.T) {
			b := learnerBrowser(t, size, siteURL)
			b.run(prefersColorScheme("light"))
			text := b.paneText("last-applied")
			b.clickSettled("apply-server")
			b.waitFor("the pane folded", `!document.getElementById('last-applied-unused').hidden && document.getElementById('editor-last-applied').getClientRects().length === 0`, stepTimeout)
			if got := b.text("last-applied-unused"); !strings.Contains(got, "Not used by kubectl apply --server-side") {
				t.Errorf("the reason says %q", got)
			}
			if h := eval[float64](b, `document.getElementById('pane-last-applied').getBoundingClientRect().height`); h > 120 {
				t.Errorf("the folded pane is %.0f px high", h)
			}
			// The walkthrough's introduction tells the client-side apply: not shown with the server-side one alone.
			if strings.Contains(onScreenText(b), "Below: the three inputs kubectl apply reads") {
				t.Errorf("the server-side apply shows the client-side walkthrough's introduction")
			}
			b.waitFor("the server-side result", `document.getElementById('ssa-view').dataset.view === 'server'`, stepTimeout)
			shotsLightDark(t, b, "serverside-"+size.name, "")
			b.clickSettled("apply-both")
			b.waitFor("the pane back for both", `document.getElementById('last-applied-unused').hidden && document.getElementById('editor-last-applied').getClientRects().length > 0`, stepTimeout)
			b.clickSettled("apply-server")
			b.waitFor("folded again", `!document.getElementById('last-applied-unused').hidden`, stepTimeout)
			b.clickSettled("apply-client")
			b.waitFor("the pane back", `document.getElementById('last-applied-unused').hidden && document.getElementById('editor-last-applied').getClientRects().length > 0`, stepTimeout)
			if !strings.Contains(onScreenText(b), "Below: the three inputs kubectl apply reads") {
				t.Errorf("the introduction did not come back with the client-side apply")
			}
			if got := b.paneText("last-applied"); got != text {
				t.Errorf("the last-applied pane changed while folded")
			}
			b.checkConsole()
		})
	}
}

// TestIdentityMismatchExplained pastes a file of another kind over the
// walkthrough's live Deployment: the page says in one plain line which
// field differs, both values and what kubectl would do ("Did you mean
// Deployment?" for a near-miss); kubectl's own text, a Go map dump, stays
// exact but folded below, and is not the headline.
func TestIdentityMismatchExplained(t *testing.T) {
	for _, size := range learnerScreens {
		t.Run(size.name, func(t *testing.T) {
			b := learnerBrowser(t, size, siteURL)
			b.run(prefersColorScheme("light"))
			file := b.paneText("file")
			for _, tc := range []struct {
				kind, suggestion string
			}{{"Deploymnet", " Did you mean Deployment?"}, {"Widget", ""}} {
				b.setPane("file", strings.Replace(file, "kind: Deployment", "kind: "+tc.kind, 1))
				b.waitFor("the error for "+tc.kind, fmt.Sprintf(`document.getElementById('outputs').dataset.state === 'error' && document.getElementById('error-general').textContent.includes('the file has %s,')`, tc.kind), stepTimeout)
				lead := eval[string](b, `document.querySelector('#error-general .error-lead').innerText`)
				want := "kubectl would fail: The kind differs: the file has " + tc.kind + ", the live object Deployment. " +
					"kubectl finds the object by the file's apiVersion, kind and name, so it would apply the file to the " + tc.kind + " nginx-deployment (creating it if missing), never to this one." + tc.suggestion
				if lead != want {
					t.Errorf("%s: the headline says\n%s\nwant\n%s", tc.kind, lead, want)
				}
				if st := b.text("status"); st != "kubectl apply would fail: the kind differs." {
					t.Errorf("%s: the status says %q", tc.kind, st)
				}
				shown := eval[string](b, `document.getElementById('error-general').innerText`)
				if strings.Contains(shown, "map[") {
					t.Errorf("%s: the page shows a Go map without being asked:\n%s", tc.kind, shown)
				}
				kubectl := eval[string](b, `document.querySelector('#error-general details.error-kubectl pre')?.textContent ?? ''`)
				if !strings.HasPrefix(kubectl, "creating patch: precondition failed for: map[kind:"+tc.kind) {
					t.Errorf("%s: kubectl's own text is not kept below: %q", tc.kind, kubectl)
				}
				if w := b.overflowX(); w > 0 {
					t.Errorf("%s: the page is %d px wider than the screen", tc.kind, w)
				}
				if tc.kind == "Deploymnet" {
					shotsLightDark(t, b, "kind-mismatch-"+size.name, "outputs")
					// Unfolded, kubectl's text wraps inside the box: nothing scrolls sideways.
					eval[chromedp.Void](b, `new Promise((r) => { document.querySelector('#error-general details.error-kubectl').open = true; document.getElementById('error-general').scrollIntoView({block: 'start'}); requestAnimationFrame(() => requestAnimationFrame(r)); })`)
					if w := eval[int](b, `(() => { const p = document.querySelector('#error-general details.error-kubectl pre'); return p.scrollWidth - p.clientWidth; })()`); w > 0 {
						t.Errorf("kubectl's text scrolls sideways by %d px", w)
					}
					saveShot(t, b, "learner-kind-mismatch-open-"+size.name)
				}
			}
			b.checkConsole()
		})
	}
}

// TestLearnerSmallItems: the editors open at their tops (apiVersion and
// kind in view) for an example too; a touch phone's footer advertises no
// Alt shortcuts; the Embed panel does not tick "start at the selected
// step" while no step is selected, and ticks it (the user's choice) once
// one is.
func TestLearnerSmallItems(t *testing.T) {
	phone := learnerBrowser(t, phoneScreen, siteURL+"#example=env-merge")
	phone.waitFor("the example", `document.getElementById('sample-description').dataset.example === 'env-merge'`, stepTimeout)
	if shown := eval[string](phone, `document.querySelector('footer.foot').innerText`); strings.Contains(shown, "Alt") {
		t.Errorf("the phone's footer advertises Alt shortcuts: %q", shown)
	}
	phone.waitEditorsAtTop()
	phone.checkConsole()

	b := learnerBrowser(t, learnerScreens[0], siteURL+"#example=env-merge")
	b.waitFor("the example", `document.getElementById('sample-description').dataset.example === 'env-merge' && document.getElementById('outputs').dataset.state === 'ready'`, stepTimeout)
	if eval[bool](b, `!!document.querySelector('.step.selected')`) {
		t.Fatal("a step is selected on opening the example")
	}
	b.run(chromedp.Click(chromedp.ID("btn-embed-code")))
	b.waitFor("the embed code", `document.getElementById('embed-code-text')?.value.includes('<iframe')`, stepTimeout)
	if !eval[bool](b, `(() => { const c = document.getElementById('embed-step'); return !c.checked && c.disabled; })()`) {
		t.Errorf("with no step selected, \"start at the selected step\" is ticked or tickable")
	}
	if code := eval[string](b, `document.getElementById('embed-code-text').value`); strings.Contains(code, "step=") {
		t.Errorf("with no step selected the embed code starts at a step:\n%s", code)
	}
	b.run(chromedp.Click(chromedp.ID("btn-embed-close")))
	b.clickSettled("step-1")
	b.waitFor("the step selected", `!!document.querySelector('.step.selected')`, stepTimeout)
	b.run(chromedp.Click(chromedp.ID("btn-embed-code")))
	b.waitFor("the embed code at the step", `document.getElementById('embed-code-text')?.value.includes('step=2')`, stepTimeout)
	if !eval[bool](b, `(() => { const c = document.getElementById('embed-step'); return c.checked && !c.disabled; })()`) {
		t.Errorf("with a step selected, \"start at the selected step\" is not ticked")
	}
	saveShot(t, b, "learner-embed-step-desktop")
	b.checkConsole()
}

// waitEditorsAtTop waits until each input editor is scrolled to its top
// with its apiVersion line in view: what a newcomer sees first says what
// each document is.
func (b *browser) waitEditorsAtTop() {
	b.t.Helper()
	b.waitFor("apiVersion in view in every editor", `['editor-last-applied', 'editor-file', 'editor-live'].every((id) => {
		const s = document.querySelector('#' + id + ' .cm-scroller');
		const line = [...document.querySelectorAll('#' + id + ' .cm-line')].find((l) => l.textContent.startsWith('apiVersion:'));
		if (!line) return false;
		const r = line.getBoundingClientRect();
		const box = s.getBoundingClientRect();
		return s.scrollTop === 0 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
	})`, stepTimeout)
}

// TestElsewhere gives the walkthrough's file another identity than its
// live Deployment nginx-deployment in default, so that kubectl applies to
// another object, which it creates:
//   - namespace: the file names namespace production;
//   - name: the file names nginx-deployment-v2; kubectl GETs the file's
//     name, finds none and creates it (the note names no namespace, the
//     same for both; no warning about the live object, which kubectl
//     does not compare with).
//
// The page says so in one line naming both, with kubectl's own line
// beside it; the result is that create (no step that moves or renames the
// object, nothing of the live object merged in), the live pane untouched.
// Server-side says the same, and the note leaves with the change.
func TestElsewhere(t *testing.T) {
	cases := []struct {
		name string
		// from is the line of the walkthrough's file and live object
		// that the file changes to to.
		from, to string
		lead     string
		// object is the object kubectl creates, as its output names it.
		object string
		status string
		// notInSteps and inSteps are what the steps (on one line) must
		// not and must say ("" for no check).
		notInSteps []string
		inSteps    string
		// notInWarnings is what no warning may say ("" for no check).
		notInWarnings []string
		// ssaStatus starts the server-side status ("" for no check).
		ssaStatus string
	}{
		{
			name: "namespace", from: "  namespace: default\n", to: "  namespace: production\n",
			lead:       "Another object: The file names namespace production, the live object is in default: kubectl applies to the Deployment nginx-deployment in production, not to this live object, which stays untouched; none is given in production, so kubectl creates it there.",
			object:     "deployment.apps/nginx-deployment",
			status:     "kubectl apply: created in namespace production. The live object, in default, is another object: kubectl leaves it untouched.",
			notInSteps: []string{"metadata.namespace", "→ production", "does not exist yet"},
		},
		{
			name: "name", from: "  name: nginx-deployment\n", to: "  name: nginx-deployment-v2\n",
			lead:          "Another object: The file names Deployment nginx-deployment-v2, the live object is Deployment nginx-deployment (both in default): kubectl looks the object up by the file's name, so it applies to nginx-deployment-v2, not to this live object, which stays untouched; no nginx-deployment-v2 is given, so kubectl creates it.",
			object:        "deployment.apps/nginx-deployment-v2",
			status:        "kubectl apply: created nginx-deployment-v2. The live object, nginx-deployment, is another object: kubectl leaves it untouched.",
			notInSteps:    []string{"metadata.name", "→ nginx-deployment-v2", "does not exist yet"},
			inSteps:       "No object named nginx-deployment-v2 is given, the one kubectl looks for (the live object is nginx-deployment, another object it leaves untouched)",
			notInWarnings: []string{"would look up", "name (nginx-deployment)"},
			ssaStatus:     "Server-side apply creates the object nginx-deployment-v2; the live object, nginx-deployment, is another object, left untouched.",
		},
	}
	for _, tc := range cases {
		for _, size := range learnerScreens {
			t.Run(tc.name+"/"+size.name, func(t *testing.T) {
				b := learnerBrowser(t, size, siteURL)
				live := b.paneText("live")
				file := b.paneText("file")
				if !strings.Contains(file, tc.from) || !strings.Contains(live, tc.from) {
					t.Fatalf("the walkthrough's file or live object has no line %q", tc.from)
				}
				b.setPane("file", strings.Replace(file, tc.from, tc.to, 1))
				b.waitFor("the outcome", `document.getElementById('outputs').dataset.state === 'ready' && !document.getElementById('elsewhere').hidden`, stepTimeout)
				if got := oneLine(eval[string](b, `document.querySelector('#elsewhere .elsewhere-lead').innerText`)); got != tc.lead {
					t.Errorf("the note says\n%s\nwant\n%s", got, tc.lead)
				}
				if got := eval[string](b, `document.querySelector('#elsewhere .elsewhere-output').textContent`); got != tc.object+" created" {
					t.Errorf("kubectl's line is %q", got)
				}
				if st := b.text("status"); st != tc.status {
					t.Errorf("the status says %q", st)
				}
				if got := b.text("result-action"); got != "created" {
					t.Errorf("the result's badge says %q", got)
				}
				steps := oneLine(eval[string](b, `document.getElementById('steps').innerText`))
				for _, no := range tc.notInSteps {
					if strings.Contains(steps, no) {
						t.Errorf("the steps move or rename the object, or say it does not exist (%q):\n%s", no, steps)
					}
				}
				if tc.inSteps != "" && !strings.Contains(steps, tc.inSteps) {
					t.Errorf("the steps do not say why it is created (%q):\n%s", tc.inSteps, steps)
				}
				if len(tc.notInWarnings) > 0 {
					warnings := eval[string](b, `document.getElementById('warnings-block').hidden ? '' : document.getElementById('warnings').innerText`)
					for _, no := range tc.notInWarnings {
						if strings.Contains(warnings, no) {
							t.Errorf("a warning about the live object kubectl does not compare with (%q):\n%s", no, warnings)
						}
					}
				}
				result := b.paneText("result")
				if !strings.Contains(result, tc.to) || strings.Contains(result, "replicas:") || strings.Contains(result, "resourceVersion") {
					t.Errorf("the result is not the file created with %q:\n%s", tc.to, result)
				}
				if got := b.paneText("live"); got != live {
					t.Errorf("the live pane changed")
				}
				if w := b.overflowX(); w > 0 {
					t.Errorf("the page is %d px wider than the screen", w)
				}

				b.clickSettled("apply-server")
				b.waitFor("the server-side outcome", `document.getElementById('ssa-view').dataset.state === 'ready' && !!document.getElementById('ssa-elsewhere')`, stepTimeout)
				if got := eval[string](b, `document.querySelector('#ssa-elsewhere .elsewhere-output').textContent`); got != tc.object+" serverside-applied" {
					t.Errorf("server-side, kubectl's line is %q", got)
				}
				if got := oneLine(eval[string](b, `document.querySelector('#ssa-elsewhere .elsewhere-lead').innerText`)); got != tc.lead {
					t.Errorf("server-side, the note says %q", got)
				}
				if tc.ssaStatus != "" {
					if got := eval[string](b, `document.querySelector('#ssa-view .ssa-status').textContent`); !strings.HasPrefix(got, tc.ssaStatus) {
						t.Errorf("server-side, the status says %q", got)
					}
				}
				b.clickSettled("apply-client")
				b.waitFor("client-side again", `document.getElementById('apply-client').getAttribute('aria-pressed') === 'true' && !document.getElementById('elsewhere').hidden`, stepTimeout)

				before := renders(b)
				b.setPane("file", file)
				waitRender(b, before)
				b.waitFor("the note gone with the "+tc.name, `document.getElementById('elsewhere').hidden && document.getElementById('outputs').dataset.action === 'configure'`, stepTimeout)
				b.checkConsole()
			})
		}
	}
}

// goValueSyntax is how Go prints its own values: never the page's words.
var goValueSyntax = regexp.MustCompile(`map\[|\[\]interface ?\{\}|interface \{\}|%!|<nil>`)

// TestErrorsInPlainWordsPage pastes a representative set of the errors
// engine/api's TestErrorsInPlainWords covers (a near-miss kind, a value of
// the wrong type in the file and in the live object, a mixed list, an
// element without its merge key) and shows each with the client-side, the
// server-side and both applies: the page's own words on screen have no Go
// value syntax, kubectl's (or the API server's) exact text is kept folded
// below them, and nothing scrolls sideways.
func TestErrorsInPlainWordsPage(t *testing.T) {
	w, _ := samples.Get("walkthrough")
	f := func(old, new string) string { return strings.Replace(w.File, old, new, 1) }
	withLive := func(old, new string) string { return strings.Replace(w.Live, old, new, 1) }
	type shown struct {
		apply string // client, server or both
		words string // in the plain words shown
		exact string // kubectl's or the server's text, folded
	}
	cases := []struct {
		name, file, live string
		shows            []shown
	}{
		{"a near-miss kind", f("kind: Deployment", "kind: Deploymnet"), w.Live, []shown{
			{"client", "The kind differs: the file has Deploymnet, the live object Deployment.", "creating patch: precondition failed for: map[kind:Deploymnet"},
			{"both", "The kind differs: the file has Deploymnet, the live object Deployment.", "creating patch: precondition failed for: map[kind:Deploymnet"},
		}},
		{"a map for replicas", f("spec:\n", "spec:\n  replicas: {a: 1}\n"), w.Live, []shown{
			{"server", "The API server cannot read the file as a Deployment of its schema: .spec.replicas must be a number, not a map.", "got map[string]interface {}"},
			{"both", "The API server cannot read the file as a Deployment of its schema: .spec.replicas must be a number, not a map.", "got map[string]interface {}"},
		}},
		{"a list for a live label", w.File, withLive("  name: nginx-deployment\n", "  name: nginx-deployment\n  labels:\n    app: [1]\n"), []shown{
			{"server", "The API server cannot read the live object as a Deployment of its schema: .metadata.labels.app must be a string, not a list.", "&value.valueUnstructured{Value:[]interface {}{1}}"},
		}},
		{"a mixed list", f("  namespace: default\n", "  namespace: default\n  finalizers: [a, {b: 1}]\n"), withLive("  namespace: default\n", "  namespace: default\n  finalizers: [a]\n"), []shown{
			{"client", "the list metadata.finalizers has elements of different kinds", "list element types are not identical: [[a] [a map[b:1]]]"},
		}},
		{"a port without containerPort", f("        - containerPort: 80", "        - a: 1"), w.Live, []shown{
			{"client", "an element of the list spec.template.spec.containers[name=nginx].ports has no containerPort", "map: map[a:1] does not contain declared merge key: containerPort"},
		}},
	}
	for _, size := range learnerScreens {
		t.Run(size.name, func(t *testing.T) {
			b := learnerBrowser(t, size, siteURL)
			for _, tc := range cases {
				for _, s := range tc.shows {
					b.clickSettled("apply-" + s.apply)
					b.setPane("file", tc.file)
					b.setPane("live", tc.live)
					box := `document.getElementById('error-general')`
					if s.apply == "server" {
						box = `document.querySelector('#ssa-view .error-general')`
					} else if s.apply == "both" {
						box = `document.querySelector('#ssa-view .error-general, #both-client .error-general')`
					}
					words, _ := json.Marshal(s.words)
					b.waitFor(tc.name+" ("+s.apply+")", fmt.Sprintf(`(() => { const e = %s; return !!e && e.getClientRects().length > 0 && e.innerText.replace(/\s+/g, ' ').includes(%s); })()`, box, words), stepTimeout)
					shownText := eval[string](b, `document.getElementById('outputs').innerText + '\n' + document.getElementById('status').innerText`)
					if m := goValueSyntax.FindString(shownText); m != "" {
						t.Errorf("%s (%s): the page shows %q in its own words:\n%s", tc.name, s.apply, m, shownText)
					}
					exact := eval[string](b, fmt.Sprintf(`%s.querySelector('details.error-kubectl pre')?.textContent ?? ''`, box))
					if !strings.Contains(exact, s.exact) {
						t.Errorf("%s (%s): the exact text folded below is %q, want it to contain %q", tc.name, s.apply, exact, s.exact)
					}
					if w := b.overflowX(); w > 0 {
						t.Errorf("%s (%s): the page is %d px wider than the screen", tc.name, s.apply, w)
					}
				}
			}
			b.checkConsole()
		})
	}
}
