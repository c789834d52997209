package serverside

import (
	"bytes"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/jsonvalue"
)

func init() { engine.RegisterServerSide(ApplyResult) }

// ApplyResult is Apply shaped as an engine.Result: engine.Apply calls it
// for an Input with ServerSide once this package is linked. A CRD whose
// schema the server would not admit is an *engine.CRDSchemaError.
func ApplyResult(file, live map[string]any, fieldManager string, forceConflicts bool, crds []map[string]any) (*engine.Result, error) {
	req := Request{File: file, Live: live, Manager: fieldManager, Force: forceConflicts, CustomResourceDefinitions: crds}
	out, err := Apply(req)
	if err != nil {
		if ce, ok := err.(*CRDError); ok {
			return nil, &engine.CRDSchemaError{Index: ce.Index, Path: ce.Path, Message: ce.Error()}
		}
		return nil, &engine.ApplyError{Message: err.Error()}
	}
	res, err := out.Result()
	if err != nil {
		return nil, err
	}
	res.Steps = trace(req, out)
	return res, nil
}

// Steps explains, field by field, what the apply of req (whose outcome
// this is) did to the field manager's fields: Result.Steps.
func (out *Outcome) Steps(req Request) []engine.Step { return trace(req, out) }

// Result is the outcome shaped as an engine.Result: the patch kubectl
// sends, the object, the owners and conflicts, kubectl's warnings.
func (out *Outcome) Result() (*engine.Result, error) {
	var err error
	var warnings []engine.Warning
	res := &engine.Result{Action: out.Action, PatchType: engine.PatchApply, Patch: bytes.TrimSuffix(out.Patch, []byte("\n")), LastAppliedSource: "none"}
	switch {
	case out.Builtin:
		res.Schema = engine.SchemaBuiltin
	case out.CustomResourceDefinition != "":
		res.Schema, res.CustomResourceDefinition = engine.SchemaCustomResource, out.CustomResourceDefinition
	default:
		res.Schema = engine.SchemaNone
	}
	res.Owners = out.Owners
	if out.Conflict != nil {
		res.Conflicts = out.Conflict.Conflicts
		warnings = append(warnings, engine.Warning{Code: "apply-conflict", Message: "error: " + out.Conflict.KubectlMessage()})
	}
	for _, w := range out.Warnings {
		warnings = append(warnings, engine.Warning{Code: "ssa-migration", Message: w})
	}
	if out.Object != nil {
		if res.Object, err = jsonvalue.Encode(out.Object); err != nil {
			return nil, &engine.ApplyError{Message: err.Error()}
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
		res.Warnings = []engine.Warning{}
	}
	// The steps need the request (ApplyResult adds them).
	res.Steps = []engine.Step{}
	return res, nil
}
