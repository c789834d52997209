package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func TestMain(m *testing.M) {
	Version = "test"
	os.Exit(m.Run())
}

func readFile(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// walkthroughRequest is the documentation's walkthrough (testdata's file and
// live object), the last-applied configuration read from the live object.
func walkthroughRequest(t testing.TB) Request {
	t.Helper()
	return Request{File: readFile(t, "walkthrough/file.yaml"), Live: readFile(t, "walkthrough/live.yaml"), LastAppliedFromLive: true}
}

func request(t testing.TB, r Request) string {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func count(bs ...bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

func decode(t *testing.T, s string) Response {
	t.Helper()
	var r Response
	if err := json.Unmarshal([]byte(s), &r); err != nil {
		t.Fatalf("response is not JSON: %v\n%s", err, s)
	}
	if r.Version != "test" {
		t.Errorf("version %q", r.Version)
	}
	if n := count(r.Result != nil, r.Delta != nil, r.Error != nil, r.Where != nil); n != 1 {
		t.Errorf("want exactly one of result, delta, where and error: %.300s", s)
	}
	return r
}

// withoutSeq drops a response's seq, which counts the results this
// process has answered.
func withoutSeq(response string) string {
	return seqRE.ReplaceAllString(response, "$1")
}

var seqRE = regexp.MustCompile(`^(\{"version":"[^"]*"),"seq":\d+`)

// TestGolden checks the whole response for the documentation's
// walkthrough: the image changes, minReadySeconds leaves the file, and
// replicas set by `kubectl scale` stays.
func TestGolden(t *testing.T) {
	t.Parallel()
	sess := new(Session)
	req := request(t, walkthroughRequest(t))
	got := withoutSeq(sess.Handle(req))
	r := decode(t, got)
	if r.Error != nil {
		t.Fatalf("error response: %+v", r.Error)
	}
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, []byte(got), "", "  "); err != nil {
		t.Fatal(err)
	}
	pretty.WriteByte('\n')
	golden := filepath.Join("testdata", "walkthrough.golden.json")
	if *update {
		if err := os.WriteFile(golden, pretty.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./engine/api -update)", err)
	}
	if !bytes.Equal(pretty.Bytes(), want) {
		t.Errorf("response differs from %s (run go test ./engine/api -update and review the diff):\n%s", golden, pretty.String())
	}
	if again := withoutSeq(sess.Handle(req)); again != got {
		t.Error("two runs gave different responses")
	}

	res := r.Result
	if res.Action != engine.ActionConfigure || res.PatchType != engine.PatchStrategic || res.LastAppliedSource != "annotation" {
		t.Errorf("action %s, patch type %s, source %s", res.Action, res.PatchType, res.LastAppliedSource)
	}
	var patch map[string]any
	if err := json.Unmarshal([]byte(res.PatchJSON), &patch); err != nil {
		t.Fatal(err)
	}
	spec, _ := patch["spec"].(map[string]any)
	if v, ok := spec["minReadySeconds"]; !ok || v != nil {
		t.Errorf("patch does not clear minReadySeconds: %s", res.PatchJSON)
	}
	if _, ok := spec["replicas"]; ok {
		t.Errorf("patch touches replicas: %s", res.PatchJSON)
	}
	if !strings.Contains(res.PatchJSON, "nginx:1.16.1") || !strings.Contains(res.PatchYAML, "image: nginx:1.16.1") {
		t.Errorf("patch renderings miss the image:\n%s\n%s", res.PatchJSON, res.PatchYAML)
	}
	if !strings.Contains(res.ObjectYAML, "replicas: 2") || strings.Contains(res.ObjectYAML, "minReadySeconds") || !strings.Contains(res.ObjectYAML, "image: nginx:1.16.1") {
		t.Errorf("result object:\n%s", res.ObjectYAML)
	}
	if !strings.Contains(res.LiveYAML, "minReadySeconds: 5") {
		t.Errorf("live YAML:\n%s", res.LiveYAML)
	}
	if !strings.Contains(res.DerivedLastAppliedYAML, "minReadySeconds: 5") || !strings.Contains(res.DerivedLastAppliedYAML, "image: nginx:1.14.2") {
		t.Errorf("derived last-applied:\n%s", res.DerivedLastAppliedYAML)
	}
	if !strings.HasPrefix(res.KubectlPatch, "kubectl patch deployment/nginx-deployment -n default --type strategic -p '{") {
		t.Errorf("kubectl patch: %s", res.KubectlPatch)
	}
	var order *Directive
	for i, d := range res.Directives {
		if d.Name == "$setElementOrder" && d.Path == "spec.template.spec.containers" {
			order = &res.Directives[i]
		}
	}
	if order == nil || order.Line == 0 || !strings.Contains(lineOf(res.PatchYAML, order.Line), "$setElementOrder/containers") {
		t.Errorf("directives: %+v\n%s", res.Directives, res.PatchYAML)
	}
	for i, s := range res.Steps {
		if s.Path == "spec.template.spec.containers[name=nginx].image" {
			// The golden's seq is dropped; the last run's result is held.
			w := whereOf(t, sess, sess.held.seq, i)
			if w.File == nil || !strings.Contains(lineOf(req2file(t), w.File.Line), "nginx:1.16.1") {
				t.Errorf("image step not located in the file: %+v", w)
			}
			if w.Result == nil || !strings.Contains(lineOf(res.ObjectYAML, w.Result.Line), "nginx:1.16.1") {
				t.Errorf("image step not located in the result: %+v", w)
			}
		}
	}
}

// whereOf asks where step i of result seq is (op "where").
func whereOf(t *testing.T, sess *Session, seq, i int) *Where {
	t.Helper()
	r := decode(t, sess.Handle(request(t, Request{Op: OpWhere, Base: seq, Step: i})))
	if r.Error != nil || r.Where == nil || r.Seq != seq {
		t.Fatalf("op where of step %d of result %d: %+v", i, seq, r)
	}
	return r.Where
}

func TestHandleWhere(t *testing.T) {
	t.Parallel()
	sess := new(Session)
	walk := walkthroughRequest(t)
	first := decode(t, sess.Handle(request(t, walk)))
	if first.Error != nil || len(first.Result.Steps) == 0 {
		t.Fatalf("%+v", first)
	}
	last := len(first.Result.Steps) - 1
	whereOf(t, sess, first.Seq, last)
	for _, tc := range []struct {
		name      string
		seq, step int
	}{
		{"no result named", 0, 0},
		{"a result not held", first.Seq + 1, 0},
		{"a step past the end", first.Seq, last + 1},
		{"a negative step", first.Seq, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := decode(t, sess.Handle(request(t, Request{Op: OpWhere, Base: tc.seq, Step: tc.step})))
			if r.Error == nil || r.Error.Kind != KindInternal || r.Where != nil {
				t.Fatalf("want an internal error, got %+v", r)
			}
		})
	}
	t.Run("after a newer result", func(t *testing.T) {
		second := decode(t, sess.Handle(request(t, walk)))
		r := decode(t, sess.Handle(request(t, Request{Op: OpWhere, Base: first.Seq, Step: 0})))
		if r.Error == nil {
			t.Fatalf("result %d is no longer held, yet: %+v", first.Seq, r)
		}
		whereOf(t, sess, second.Seq, 0)
	})
	t.Run("a warm-up changes nothing", func(t *testing.T) {
		seq := decode(t, sess.Handle(request(t, walk))).Seq
		before := whereOf(t, sess, seq, last)
		if r := sess.Handle(request(t, Request{Op: OpWarmUp})); r != `{"version":"test"}` {
			t.Fatalf("warm-up answered %s", r)
		}
		if after := whereOf(t, sess, seq, last); !reflect.DeepEqual(before, after) {
			t.Fatalf("where changed across a warm-up: %+v, then %+v", before, after)
		}
	})
}

func req2file(t *testing.T) string { return readFile(t, "walkthrough/file.yaml") }

func lineOf(text string, n int) string {
	lines := strings.Split(text, "\n")
	if n < 1 || n > len(lines) {
		return ""
	}
	return lines[n-1]
}

func TestHandleLastAppliedPane(t *testing.T) {
	t.Parallel()
	sess := new(Session)
	lastApplied := "{\n  \"apiVersion\": \"apps/v1\",\n  \"kind\": \"Deployment\",\n  \"metadata\": {\"name\": \"nginx-deployment\", \"namespace\": \"default\"},\n  \"spec\": {\n    \"minReadySeconds\": 5,\n    \"selector\": {\"matchLabels\": {\"app\": \"nginx\"}}\n  }\n}\n"
	r := decode(t, sess.Handle(request(t, Request{
		LastApplied: lastApplied,
		File:        readFile(t, "walkthrough/file.yaml"),
		Live:        readFile(t, "walkthrough/live.yaml"),
	})))
	if r.Error != nil {
		t.Fatalf("%+v", r.Error)
	}
	if r.Result.LastAppliedSource != "input" {
		t.Errorf("source %s", r.Result.LastAppliedSource)
	}
	found := false
	for i, s := range r.Result.Steps {
		if s.Path == "spec.minReadySeconds" {
			found = true
			if w := whereOf(t, sess, r.Seq, i); w.LastApplied == nil || !strings.Contains(lineOf(lastApplied, w.LastApplied.Line), "minReadySeconds") {
				t.Errorf("minReadySeconds not located in the last-applied pane: %+v", w.LastApplied)
			}
		}
	}
	if !found {
		t.Errorf("no step clears minReadySeconds: %+v", r.Result.Steps)
	}
}

func TestHandleCreate(t *testing.T) {
	t.Parallel()
	testCreate(t, "")
}

// A live pane holding only comments is empty too, as kubectl skips such
// documents. (Needs the engine to read panes with engine/document.)
func TestHandleCreateCommentOnlyLive(t *testing.T) {
	t.Parallel()
	testCreate(t, "# not created yet\n---\n")
}

func testCreate(t *testing.T, live string) {
	raw := new(Session).Handle(request(t, Request{File: readFile(t, "walkthrough/file.yaml"), Live: live}))
	r := decode(t, raw)
	if r.Error != nil {
		t.Fatalf("%+v", r.Error)
	}
	res := r.Result
	if res.Action != engine.ActionCreate || res.KubectlPatch != "" || res.PatchJSON != "" || res.PatchYAML != "" || res.LiveYAML != "" {
		t.Errorf("create result: %+v", res)
	}
	if !strings.Contains(res.PatchTypeWhy, "does not exist yet") || !strings.Contains(res.ObjectYAML, "last-applied-configuration") {
		t.Errorf("why %q, object:\n%s", res.PatchTypeWhy, res.ObjectYAML)
	}
	for _, key := range []string{`"steps":[`, `"warnings":[`, `"directives":[]`} {
		if !strings.Contains(raw, key) {
			t.Errorf("response lacks %s (lists are never null): %s", key, raw)
		}
	}
}

func TestHandleErrors(t *testing.T) {
	t.Parallel()
	sess := new(Session)
	live := readFile(t, "walkthrough/live.yaml")
	tests := []struct {
		name     string
		request  string
		kind     string
		pane     string
		line     int
		contains string
	}{
		{"malformed request", `{"file": 1`, KindInternal, "", 0, "malformed request"},
		{"request of the wrong shape", `{"file": 1}`, KindInternal, "", 0, "malformed request"},
		{"unknown op", `{"op": "destroy"}`, KindInternal, "", 0, `unknown op "destroy"`},
		{"empty file", request(t, Request{Live: live}), KindInput, engine.PaneFile, 0, ""},
		{"yaml syntax in the file", request(t, Request{File: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  a: b: c\n"}), KindInput, engine.PaneFile, 6, ""},
		{"two objects in live", request(t, Request{File: readFile(t, "walkthrough/file.yaml"), Live: live + "---\nkind: Service\n"}), KindInput, engine.PaneLive, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := decode(t, sess.Handle(tt.request))
			if r.Error == nil {
				t.Fatalf("no error: %+v", r.Result)
			}
			e := r.Error
			if e.Kind != tt.kind || e.Pane != tt.pane || (tt.line != 0 && e.Line != tt.line) || !strings.Contains(e.Message, tt.contains) || e.Message == "" {
				t.Errorf("error %+v, want kind %s pane %q line %d containing %q", e, tt.kind, tt.pane, tt.line, tt.contains)
			}
		})
	}
	var v Response
	if err := json.Unmarshal([]byte(sess.Handle(`{"op":"version"}`)), &v); err != nil || v.Version != "test" || v.Error != nil || v.Result != nil {
		t.Errorf("version response: %v %+v", err, v)
	}
}

func TestHandleRecoversPanics(t *testing.T) {
	sess := new(Session)
	defer func(f func(engine.Panes, engine.Input) (*engine.Result, error)) { apply = f }(apply)
	defer func(w io.Writer) { panicLog = w }(panicLog)
	panicLog = io.Discard
	apply = func(engine.Panes, engine.Input) (*engine.Result, error) { panic("boom") }
	req := request(t, Request{File: readFile(t, "walkthrough/file.yaml")})
	var r Response
	if err := json.Unmarshal([]byte(sess.Handle(req)), &r); err != nil {
		t.Fatal(err)
	}
	if r.Error == nil || r.Error.Kind != KindInternal || !strings.Contains(r.Error.Message, "boom") {
		t.Errorf("response after a panic: %+v", r.Error)
	}
	apply = func(engine.Panes, engine.Input) (*engine.Result, error) { return nil, errors.New("odd") }
	if err := json.Unmarshal([]byte(sess.Handle(req)), &r); err != nil || r.Error.Kind != KindInternal {
		t.Errorf("unknown error type: %v %+v", err, r.Error)
	}
	apply = func(engine.Panes, engine.Input) (*engine.Result, error) {
		return nil, &engine.ApplyError{Path: "spec", Message: "precondition failed for: kind"}
	}
	if err := json.Unmarshal([]byte(sess.Handle(req)), &r); err != nil || r.Error.Kind != KindApply || r.Error.Path != "spec" {
		t.Errorf("apply error: %v %+v", err, r.Error)
	}
}

func TestKubectlPatch(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name                        string
		kind, objName, ns, typ, ptc string
		want                        string
	}{
		{"plain", "Deployment", "web", "default", "strategic", `{"spec":{"replicas":3}}`, `kubectl patch deployment/web -n default --type strategic -p '{"spec":{"replicas":3}}'`},
		{"no namespace", "ClusterRole", "view", "", "strategic", `{}`, `kubectl patch clusterrole/view --type strategic -p '{}'`},
		{"single quote in the patch", "CronTab", "c", "ns", "merge", `{"spec":{"cmd":"echo 'hi'"}}`, `kubectl patch crontab/c -n ns --type merge -p '{"spec":{"cmd":"echo '\''hi'\''"}}'`},
		{"indented patch is compacted", "Pod", "p", "", "strategic", "{\n  \"a\": 1\n}", `kubectl patch pod/p --type strategic -p '{"a":1}'`},
		{"odd name is quoted", "Pod", "a b$c", "x;y", "strategic", `{}`, `kubectl patch 'pod/a b$c' -n 'x;y' --type strategic -p '{}'`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := kubectlPatch(tt.kind, tt.objName, tt.ns, tt.typ, []byte(tt.ptc)); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}
