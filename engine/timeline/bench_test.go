package timeline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/api"
	"github.com/applylens/applylens/engine/internal/benchcpu"
)

// benchTimeline is 20 commands on typical objects: a deployment, a
// service and a config map applied, scaled and applied again with edits.
func benchTimeline() []api.TimelineCommand {
	svc := "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector:\n    app: nginx\n  ports:\n  - port: 80\n    targetPort: 8080\n"
	cm := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: \"%d\"\n"
	var cmds []api.TimelineCommand
	for i := range 5 {
		dep := strings.Replace(deploymentV1, "nginx:1.14.2", fmt.Sprintf("nginx:1.%d", 14+i), 1)
		cmds = append(cmds,
			api.TimelineCommand{Command: "kubectl apply -f app.yaml", Files: map[string]string{"app.yaml": dep}},
			api.TimelineCommand{Command: "kubectl apply -f svc.yaml", Files: map[string]string{"svc.yaml": svc}},
			api.TimelineCommand{Command: "kubectl apply -f cm.yaml", Files: map[string]string{"cm.yaml": fmt.Sprintf(cm, i)}},
			api.TimelineCommand{Command: fmt.Sprintf("kubectl scale deployment/nginx-deployment --replicas=%d", i+2)},
		)
	}
	return cmds
}

// BenchmarkTimeline20: the whole timeline computed (nothing cached), the
// last step selected. Divide by 20 for a step.
func BenchmarkTimeline20(b *testing.B) {
	pg := newPage()
	req := mustJSON(b, api.TimelineRequest{Op: api.OpTimeline, Namespace: "default", Commands: benchTimeline(), Select: &api.TimelineSelect{Step: 19}})
	var size int
	defer benchcpu.Report(b)()
	for b.Loop() {
		pg.player.cache = timelineCache{}
		size = len(pg.handle(req))
	}
	b.ReportMetric(float64(size), "B/response")
}

// benchEdits numbers the edits of every benchmark run, so that no edit
// finds the text of an earlier run in the cache.
var benchEdits int

// benchEdit times the edit of step i's file, with the steps before it
// cached as the page has them (the timeline played once, untimed).
func benchEdit(b *testing.B, step int) {
	pg := newPage()
	cmds := benchTimeline()
	pg.handle(mustJSON(b, api.TimelineRequest{Op: api.OpTimeline, Namespace: "default", Commands: cmds, Select: &api.TimelineSelect{Step: step}}))
	defer benchcpu.Report(b)()
	for b.Loop() {
		benchEdits++
		cmds[step].Files = map[string]string{"app.yaml": deploymentV1 + fmt.Sprintf("# edit %d\n", benchEdits)}
		pg.handle(mustJSON(b, api.TimelineRequest{Op: api.OpTimeline, Namespace: "default", Commands: cmds, Select: &api.TimelineSelect{Step: step}}))
	}
}

// BenchmarkTimeline20EditFirst: an edit of the first step (the worst
// case: every step runs again), the selected step's detail included.
func BenchmarkTimeline20EditFirst(b *testing.B) { benchEdit(b, 0) }

// BenchmarkTimeline20EditLast: an edit of the last apply of the
// deployment (step 17): steps 17 to 20 run again, 1 to 16 are cached.
func BenchmarkTimeline20EditLast(b *testing.B) { benchEdit(b, 16) }

// BenchmarkTimeline20Select: another step selected, nothing edited (all
// steps cached): the detail, made once per step and then kept.
func BenchmarkTimeline20Select(b *testing.B) {
	pg := newPage()
	cmds := benchTimeline()
	i := 0
	defer benchcpu.Report(b)()
	for b.Loop() {
		i++
		pg.handle(mustJSON(b, api.TimelineRequest{Op: api.OpTimeline, Namespace: "default", Commands: cmds, Select: &api.TimelineSelect{Step: i % 20}}))
	}
}

// BenchmarkTimelineGrowing: a timeline of 100 commands, each applying
// another 100 ConfigMaps (10,000 stored at the end), computed whole,
// nothing selected: each step starts from a copy of the cluster before it
// (Cluster.Clone), which should not cost in proportion to what is stored.
func BenchmarkTimelineGrowing(b *testing.B) {
	pg := newPage()
	var cmds []api.TimelineCommand
	for i := range 100 {
		var text strings.Builder
		for j := range 100 {
			fmt.Fprintf(&text, "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm-%d-%d\ndata:\n  k: v\n", i, j)
		}
		cmds = append(cmds, api.TimelineCommand{Command: "kubectl apply -f cm.yaml", Files: map[string]string{"cm.yaml": text.String()}})
	}
	req := mustJSON(b, api.TimelineRequest{Op: api.OpTimeline, Namespace: "default", Commands: cmds})
	defer benchcpu.Report(b)()
	for b.Loop() {
		pg.player.cache = timelineCache{}
		if resp := pg.handle(req); !strings.Contains(resp, "cm-99-99 created") {
			b.Fatal(resp[:min(len(resp), 300)])
		}
	}
}
