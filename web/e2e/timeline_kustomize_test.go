//go:build browser

package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestTimelineKustomizeOverlayPrune plays the kustomize-overlay-prune
// sample: kubectl kustomize prints the overlay's build; the overlay
// applied with --prune creates the ConfigMap of the new hash, configures
// the Deployment and prunes the old ConfigMap; the step's detail explains
// the build (the hash suffix, the Deployment's reference updated to it)
// before the applies, and the Deployment's pod template names the new
// ConfigMap. A screenshot of the build's explanation for people.
func TestTimelineKustomizeOverlayPrune(t *testing.T) {
	for _, size := range desktopAndPhone {
		t.Run(size.name, func(t *testing.T) {
			g := readTimelineGolden(t, "kustomize-overlay-prune")
			b, steps := openTimelineSample(t, size, "kustomize-overlay-prune", len(g.Steps))
			for i, want := range g.Steps {
				if got := steps[i]; got.Command != want.Command || got.Stdout != want.Stdout || got.Stderr != want.Stderr || got.ExitCode != "0" {
					t.Errorf("step %d shows %+v; want %q printing %q", i+1, got, want.Command, want.Stdout)
				}
			}
			if !strings.HasPrefix(steps[1].Stdout, "apiVersion: v1\ndata:\n  COLOR: green\n") {
				t.Errorf("kubectl kustomize printed %q", steps[1].Stdout)
			}
			oldCM, newCM := "configmap/web-config-9cf89bh562", "configmap/web-config-gbdkhf58f7"
			if want := newCM + " created\ndeployment.apps/web configured\n" + oldCM + " pruned\n"; steps[2].Stdout != want {
				t.Errorf("the overlay's apply printed %q, want %q", steps[2].Stdout, want)
			}

			// Step 2, kubectl kustomize: the build explained, nothing applied.
			b.selectStep(1, 3)
			if dir := eval[string](b, `document.querySelector('#timeline-detail .tl-kustomize')?.dataset.dir ?? ''`); dir != "overlays/prod" {
				t.Errorf("kubectl kustomize's detail explains the build of %q", dir)
			}
			if n := eval[int](b, `document.querySelectorAll('#timeline-detail .tl-apply').length`); n != 0 {
				t.Errorf("kubectl kustomize's detail shows %d applies", n)
			}

			// Step 3, the overlay applied with --prune.
			b.selectStep(2, 3)
			type kstep struct{ Transformer, Text string }
			ks := eval[[]kstep](b, `[...document.querySelectorAll('#timeline-detail .tl-kustomize-steps > li')].map((li) => ({Transformer: li.dataset.transformer, Text: li.textContent}))`)
			var hashed, referenced, merged bool
			for _, s := range ks {
				hashed = hashed || s.Transformer == "hash suffix" && strings.Contains(s.Text, "web-config-gbdkhf58f7")
				referenced = referenced || s.Transformer == "nameReference" && strings.Contains(s.Text, "Deployment web") && strings.Contains(s.Text, "web-config-gbdkhf58f7")
				merged = merged || s.Transformer == "configMapGenerator" && strings.Contains(s.Text, "behavior merge")
			}
			if !hashed || !referenced || !merged {
				t.Errorf("the build's steps %v: want the generator merged, its hash suffix and the Deployment's reference", ks)
			}
			eval[chromedp.Void](b, `new Promise((r) => { document.querySelector('#timeline-detail .tl-kustomize').scrollIntoView(); requestAnimationFrame(() => requestAnimationFrame(r)); })`)
			b.screenshot("timeline-kustomize-" + size.name)
			if eval[bool](b, `(() => { const k = document.querySelector('#timeline-detail .tl-kustomize'); const a = document.querySelector('#timeline-detail .tl-apply'); return !k || !a || !(k.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING); })()`) {
				t.Error("the build's explanation is not before the applies")
			}
			type obj struct{ Ref, Action, Present string }
			objs := eval[[]obj](b, `[...document.querySelectorAll('#timeline-detail .tl-object')].map((e) => ({Ref: e.dataset.ref, Action: e.dataset.action, Present: e.dataset.present}))`)
			want := map[string]obj{
				"deployment.apps/web": {"deployment.apps/web", "configured", "both"},
				newCM:                 {newCM, "created", "after"},
				oldCM:                 {oldCM, "pruned", "before"},
			}
			for _, o := range objs {
				if w, ok := want[o.Ref]; ok {
					if o != w {
						t.Errorf("object %+v, want %+v", o, w)
					}
					delete(want, o.Ref)
				}
			}
			if len(want) > 0 {
				t.Errorf("objects %+v: missing %v", objs, want)
			}
			b.run(chromedp.Click(chromedp.CSS(`#timeline-detail .tl-object[data-ref="deployment.apps/web"]`)))
			b.waitFor("the Deployment's diff", `document.querySelector('#timeline-detail .tl-object-detail')?.dataset.ref === 'deployment.apps/web'`, stepTimeout)
			if after := b.afterText(); !strings.Contains(after, "name: web-config-gbdkhf58f7\n") || strings.Contains(after, "web-config-9cf89bh562") {
				t.Errorf("the Deployment after the overlay:\n%s\nwant its envFrom naming the new ConfigMap only", after)
			}
			if w := eval[int](b, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); w > 0 {
				t.Errorf("the page is %d px wider than the %d px viewport", w, size.width)
			}
			b.checkConsole()
		})
	}
}
