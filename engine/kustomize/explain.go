package kustomize

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Step is one thing a kustomization did, for the page to show in order.
type Step struct {
	// Kustomization is the kustomization file that asked for it.
	Kustomization string
	// Transformer is the kustomization field ("resources", "namespace",
	// "namePrefix", "labels", "commonLabels", ...) or "nameReference" for
	// kustomize's final pass over the references to renamed objects.
	Transformer string
	// Object is the object's id (kind, name, namespace) when the step began.
	Object string
	// Field is the path of the field changed ("metadata/namespace",
	// "spec/template/spec/volumes/configMap/name"); "" for a whole object.
	Field string
	// Old and New are the field's value before and after ("" if missing).
	Old, New string
	// Rule says why, in kustomize's terms (the field spec or the reference
	// rule that applied).
	Rule string
}

// Merge is one strategic merge patch merged into one object, kept as data
// so that kustomize's merge can be set beside kubectl apply's
// (engine/kustomize/applydiff computes apimachinery's result for the same
// patch on the same object and names where the two differ).
type Merge struct {
	// Kustomization and Transformer are as in Step.
	Kustomization, Transformer string
	// Patch names the patch as kustomize's messages do (its file, or the
	// patch's id).
	Patch string
	// Object is the object's id before the merge.
	Object string
	// APIVersion and Kind are the object's.
	APIVersion, Kind string
	// Before is the object before the merge; PatchJSON the patch as
	// written (before kustomize rewrites its metadata); After the object as
	// kustomize's merge left it. JSON each (RawMessage: a bridge that
	// encodes a Result embeds them as objects, not as base64).
	Before, PatchJSON, After json.RawMessage
}

// trace collects steps; a nil trace records nothing.
type trace struct {
	steps  []Step
	merges []Merge
	kust   string
	name   string
}

// add records a step on the object named desc (described before the step
// changed it).
func (t *trace) add(desc, fieldPath, old, new, rule string, args ...any) {
	if t == nil {
		return
	}
	t.steps = append(t.steps, Step{
		Kustomization: t.kust,
		Transformer:   t.name,
		Object:        desc,
		Field:         fieldPath,
		Old:           old,
		New:           new,
		Rule:          fmt.Sprintf(rule, args...),
	})
}

// describe names an object as people read it: "Deployment web (namespace prod)".
func describe(id resID) string {
	s := id.Kind + " " + id.Name
	if id.Namespace != "" {
		s += " (namespace " + id.Namespace + ")"
	}
	return s
}

// specRules is specRule of each spec, for the transformers that visit
// every object with every spec: formatting the text once per spec rather
// than per object and spec was 4% of a 10-file build under wasm.
func specRules(specs fsSlice) []string {
	rules := make([]string, len(specs))
	for i, fs := range specs {
		rules[i] = specRule(fs)
	}
	return rules
}

func specRule(fs fieldSpec) string {
	sel := strings.TrimSpace(fs.gvk.apiVersion() + " " + fs.Kind)
	if fs.Kind == "" && fs.Group == "" && fs.Version == "" {
		sel = "every kind"
	}
	create := ""
	if fs.Create {
		create = ", created when missing"
	}
	return fmt.Sprintf("field spec %s for %s%s", fs.Path, sel, create)
}

// treeName is a file's name in a step's text as the user's tree names it
// (base/deployment.yaml), not kustomize's absolute path in its in-memory
// file system (/base/deployment.yaml). kustomize's own messages (errors,
// warnings) keep their absolute paths: they are kustomize's exact text.
func treeName(abs string) string { return strings.TrimPrefix(abs, "/") }
