package engine

import (
	"errors"
	"fmt"

	"github.com/applylens/applylens/engine/document"
	"github.com/applylens/applylens/engine/explain"
	"github.com/applylens/applylens/engine/fieldpath"
	"github.com/applylens/applylens/engine/identity"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/kube"
	"github.com/applylens/applylens/engine/mergepatch"
	"github.com/applylens/applylens/engine/schema"
	"github.com/applylens/applylens/engine/strategic"
	"github.com/applylens/applylens/engine/typeerr"
)

// LastAppliedAnnotation is where kubectl keeps the last-applied configuration.
const LastAppliedAnnotation = kube.LastAppliedAnnotation

// Apply computes what `kubectl apply` (client-side, as with --dry-run=client)
// does with the inputs, and explains it: Engine.Apply of the zero Engine,
// which has no server-side apply.
func Apply(in Input) (*Result, error) { return Engine{}.Apply(in) }

// Apply computes what `kubectl apply` does with the inputs (with
// --server-side when in.ServerSide), and explains it.
func (e Engine) Apply(in Input) (*Result, error) {
	if in.ServerSide {
		in.LastApplied = "" // unused: its errors must not stop the apply
	}
	p, err := Parse(in)
	if err != nil {
		return nil, err
	}
	return e.ApplyPanesIn(p, in)
}

// ApplyPanes is Apply on panes already read; overwrite nil means true.
func ApplyPanes(p Panes, overwriteFlag *bool) (*Result, error) {
	return ApplyPanesIn(p, Input{Overwrite: overwriteFlag})
}

// ApplyPanesIn is Apply on panes already read, with the flags of in (its
// texts are unused): Engine.ApplyPanesIn of the zero Engine.
func ApplyPanesIn(p Panes, in Input) (*Result, error) { return Engine{}.ApplyPanesIn(p, in) }

// ApplyPanesIn is Engine.Apply on panes already read, with the flags of in
// (its texts are unused).
func (e Engine) ApplyPanesIn(p Panes, in Input) (*Result, error) {
	if in.ServerSide {
		return e.applyServerSide(p, in)
	}
	sc, err := scopeFile(p, in)
	if err != nil {
		return nil, err
	}
	away := elsewhere(p, sc, in, "created")
	if away != nil {
		// kubectl fetches the object by the file's namespace and name:
		// not the pasted one, so it finds none and creates it.
		p.Live, p.LastApplied = nil, nil
	}
	res, err := applyScoped(p, sc, in.Overwrite)
	err = explainTypeError(err)
	if res != nil {
		res.Namespace = sc.namespace
		res.Elsewhere = away
		if away != nil {
			for i := range res.Steps {
				if res.Steps[i].Rule == kube.RuleCreate {
					sought, live, there := away.Lookup()
					res.Steps[i].Why = sought + " (" + live + ", another object it leaves untouched), so kubectl creates it" + there + " from the file with the last-applied annotation added; there is nothing to delete and no patch to compute."
				}
			}
		}
	}
	return res, err
}

// explainTypeError gives an ApplyError about a value of the wrong type,
// whose text (kubectl's or the API server's) is in Go's syntax, its plain
// words (typeerr); other errors are returned as they are.
func explainTypeError(err error) error {
	var ae *ApplyError
	if !errors.As(err, &ae) || ae.Explanation != "" {
		return err
	}
	if why := typeerr.Explain(ae.Message); why != "" {
		out := *ae
		out.Explanation = why
		return &out
	}
	return err
}

// elsewhere is the outcome of a file that addresses another object than
// the live one, in another namespace or by another name (nil when it
// addresses the live object, or differs in apiVersion or kind): kubectl
// looks the object up where and by the name the file says, so the pasted
// live object stays untouched. operation is what kubectl prints.
func elsewhere(p Panes, sc scoped, in Input, operation string) *Elsewhere {
	if p.Live == nil {
		return nil
	}
	liveNS, _ := nested(p.Live.Object, "metadata", "namespace")
	lns, _ := liveNS.(string)
	own, _ := nested(p.File.Object, "metadata", "namespace")
	ownNS, _ := own.(string)
	fromFlag := in.Namespace != "" && ownNS == ""
	return identity.OtherObject(identity.Of(sc.file), identity.Of(p.Live.Object), sc.namespace, lns, fromFlag, operation)
}

func applyScoped(p Panes, sc scoped, overwriteFlag *bool) (*Result, error) {
	file := sc.file
	var live map[string]any
	if p.Live != nil {
		live = p.Live.Object
	}
	overwrite := overwriteFlag == nil || *overwriteFlag

	warnings := sc.warnings
	apiVersion, _ := file["apiVersion"].(string)
	kind, _ := file["kind"].(string)
	// kubectl reads annotations through Unstructured.GetAnnotations, which
	// gives up silently on a value that is not a string; the file's
	// annotations are then replaced by the last-applied one alone
	// (explain warns about it).
	fileAnnotations, _ := kube.Annotations(file)
	modified, lastApplied, err := modifiedConfiguration(file, fileAnnotations)
	if err != nil {
		return nil, &ApplyError{Message: err.Error()}
	}

	root, builtin := schema.Builtin.Root(apiVersion, kind)
	if !builtin {
		root = nil
		warnings = append(warnings, notBuiltinWarning(apiVersion, kind))
	}
	ex := explain.Inputs{File: p.File.Object, Modified: modified, Schema: root, Overwrite: overwriteFlag}

	res := &Result{LastApplied: lastApplied}
	if live == nil {
		created, err := createdObject(file, fileAnnotations, lastApplied)
		if err != nil {
			return nil, &ApplyError{Message: err.Error()}
		}
		res.Action = ActionCreate
		res.Object = created
		res.LastAppliedSource = "none"
		ex.Result, _ = jsonvalue.DecodeObject(created)
		res.ObjectValue = ex.Result
		explainInto(res, ex, warnings)
		return res, nil
	}
	warnings = append(warnings, identityWarnings(file, live)...)

	original, source, err := originalConfiguration(p.LastApplied, live)
	if err != nil {
		return nil, err
	}
	res.LastAppliedSource = source
	ex.Current = live
	if builtin {
		res.PatchType = PatchStrategic
		err = strategicPatch(res, &ex, original, modified, live, root, overwrite)
	} else {
		res.PatchType = PatchMerge
		err = mergePatch(res, &ex, original, modified, live)
	}
	if err != nil {
		if _, derr := jsonvalue.DecodeObject(original); source == "annotation" && derr != nil {
			return nil, brokenAnnotation(err, p.Live, derr)
		}
		var ae *ApplyError
		if errors.As(err, &ae) && ae.Precondition {
			ae.Explanation = identity.Explain(identity.Of(file), identity.Of(live))
		}
		return nil, err
	}
	ex.PatchType = res.PatchType
	explainInto(res, ex, warnings)
	return res, nil
}

// brokenAnnotation locates kubectl's error about a last-applied annotation
// of the live object that is not JSON ("creating patch: invalid JSON
// document", which names neither): the live pane, the annotation's line,
// and what to do.
func brokenAnnotation(err error, live *document.Document, why error) error {
	var ae *ApplyError
	if !errors.As(err, &ae) {
		return err
	}
	out := *ae
	out.Pane = PaneLive
	out.Path = fieldpath.Key("metadata.annotations", LastAppliedAnnotation)
	if live != nil {
		out.Line, _, _ = live.Span(out.Path)
	}
	out.Explanation = fmt.Sprintf("The live object's annotation %s is not a JSON object (%v), so kubectl cannot compute the patch from it. Correct the annotation, or remove it: kubectl then applies as if nothing had been applied before.", LastAppliedAnnotation, why)
	return &out
}

// strategicPatch computes and applies the strategic merge patch as kubectl
// and the API server do. Those work on freshly decoded documents and modify
// them; deep copies stand in for the decoding, so the documents the
// explanation reads stay as the user wrote them.
func strategicPatch(res *Result, ex *explain.Inputs, original []byte, modified, live map[string]any, root schema.Node, overwrite bool) error {
	originalMap := map[string]any{}
	if len(original) > 0 {
		var err error
		if originalMap, err = jsonvalue.DecodeObject(original); err != nil {
			return patchError(strategic.ErrBadJSONDoc)
		}
		ex.Original = jsonvalue.CopyObject(originalMap)
	}
	patch, err := strategic.ThreeWay(originalMap, jsonvalue.CopyObject(modified), jsonvalue.CopyObject(live), root, overwrite)
	if err != nil {
		return patchError(err)
	}
	if res.Patch, err = jsonvalue.Encode(patch); err != nil {
		return &ApplyError{Message: err.Error()}
	}
	ex.Patch, ex.PatchJSON = patch, res.Patch
	if len(patch) == 0 {
		res.Action = ActionUnchanged
		ex.Result = live
	} else {
		res.Action = ActionConfigure
		object, err := strategic.Apply(jsonvalue.CopyObject(live), jsonvalue.CopyObject(patch), root)
		if err != nil {
			return &ApplyError{Message: "applying patch locally: " + err.Error()}
		}
		ex.Result = object
	}
	if res.Object, err = jsonvalue.Encode(ex.Result); err != nil {
		return &ApplyError{Message: err.Error()}
	}
	res.PatchValue, res.ObjectValue, res.Canonical = patch, ex.Result, true
	return nil
}

// mergePatch computes and applies the JSON merge patch kubectl uses for
// custom resources, with kubectl's preconditions.
func mergePatch(res *Result, ex *explain.Inputs, original []byte, modified, live map[string]any) error {
	modifiedJSON, err := encodeLine(modified)
	if err != nil {
		return &ApplyError{Message: err.Error()}
	}
	current, err := jsonvalue.Encode(live)
	if err != nil {
		return &ApplyError{Message: err.Error()}
	}
	patch, err := mergepatch.CreateThreeWay(original, modifiedJSON, current, mergepatch.KubectlPreconditions()...)
	if err != nil {
		return patchError(err)
	}
	res.Patch = patch
	if len(original) > 0 {
		ex.Original, _ = jsonvalue.DecodeObject(original)
	}
	ex.Patch, _ = jsonvalue.DecodeObject(patch)
	res.PatchValue = ex.Patch
	if string(patch) == "{}" {
		res.Action = ActionUnchanged
		res.Object = current
		ex.Result = live
		res.ObjectValue = live
		return nil
	}
	res.Action = ActionConfigure
	if res.Object, err = mergepatch.Apply(current, patch); err != nil {
		return &ApplyError{Message: "applying patch locally: " + err.Error()}
	}
	ex.Result, _ = jsonvalue.DecodeObject(res.Object)
	res.ObjectValue = ex.Result
	return nil
}

// explainInto fills Steps and Warnings.
func explainInto(res *Result, in explain.Inputs, warnings []Warning) {
	res.Steps = explain.Steps(in)
	// The engine's own warnings say more about these (a suggested kind,
	// the annotation source); explain's cover everything else.
	mine := map[string]bool{}
	for _, w := range warnings {
		mine[w.Code] = true
	}
	for _, w := range explain.Warnings(in) {
		if !mine[w.Code] {
			warnings = append(warnings, w)
		}
	}
	res.Warnings = warnings
}

// patchError turns an error computing the patch into what kubectl reports.
func patchError(err error) error {
	var pe *strategic.PathError
	path := ""
	if errors.As(err, &pe) {
		path = pe.Path
	}
	var conflict *strategic.ErrConflict
	switch {
	case errors.As(err, &conflict):
		return &ApplyError{Path: path, Message: "--overwrite=false: " + err.Error(), Paths: conflictPaths(conflict.Fields)}
	case mergepatch.IsPreconditionFailed(err):
		// kubectl means to say "At least one of apiVersion, kind and name
		// was changed", but apimachinery's error is not the type it checks
		// for, so users get the raw text; applyScoped explains it.
		return &ApplyError{Message: "creating patch: " + err.Error(), Precondition: true}
	}
	return &ApplyError{Path: path, Message: "creating patch: " + err.Error()}
}

// modifiedConfiguration mirrors kubectl's util.GetModifiedConfiguration with
// annotate=true: the file without its last-applied annotation, encoded, is
// the new annotation; the file with that annotation is modified. The result
// shares all but its metadata with file.
func modifiedConfiguration(file map[string]any, annotations map[string]string) (map[string]any, string, error) {
	obj := kube.ShallowWithMetadata(file)
	annots := copyStrings(annotations)
	delete(annots, LastAppliedAnnotation)
	kube.SetAnnotations(obj, annots)
	annotation, err := encodeLine(obj)
	if err != nil {
		return nil, "", err
	}
	annots[LastAppliedAnnotation] = string(annotation)
	kube.SetAnnotations(obj, annots)
	return obj, string(annotation), nil
}

// createdObject is the object kubectl creates: the file with the annotation
// and without nulls (kubectl prunes them so that create and patch agree).
func createdObject(file map[string]any, annotations map[string]string, lastApplied string) ([]byte, error) {
	data, err := jsonvalue.Encode(file)
	if err != nil {
		return nil, err
	}
	obj, err := jsonvalue.DecodeObject(data) // a deep copy to prune
	if err != nil {
		return nil, err
	}
	annots := copyStrings(annotations)
	annots[LastAppliedAnnotation] = lastApplied
	kube.SetAnnotations(obj, annots)
	jsonvalue.PruneNulls(obj)
	return jsonvalue.Encode(obj)
}

// originalConfiguration returns the original (last-applied) configuration as
// JSON bytes and where it came from.
func originalConfiguration(pane *document.Document, live map[string]any) ([]byte, string, error) {
	if pane != nil {
		data, err := jsonvalue.Encode(pane.Object)
		if err != nil {
			return nil, "", &InputError{Pane: PaneLastApplied, Message: err.Error()}
		}
		return data, "input", nil
	}
	if text, ok := kube.LastApplied(live); ok {
		return []byte(text), "annotation", nil
	}
	return nil, "none", nil
}

func copyStrings(m map[string]string) map[string]string {
	out := make(map[string]string, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}

// encodeLine encodes as runtime.Encode with the unstructured JSON scheme:
// encoding/json plus a trailing newline.
func encodeLine(v any) ([]byte, error) {
	data, err := jsonvalue.Encode(v)
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

func notBuiltinWarning(apiVersion, kind string) Warning {
	msg := fmt.Sprintf("%s %s is not a kind kubectl knows (it is not in kubectl's scheme), so it is treated as a custom resource: kubectl sends a JSON merge patch, which replaces lists whole.", apiVersion, kind)
	var names []string
	for _, k := range schema.Builtin.Suggest(apiVersion, kind) {
		names = append(names, k.APIVersion+" "+k.Kind)
	}
	if len(names) > 0 {
		msg += " Did you mean " + joinOr(names) + "?"
	}
	return Warning{Code: "not-built-in", Path: "kind", Message: msg}
}

func joinOr(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	out := ""
	for i, v := range s {
		switch {
		case i == 0:
		case i == len(s)-1:
			out += " or "
		default:
			out += ", "
		}
		out += v
	}
	return out
}

// identityWarnings flags a live object that is not the one kubectl would
// fetch for the file.
func identityWarnings(file, live map[string]any) []Warning {
	var w []Warning
	for _, f := range []string{"apiVersion", "kind"} {
		if fmt.Sprint(file[f]) != fmt.Sprint(live[f]) {
			w = append(w, Warning{Code: "identity-mismatch", Path: f, Message: fmt.Sprintf("The live object's %s (%v) differs from the file's (%v): kubectl fetches the live object by the file's kind and name, so this live object is not the one it would compare against.", f, live[f], file[f])})
		}
	}
	fn, _ := nested(file, "metadata", "name")
	ln, _ := nested(live, "metadata", "name")
	if fmt.Sprint(fn) != fmt.Sprint(ln) {
		w = append(w, Warning{Code: "identity-mismatch", Path: "metadata.name", Message: fmt.Sprintf("The live object's name (%v) differs from the file's (%v): kubectl would look up %v instead.", ln, fn, fn)})
	}
	return w
}

func nested(obj map[string]any, fields ...string) (any, bool) {
	var cur any = obj
	for _, f := range fields {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = m[f]; !ok {
			return nil, false
		}
	}
	return cur, true
}
