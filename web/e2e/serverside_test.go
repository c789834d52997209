//go:build browser

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// ssaReady waits until the server-side view shows an answer with the given
// data attributes (say action=conflict or view=both).
func (b *browser) ssaReady(what, cond string) {
	b.t.Helper()
	expr := `(() => { const v = document.getElementById('ssa-view'); return !!v && !v.hidden && v.dataset.state === 'ready' && (` + cond + `); })()`
	deadline := time.Now().Add(startTimeout)
	for !eval[bool](b, expr) {
		if time.Now().After(deadline) {
			b.t.Fatalf("waiting for %s: the server-side view is %s", what,
				eval[string](b, `JSON.stringify({...document.getElementById('ssa-view').dataset, hidden: document.getElementById('ssa-view').hidden, text: document.getElementById('ssa-view').textContent.slice(0, 600)})`))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// markedLines lists the lines of an editor the page marks (cm-step-line).
func (b *browser) markedLines(editorID string) []string {
	b.t.Helper()
	return eval[[]string](b, fmt.Sprintf(`[...document.querySelectorAll('#%s .cm-step-line')].map((l) => l.textContent.trim())`, editorID))
}

// TestServerSideSwitch: the switch loads the server-side wasm once, shows
// kubectl's conflict error once with the conflicting field marked in the
// panes, then with --force-conflicts the result with its owners and steps;
// back to client-side, the usual tabs.
func TestServerSideSwitch(t *testing.T) {
	b := newBrowser(t, 1440, 900)
	b.open()
	mark := trafficMark()
	b.setPane("file", readFile(t, "samples/ssa-hpa-replicas-conflict/file.yaml"))
	b.setPane("live", readFile(t, "samples/ssa-hpa-replicas-conflict/live.yaml"))
	for _, x := range trafficSince(mark) {
		if strings.Contains(x.Path, "serverside") {
			t.Fatalf("%s fetched before the switch was used", x.Path)
		}
	}
	if !b.hidden("ssa-flags") || !b.hidden("ssa-view") {
		t.Fatal("the server-side flags or view show while the switch is client-side")
	}

	b.run(chromedp.Click(chromedp.ID("apply-server")))
	b.ssaReady("the server-side conflict", `v.dataset.action === 'conflict'`)
	if b.hidden("ssa-flags") || !b.hidden("tablist") {
		t.Error("server-side: the flags are hidden or the client-side tabs still show")
	}
	if n := eval[int](b, `document.body.innerText.split('Apply failed with 1 conflict').length - 1`); n != 1 {
		t.Errorf("kubectl's conflict error is shown %d times, want once", n)
	}
	if got := b.text("ssa-kubectl-error"); !strings.HasPrefix(got, `error: Apply failed with 1 conflict: conflict with "kube-controller-manager" with subresource "scale" using apps/v1: .spec.replicas`) || !strings.Contains(got, "--force-conflicts") {
		t.Errorf("kubectl's error reads %q", got)
	}
	if got := b.text("ssa-conflicts"); !strings.Contains(got, "kube-controller-manager (Update) owns .spec.replicas") {
		t.Errorf("conflicts list reads %q", got)
	}
	b.waitFor("the conflicting field marked in the panes", `document.querySelector('#editor-file .cm-step-line') && document.querySelector('#editor-live .cm-step-line')`, stepTimeout)
	if got := b.markedLines("editor-file"); len(got) != 1 || got[0] != "replicas: 3" {
		t.Errorf("file pane marks %q, want the replicas line", got)
	}
	if got := b.markedLines("editor-live"); len(got) != 1 || got[0] != "replicas: 7" {
		t.Errorf("live pane marks %q, want the replicas line", got)
	}

	b.run(chromedp.Click(chromedp.ID("opt-force-conflicts")))
	b.ssaReady("the forced apply", `v.dataset.action === 'configure'`)
	owners := eval[string](b, `[...document.querySelectorAll('#ssa-result .blame-row')].find((r) => r.textContent.includes('replicas: 3'))?.dataset.owners ?? ''`)
	if owners != "kubectl · Apply" {
		t.Errorf("the replicas line's owners are %q, want kubectl · Apply", owners)
	}
	imageOwners := eval[string](b, `[...document.querySelectorAll('#ssa-result .blame-row')].find((r) => r.textContent.includes('image: registry.k8s.io/hpa-example:1.1'))?.dataset.owners ?? ''`)
	if imageOwners != "kubectl · Apply" {
		t.Errorf("the image line's owners are %q", imageOwners)
	}
	if got := eval[string](b, `document.querySelector('#ssa-steps [data-action="taken"]')?.textContent ?? ''`); !strings.Contains(got, ".spec.replicas") || !strings.Contains(got, "kube-controller-manager") {
		t.Errorf("the taken-over step reads %q", got)
	}
	// A step marks its field in the result and the panes.
	b.run(chromedp.Click(chromedp.CSS(`#ssa-steps [data-action="taken"]`)))
	b.waitFor("the step's line in the result", `document.querySelector('#ssa-result .blame-row.marked')?.textContent.includes('replicas: 3')`, stepTimeout)

	b.run(chromedp.Click(chromedp.ID("apply-client")))
	b.waitFor("the client-side tabs", `!document.getElementById('ssa-view').getClientRects().length && document.getElementById('tablist').getClientRects().length > 0`, stepTimeout)
	b.run(chromedp.Click(chromedp.ID("apply-both")))
	b.ssaReady("both applies", `v.dataset.view === 'both'`)
	if got := eval[int](b, `applylensPage.serverSideStarts()`); got != 1 {
		t.Errorf("the server-side worker started %d times, want 1", got)
	}
	fetched := 0
	for _, x := range trafficSince(mark) {
		if strings.Contains(x.Path, "applylens-serverside.") {
			fetched++
		}
	}
	if fetched != 1 {
		t.Errorf("the server-side wasm was fetched %d times, want once", fetched)
	}
	b.checkConsole()
}

// TestServerSideBoth: a sample link opens the "both" view; the ports
// difference is marked in both results and explained by each apply's rule.
func TestServerSideBoth(t *testing.T) {
	b := newBrowser(t, 1440, 900)
	b.openAt(siteURL + "#example=ssa-ports-tcp-udp")
	b.ssaReady("the sample's both view", `v.dataset.view === 'both'`)
	if b.attr("apply-both", "aria-pressed") != "true" {
		t.Error("the sample did not set the switch to both")
	}
	diff := eval[string](b, `[...document.querySelectorAll('#ssa-differences .ssa-difference')].map((d) => d.textContent).find((t) => t.includes('ports')) ?? ''`)
	if !strings.Contains(diff, "spec.template.spec.containers[0].ports") || !strings.Contains(diff, "list-merge-key") || !strings.Contains(diff, `protocol="UDP"`) {
		t.Errorf("the ports difference reads %q", diff)
	}
	// The question's answer first (the ports), kubectl's last-applied
	// annotation last; the lost TCP port whole, on one line of its own.
	order := eval[[]string](b, `[...document.querySelectorAll('#ssa-differences .diff-path')].map((p) => p.textContent)`)
	if len(order) != 2 || order[0] != "spec.template.spec.containers[0].ports" || order[1] != "metadata.annotations" {
		t.Errorf("the differences are listed %q, want the ports before the annotations", order)
	}
	lost := eval[string](b, `document.querySelector('#ssa-differences .ssa-difference .diff-only')?.textContent ?? ''`)
	if lost != `only server-side has:{"containerPort": 53, "name": "dns-tcp", "protocol": "TCP"}` {
		t.Errorf("the lost port reads %q, want the whole TCP entry", lost)
	}
	if cut := eval[[]string](b, `[...document.querySelectorAll('#ssa-differences .diff-value')].filter((c) => c.textContent.includes('…') || c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent)`); len(cut) > 0 {
		t.Errorf("values cut or overflowing: %q", cut)
	}
	b.run(chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll('#ssa-differences .ssa-difference')].find((d) => d.textContent.includes('ports')).click()`))
	b.waitFor("the difference marked in both results", `document.querySelector('#both-client .both-row.marked') && document.querySelector('#both-server .both-row.marked')`, stepTimeout)
	if got := eval[int](b, `document.querySelectorAll('#both-server .both-lines code').length - document.querySelectorAll('#both-client .both-lines code').length`); got <= 0 {
		t.Errorf("the server-side result is not longer than the client-side one (%d lines more): the UDP port is missing", got)
	}
	// The tab's draft (and so links and saves) keeps the switch; a reload opens it again.
	b.run(chromedp.Click(chromedp.ID("apply-server")))
	b.ssaReady("server-side", `v.dataset.view === 'server'`)
	b.waitFor("the draft with the flag", `(sessionStorage.getItem('applylens-draft') || '').includes('"apply":"server"')`, stepTimeout)
	b.reload()
	b.ssaReady("server-side after a reload", `v.dataset.view === 'server'`)
	if b.attr("apply-server", "aria-pressed") != "true" {
		t.Error("after a reload the switch is not server-side")
	}
	b.checkConsole()
}

// TestServerSideBothShots saves the "both" view of the ports sample,
// desktop and phone, light and dark, under tmp/screenshots/ (to look at),
// and checks its layout: the two results side by side on a desktop,
// stacked on a phone, no line of either wider than its column.
func TestServerSideBothShots(t *testing.T) {
	for _, size := range []screen{{"desktop", 1366, 900, false}, phoneScreen} {
		for _, scheme := range []string{"light", "dark"} {
			t.Run(size.name[:1]+scheme[:1], func(t *testing.T) {
				b := newBrowser(t, size.width, size.height)
				b.run(size.emulate(), prefersColorScheme(scheme))
				b.openAt(siteURL + "#example=ssa-ports-tcp-udp")
				b.ssaReady("the sample's both view", `v.dataset.view === 'both'`)
				sideBySide := eval[bool](b, `(() => { const c = document.getElementById('both-client').getBoundingClientRect(), s = document.getElementById('both-server').getBoundingClientRect(); return Math.abs(c.top - s.top) < 1 && c.right <= s.left; })()`)
				if sideBySide != !size.mobile {
					t.Errorf("the two results side by side: %v, want %v", sideBySide, !size.mobile)
				}
				if wide := eval[int](b, `[...document.querySelectorAll('.both-lines')].filter((l) => l.scrollWidth > l.clientWidth + 1).length`); wide != 0 {
					t.Errorf("%d results scroll sideways: their lines are cut", wide)
				}
				if out := eval[[]string](b, `[...document.querySelectorAll('#ssa-differences .diff-path')].filter((p) => p.closest('li').getBoundingClientRect().right > document.documentElement.clientWidth + 1).map((p) => p.textContent)`); len(out) > 0 {
					t.Errorf("differences wider than the screen: %q", out)
				}
				b.run(chromedp.Evaluate[chromedp.Void](`document.getElementById('ssa-differences').scrollIntoView({block: 'start'})`))
				b.screenshot("ssa-both-" + size.name + "-" + scheme)
				b.run(chromedp.Evaluate[chromedp.Void](`document.getElementById('both-client').scrollIntoView({block: 'start'})`))
				b.screenshot("ssa-both-results-" + size.name + "-" + scheme)
				b.checkConsole()
			})
		}
	}
}

// TestServerSideReadableOwnersAndError: at desktop and phone sizes the
// owners beside the result are whole (kube-controller-manager's name was
// cut), and kubectl's conflict error keeps its exact text but wraps to its
// box: a paragraph takes no more lines than the same words with spaces for
// kubectl's line breaks. Saves the phone's first screen of both (light and
// dark) under tmp/screenshots/.
func TestServerSideReadableOwnersAndError(t *testing.T) {
	for _, size := range []screen{{"desktop", 1366, 900, false}, phoneScreen} {
		t.Run(size.name, func(t *testing.T) {
			b := newBrowser(t, size.width, size.height)
			b.run(size.emulate(), prefersColorScheme("light"))
			b.openAt(siteURL + "#example=ssa-hpa-replicas-conflict")
			b.ssaReady("the conflict", `v.dataset.action === 'conflict'`)
			if got := b.text("ssa-kubectl-error"); !strings.HasPrefix(got, `error: Apply failed with 1 conflict: conflict with "kube-controller-manager" with subresource "scale" using apps/v1: .spec.replicas
Please review the fields above--they currently have other managers. Here
are the ways you can resolve this warning:
* If you intend`) {
				t.Errorf("kubectl's error is not its exact text: %q", got)
			}
			taller := eval[[]string](b, `[...document.querySelectorAll('#ssa-kubectl-error .kubectl-para')].filter((p) => {
				const flat = p.cloneNode(false);
				flat.textContent = p.textContent.replace(/\n\s*/g, ' ');
				p.after(flat);
				const more = p.getBoundingClientRect().height > flat.getBoundingClientRect().height + 1;
				flat.remove();
				return more;
			}).map((p) => p.textContent)`)
			if len(taller) > 0 {
				t.Errorf("paragraphs broken at kubectl's line ends: %q", taller)
			}
			names := eval[[]string](b, `[...document.querySelectorAll('#ssa-result .owner-name')].filter((n) => n.getClientRects().length > 0).map((n) => n.textContent)`)
			if !strings.Contains(strings.Join(names, "\n"), "kube-controller-manager · Update") {
				t.Errorf("the owners shown are %q, want kube-controller-manager · Update among them", names)
			}
			if cut := eval[[]string](b, `[...document.querySelectorAll('#ssa-result .blame-owner')].filter((c) => c.getClientRects().length > 0 && (c.scrollWidth > c.clientWidth + 1 || c.getBoundingClientRect().right > document.documentElement.clientWidth + 1)).map((c) => c.textContent)`); len(cut) > 0 {
				t.Errorf("owners cut: %q", cut)
			}
			if !size.mobile {
				return
			}
			for _, scheme := range []string{"light", "dark"} {
				b.run(prefersColorScheme(scheme), chromedp.Evaluate[chromedp.Void](`document.getElementById('ssa-kubectl-error').scrollIntoView({block: 'start'})`))
				b.screenshot("ssa-conflict-error-phone-" + scheme)
				b.run(chromedp.Evaluate[chromedp.Void](`document.getElementById('ssa-result').scrollIntoView({block: 'start'})`))
				b.screenshot("ssa-conflict-owners-phone-" + scheme)
			}
			b.checkConsole()
		})
	}
}

// TestServerSideEmbed: an embed of a server-side example shows the
// server-side view, kubectl's error once.
func TestServerSideEmbed(t *testing.T) {
	b := newBrowser(t, 900, 700)
	b.openAt(siteURL + "?embed#example=ssa-hpa-replicas-conflict")
	b.ssaReady("the embed's server-side view", `v.dataset.action === 'conflict'`)
	if n := eval[int](b, `document.body.innerText.split('Apply failed with 1 conflict').length - 1`); n != 1 {
		t.Errorf("kubectl's conflict error is shown %d times in the embed, want once", n)
	}
	b.screenshot("ssa-embed")
	b.checkConsole()
}

// TestSSAShots saves the server-side view at desktop and
// phone sizes under tmp/screenshots/ (to look at, not compared).
func TestSSAShots(t *testing.T) {
	for _, size := range desktopAndPhone {
		for i, sample := range []string{"ssa-hpa-replicas-conflict", "ssa-ports-tcp-udp", "ssa-force-conflicts", "walkthrough"} {
			// Short names: chromium's profile socket path must stay short.
			t.Run(fmt.Sprintf("%c%d", size.name[0], i), func(t *testing.T) {
				b := newBrowser(t, size.width, size.height)
				b.run(size.emulate())
				b.openAt(siteURL + "#example=" + sample)
				if !strings.HasPrefix(sample, "ssa-") {
					// A client-side example, switched: what a learner sees first.
					b.run(chromedp.Click(chromedp.ID("apply-server")))
				}
				b.ssaReady("the sample", `true`)
				b.run(chromedp.Evaluate[chromedp.Void](`document.getElementById('apply-switch').scrollIntoView({block: 'start'})`))
				b.screenshot("ssa-" + size.name + "-" + sample)
			})
		}
	}
}

// TestServerSideDuplicateEntry: a file whose env names one variable twice
// is refused by the server (client-side apply takes it); the error says
// where, and the second entry is marked in the file pane.
func TestServerSideDuplicateEntry(t *testing.T) {
	const file = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx
        env:
        - name: MODE
          value: fast
        - name: MODE
          value: safe
`
	for _, screen := range desktopAndPhone {
		t.Run(screen.name, func(t *testing.T) {
			b := newBrowser(t, screen.width, screen.height)
			b.run(screen.emulate())
			b.open()
			b.setPane("live", "")
			b.setPane("file", file)
			b.run(chromedp.Click(chromedp.ID("apply-server")))
			b.waitFor("the server's error", `(() => { const v = document.getElementById('ssa-view'); return v && v.dataset.state === 'error' && v.textContent.includes('duplicate entries'); })()`, startTimeout)
			msg := eval[string](b, `document.querySelector('#ssa-view .error-general').textContent`)
			if !strings.Contains(msg, `.spec.template.spec.containers[name="web"].env: duplicate entries for key [name="MODE"]`) || !strings.HasSuffix(msg, "(configuration file, line 20, marked)") {
				t.Errorf("the error reads %q", msg)
			}
			if n := eval[int](b, `document.body.innerText.split('duplicate entries for key').length - 1`); n != 1 {
				t.Errorf("the error is shown %d times, want once", n)
			}
			b.waitFor("the duplicate entry marked in the file pane", `!!document.querySelector('#editor-file .cm-step-line')`, stepTimeout)
			if got := b.markedLines("editor-file"); len(got) != 2 || got[0] != "- name: MODE" || got[1] != "value: safe" {
				t.Errorf("marked in the file pane: %q, want the second MODE entry", got)
			}
			b.screenshot("ssa-duplicate-" + screen.name)
		})
	}
}
