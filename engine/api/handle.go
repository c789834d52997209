package api

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"unsafe"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/document"
	"github.com/applylens/applylens/engine/fieldpath"
	"github.com/applylens/applylens/engine/jsonvalue"
)

// Error kinds.
const (
	KindInput    = "input"
	KindApply    = "apply"
	KindInternal = "internal"
)

// Ops of a Request.
const (
	OpApply   = "apply"
	OpVersion = "version"
	// OpWarmUp runs the last apply again without changing anything the
	// next request sees; see warmUp.
	OpWarmUp = "warmup"
	// OpWhere locates a step of the held result in every text.
	OpWhere = "where"
)

// Version identifies the build: set with
// -ldflags "-X github.com/applylens/applylens/engine/api.Version=...",
// else the VCS revision the binary was built from, else "dev".
var Version = "dev"

func init() {
	if Version != "dev" {
		return
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev != "" {
		Version = rev
		if dirty {
			Version += "-dirty"
		}
	}
}

// apply is engine.ApplyPanesIn; tests replace it to inject failures.
var apply = engine.ApplyPanesIn

// panicLog gets the stack of a recovered panic (the browser console).
var panicLog io.Writer = os.Stderr

// Session is the engine's side of one page: it answers the page's
// requests with the engines a build links, and remembers what the next
// request builds on: the last apply request (op warmup runs it again),
// the readings of the three panes and the rendering of the live object
// (a keystroke changes one pane), the held result that deltas and op where
// name, and the size of the last response. The zero Session is the page's
// first wasm; wasm/timeline sets Timeline. A bridge serves one page, one
// request at a time: a Session is not for concurrent use, and each test
// makes its own.
type Session struct {
	// Timeline answers op "timeline" (the request's JSON):
	// engine/timeline's player, nil in builds without the simulated
	// cluster.
	Timeline func(requestJSON string) *Response

	lastApply *Request // the last apply request, which warmUp runs again
	panes     paneMemos
	live      liveRendering
	held      heldResult
	// encodeSizeHint is the capacity the next response starts with: a
	// keystroke's answer is about as long as the previous one (0: 4096).
	encodeSizeHint int
}

// Handle answers one JSON request with one JSON response. It never
// panics: a bug anywhere below becomes an error response of kind
// "internal", so the page's runtime stays alive.
func (h *Session) Handle(requestJSON string) (response string) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(panicLog, "applylens: panic: %v\n%s", r, debug.Stack())
			response = h.encode(&Response{Version: Version, Error: &Error{
				Kind:    KindInternal,
				Message: fmt.Sprintf("applylens hit a bug (%v). Please report it with the three documents.", r),
			}})
		}
	}()
	return h.encode(h.handle(requestJSON))
}

func (h *Session) handle(requestJSON string) *Response {
	req, err := decodeRequest(requestJSON)
	if err != nil {
		return &Response{Version: Version, Error: &Error{Kind: KindInternal, Message: "malformed request: " + err.Error()}}
	}
	switch req.Op {
	case OpVersion:
		return &Response{Version: Version}
	case OpWarmUp:
		return h.warmUp()
	case OpWhere:
		return h.where(req.Base, req.Step)
	case OpTimeline:
		return h.timelineResponse(requestJSON)
	case "", OpApply:
	default:
		return &Response{Version: Version, Error: &Error{Kind: KindInternal, Message: fmt.Sprintf("unknown op %q", req.Op)}}
	}
	h.lastApply = &req
	return h.compute(&req)
}

// decodeRequest reads a request as encoding/json would into a Request
// (unknown fields ignored, null leaves a field unset), without
// reflection: a request carries the three panes, megabytes for a large
// object, and encoding/json went over them twice (a validation pass,
// then the decoding).
func decodeRequest(s string) (Request, error) {
	var req Request
	m, err := jsonvalue.DecodeObject(unsafe.Slice(unsafe.StringData(s), len(s)))
	if err != nil {
		return req, err
	}
	if m == nil {
		return req, errors.New("the request is null")
	}
	str := func(key string, dst *string) error {
		switch v := m[key].(type) {
		case nil:
		case string:
			*dst = v
		default:
			return fmt.Errorf("%q must be a string", key)
		}
		return nil
	}
	integer := func(key string, dst *int) error {
		switch v := m[key].(type) {
		case nil:
		case int64:
			*dst = int(v)
		default:
			return fmt.Errorf("%q must be an integer", key)
		}
		return nil
	}
	boolean := func(key string) (*bool, error) {
		switch v := m[key].(type) {
		case nil:
			return nil, nil
		case bool:
			return &v, nil
		}
		return nil, fmt.Errorf("%q must be true or false", key)
	}
	for _, f := range []struct {
		key string
		dst *string
	}{{"op", &req.Op}, {"lastApplied", &req.LastApplied}, {"file", &req.File}, {"live", &req.Live}, {"namespace", &req.Namespace}} {
		if err := str(f.key, f.dst); err != nil {
			return req, err
		}
	}
	if err := integer("base", &req.Base); err != nil {
		return req, err
	}
	if err := integer("step", &req.Step); err != nil {
		return req, err
	}
	fromLive, err := boolean("lastAppliedFromLive")
	if err != nil {
		return req, err
	}
	req.LastAppliedFromLive = fromLive != nil && *fromLive
	if req.Overwrite, err = boolean("overwrite"); err != nil {
		return req, err
	}
	clusterScoped, err := boolean("clusterScoped")
	if err != nil {
		return req, err
	}
	req.ClusterScoped = clusterScoped != nil && *clusterScoped
	return req, nil
}

// compute answers an apply request.
func (h *Session) compute(req *Request) *Response {
	in := engine.Input{LastApplied: req.LastApplied, File: req.File, Live: req.Live, Overwrite: req.Overwrite,
		Namespace: req.Namespace, ClusterScoped: req.ClusterScoped}
	if req.LastAppliedFromLive {
		in.LastApplied = ""
	}
	docs, err := h.panes.parse(in)
	if err != nil {
		return &Response{Version: Version, Error: toError(err)}
	}
	res, err := apply(docs, in)
	if err != nil {
		e := toError(err)
		var ae *engine.ApplyError
		if errors.As(err, &ae) {
			e.Fields = fieldsIn(docs, ae.Paths)
		}
		return &Response{Version: Version, Error: e}
	}
	result, idx, err := build(&h.live, in, docs, res)
	if err != nil {
		return &Response{Version: Version, Error: &Error{Kind: KindInternal, Message: err.Error()}}
	}
	return h.held.answer(req.Base, result, idx)
}

// where locates step i of result seq, which must be the held one: the
// page asks about the result it shows, and holds the last one it got.
func (h *Session) where(seq, i int) *Response {
	held := &h.held
	if seq == 0 || seq != held.seq || held.result == nil {
		return &Response{Version: Version, Error: &Error{Kind: KindInternal,
			Message: fmt.Sprintf("op where: result %d is not the last one (%d)", seq, held.seq)}}
	}
	if i < 0 || i >= len(held.result.Steps) {
		return &Response{Version: Version, Error: &Error{Kind: KindInternal,
			Message: fmt.Sprintf("op where: result %d has no step %d", seq, i)}}
	}
	return &Response{Version: Version, Seq: seq, Where: held.idx.where(held.result.Steps[i].Path)}
}

// warmUp computes the last apply again from scratch (every pane read,
// every text rendered, the delta and the response written) in a
// throwaway session that starts from this one's numbering and held
// result, so the next request is answered as if it had not run. Browsers first run wasm
// with a baseline compiler and optimize a function only once it has
// run enough: the page calls this while the user reads, so that their
// next keystroke runs optimized code (measured: a walkthrough apply in
// Chrome's and node's V8 takes ~8 ms for its first hundred runs, ~1 ms
// after).
func (h *Session) warmUp() *Response {
	if h.lastApply == nil {
		return &Response{Version: Version}
	}
	scratch := &Session{held: h.held, encodeSizeHint: h.encodeSizeHint}
	req := *h.lastApply
	req.Base = h.held.seq
	scratch.encode(scratch.compute(&req))
	return &Response{Version: Version}
}

// paneMemo is the last reading of one pane. A keystroke changes one pane,
// so the page's next request repeats the other two texts: they are not
// read again.
type paneMemo struct {
	text string
	doc  *document.Document
	err  error
	set  bool
}

func (m *paneMemo) parse(pane, text string) (*document.Document, error) {
	if !m.set || m.text != text {
		// The previous reading is handed over: the held result's
		// indexes, which share its position tree, are replaced by the
		// next result's, except when this text fails to apply, and then
		// they only locate steps in the text now in the pane.
		var prev *document.Document
		if m.set && m.err == nil {
			prev = m.doc
		}
		m.doc, m.err = engine.ReparsePane(pane, prev, m.text, text)
		m.text, m.set = text, true
	}
	return m.doc, m.err
}

// paneMemos remembers the three panes of a Session.
type paneMemos struct{ lastApplied, file, live paneMemo }

func (p *paneMemos) parse(in engine.Input) (engine.Panes, error) {
	var out engine.Panes
	var err error
	if out.File, err = p.file.parse(engine.PaneFile, in.File); err != nil {
		return out, err
	}
	if out.Live, err = p.live.parse(engine.PaneLive, in.Live); err != nil {
		return out, err
	}
	out.LastApplied, err = p.lastApplied.parse(engine.PaneLastApplied, in.LastApplied)
	return out, err
}

// fieldsIn locates paths in the input panes read.
func fieldsIn(docs engine.Panes, paths []string) []Field {
	var out []Field
	for _, p := range paths {
		segs, err := fieldpath.Parse(p)
		if err != nil {
			continue
		}
		w := &Where{}
		if docs.LastApplied != nil {
			w.LastApplied = spanOf(docs.LastApplied.Index(), segs)
		}
		if docs.File != nil {
			w.File = spanOf(docs.File.Index(), segs)
		}
		if docs.Live != nil {
			w.Live = spanOf(docs.Live.Index(), segs)
		}
		out = append(out, Field{Path: p, Where: w})
	}
	return out
}

// toError sorts an engine error into the kinds the page shows.
func toError(err error) *Error {
	var ie *engine.InputError // a *document.Error unwraps to one
	var ae *engine.ApplyError
	switch {
	case errors.As(err, &ie):
		return &Error{Kind: KindInput, Pane: ie.Pane, Line: ie.Line, Column: ie.Column, Path: ie.Path, Message: ie.Message}
	case errors.As(err, &ae):
		return &Error{Kind: KindApply, Pane: ae.Pane, Line: ae.Line, Path: ae.Path, Message: ae.Message, Explanation: ae.Explanation}
	}
	return &Error{Kind: KindInternal, Message: err.Error()}
}
