package api

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/document"
	"github.com/applylens/applylens/engine/internal/gen"
)

// BenchmarkHandleLarge answers the large benchmark apply (500 containers,
// one with 2000 env vars), everything the page renders included.
func BenchmarkHandleLarge(b *testing.B) {
	sess := new(Session)
	tr := gen.LargeDeployment()
	req, _ := json.Marshal(Request{LastApplied: string(tr.Original), File: string(tr.Modified), Live: string(tr.Current)})
	b.ReportAllocs()
	for b.Loop() {
		sess.Handle(string(req))
	}
}

// BenchmarkHandleLargeKeystroke is one keystroke in the file pane of the
// large apply, as the page sends it: the other panes unchanged, and the
// previous result named as the base, so the answer is a delta.
func BenchmarkHandleLargeKeystroke(b *testing.B) {
	benchKeystroke(b, gen.LargeDeployment())
}

// BenchmarkHandleTypicalKeystroke is the same for the typical apply, the
// page's everyday case.
func BenchmarkHandleTypicalKeystroke(b *testing.B) {
	benchKeystroke(b, gen.TypicalDeployment())
}

// benchKeystroke types a digit after the file's replicas and deletes it
// again, alternately, in the panes as YAML, as web/e2e's TestBenchPage
// does in the browser.
func benchKeystroke(b *testing.B, tr gen.Triple) {
	yamlOf := func(j []byte) string {
		y, err := document.RenderJSONAsYAML(j)
		if err != nil {
			b.Fatal(err)
		}
		return y
	}
	file, lastApplied, live := yamlOf(tr.Modified), yamlOf(tr.Original), yamlOf(tr.Current)
	at := strings.Index(file, "\n  replicas: ")
	if at < 0 {
		b.Fatal("the file has no replicas")
	}
	at += 1 + strings.IndexByte(file[at+1:], '\n')
	var tails [2]string // the request after its base
	for i, f := range []string{file, file[:at] + "1" + file[at:]} {
		r, _ := json.Marshal(Request{LastApplied: lastApplied, File: f, Live: live})
		tails[i] = string(r[1:])
	}
	sess := new(Session)
	ask := func(i int) {
		resp := sess.Handle(`{"base":` + strconv.Itoa(sess.held.seq) + `,` + tails[i%2])
		if !strings.Contains(resp[:min(len(resp), 200)], `"delta":`) && i > 0 {
			b.Fatalf("keystroke %d: not a delta: %.200s", i, resp)
		}
	}
	ask(0)
	b.ReportAllocs()
	i := 1
	for b.Loop() {
		ask(i)
		i++
	}
}
