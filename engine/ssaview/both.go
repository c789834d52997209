package ssaview

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/api"
	"github.com/applylens/applylens/engine/document"
	enginepath "github.com/applylens/applylens/engine/fieldpath"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/kube"
)

// both adds the client-side apply of the same panes to out, and where its
// result differs from the server-side one (server).
func both(out *api.ServerSide, in engine.Input, docs engine.Panes, server *engine.Result, texts locator) {
	in.ServerSide = false
	res, err := engine.ApplyPanesIn(docs, in)
	if err != nil {
		out.ClientError = api.ErrorOf(err)
		return
	}
	client, err := api.RenderApply(in, docs, res)
	if err != nil {
		out.ClientError = &api.Error{Kind: api.KindInternal, Message: err.Error()}
		return
	}
	out.Client = client
	clientObj, _ := res.ObjectValue.(map[string]any)
	if clientObj == nil {
		if v, err := decodeObject(res.Object); err == nil {
			clientObj = v
		}
	}
	var clientIdx *document.Index
	if clientObj != nil {
		_, clientIdx, _ = document.RenderIndexed(clientObj)
	}
	serverObj := texts.result
	var diffs []string
	differ("", withoutManagedFields(clientObj), withoutManagedFields(serverObj), &diffs)
	out.Differences = []api.Difference{}
	for _, p := range diffs {
		cv, cok := lookupPath(clientObj, p)
		sv, sok := lookupPath(serverObj, p)
		d := api.Difference{Path: p, Client: jsonvalue.EncodeFound(cv, cok), Server: jsonvalue.EncodeFound(sv, sok)}
		if l, _, ok := clientIdx.Span(p); ok && cok {
			d.ClientLine = l
		}
		if l, _, ok := texts.resultIdx.Span(p); ok && sok {
			d.ServerLine = l
		}
		d.ClientWhy = explainClient(p, res.Steps, res.Warnings)
		d.ServerWhy = explainServer(p, server, sok)
		d.OnlyClient, d.OnlyServer = onlyIn(cv, sv)
		d.Bookkeeping = lastAppliedOnly(p, cv, cok, sv, sok)
		out.Differences = append(out.Differences, d)
	}
	// What answers the learner's question (the object's own fields) first,
	// kubectl's bookkeeping after it; otherwise in the object's key order.
	sort.SliceStable(out.Differences, func(i, j int) bool {
		return !out.Differences[i].Bookkeeping && out.Differences[j].Bookkeeping
	})
}

// annotationsPath and lastAppliedPath are where kubectl keeps its
// last-applied configuration, in the differences' path syntax.
var (
	annotationsPath = enginepath.Key(enginepath.Key("", "metadata"), "annotations")
	lastAppliedPath = enginepath.Key(annotationsPath, engine.LastAppliedAnnotation)
)

// lastAppliedOnly reports whether the difference at p is the last-applied
// annotation alone: its own path, or the annotations map when the two
// sides are the same once that key is set aside (one apply has no
// annotations at all).
func lastAppliedOnly(p string, cv any, cok bool, sv any, sok bool) bool {
	if p == lastAppliedPath {
		return true
	}
	if p != annotationsPath {
		return false
	}
	rest := func(v any, ok bool) map[string]any {
		out := map[string]any{}
		if m, isMap := v.(map[string]any); ok && isMap {
			for k, x := range m {
				if k != engine.LastAppliedAnnotation {
					out[k] = x
				}
			}
		}
		return out
	}
	return same(rest(cv, cok), rest(sv, sok))
}

// onlyIn is, when a and b are both lists, the elements of each that the
// other lacks (compared whole, each match used once, in list order).
func onlyIn(a, b any) (onlyA, onlyB []json.RawMessage) {
	x, okA := a.([]any)
	y, okB := b.([]any)
	if !okA || !okB {
		return nil, nil
	}
	encode := func(l []any) []string {
		out := make([]string, len(l))
		for i, v := range l {
			out[i], _ = encodeValue(v)
		}
		return out
	}
	ex, ey := encode(x), encode(y)
	missing := func(from, other []string) []json.RawMessage {
		left := map[string]int{}
		for _, e := range other {
			left[e]++
		}
		var out []json.RawMessage
		for _, e := range from {
			if left[e] > 0 {
				left[e]--
				continue
			}
			out = append(out, json.RawMessage(e))
		}
		return out
	}
	return missing(ex, ey), missing(ey, ex)
}

func withoutManagedFields(obj map[string]any) map[string]any {
	md, ok := obj["metadata"].(map[string]any)
	if !ok {
		return obj
	}
	if _, has := md["managedFields"]; !has {
		return obj
	}
	out := make(map[string]any, len(obj))
	for k, v := range obj {
		out[k] = v
	}
	m := make(map[string]any, len(md))
	for k, v := range md {
		if k != "managedFields" {
			m[k] = v
		}
	}
	out["metadata"] = m
	return out
}

// differ lists the paths where a and b differ: maps key by key, lists of
// the same length element by element, other values (and lists of another
// length) as a whole. Keys in sorted order.
func differ(path string, a, b any, out *[]string) {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			break
		}
		for _, k := range jsonvalue.Keys(x, y) {
			xv, xok := x[k]
			yv, yok := y[k]
			p := enginepath.Key(path, k)
			if xok != yok {
				*out = append(*out, p)
				continue
			}
			differ(p, xv, yv, out)
		}
		return
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			break
		}
		for i := range x {
			differ(enginepath.Index(path, i), x[i], y[i], out)
		}
		return
	default:
		if same(a, b) {
			return
		}
	}
	if !same(a, b) {
		*out = append(*out, path)
	}
}

func same(a, b any) bool {
	x, err1 := encodeValue(a)
	y, err2 := encodeValue(b)
	return err1 == nil && err2 == nil && x == y
}

// lookupPath is the value at a path of the steps' syntax.
func lookupPath(obj map[string]any, p string) (any, bool) {
	if obj == nil {
		return nil, false
	}
	return enginepath.LookupPath(obj, p)
}

// keysOnly is a path without its list selectors, to compare paths of both
// applies (the client-side steps select elements by merge key, the
// differences by index, the server-side fields by their keys).
func keysOnly(p string) string {
	if segs, err := enginepath.Parse(strings.TrimPrefix(p, ".")); err == nil {
		keys := make([]string, 0, len(segs))
		element := false
		for _, s := range segs {
			element = s.Kind != enginepath.SegKey
			if !element {
				keys = append(keys, s.Key)
			}
		}
		out := strings.Join(keys, ".")
		if element {
			out += ".[]" // an element: below its list
		}
		return out
	}
	var b strings.Builder
	depth := 0
	inQuote := false
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case inQuote:
			if c == '\\' {
				i++
			} else if c == '"' {
				inQuote = false
			}
			if depth == 0 {
				b.WriteByte(c)
			}
		case c == '"':
			inQuote = true
			if depth == 0 {
				b.WriteByte(c)
			}
		case c == '[':
			depth++
		case c == ']':
			depth--
		case depth == 0:
			b.WriteByte(c)
		}
	}
	out := strings.TrimPrefix(b.String(), ".")
	if strings.HasSuffix(p, "]") {
		out += ".[]" // an element: below its list
	}
	return out
}

// closest picks, among candidate paths (already keysOnly), the one that
// decided p: the longest one that is p or above it, else the first one
// below it that preferred accepts, else the first one below it. -1 when
// none is related.
func closest(p string, candidates []string, preferred func(int) bool) int {
	want := keysOnly(p)
	best, bestLen := -1, -1
	for i, c := range candidates {
		if c == want || strings.HasPrefix(want, c+".") {
			if len(c) > bestLen {
				best, bestLen = i, len(c)
			}
		}
	}
	if best >= 0 {
		return best
	}
	first := -1
	for i, c := range candidates {
		if strings.HasPrefix(c, want+".") {
			if preferred(i) {
				return i
			}
			if first < 0 {
				first = i
			}
		}
	}
	if first < 0 {
		// A step about the whole object (the patch) covers every field.
		for i, c := range candidates {
			if c == "" {
				return i
			}
		}
	}
	return first
}

// explainClient is the client-side step that decided p, after the
// warning about p's list (elements sharing a merge key) if there is one.
func explainClient(p string, steps []engine.Step, warnings []engine.Warning) string {
	var warned []string
	var about []engine.Warning
	for _, w := range warnings {
		if w.Path != "" {
			warned, about = append(warned, keysOnly(w.Path)), append(about, w)
		}
	}
	if i := closest(p, warned, func(int) bool { return true }); i >= 0 {
		return "Client-side (warning " + about[i].Code + "): " + about[i].Message + " " + explainClient(p, steps, nil)
	}
	var paths []string
	var usable []engine.Step
	for _, s := range steps {
		if s.Phase != kube.PhaseServer {
			paths = append(paths, keysOnly(s.Path))
			usable = append(usable, s)
		}
	}
	if i := closest(p, paths, func(int) bool { return true }); i >= 0 {
		return "Client-side (" + usable[i].Rule + ", " + usable[i].Action + "): " + usable[i].Why
	}
	return "Client-side: no step changes this field; it is the live object's, left as it was."
}

// explainServer is the server-side step that decided p.
func explainServer(p string, res *engine.Result, present bool) string {
	if strings.HasPrefix(keysOnly(p), "metadata.annotations") {
		if present {
			return "Server-side: the API server rewrites the last-applied annotation of an object that has one from the configuration the manager \"kubectl\" applies (its last-applied updater), encoded its own way, not byte for byte as client-side apply writes it."
		}
		return "Server-side: kubectl apply --server-side does not write the last-applied annotation (with the manager \"kubectl\" it only keeps one the object already has in step with the file)."
	}
	var paths []string
	for _, s := range res.Steps {
		paths = append(paths, keysOnly(s.Path))
	}
	// Below a list that differs, the element the server-side apply added
	// or removed says more than one it keeps or shares.
	changed := func(i int) bool {
		s := res.Steps[i]
		return s.Action != "shared" && s.Action != "kept" && (s.Old == nil || s.New == nil)
	}
	if i := closest(p, paths, changed); i >= 0 {
		s := res.Steps[i]
		return "Server-side (" + s.Action + " " + s.Path + "): " + s.Why
	}
	return "Server-side: no manager's field set covers this field; the server merged the file into the live object by the kind's schema and left it as it was."
}
