//go:build browser

package e2e

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

var benchTimelineEdits = flag.Int("bench-timeline-edits", 8, "TestBenchTimeline: edits measured per kind")

// budgetTimelineStep is the budget: a timeline of 20 commands
// on typical objects recomputes within a frame per step.
const budgetTimelineStep = 16 * time.Millisecond

// benchTimelineState is the page state of a 20-command timeline (the
// same commands as engine/timeline's BenchmarkTimeline20): a deployment, a
// service and a config map applied, then a scale, five times over.
func benchTimelineState() map[string]any {
	dep := `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  selector:
    matchLabels:
      app: nginx
  minReadySeconds: 5
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.%d
        ports:
        - containerPort: 80
`
	svc := "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector:\n    app: nginx\n  ports:\n  - port: 80\n    targetPort: 8080\n"
	cm := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: \"%d\"\n"
	file := func(name, text string) []map[string]string { return []map[string]string{{"name": name, "text": text}} }
	var cmds []map[string]any
	for i := range 5 {
		cmds = append(cmds,
			map[string]any{"command": "kubectl apply -f app.yaml", "files": file("app.yaml", fmt.Sprintf(dep, 14+i))},
			map[string]any{"command": "kubectl apply -f svc.yaml", "files": file("svc.yaml", svc)},
			map[string]any{"command": "kubectl apply -f cm.yaml", "files": file("cm.yaml", fmt.Sprintf(cm, i))},
			map[string]any{"command": fmt.Sprintf("kubectl scale deployment/nginx-deployment --replicas=%d", i+2), "files": []any{}},
		)
	}
	return map[string]any{
		"mode": "derived", "file": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: panes\n", "live": "", "format": "yaml", "overwrite": true, "tab": "steps",
		"view": "timeline", "timeline": map[string]any{"namespace": "default", "commands": cmds, "selected": 0},
	}
}

// timelineLink is a version-2 share link to the state.
func timelineLink(t testing.TB, state map[string]any) string {
	t.Helper()
	payload, err := json.Marshal(state)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write(payload)
	w.Close()
	return siteURL + "#s2=" + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// TestBenchTimeline times the Timeline mode on 20 commands: an edit of
// the first step's file (all 20 steps run again), an edit of the last
// apply's file (one step runs, the others come from the engine's cache),
// and selecting another step (its detail). Run by scripts/bench-page;
// figures in docs/performance.md.
func TestBenchTimeline(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	// The wasm call's own time, as the worker reports it with each answer.
	b.run(addScript(`(() => {
		const W = globalThis.Worker;
		globalThis.__tlEngineMs = [];
		globalThis.Worker = class extends W {
			constructor(...args) {
				super(...args);
				this.addEventListener('message', (e) => {
					if (e.data && e.data.type === 'response') globalThis.__tlEngineMs.push(e.data.ms || 0);
				});
			}
		};
	})()`))
	b.openAt(timelineLink(t, benchTimelineState()))
	b.waitTimeline(0, 20, 0)
	debounce := debounceMs(t)

	// time runs an action and waits for the next rendered answer: from the
	// action to the answer on screen, on the page's clock.
	var engine []time.Duration
	timed := func(action string, selected int) time.Duration {
		eval[chromedp.Void](b, `globalThis.__tlEngineMs.length = 0`)
		ms := eval[float64](b, fmt.Sprintf(`new Promise((resolve) => {
			const host = document.getElementById('timeline');
			const before = Number(host.dataset.renders);
			const start = performance.now();
			const obs = new MutationObserver(() => {
				if (Number(host.dataset.renders) > before) { obs.disconnect(); resolve(performance.now() - start); }
			});
			obs.observe(host, {attributes: true, attributeFilter: ['data-renders']});
			%s;
		})`, action))
		b.waitFor("the detail", fmt.Sprintf(`document.getElementById('timeline-detail').dataset.step === '%d'`, selected), stepTimeout)
		// A reader's pause: the worker warms the wasm up meanwhile (see
		// web/workers/timeline-worker.js), as it does between a user's edits.
		eval[chromedp.Void](b, `new Promise((r) => setTimeout(r, 1000))`)
		engine = append(engine, time.Duration(eval[float64](b, `Math.max(0, ...globalThis.__tlEngineMs)`)*float64(time.Millisecond)))
		return time.Duration(ms * float64(time.Millisecond))
	}
	edit := func(step int) string {
		return fmt.Sprintf(`(() => { const s = applylensTimeline.state(); applylensTimeline.setFileText(%d, 0, s.commands[%d].files[0].text + '# edit ' + performance.now() + '\n'); })()`, step, step)
	}
	var first, last, sel, firstEngine []time.Duration
	for i := range *benchTimelineEdits {
		first = append(first, timed(edit(0), 0)-debounce)
		firstEngine = append(firstEngine, engine[len(engine)-1])
		last = append(last, timed(edit(16), 16)-debounce)
		step := 1 + i%18
		sel = append(sel, timed(fmt.Sprintf(`document.querySelector('#timeline-steps > li:nth-child(%d) .tl-select').click()`, step+1), step))
	}
	var rows strings.Builder
	row := func(cells ...string) { rows.WriteString("| " + strings.Join(cells, " | ") + " |\n") }
	row("figure", "measured", "budget", "")
	row("---", "---", "---", "---")
	perStep := median(first) / 20
	row(fmt.Sprintf("edit of step 1's file → 20 steps recomputed and rendered, less the %s debounce (median of %d; max %s)", ms(debounce), len(first), ms(maxOf(first))), ms(median(first)), "", "")
	row("the same, per step", ms(perStep), ms(budgetTimelineStep), verdict(perStep <= budgetTimelineStep))
	row(fmt.Sprintf("of which the wasm call, all 20 steps (median; max %s) / per step", ms(maxOf(firstEngine))), ms(median(firstEngine))+" / "+ms(median(firstEngine)/20), "", "")
	row(fmt.Sprintf("edit of step 17's file (steps 1–16 cached) → rendered, less the debounce (median; max %s)", ms(maxOf(last))), ms(median(last)), "", "")
	row(fmt.Sprintf("select another step → its detail rendered (median; max %s)", ms(maxOf(sel))), ms(median(sel)), "", "")
	report := machineLine(t) + "\n\n" + rows.String()
	fmt.Println()
	fmt.Println(report)
	if *benchDocs {
		section := timelinePerfHeading + `

Measured by ` + "`scripts/bench-page`" + ` (the test ` + "`TestBenchTimeline`" + ` in ` + "`web/e2e`" + `): a
share link opens a timeline of 20 commands (a Deployment, a Service and a
ConfigMap applied, then a scale, five times over; the same commands as
` + "`BenchmarkTimeline20`" + ` in ` + "`engine/timeline`" + `). Each figure is the time from the
edit (through the page's test handle, as typing in the file's editor) to
` + "`#timeline[data-renders]`" + ` counting up, the answer on screen; a second
passes between two figures, as between a user's edits (the worker warms
the wasm up meanwhile). "Per step" divides the whole recomputation by 20;
the wasm call's time is the worker's own figure.

` + report
		if err := writeDocSection(filepath.Join(repoRoot, "docs/performance.md"), timelinePerfHeading, section); err != nil {
			t.Fatal(err)
		}
		t.Log("wrote docs/performance.md")
	}
	b.checkConsole()
}

const timelinePerfHeading = "## The Timeline mode in a browser"
