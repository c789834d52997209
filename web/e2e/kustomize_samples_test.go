//go:build browser

package e2e

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/applylens/applylens/samples"
)

// kustomizeSampleTree is a Kustomize sample's tree as the mode's state holds it.
func kustomizeSampleTree(k samples.Kustomize) kustomizeTree {
	dir := k.Dir
	if dir == "." {
		dir = "" // the mode's name for the top
	}
	tree := kustomizeTree{Dir: dir, Files: []kustomizeFile{}}
	for _, f := range k.Files {
		tree.Files = append(tree.Files, kustomizeFile{f.Name, f.Text})
	}
	return tree
}

// waitKustomizeSample waits for the Kustomize mode's answer on the sample's
// tree (an answer after the given count), and checks that the page shows
// the sample's tree and prints the sample's golden output.yaml byte for byte.
func (b *browser) waitKustomizeSample(k samples.Kustomize, after int) {
	b.t.Helper()
	b.waitFor(k.ID+" built", fmt.Sprintf(`(() => {
		const host = document.getElementById('kustomize');
		return document.documentElement.dataset.view === 'kustomize' && document.getElementById('sample-description').dataset.example === %q &&
			Number(host.dataset.renders || 0) > %d && host.dataset.state !== 'computing' && globalThis.applylensKustomize?.state().dir === %q;
	})()`, k.ID, after, kustomizeSampleTree(k).Dir), startTimeout)
	if state := eval[string](b, `document.getElementById('kustomize').dataset.state`); state != "ready" {
		b.t.Errorf("%s: the mode is %q: %s", k.ID, state, b.text("kustomize-error"))
	}
	if got, want := eval[kustomizeTree](b, `applylensKustomize.state()`), kustomizeSampleTree(k); !reflect.DeepEqual(got, want) {
		b.t.Errorf("%s: the mode holds %+v, want the sample's tree %+v", k.ID, got, want)
	}
	if got := eval[string](b, `document.getElementById('kustomize-output').textContent`); got != k.Output {
		b.t.Errorf("%s: the page prints\n%s\nwant the golden output.yaml\n%s", k.ID, got, k.Output)
	}
}

// TestKustomizeSamples opens every Kustomize sample at #example=<id> (a
// fresh page for the first, then each address pasted into the address
// bar) and again from the gallery's Kustomize group: each opens in the
// Kustomize mode with its tree and prints its golden output.yaml byte for
// byte (the output `kubectl kustomize` prints, checked against the real
// kustomize in oracle/kustomize).
func TestKustomizeSamples(t *testing.T) {
	all := samples.KustomizeSamples()
	if len(all) < 12 {
		t.Fatalf("%d Kustomize samples, want at least 12", len(all))
	}
	b := newBrowser(t, desktopWidth, desktopHeight)
	ctx, cancel := context.WithTimeout(b.ctx, startTimeout)
	err := chromedp.Do(ctx, addScript(helpersJS), chromedp.Navigate(siteURL+"#example="+all[0].ID))
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	b.waitKustomizeSample(all[0], 0)
	for _, k := range all[1:] {
		n := b.kustomizeRenders()
		b.setHash("#example=" + k.ID)
		b.waitKustomizeSample(k, n)
	}

	// From the gallery: the Kustomize group lists every sample, in order;
	// each, picked, opens in its mode (from the single apply for the first).
	b.run(chromedp.Click(chromedp.ID("mode-single")))
	b.run(chromedp.Click(chromedp.ID("btn-gallery")))
	b.waitFor("the gallery's Kustomize group", `!!document.querySelector('#gallery-list .gallery-group[data-category="kustomize"] [role="option"]')`, stepTimeout)
	var want []string
	for _, k := range all {
		want = append(want, k.ID)
	}
	if got := eval[[]string](b, `[...document.querySelectorAll('#gallery-list .gallery-group[data-category="kustomize"] [role="option"]')].map((o) => o.dataset.id)`); !reflect.DeepEqual(got, want) {
		t.Errorf("the gallery's Kustomize group lists %v, want %v", got, want)
	}
	b.run(chromedp.KeyEvent(kb.Escape))
	b.waitFor("the gallery closed", `!document.getElementById('gallery').open`, stepTimeout)
	// Picked in reverse, so that each differs from the one on screen.
	for i := len(all) - 1; i >= 0; i-- {
		k := all[i]
		n := b.kustomizeRenders()
		b.run(chromedp.Click(chromedp.ID("btn-gallery")))
		b.waitFor("the gallery open", `document.getElementById('gallery').open`, stepTimeout)
		sel := fmt.Sprintf(`#gallery-list .gallery-group[data-category="kustomize"] [data-id=%q]`, k.ID)
		b.run(chromedp.ScrollIntoView(chromedp.CSS(sel)), chromedp.Click(chromedp.CSS(sel)))
		b.waitFor("the gallery closed", `!document.getElementById('gallery').open`, stepTimeout)
		b.waitKustomizeSample(k, n)
	}
	b.checkConsole()
}

// TestKustomizeDifferences opens a sample where kubectl apply would merge
// the patch otherwise (kustomize-keyed-list-order: kyaml puts the patched
// container first, apimachinery keeps it in place) at desktop and phone
// widths in both themes: the mode shows the difference beside the steps,
// marked, with both values and why; a sample without a difference shows
// none. Screenshots under tmp/screenshots/kustomize-differences-*.png.
func TestKustomizeDifferences(t *testing.T) {
	byID := map[string]samples.Kustomize{}
	for _, k := range samples.KustomizeSamples() {
		byID[k.ID] = k
	}
	for _, size := range desktopAndPhone {
		for _, theme := range []string{"light", "dark"} {
			t.Run(size.name+"-"+theme, func(t *testing.T) {
				b := newBrowser(t, size.width, size.height)
				b.run(size.emulate(), prefersColorScheme(theme))
				ctx, cancel := context.WithTimeout(b.ctx, startTimeout)
				err := chromedp.Do(ctx, addScript(helpersJS), chromedp.Navigate(siteURL+"#example=kustomize-keyed-list-order"))
				cancel()
				if err != nil {
					t.Fatal(err)
				}
				b.waitKustomizeSample(byID["kustomize-keyed-list-order"], 0)
				if b.hidden("kustomize-differences") {
					t.Fatal("the differences from kubectl apply's merge are hidden")
				}
				type shown struct{ Why, Field, Mark, Where, Values, Reason string }
				got := eval[[]shown](b, `[...document.querySelectorAll('#kustomize-differences .kz-diff')].map((li) => ({
					Why: li.dataset.why, Field: li.dataset.field,
					Mark: li.querySelector('.kz-diff-mark').textContent, Where: li.querySelector('.kz-diff-where').textContent,
					Values: li.querySelector('.kz-diff-values').textContent, Reason: li.querySelector('.kz-rule')?.textContent ?? '',
				}))`)
				if len(got) != 1 {
					t.Fatalf("%d differences shown, want 1: %+v", len(got), got)
				}
				d := got[0]
				if d.Why != "ordering" || d.Field != "spec.template.spec.containers" || d.Mark != "kubectl apply would merge this otherwise" ||
					!strings.Contains(d.Where, "Deployment web") || !strings.Contains(d.Where, "metrics-image.yaml") ||
					!strings.Contains(d.Values, `kustomize made[{"image":"nginx-exporter:1.2","name":"metrics"},{"image":"nginx:1.25","name":"app"}]`) ||
					!strings.Contains(d.Values, `kubectl apply would make[{"image":"nginx:1.25","name":"app"},{"image":"nginx-exporter:1.2","name":"metrics"}]`) ||
					!strings.HasPrefix(d.Reason, "Why: the same elements in another order") {
					t.Errorf("the difference shown: %+v", d)
				}
				if got := b.text("kustomize-differences"); !strings.HasPrefix(got, "kubectl apply would merge 1 field otherwise") {
					t.Errorf("the differences' heading: %.80q", got)
				}
				// The steps name the tree's files as the tree does, not as kustomize's in-memory file system.
				if steps := b.text("kustomize-steps"); !strings.Contains(steps, "read from deployment.yaml") || strings.Contains(steps, "read from /") {
					t.Errorf("the steps do not name the file read as the tree names it:\n%s", steps)
				}
				eval[chromedp.Void](b, `new Promise((r) => { document.getElementById('kustomize-differences').scrollIntoView(); requestAnimationFrame(() => requestAnimationFrame(r)); })`)
				if w := eval[int](b, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); w > 0 {
					t.Errorf("the page is %d px wider than the %d px viewport", w, size.width)
				}
				b.screenshot("kustomize-differences-" + size.name + "-" + theme)

				// A sample whose patches kubectl apply would merge alike: nothing shown.
				n := b.kustomizeRenders()
				b.setHash("#example=kustomize-base-two-overlays")
				b.waitKustomizeSample(byID["kustomize-base-two-overlays"], n)
				if !b.hidden("kustomize-differences") || eval[string](b, `document.getElementById('kustomize-differences').dataset.count`) != "0" {
					t.Errorf("a build without differences shows: %s", b.text("kustomize-differences"))
				}
				b.checkConsole()
			})
		}
	}
}
