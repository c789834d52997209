package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/document"
	"github.com/applylens/applylens/engine/fieldpath"
	"github.com/applylens/applylens/engine/jsonvalue"
)

// build renders the engine's result for the page: YAML and JSON texts,
// the equivalent kubectl patch command and the patch's directives; and
// returns the indexes that locate a step's field in each text. The live
// object's rendering is memoized in liveRenderings.
func build(liveRenderings *liveRendering, in engine.Input, docs engine.Panes, res *engine.Result) (*Result, indexes, error) {
	out := &Result{
		Action:            res.Action,
		PatchType:         res.PatchType,
		LastApplied:       res.LastApplied,
		LastAppliedSource: res.LastAppliedSource,
		Steps:             res.Steps,
		Warnings:          []engine.Warning{},
		Directives:        []Directive{},
		Elsewhere:         res.Elsewhere,
	}
	file, live := docs.File, docs.Live
	if res.Elsewhere != nil {
		// kubectl applied to another object than the pasted one: there is
		// no live object to diff with. The last-applied pane, when it
		// follows the live object's annotation, still shows it.
		live = nil
		if docs.Live != nil {
			r, err := liveRenderings.of(docs.Live)
			if err != nil {
				return nil, indexes{}, err
			}
			out.DerivedLastAppliedYAML = r.derivedYAML
		}
	}

	// The result and the patch are decoded once, then written as YAML
	// with their positions (no second parse). The errors come in the
	// order they always have.
	var resultIdx *document.Index
	var objectErr, err error
	if out.ObjectYAML, resultIdx, _, objectErr, err = yamlOf(res.Object, res.ObjectValue, res.Canonical); err != nil {
		return nil, indexes{}, fmt.Errorf("rendering the result: %w", err)
	}
	var derivedIdx *document.Index
	if live != nil {
		r, err := liveRenderings.of(live)
		if err != nil {
			return nil, indexes{}, err
		}
		out.LiveYAML, out.DerivedLastAppliedYAML, derivedIdx = r.liveYAML, r.derivedYAML, r.derivedIdx
	}
	var patch any
	var patchIdx *document.Index
	if len(res.Patch) > 0 {
		var b bytes.Buffer
		if err := json.Indent(&b, res.Patch, "", "  "); err != nil {
			return nil, indexes{}, fmt.Errorf("indenting the patch: %w", err)
		}
		out.PatchJSON = b.String()
		var patchErr error
		if out.PatchYAML, patchIdx, patch, patchErr, err = yamlOf(res.Patch, res.PatchValue, res.Canonical); err != nil {
			return nil, indexes{}, fmt.Errorf("rendering the patch: %w", err)
		}
		if patchErr != nil {
			return nil, indexes{}, fmt.Errorf("reading the patch: %w", patchErr)
		}
	}

	out.PatchTypeWhy = patchTypeWhy(res, file)
	if res.Action == engine.ActionConfigure && file != nil {
		// The namespace kubectl applied in (the file's, -n's or the
		// context's); none for a cluster-scoped object.
		out.KubectlPatch = kubectlPatch(file.Kind, file.Name, res.Namespace, res.PatchType, res.Patch)
	}

	if objectErr != nil {
		return nil, indexes{}, fmt.Errorf("reading the result: %w", objectErr)
	}
	idx := indexes{result: resultIdx, patch: patchIdx}
	if file != nil {
		idx.file = file.Index()
	}
	if live != nil {
		idx.live = live.Index()
	}
	switch res.LastAppliedSource {
	case "input":
		if la := docs.LastApplied; la != nil {
			idx.lastApplied = la.Index()
			out.Warnings = append(out.Warnings, documentWarnings(la)...)
		}
	case "annotation":
		// The page shows the derived YAML in the last-applied pane.
		idx.lastApplied = derivedIdx
	}
	if out.Steps == nil {
		out.Steps = []engine.Step{}
	}
	out.Warnings = append(out.Warnings, res.Warnings...)
	if file != nil {
		out.Warnings = append(out.Warnings, documentWarnings(file)...)
	}
	if live != nil {
		out.Warnings = append(out.Warnings, documentWarnings(live)...)
	}
	if patch != nil {
		out.Directives = directives(patch, idx.patch)
	}
	return out, idx, nil
}

// yamlOf writes JSON j, whose value is v when known, as YAML with
// positions. When v is not known, j is decoded; if that fails (readErr),
// the YAML is kubectl's rendering of j, without positions. canonical says
// that j is exactly jsonvalue.Encode(v), which spares checking its
// spelling.
func yamlOf(j []byte, v any, canonical bool) (text string, idx *document.Index, value any, readErr, err error) {
	if v == nil {
		v, readErr = jsonvalue.Decode(j)
	}
	switch {
	case canonical:
		text, idx, err = document.RenderIndexed(v)
	case readErr == nil:
		text, idx, err = document.RenderJSONIndexed(j, v)
	default:
		text, err = document.RenderJSONAsYAML(j)
	}
	return text, idx, v, readErr, err
}

// liveRendering is what the page shows of a live object: its YAML, and its
// annotation as YAML with positions. Kept for the last live document, which
// stays the same while the user edits another pane.
type liveRendering struct {
	doc         *document.Document
	liveYAML    string
	derivedYAML string
	derivedIdx  *document.Index
}

func (r *liveRendering) of(live *document.Document) (*liveRendering, error) {
	if r.doc == live {
		return r, nil
	}
	liveYAML, err := document.RenderYAML(live.Object)
	if err != nil {
		return nil, fmt.Errorf("rendering the live object: %w", err)
	}
	derivedYAML, derivedIdx := derivedLastApplied(live.Object)
	*r = liveRendering{doc: live, liveYAML: liveYAML, derivedYAML: derivedYAML, derivedIdx: derivedIdx}
	return r, nil
}

type indexes struct {
	lastApplied, file, live, result, patch *document.Index
}

func (x indexes) where(path string) *Where {
	segs, err := fieldpath.Parse(path)
	if err != nil {
		return &Where{}
	}
	return &Where{
		LastApplied: spanOf(x.lastApplied, segs),
		File:        spanOf(x.file, segs),
		Live:        spanOf(x.live, segs),
		Result:      spanOf(x.result, segs),
		Patch:       spanOf(x.patch, segs),
	}
}

func spanOf(ix *document.Index, segs []fieldpath.Segment) *Span {
	l, e, ok := ix.SpanSegments(segs)
	if !ok {
		return nil
	}
	return &Span{Line: l, EndLine: e}
}

// derivedLastApplied renders the live object's last-applied annotation
// as YAML, with its index; "" and nil when there is none or it is not
// JSON.
func derivedLastApplied(live map[string]any) (string, *document.Index) {
	md, _ := live["metadata"].(map[string]any)
	annots, _ := md["annotations"].(map[string]any)
	text, ok := annots[engine.LastAppliedAnnotation].(string)
	if !ok {
		return "", nil
	}
	v, err := jsonvalue.Decode([]byte(text))
	if err != nil {
		return "", nil
	}
	y, ix, err := document.RenderIndexed(v)
	if err != nil {
		return "", nil
	}
	return y, ix
}

func namespaceOf(obj map[string]any) (string, bool) {
	md, _ := obj["metadata"].(map[string]any)
	ns, ok := md["namespace"].(string)
	return ns, ok
}

func documentWarnings(d *document.Document) []engine.Warning {
	var out []engine.Warning
	for _, w := range d.Warnings {
		out = append(out, engine.Warning{
			Code:    w.Code,
			Path:    w.Path,
			Message: fmt.Sprintf("%s, line %d: %s", paneName(w.Pane), w.Line, w.Message),
		})
	}
	return out
}

func paneName(pane string) string {
	switch pane {
	case engine.PaneLastApplied:
		return "Last-applied configuration"
	case engine.PaneFile:
		return "Configuration file"
	case engine.PaneLive:
		return "Live object"
	}
	return pane
}

// patchTypeWhy says why kubectl chose the patch type, or why it sent
// none.
func patchTypeWhy(res *engine.Result, file *document.Document) string {
	what := "This kind"
	if file != nil && file.Kind != "" {
		what = file.Kind
		if file.APIVersion != "" {
			what += " (" + file.APIVersion + ")"
		}
	}
	var s string
	switch {
	case res.Action == engine.ActionCreate && res.Elsewhere != nil:
		sought, live, there := res.Elsewhere.Lookup()
		return sought + " (" + live + "), so kubectl creates the object" + there + " from the file, adding the last-applied-configuration annotation. No patch is computed."
	case res.Action == engine.ActionCreate:
		return "The live object does not exist yet, so kubectl creates the object from the file, adding the last-applied-configuration annotation. No patch is computed."
	case res.PatchType == engine.PatchStrategic:
		s = what + " is built into kubectl (registered in its scheme), so kubectl sends a strategic merge patch: the patchStrategy and patchMergeKey of each field in the Kubernetes API types decide whether a list is merged element by element or replaced."
	case res.PatchType == engine.PatchMerge:
		s = what + " is not in kubectl's scheme (a custom resource, or a kind kubectl does not know), so kubectl sends a JSON merge patch (RFC 7386): maps are merged, null deletes a field, and lists are always replaced whole."
	}
	if res.Action == engine.ActionUnchanged {
		s += " Here the patch is empty ({}), so kubectl sends nothing and reports the object unchanged."
	}
	return s
}

// kubectlPatch writes the `kubectl patch` command that sends the same
// patch, quoted for a POSIX shell.
func kubectlPatch(kind, name, namespace, patchType string, patch []byte) string {
	var compact bytes.Buffer
	if err := json.Compact(&compact, patch); err != nil {
		return ""
	}
	args := []string{"kubectl", "patch", shellQuote(strings.ToLower(kind) + "/" + name)}
	if namespace != "" {
		args = append(args, "-n", shellQuote(namespace))
	}
	args = append(args, "--type", patchType, "-p", singleQuote(compact.String()))
	return strings.Join(args, " ")
}

// shellQuote leaves words of safe characters bare.
func shellQuote(s string) string {
	if s == "" {
		return "''"
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("._/:=@%+,-", c)) {
			return singleQuote(s)
		}
	}
	return s
}

// singleQuote quotes for a POSIX shell: inside single quotes nothing is
// special, and a single quote is written as '\”.
func singleQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
