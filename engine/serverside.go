package engine

import (
	"bytes"
	"errors"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/serverside"
)

// ApplyServerSidePanes is `kubectl apply --server-side` on panes already
// read (the last-applied pane is unused): engine/serverside's outcome
// shaped as a Result. fieldManager "" means "kubectl".
func ApplyServerSidePanes(p Panes, fieldManager string, forceConflicts bool) (*Result, error) {
	file := p.File.Object
	var live map[string]any
	if p.Live != nil {
		live = p.Live.Object
	}
	var warnings []Warning
	kind, _ := file["kind"].(string)
	if ns, ok := contextNamespace(kind, file, live); ok {
		file = withNamespace(file, ns)
	}
	out, err := serverside.Apply(serverside.Request{File: file, Live: live, Manager: fieldManager, Force: forceConflicts})
	if err != nil {
		var se *serverside.ServerError
		if errors.As(err, &se) {
			return nil, &ApplyError{Message: se.Message}
		}
		return nil, &ApplyError{Message: err.Error()}
	}
	res := &Result{Action: out.Action, PatchType: PatchApply, Patch: bytes.TrimSuffix(out.Patch, []byte("\n")), Owners: out.Owners, LastAppliedSource: "none"}
	if out.Conflict != nil {
		res.Conflicts = out.Conflict.Conflicts
		warnings = append(warnings, Warning{Code: "apply-conflict", Message: "error: " + out.Conflict.KubectlMessage()})
	}
	for _, w := range out.Warnings {
		warnings = append(warnings, Warning{Code: "ssa-migration", Message: w})
	}
	if out.Object != nil {
		if res.Object, err = jsonvalue.Encode(out.Object); err != nil {
			return nil, &ApplyError{Message: err.Error()}
		}
		res.ObjectValue, res.Canonical = out.Object, true
		res.PatchValue, _ = jsonvalue.DecodeObject(out.Patch)
		if md, ok := out.Object["metadata"].(map[string]any); ok {
			if a, ok := md["annotations"].(map[string]any); ok {
				if v, ok := a[LastAppliedAnnotation].(string); ok {
					res.LastApplied, res.LastAppliedSource = v, "annotation"
				}
			}
		}
	}
	if res.Warnings = warnings; res.Warnings == nil {
		res.Warnings = []Warning{}
	}
	res.Steps = []Step{}
	return res, nil
}
