//go:build browser

package e2e

import (
	"context"
	"fmt"
	"reflect"
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
