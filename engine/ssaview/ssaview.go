package ssaview

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"
	"strings"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/api"
	"github.com/applylens/applylens/engine/document"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/serverside"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
)

// Apply values of a request.
const (
	ApplyServer = "server"
	ApplyBoth   = "both"
)

// Handle answers one op "serverside" request (api.ServerSideRequest as
// JSON) with one api.ServerSideResponse as JSON. It never panics: a bug
// below becomes an error of kind "internal", so the page's runtime stays
// alive.
func Handle(requestJSON string) (response string) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(os.Stderr, "applylens: panic: %v\n%s", r, debug.Stack())
			response = encode(&api.ServerSideResponse{Version: api.Version, Error: &api.Error{Kind: api.KindInternal,
				Message: fmt.Sprintf("applylens hit a bug (%v). Please report it with the documents and flags.", r)}})
		}
	}()
	return encode(Respond(requestJSON))
}

// Respond answers op "serverside".
func Respond(requestJSON string) *api.ServerSideResponse {
	var req api.ServerSideRequest
	if err := json.Unmarshal([]byte(requestJSON), &req); err != nil {
		return &api.ServerSideResponse{Version: api.Version, Error: &api.Error{Kind: api.KindInternal, Message: "malformed serverside request: " + err.Error()}}
	}
	if req.Op != api.OpServerSide {
		return &api.ServerSideResponse{Version: api.Version, Error: &api.Error{Kind: api.KindInternal,
			Message: fmt.Sprintf("this engine answers op %q only, not %q", api.OpServerSide, req.Op)}}
	}
	answer, errResp := Compute(req)
	if errResp != nil {
		return &api.ServerSideResponse{Version: api.Version, Error: errResp}
	}
	return &api.ServerSideResponse{Version: api.Version, ServerSide: answer}
}

// encode writes a response as encoding/json does, HTML characters
// unescaped like engine/api's responses.
func encode(r *api.ServerSideResponse) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return `{"version":"` + api.Version + `","error":{"kind":"internal","message":"the answer could not be encoded"}}`
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

// Engine is the apply with the server-side engine this package serves:
// engine.Engine wired with engine/serverside, which the root engine does
// not import (the page's first wasm links it without structured-merge-diff).
var Engine = engine.Engine{ServerSide: serverside.ApplyResult}

// Compute runs the request: an error response is about the panes, or an
// error kubectl would report for the server-side apply.
func Compute(req api.ServerSideRequest) (*api.ServerSide, *api.Error) {
	if req.Apply != ApplyServer && req.Apply != ApplyBoth {
		return nil, &api.Error{Kind: api.KindInternal, Message: fmt.Sprintf("apply must be %q or %q, not %q", ApplyServer, ApplyBoth, req.Apply)}
	}
	in := engine.Input{LastApplied: req.LastApplied, File: req.File, Live: req.Live, Overwrite: req.Overwrite,
		Namespace: req.Namespace, ClusterScoped: req.ClusterScoped,
		ServerSide: true, FieldManager: req.FieldManager, ForceConflicts: req.ForceConflicts,
		CustomResourceDefinitions: req.CustomResourceDefinitions}
	if req.LastAppliedFromLive {
		in.LastApplied = ""
	}
	docs, err := engine.Parse(in)
	if err != nil {
		return nil, api.ErrorOf(err)
	}
	res, err := Engine.ApplyPanesIn(docs, in)
	if err != nil {
		return nil, duplicateAt(api.ErrorOf(err), docs)
	}
	liveDoc := docs.Live
	if res.Elsewhere != nil {
		// The apply went to the object in the file's namespace: the
		// pasted live object is neither merged nor located.
		liveDoc = nil
	}
	// The server-side apply reads no last-applied pane.
	serverDocs := engine.Panes{File: docs.File, Live: liveDoc}
	server, err := api.RenderApply(in, serverDocs, res)
	if err != nil {
		return nil, &api.Error{Kind: api.KindInternal, Message: err.Error()}
	}
	out := &api.ServerSide{Server: server, Owners: []api.OwnedField{}, Conflicts: []api.ConflictField{}, StepsWhere: []*api.Where{}}
	var live map[string]any
	if liveDoc != nil {
		live = liveDoc.Object
	}
	object, _ := res.ObjectValue.(map[string]any)
	texts := locator{result: object, inFile: serverside.NewPathFinder(docs.File.Object),
		inLive: serverside.NewPathFinder(live), inResult: serverside.NewPathFinder(object)}
	if docs.File != nil {
		texts.fileIdx = docs.File.Index()
	}
	if liveDoc != nil {
		texts.liveIdx = liveDoc.Index()
	}
	if object != nil {
		_, texts.resultIdx, _ = document.RenderIndexed(object)
	}
	// Every field named below is in the live object's or the result's
	// managedFields (a conflict's other manager, a step's field set).
	paths := serverside.FieldPaths(live)
	for k, p := range serverside.FieldPaths(object) {
		paths[k] = p
	}
	out.Owners = owned(res.Owners, paths, texts)
	for _, c := range res.Conflicts {
		out.Conflicts = append(out.Conflicts, api.ConflictField{Manager: c.Manager, Operation: c.Operation, Field: c.Field,
			Where: texts.where(paths[c.Field], false)})
	}
	for _, s := range res.Steps {
		p, ok := paths[s.Path]
		if !ok {
			out.StepsWhere = append(out.StepsWhere, nil)
			continue
		}
		out.StepsWhere = append(out.StepsWhere, texts.where(p, true))
	}
	if req.Apply == ApplyBoth {
		both(out, in, docs, res, texts)
	}
	return out, nil
}

// duplicateAt points the server's error about two elements of a list
// with the same key at the second of them in the file pane, which the
// page then marks.
func duplicateAt(e *api.Error, docs engine.Panes) *api.Error {
	if e.Kind != api.KindApply || docs.File == nil {
		return e
	}
	p, ok := serverside.DuplicateEntry(docs.File.Object, e.Message)
	if !ok {
		return e
	}
	line, end, ok := docs.File.Span(p)
	if !ok {
		return e
	}
	e.Pane, e.Line, e.Path = engine.PaneFile, line, p
	e.Fields = []api.Field{{Path: p, Where: &api.Where{File: &api.Span{Line: line, EndLine: end}}}}
	return e
}

// locator finds a field's lines in the file, the live object and the
// server-side result. Its finders locate the many fields of a request in
// time linear in the objects (serverside.Finder).
type locator struct {
	result                      map[string]any
	fileIdx, liveIdx, resultIdx *document.Index
	inFile, inLive, inResult    *serverside.Finder
}

func (l locator) where(p fieldpath.Path, withResult bool) *api.Where {
	w := &api.Where{File: spanIn(l.inFile, l.fileIdx, p), Live: spanIn(l.inLive, l.liveIdx, p)}
	if withResult {
		w.Result = spanIn(l.inResult, l.resultIdx, p)
	}
	return w
}

func spanIn(in *serverside.Finder, idx *document.Index, p fieldpath.Path) *api.Span {
	if in.Object() == nil || idx == nil || p == nil {
		return nil
	}
	dp, ok := in.DocumentPath(p)
	if !ok {
		return nil
	}
	line, end, ok := idx.Span(dp)
	if !ok {
		return nil
	}
	return &api.Span{Line: line, EndLine: end}
}

// owned groups the owners by field (in the server's field order) and
// locates each field in the result.
func owned(owners []engine.Owner, paths map[string]fieldpath.Path, texts locator) []api.OwnedField {
	out := []api.OwnedField{}
	for _, o := range owners {
		ref := api.ManagerRef{Manager: o.Manager, Operation: o.Operation}
		if n := len(out); n > 0 && out[n-1].Field == o.Field {
			out[n-1].Owners = append(out[n-1].Owners, ref)
			continue
		}
		span := spanIn(texts.inResult, texts.resultIdx, paths[o.Field])
		if span == nil {
			continue // metadata.managedFields names fields no longer there only when the server left them
		}
		out = append(out, api.OwnedField{Field: o.Field, Line: span.Line, EndLine: span.EndLine, Owners: []api.ManagerRef{ref}})
	}
	return out
}

func encodeValue(v any) (string, error) {
	b, err := jsonvalue.Encode(v)
	return string(b), err
}

func decodeObject(b []byte) (map[string]any, error) { return jsonvalue.DecodeObject(b) }
