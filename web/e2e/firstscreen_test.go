//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/applylens/applylens/samples"
)

// firstScreen is one state of the page a learner meets (issue 19): how to
// get there, and the text that must be in sight on the first screen.
type firstScreen struct {
	name string
	// url is opened in a fresh profile (and its first answer waited for);
	// setup, when set, then brings the page to the state and waits for it.
	url   string
	setup func(b *browser)
	// key is text that must be on the first screen, in sight and not
	// covered: the one sentence the state is about.
	key string
	// phoneAt is the element a phone's first screen starts at: its
	// results come below the three panes (where "Results ↓" leads), a
	// timeline's detail below the commands.
	phoneAt string
	// at is the element every first screen starts at: the pane the user
	// types into, for an error under it.
	at string
}

// firstScreens are the states: first visit, a gallery example, a
// timeline, the server-side conflict, "both", and each error state.
func firstScreens() []firstScreen {
	w, _ := samples.Get("walkthrough")
	env, _ := samples.Get("env-merge")
	timelines := map[string]samples.Timeline{}
	for _, tl := range samples.Timelines() {
		timelines[tl.ID] = tl
	}
	// pick opens a timeline from the gallery, with step i selected.
	pick := func(id string, i int) func(b *browser) {
		return func(b *browser) {
			n := len(timelines[id].Commands)
			b.pickTimeline(id, n)
			if i > 0 {
				b.selectStep(i, n)
			}
		}
	}
	paste := func(file, live string, wait string) func(b *browser) {
		return func(b *browser) {
			b.setPane("live", live)
			b.setPane("file", file)
			b.waitFor("the state", wait, stepTimeout)
		}
	}
	replace := func(old, new string) string { return strings.Replace(w.File, old, new, 1) }
	return []firstScreen{
		{name: "first-visit", url: siteURL, key: "Below: the three inputs kubectl apply reads"},
		{name: "gallery-example", url: siteURL + "#example=env-merge", key: firstWords(env.Description, 12)},
		{name: "timeline", url: siteURL, key: firstWords(timelines["walkthrough"].Description, 10), setup: pick("walkthrough", 0)},
		{name: "serverside-conflict", url: siteURL + "#example=ssa-hpa-replicas-conflict", key: "Server-side apply refused", phoneAt: "outputs",
			setup: func(b *browser) {
				b.waitFor("the conflict", `document.getElementById('ssa-view')?.dataset.action === 'conflict'`, startTimeout)
			}},
		{name: "both", url: siteURL + "#example=ssa-ports-tcp-udp", key: "Both applies:", phoneAt: "outputs",
			setup: func(b *browser) {
				b.waitFor("both results", `document.getElementById('ssa-view')?.dataset.view === 'both' && document.getElementById('ssa-view').dataset.state === 'ready'`, startTimeout)
			}},
		{name: "yaml-error", url: siteURL, key: "A bracketed list [...] is not closed before line 9", at: "pane-file",
			setup: paste(replace("spec:\n  selector:", "spec:\n  selector: ["), w.Live, `!document.getElementById('error-file').hidden`)},
		{name: "kind-mismatch", url: siteURL, key: "Did you mean Deployment?", phoneAt: "outputs",
			setup: paste(replace("kind: Deployment", "kind: Deploymnet"), w.Live, `document.getElementById('error-general').textContent.includes('Did you mean')`)},
		{name: "namespace-elsewhere", url: siteURL, key: "kubectl applies to the Deployment nginx-deployment in production", phoneAt: "outputs",
			setup: paste(replace("  namespace: default\n", "  namespace: production\n"), w.Live, `!document.getElementById('elsewhere').hidden`)},
		{name: "name-elsewhere", url: siteURL, key: "kubectl looks the object up by the file's name", phoneAt: "outputs",
			setup: paste(replace("  name: nginx-deployment\n", "  name: nginx-deployment-v2\n"), w.Live, `!document.getElementById('elsewhere').hidden`)},
		{name: "timeline-refusal", url: siteURL, key: "field is immutable", phoneAt: "timeline-detail",
			setup: func(b *browser) {
				pick("selector-change", 1)(b)
				// The apply kubectl computed was refused: not "configured".
				if got := eval[string](b, `[...document.querySelectorAll('#timeline-detail .tl-apply-head .badge')].map((e) => e.textContent).join(',')`); got != "refused" {
					b.t.Errorf("the refused step's apply is badged %q", got)
				}
			}},
		{name: "time-out", url: siteURL, key: "was stopped", phoneAt: "outputs",
			setup: func(b *browser) {
				// 1 ms is shorter than any computation of 3,000 containers.
				b.run(chromedp.Evaluate[chromedp.Void](`applylensPage.setTimeLimit(1)`))
				b.setPane("live", bigDeployment(3000, "img:1"))
				b.waitFor("the time-limit message", `!document.getElementById('error-general').hidden && document.getElementById('error-general').textContent.includes('was stopped')`, startTimeout)
			}},
	}
}

// firstWords is the first n words of s.
func firstWords(s string, n int) string {
	f := strings.Fields(s)
	return strings.Join(f[:min(n, len(f))], " ")
}

// screenCheck is what checkFirstScreen measures.
type screenCheck struct {
	Found     bool    `json:"found"`
	InSight   bool    `json:"inSight"`
	Covered   string  `json:"covered"`   // what covers the key text ("" when nothing)
	H1Covered string  `json:"h1Covered"` // what covers the page's headline, when in sight
	Overflow  int     `json:"overflow"`  // px the document is wider than the screen
	Wide      string  `json:"wide"`      // the outermost elements past the screen's right edge
	Top       float64 `json:"top"`
}

// checkFirstScreenJS finds the key text (in one text node, shown; the
// first occurrence within the screen), and tells whether it is within it, whether another element is drawn
// over it (at the middle of each of its lines), whether one is drawn over
// the page's headline, and how much the document overflows sideways.
const checkFirstScreenJS = `((key) => {
	const out = {found: false, inSight: false, covered: '', h1Covered: '', wide: '', overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth, top: 0};
	const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	const name = (e) => e ? e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\s+/).join('.') : '') : 'nothing';
	const coveredAt = (el, x, y) => {
		const hit = document.elementFromPoint(x, y);
		return hit && (hit === el || el.contains(hit)) ? '' : name(hit);
	};
	while (walker.nextNode()) {
		const node = walker.currentNode;
		const at = node.textContent.indexOf(key);
		const el = node.parentElement;
		if (at < 0 || !el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
		const range = document.createRange();
		range.setStart(node, at);
		range.setEnd(node, at + key.length);
		const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
		if (rects.length === 0) continue;
		// The first occurrence in sight counts (the same words may also be
		// further down, as a step's output and in its detail).
		if (!out.found) out.top = rects[0].top;
		out.found = true;
		if (!rects.every((r) => r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth)) continue;
		out.inSight = true;
		out.top = rects[0].top;
		for (const r of rects) {
			const c = coveredAt(el, r.left + r.width / 2, r.top + r.height / 2);
			if (c) { out.covered = c; break; }
		}
		break;
	}
	if (out.overflow > 0) {
		// The outermost elements past the right edge, to say what overflows.
		const past = [...document.body.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1);
		out.wide = past.filter((e) => !past.includes(e.parentElement)).slice(0, 3).map((e) => name(e) + ' in ' + name(e.parentElement) + ' (' + e.textContent.slice(0, 40) + ')').join(', ');
	}
	const h1 = document.querySelector('header h1');
	const r = h1 && h1.getBoundingClientRect();
	if (r && r.bottom > 0 && r.top < innerHeight) out.h1Covered = coveredAt(h1, r.left + r.width / 2, r.top + r.height / 2);
	return out;
})(%s)`

// TestFirstScreens opens each state of firstScreens on a laptop (1366x900)
// and a phone (390x844), in the light and the dark theme, and saves the
// first screen as tmp/screenshots/first-<state>-<size>-<theme>.png for
// people to look at. Each must show its key text within the screen and
// uncovered, nothing drawn over the page's headline, and no document
// wider than the screen.
func TestFirstScreens(t *testing.T) {
	for _, size := range learnerScreens {
		for _, st := range firstScreens() {
			t.Run(size.name+"/"+st.name, func(t *testing.T) {
				b := learnerBrowser(t, size, st.url)
				b.run(prefersColorScheme("light"))
				if st.setup != nil {
					st.setup(b)
				}
				at := st.at
				if st.phoneAt != "" && size.mobile {
					at = st.phoneAt
				}
				for _, theme := range []string{"light", "dark"} {
					if theme == "dark" {
						// Pressed from script: a click would scroll the button into view.
						eval[chromedp.Void](b, `document.getElementById('btn-theme').click()`)
						b.waitFor("the dark theme", `document.documentElement.dataset.theme === 'dark'`, stepTimeout)
					}
					eval[chromedp.Void](b, fmt.Sprintf(`new Promise((r) => { const e = document.getElementById(%q); if (e) e.scrollIntoView({block: 'start'}); else window.scrollTo(0, 0); requestAnimationFrame(() => requestAnimationFrame(r)); })`, at))
					key, _ := json.Marshal(st.key)
					c := eval[screenCheck](b, fmt.Sprintf(checkFirstScreenJS, key))
					switch {
					case !c.Found:
						t.Errorf("%s: %q is not shown", theme, st.key)
					case !c.InSight:
						t.Errorf("%s: %q is not within the first screen (its top at %.0f px of %d)", theme, st.key, c.Top, size.height)
					case c.Covered != "":
						t.Errorf("%s: %q is covered by %s", theme, st.key, c.Covered)
					}
					if c.H1Covered != "" {
						t.Errorf("%s: the headline is covered by %s", theme, c.H1Covered)
					}
					if c.Overflow > 0 {
						t.Errorf("%s: the document is %d px wider than the screen: %s", theme, c.Overflow, c.Wide)
					}
					if w := saveShotAs(t, b, fmt.Sprintf("first-%s-%s-%s.png", st.name, size.name, theme)); w != size.width {
						t.Errorf("the screenshot is %d px wide, want %d", w, size.width)
					}
				}
				b.checkConsole()
			})
		}
	}
}
