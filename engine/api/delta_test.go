package api

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/applylens/applylens/engine/internal/gen"
	"github.com/applylens/applylens/samples"
)

// page plays the page's side of the protocol the way web/workers/engine-client.js
// and web/workers/result-delta.js do, on the JSON as JavaScript sees it: strings
// as UTF-16, results as plain values.
type page struct {
	s    *Session
	held map[string]any
	seq  int
}

// ask sends req with the held result as base and returns the whole
// result the page then holds (nil after an error), and whether the answer
// was a delta.
func (p *page) ask(t *testing.T, req Request) (map[string]any, bool) {
	t.Helper()
	req.Base = p.seq
	var r struct {
		Seq    int            `json:"seq"`
		Result map[string]any `json:"result"`
		Delta  map[string]any `json:"delta"`
		Error  *Error         `json:"error"`
	}
	raw := p.s.Handle(request(t, req))
	if err := json.Unmarshal([]byte(raw), &r); err != nil {
		t.Fatalf("response is not JSON: %v", err)
	}
	switch {
	case r.Error != nil:
		return nil, false
	case r.Delta != nil:
		if int(r.Delta["base"].(float64)) != p.seq {
			t.Fatalf("delta from %v, page holds %d", r.Delta["base"], p.seq)
		}
		p.held, p.seq = applyDeltaJS(t, p.held, r.Delta), r.Seq
		return p.held, true
	default:
		p.held, p.seq = r.Result, r.Seq
		return p.held, false
	}
}

// applyDeltaJS is web/workers/result-delta.js's applyDelta.
func applyDeltaJS(t *testing.T, prev, d map[string]any) map[string]any {
	t.Helper()
	next := map[string]any{}
	for k, v := range prev {
		next[k] = v
	}
	for _, k := range []string{"action", "patchType", "patchTypeWhy", "lastAppliedSource"} {
		next[k] = d[k]
	}
	if e, ok := d["elsewhere"]; ok {
		next["elsewhere"] = e
	} else {
		delete(next, "elsewhere")
	}
	for _, e := range d["texts"].([]any) {
		e := e.(map[string]any)
		old := utf16.Encode([]rune(prev[e["field"].(string)].(string)))
		at, del := int(e["at"].(float64)), int(e["del"].(float64))
		if at < 0 || del < 0 || at+del > len(old) {
			t.Fatalf("text edit out of range: %v (length %d)", e, len(old))
		}
		ins := utf16.Encode([]rune(e["ins"].(string)))
		s := append(append(append([]uint16{}, old[:at]...), ins...), old[at+del:]...)
		next[e["field"].(string)] = string(utf16.Decode(s))
	}
	for _, e := range d["lists"].([]any) {
		e := e.(map[string]any)
		old := prev[e["field"].(string)].([]any)
		at, del := int(e["at"].(float64)), int(e["del"].(float64))
		if at < 0 || del < 0 || at+del > len(old) {
			t.Fatalf("list edit out of range: %v (length %d)", e, len(old))
		}
		next[e["field"].(string)] = append(append(append([]any{}, old[:at]...), e["ins"].([]any)...), old[at+del:]...)
	}
	return next
}

// whole asks for req without a base: the reference the rebuilt result
// must equal.
func whole(t *testing.T, sess *Session, req Request) map[string]any {
	t.Helper()
	req.Base = 0
	var r struct {
		Result map[string]any `json:"result"`
	}
	if err := json.Unmarshal([]byte(sess.Handle(request(t, req))), &r); err != nil {
		t.Fatal(err)
	}
	return r.Result
}

// edit returns text after one thing a user could type: most edits
// extend a line's value, so that most texts still read; the others can
// break anything.
func edit(r *rand.Rand, text string) string {
	values := []string{"1", "x", "é", "𝄞", "\u2028", " y", "0"}
	anywhere := []string{"\n", "  - name: z\n", "\xff", "\t", "#", ": ", "\r", "{", "\""}
	i := r.IntN(len(text) + 1)
	switch k := r.IntN(10); {
	case k < 7:
		if nl := strings.IndexByte(text[i:], '\n'); nl >= 0 {
			i += nl
		}
		if i > 0 && text[i-1] == ':' {
			return text[:i] + " " + values[r.IntN(len(values))] + text[i:]
		}
		return text[:i] + values[r.IntN(len(values))] + text[i:]
	case k < 9:
		return text[:i] + anywhere[r.IntN(len(anywhere))] + text[i:]
	default:
		j := min(len(text), i+1+r.IntN(12))
		return text[:i] + text[j:]
	}
}

// TestDeltaRebuildsTheResult types into the panes of every sample and of
// generated applies, as a page that keeps the results it receives, and
// checks that each result rebuilt from a delta equals the whole result,
// string by string in UTF-16 as the page sees it.
func TestDeltaRebuildsTheResult(t *testing.T) {
	t.Parallel()
	sess := new(Session)
	r := rand.New(rand.NewPCG(1, 2))
	var reqs []Request
	for _, s := range samples.All() {
		reqs = append(reqs, Request{LastApplied: s.LastApplied, File: s.File, Live: s.Live, Overwrite: s.Overwrite, LastAppliedFromLive: s.LastApplied == ""})
	}
	for seed := range uint64(20) {
		tr := gen.NewTriple(seed)
		reqs = append(reqs, Request{LastApplied: string(tr.Original), File: string(tr.Modified), Live: string(tr.Current)})
	}
	p := &page{s: sess}
	deltas, wholes := 0, 0
	check := func(q Request, what string) bool {
		got, delta := p.ask(t, q)
		want := whole(t, sess, q)
		if want == nil {
			return false // an error: both sides keep what they hold
		}
		// The whole answer is now the engine's last result: the page
		// takes it, as it would have had it asked without a base.
		p.held, p.seq = want, sess.held.seq
		if delta {
			deltas++
		} else {
			wholes++
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: the result rebuilt from the delta differs: %s", what, firstDifference(got, want))
		}
		return true
	}
	for i, q := range reqs {
		check(q, fmt.Sprintf("request %d", i))
		// Type into the file, then into live; an edit that breaks the
		// text is undone, as a user would.
		for j := range 16 {
			next := q
			if j < 10 {
				next.File = edit(r, q.File)
			} else {
				next.Live = edit(r, q.Live)
			}
			if check(next, fmt.Sprintf("request %d edit %d", i, j)) {
				q = next
			}
		}
	}
	t.Logf("%d deltas, %d whole", deltas, wholes)
	if deltas < len(reqs)*8 {
		t.Errorf("only %d of %d results came as deltas", deltas, deltas+wholes)
	}
}

func firstDifference(got, want map[string]any) string {
	for k, w := range want {
		if !reflect.DeepEqual(got[k], w) {
			return fmt.Sprintf("field %s:\n got %.300v\nwant %.300v", k, got[k], w)
		}
	}
	return fmt.Sprintf("extra fields: %v", got)
}

// TestDeltaOnlyFromTheHeldResult: a base the engine no longer holds (an
// answer the page dropped, a restarted engine) gets the whole result.
func TestDeltaOnlyFromTheHeldResult(t *testing.T) {
	t.Parallel()
	sess := new(Session)
	req := walkthroughRequest(t)
	file := req.File
	first := decode(t, sess.Handle(request(t, req)))
	req.File = strings.Replace(file, "nginx:1.16.1", "nginx:1.16.2", 1)
	second := decode(t, sess.Handle(request(t, req)))
	if second.Seq != first.Seq+1 || second.Result == nil {
		t.Fatalf("seqs %d then %d", first.Seq, second.Seq)
	}
	req.Base = first.Seq
	if r := decode(t, sess.Handle(request(t, req))); r.Result == nil || r.Delta != nil {
		t.Errorf("a base that is not the last result got a delta")
	}
	req.Base = 1 << 30
	if r := decode(t, sess.Handle(request(t, req))); r.Result == nil || r.Delta != nil {
		t.Errorf("a base never answered got a delta")
	}
	// The same inputs twice: a delta with no edits.
	last := decode(t, sess.Handle(request(t, req)))
	req.Base = last.Seq
	r := decode(t, sess.Handle(request(t, req)))
	if r.Delta == nil || len(r.Delta.Texts) != 0 || len(r.Delta.Lists) != 0 {
		t.Errorf("unchanged inputs: want an empty delta, got %+v", r.Delta)
	}
}

// TestTextEditCutsAtCharacters: edits never split a character, so the
// page's UTF-16 offsets are whole characters in both texts.
func TestTextEditCutsAtCharacters(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		a, b string
		want TextEdit
	}{
		{"append", "abc", "abcd", TextEdit{At: 3, Del: 0, Ins: "d"}},
		{"delete", "abcd", "abd", TextEdit{At: 2, Del: 1, Ins: ""}},
		{"same first byte of two runes", "xé", "xè", TextEdit{At: 1, Del: 1, Ins: "è"}},
		{"same last bytes of two runes", "\u00e9y", "\u01e9y", TextEdit{At: 0, Del: 1, Ins: "\u01e9"}},
		{"astral counts two", "𝄞a", "𝄞b", TextEdit{At: 2, Del: 1, Ins: "b"}},
		{"astral replaced", "a𝄞", "a𝄟", TextEdit{At: 1, Del: 2, Ins: "𝄟"}},
		{"invalid byte is one unit", "\xffa", "\xffb", TextEdit{At: 1, Del: 1, Ins: "b"}},
		{"insert into repeats", "aaa", "aaaa", TextEdit{At: 3, Del: 0, Ins: "a"}},
		{"to empty", "é", "", TextEdit{At: 0, Del: 1, Ins: ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.want.Field = "f"
			if got := textEdit("f", tc.a, tc.b); got != tc.want {
				t.Errorf("textEdit(%q, %q) = %+v, want %+v", tc.a, tc.b, got, tc.want)
			}
		})
	}
}

// TestWarmUpChangesNothing: a warm-up between two requests leaves the
// second answer as it would have been, delta included.
func TestWarmUpChangesNothing(t *testing.T) {
	t.Parallel()
	sess := new(Session)
	a := walkthroughRequest(t)
	file := a.File
	b := a
	b.File = strings.Replace(file, "nginx:1.16.1", "nginx:1.17", 1)
	run := func(warm bool) string {
		first := decode(t, sess.Handle(request(t, a)))
		if warm {
			for range 3 {
				if got := sess.Handle(`{"op":"warmup"}`); got != `{"version":"test"}` {
					t.Fatalf("warm-up answered %s", got)
				}
			}
		}
		b.Base = first.Seq
		second := sess.Handle(request(t, b))
		if r := decode(t, second); r.Delta == nil || r.Seq != first.Seq+1 {
			t.Fatalf("warm=%v: want a delta numbered %d, got seq %d", warm, first.Seq+1, r.Seq)
		}
		return regexp.MustCompile(`"base":\d+`).ReplaceAllString(withoutSeq(second), `"base":0`)
	}
	if cold, warm := run(false), run(true); cold != warm {
		t.Errorf("the answer after a warm-up differs:\n%.400s\n%.400s", cold, warm)
	}
}

// TestPrepare: Prepare, as the page's wasm runs it before it is ready,
// computes its apply (it reports an error or an empty answer); it makes
// its own Session, so the page's session cannot see it.
func TestPrepare(t *testing.T) {
	t.Parallel()
	if err := Prepare(); err != nil {
		t.Fatal(err)
	}
}
