package serverside

import (
	"bytes"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/kube"
)

// ApplyResult is Apply shaped as a kube.Result: the ServerSide of an
// engine.Engine, which the packages that serve a server-side apply wire
// (engine/ssaview for wasm/serverside). A CRD whose schema the server
// would not admit is a *kube.CRDSchemaError.
func ApplyResult(file, live map[string]any, fieldManager string, forceConflicts bool, crds []map[string]any) (*kube.Result, error) {
	req := Request{File: file, Live: live, Manager: fieldManager, Force: forceConflicts, CustomResourceDefinitions: crds}
	out, err := Apply(req)
	if err != nil {
		if ce, ok := err.(*CRDError); ok {
			return nil, &kube.CRDSchemaError{Index: ce.Index, Path: ce.Path, Message: ce.Error()}
		}
		return nil, &kube.ApplyError{Message: err.Error()}
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
func (out *Outcome) Steps(req Request) []kube.Step { return trace(req, out) }

// Result is the outcome shaped as a kube.Result: the patch kubectl
// sends, the object, the owners and conflicts, kubectl's warnings.
func (out *Outcome) Result() (*kube.Result, error) {
	var err error
	var warnings []kube.Warning
	res := &kube.Result{Action: out.Action, PatchType: kube.PatchApply, Patch: bytes.TrimSuffix(out.Patch, []byte("\n")), LastAppliedSource: "none"}
	switch {
	case out.Builtin:
		res.Schema = kube.SchemaBuiltin
	case out.CustomResourceDefinition != "":
		res.Schema, res.CustomResourceDefinition = kube.SchemaCustomResource, out.CustomResourceDefinition
	default:
		res.Schema = kube.SchemaNone
	}
	res.Owners = out.Owners
	if out.Conflict != nil {
		res.Conflicts = out.Conflict.Conflicts
		warnings = append(warnings, kube.Warning{Code: "apply-conflict", Message: "error: " + out.Conflict.KubectlMessage()})
	}
	for _, w := range out.Warnings {
		warnings = append(warnings, kube.Warning{Code: "ssa-migration", Message: w})
	}
	if out.Object != nil {
		if res.Object, err = jsonvalue.Encode(out.Object); err != nil {
			return nil, &kube.ApplyError{Message: err.Error()}
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
		res.Warnings = []kube.Warning{}
	}
	// The steps need the request (ApplyResult adds them).
	res.Steps = []kube.Step{}
	return res, nil
}
