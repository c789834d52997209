package api

import (
	"encoding/json"
	"testing"

	"github.com/applylens/applylens/engine/internal/gen"
)

// BenchmarkHandleLarge answers the large benchmark apply (500 containers,
// one with 2000 env vars), everything the page renders included.
func BenchmarkHandleLarge(b *testing.B) {
	tr := gen.LargeDeployment()
	req, _ := json.Marshal(Request{LastApplied: string(tr.Original), File: string(tr.Modified), Live: string(tr.Current)})
	b.ReportAllocs()
	for b.Loop() {
		Handle(string(req))
	}
}

// BenchmarkHandleLargeKeystroke is one keystroke in the file pane of the
// large apply: the other panes are unchanged, as when a user types.
func BenchmarkHandleLargeKeystroke(b *testing.B) {
	tr := gen.LargeDeployment()
	files := [2]string{string(tr.Modified), string(tr.Modified) + " "}
	reqs := [2]string{}
	for i, f := range files {
		r, _ := json.Marshal(Request{LastApplied: string(tr.Original), File: f, Live: string(tr.Current)})
		reqs[i] = string(r)
	}
	Handle(reqs[1])
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		Handle(reqs[i%2])
		i++
	}
}

// BenchmarkHandleTypicalKeystroke is one keystroke in the file pane of
// the typical apply, the page's everyday case.
func BenchmarkHandleTypicalKeystroke(b *testing.B) {
	tr := gen.TypicalDeployment()
	files := [2]string{string(tr.Modified), string(tr.Modified) + " "}
	reqs := [2]string{}
	for i, f := range files {
		r, _ := json.Marshal(Request{LastApplied: string(tr.Original), File: f, Live: string(tr.Current)})
		reqs[i] = string(r)
	}
	Handle(reqs[1])
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		Handle(reqs[i%2])
		i++
	}
}
