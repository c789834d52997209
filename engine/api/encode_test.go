package api

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/internal/gen"
	"github.com/applylens/applylens/samples"
)

// encodeReference is what the hand-written encoder must write: a
// json.Encoder with SetEscapeHTML(false), without the trailing newline.
func encodeReference(t testing.TB, r *Response) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func checkEncode(t *testing.T, name string, r *Response) {
	t.Helper()
	want := encodeReference(t, r)
	if got := new(Session).encode(r); got != want {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		t.Errorf("%s: encode differs from encoding/json at byte %d:\n got %.200s\nwant %.200s", name, i, got[i:], want[i:])
	}
}

// TestEncodeMatchesEncodingJSON compares the hand-written encoder with
// encoding/json on every sample, generated applies and made-up values
// that reach every branch.
func TestEncodeMatchesEncodingJSON(t *testing.T) {
	t.Parallel()
	sess := new(Session)
	for _, s := range samples.All() {
		req := Request{LastApplied: s.LastApplied, File: s.File, Live: s.Live, Overwrite: s.Overwrite, LastAppliedFromLive: s.LastApplied == ""}
		checkEncode(t, "sample "+s.ID, sess.handle(request(t, req)))
	}
	for seed := range uint64(200) {
		tr := gen.NewTriple(seed)
		checkEncode(t, "generated", sess.handle(request(t, Request{LastApplied: string(tr.Original), File: string(tr.Modified), Live: string(tr.Current)})))
	}
	for _, tr := range []gen.Triple{gen.TypicalDeployment(), gen.LargeDeployment()} {
		checkEncode(t, "benchmark input", sess.handle(request(t, Request{LastApplied: string(tr.Original), File: string(tr.Modified), Live: string(tr.Current)})))
	}

	odd := "<&> \u2028\u2029 \x00\x1f\x7f \xff\xfe é 𝄞 \"q\" \\ \t\n\r\b\f"
	for _, tc := range []struct {
		name string
		r    *Response
	}{
		{"version only", &Response{Version: odd}},
		{"input error", &Response{Version: "v", Error: &Error{Kind: KindInput, Pane: "file", Line: 3, Column: 7, Path: odd, Message: odd}}},
		{"bare error", &Response{Version: "v", Error: &Error{Kind: KindInternal, Message: ""}}},
		{"explained apply error", &Response{Version: "v", Error: &Error{Kind: KindApply, Message: odd, Explanation: odd}}},
		{"nil lists and raw", &Response{Version: "v", Result: &Result{Action: odd}}},
		{"every field", &Response{Version: "v", Result: &Result{
			Action: "configure", PatchType: "strategic", PatchTypeWhy: odd,
			PatchJSON: odd, PatchYAML: odd,
			ObjectYAML: odd, LiveYAML: odd, LastApplied: odd, LastAppliedSource: "input",
			DerivedLastAppliedYAML: odd, KubectlPatch: odd,
			Steps: []engine.Step{
				{Phase: 2, Path: odd, Rule: "r", MergeKey: "name", Row: explainRow(true, false, true),
					Action: "set", Old: json.RawMessage(" {\n \"a\" : [1, 2,\t3], \"s\": \"x y\\\"z\" }\n"),
					New: json.RawMessage(`{"a":"\u003c b \u2028"}`), Why: odd},
				{Phase: 5},
				{},
			},
			Warnings:   []engine.Warning{{Code: "c", Path: odd, Message: odd}, {}},
			Directives: []Directive{{Name: "$patch", Path: odd, Line: 1, EndLine: 2, Meaning: odd}, {}},
			Elsewhere:  &engine.Elsewhere{Namespace: odd, LiveNamespace: odd, Name: odd, LiveName: odd, FromFlag: true, Explanation: odd, Kubectl: odd},
		}}},
		{"elsewhere, not from -n", &Response{Version: "v", Result: &Result{Elsewhere: &engine.Elsewhere{Namespace: "a", LiveNamespace: "b", Explanation: "e", Kubectl: "k"}}}},
		{"elsewhere by name", &Response{Version: "v", Result: &Result{Elsewhere: &engine.Elsewhere{Namespace: "a", LiveNamespace: "a", Name: "web2", LiveName: "web", Explanation: "e", Kubectl: "k"}}}},
		{"delta", &Response{Version: "v", Seq: 7, Delta: &Delta{Base: 6, Action: "configure", PatchTypeWhy: odd,
			Elsewhere: &engine.Elsewhere{Namespace: odd, LiveNamespace: odd, Explanation: odd, Kubectl: odd},
			Texts:     []TextEdit{{Field: "objectYAML", At: 3, Del: 2, Ins: odd}, {Field: "liveYAML"}},
			Lists: []ListEdit{
				{Field: "steps", At: 1, Del: 0, Ins: []engine.Step{{Phase: 1, Why: odd}}},
				{Field: "warnings", Ins: []engine.Warning{}},
				{Field: "directives", At: 2, Del: 1, Ins: []Directive{{Name: odd}}},
			}}}},
		{"empty delta", &Response{Version: "v", Seq: 2, Delta: &Delta{Base: 1, Texts: []TextEdit{}, Lists: []ListEdit{}}}},
		{"nil delta lists", &Response{Version: "v", Seq: 2, Delta: &Delta{Base: 1}}},
		{"empty lists", &Response{Version: "v", Result: &Result{Steps: []engine.Step{}, Warnings: []engine.Warning{}, Directives: []Directive{}}}},
		{"where", &Response{Version: "v", Seq: 3, Where: &Where{LastApplied: &Span{1, 2}, File: &Span{3, 4}, Live: &Span{5, 6}, Result: &Span{7, 8}, Patch: &Span{9, 10}}}},
		{"where, one span", &Response{Version: "v", Seq: 3, Where: &Where{Live: &Span{5, 5}}}},
		{"where, nowhere", &Response{Version: "v", Seq: 3, Where: &Where{}}},
	} {
		checkEncode(t, tc.name, tc.r)
	}
}

func explainRow(file, live, last bool) engine.Row {
	return engine.Row{InFile: file, InLive: live, InLastApplied: last}
}

// TestEncodeInvalidRawIsAnInternalError: JSON the engine should never
// produce still gives a response, as encoding/json's error did.
func TestEncodeInvalidRawIsAnInternalError(t *testing.T) {
	sess := new(Session)
	defer func(old func(engine.Panes, engine.Input) (*engine.Result, error)) { apply = old }(apply)
	apply = func(engine.Panes, engine.Input) (*engine.Result, error) {
		return &engine.Result{Action: engine.ActionCreate, Object: json.RawMessage(`{"a":1}`),
			Steps: []engine.Step{{Phase: 1, Old: json.RawMessage("{not json")}}}, nil
	}
	defer func(old any) { panicLog = old.(interface{ Write([]byte) (int, error) }) }(panicLog)
	panicLog = &bytes.Buffer{}
	r := decode(t, sess.Handle(request(t, Request{File: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n"})))
	if r.Error == nil || r.Error.Kind != KindInternal || !strings.Contains(r.Error.Message, "encoding the response") {
		t.Fatalf("want an internal error about the encoding, got %+v", r.Error)
	}
}
