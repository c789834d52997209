package cluster

import (
	"bytes"
	"encoding/json"
	"reflect"

	"sigs.k8s.io/yaml"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/mergepatch"
	"github.com/applylens/applylens/engine/schema"
	"github.com/applylens/applylens/engine/strategic"
)

var editSpec = flagSpec{
	values: []string{"filename", "output"},
	bools:  []string{"save-config"},
}

// editedText reads the one object the -f file holds: the text the user
// saved in the editor.
func (c *Cluster) editedText(r *run, a *args, command string) (map[string]any, *cmdError) {
	names := a.multi["filename"]
	if len(names) != 1 {
		return nil, errorf("%s: give the edited text as the file named by -f (there is no editor in the simulation)", command)
	}
	text, ok := r.files[names[0]]
	if !ok {
		return nil, errorf("the path %q does not exist", names[0])
	}
	objs, cerr := decodeStream(names[0], text)
	if cerr != nil {
		return nil, cerr
	}
	if len(objs) != 1 {
		return nil, errorf("%s: the edited file must hold exactly one object, it holds %d", command, len(objs))
	}
	return objs[0], nil
}

// editing reads what both edits work on, in kubectl's order: the edited
// text (editedText), then the one object the arguments name and its live
// state.
func (c *Cluster) editing(r *run, a *args, command string) (edited map[string]any, t *target, live map[string]any, cerr *cmdError) {
	if edited, cerr = c.editedText(r, a, command); cerr != nil {
		return nil, nil, nil, cerr
	}
	t, live, cerr = c.oneTarget(namedOnly(a), r)
	return edited, t, live, cerr
}

// namedOnly keeps the object named by the arguments: with edit, -f is
// the edited text, not the objects to work on.
func namedOnly(a *args) *args {
	return &args{pos: a.pos, flags: map[string]string{"namespace": a.get("namespace")}, multi: map[string][]string{}}
}

// runEdit is kubectl edit with the editor's result given as a file:
// kubectl computes a two-way patch from the text it showed (the object
// without managedFields) to the saved text, and the server applies it.
func (c *Cluster) runEdit(r *run, words []string) error {
	a, err := parseArgs("edit", words, editSpec)
	if err != nil {
		return err
	}
	if len(a.pos) == 0 {
		return &NotSimulatedError{Message: "kubectl edit KIND/NAME -f EDITED.yaml: name the object, and give the edited text with -f (there is no editor)"}
	}
	edited, t, live, cerr := c.editing(r, a, "edit")
	if cerr != nil {
		return cerr
	}
	shown := jsonvalue.CopyObject(live)
	delete(metadataOf(shown), "managedFields")
	if a.boolFlag("save-config", false) {
		fo := &fileObject{obj: edited, kind: t.kind}
		if edited, cerr = withApplyAnnotation(fo, true); cerr != nil {
			return cerr
		}
	}
	if reflect.DeepEqual(shown, edited) {
		r.stderr.WriteString("Edit cancelled, no changes made.\n")
		return nil
	}
	original, modified := encode(shown), encode(edited)
	var patched []byte
	var perr error
	apiVersion, _ := live["apiVersion"].(string)
	if root, builtin := schema.Builtin.Root(apiVersion, t.kind.Kind); builtin && !t.kind.Custom {
		var patch []byte
		patch, perr = strategic.CreateTwoWayMergePatch(original, modified, root)
		if perr == nil {
			if pm, _ := jsonvalue.DecodeObject(patch); pm != nil {
				for _, k := range []string{"apiVersion", "kind"} {
					if _, changed := pm[k]; changed {
						return errorf("At least one of apiVersion, kind and name was changed")
					}
				}
				if md, ok := pm["metadata"].(map[string]any); ok {
					if _, changed := md["name"]; changed {
						return errorf("At least one of apiVersion, kind and name was changed")
					}
				}
			}
			patched, perr = strategic.StrategicMergePatch(encode(live), patch, root)
		}
	} else {
		var patch []byte
		patch, perr = mergepatch.CreateThreeWay(original, modified, original, mergepatch.KubectlPreconditions()...)
		if mergepatch.IsPreconditionFailed(perr) {
			return errorf("At least one of apiVersion, kind and name was changed")
		}
		if perr == nil {
			patched, perr = mergepatch.Apply(encode(live), patch)
		}
	}
	if perr != nil {
		return errorf("%v", perr)
	}
	obj, _ := jsonvalue.DecodeObject(patched)
	stored, defaulted, cerr := c.serverUpdate(t.kind, obj, jsonvalue.CopyObject(live), write{manager: managerEdit})
	if cerr != nil {
		// kubectl edit prints the error and keeps the edited file.
		r.stderr.WriteString(ensureNewline(cerr.single()))
		r.stderr.WriteString("error: Edit cancelled, no valid changes were saved.\n")
		r.out.ExitCode = 1
		return nil
	}
	r.out.Changes = append(r.out.Changes, Change{Ref: refOf(t.kind, t.namespace, t.name), Action: "edited", Defaulted: defaulted, Before: encode(live), After: encode(stored)})
	r.printf("%s/%s edited\n", t.kind.kindGroup(), t.name)
	return nil
}

var lastAppliedSpec = flagSpec{
	values: []string{"output", "filename", "dry-run", "selector"},
	bools:  []string{"create-annotation", "all", "recursive"},
}

func (c *Cluster) runViewLastApplied(r *run, words []string) error {
	a, err := parseArgs("apply view-last-applied", words, lastAppliedSpec)
	if err != nil {
		return err
	}
	output := a.get("output")
	if output == "" {
		output = "yaml"
	}
	if output != "yaml" && output != "json" {
		return errorf("Unexpected -o output mode: %s, the flag 'output' must be one of yaml|json\nSee 'kubectl apply view-last-applied -h' for help and examples", output)
	}
	targets, cerr := c.targetsOf(r, a)
	if cerr != nil {
		return cerr
	}
	var texts []string
	for _, t := range targets {
		live := c.get(t.kind, t.namespace, t.name)
		if live == nil {
			return notFound(t.kind, t.name)
		}
		s, ok := annotationsOf(live)[engine.LastAppliedAnnotation].(string)
		if !ok {
			return errorf("no last-applied-configuration annotation found on resource: %s\n", t.name)
		}
		texts = append(texts, s)
	}
	for _, s := range texts {
		if output == "json" {
			var buf bytes.Buffer
			if err := json.Indent(&buf, []byte(s), "", "  "); err != nil {
				return errorf("%v", err)
			}
			r.stdout.Write(buf.Bytes())
			continue
		}
		y, err := yaml.JSONToYAML([]byte(s))
		if err != nil {
			return errorf("%v", err)
		}
		r.stdout.Write(y)
	}
	return nil
}

// lastAppliedPatch is editor.GetApplyPatch: the object's JSON becomes its
// annotation, sent as a JSON merge patch.
func lastAppliedPatch(obj map[string]any) (annotation string, patch []byte) {
	before := encode(obj) // runtime.Encode then yaml.ToJSON: compact, no newline
	p := map[string]any{"metadata": map[string]any{"annotations": map[string]any{engine.LastAppliedAnnotation: string(before)}}}
	patch, _ = jsonvalue.Encode(p)
	return string(before), patch
}

// runSetLastApplied is kubectl apply set-last-applied: the file's object
// becomes the live object's annotation, nothing else changes.
func (c *Cluster) runSetLastApplied(r *run, words []string) error {
	a, err := parseArgs("apply set-last-applied", words, lastAppliedSpec)
	if err != nil {
		return err
	}
	mode, objs, cerr := dryRunAnd(r, a, c.readFiles)
	if cerr != nil {
		return cerr
	}
	type pending struct {
		fo    *fileObject
		live  map[string]any
		patch []byte
	}
	var todo []pending
	for _, fo := range objs {
		annotation, patch := lastAppliedPatch(fo.obj)
		live := c.get(fo.kind, fo.namespace, fo.name)
		if live == nil {
			return notFound(fo.kind, fo.name)
		}
		current, ok := annotationsOf(live)[engine.LastAppliedAnnotation].(string)
		if !ok && !a.boolFlag("create-annotation", false) {
			return errorf("no last-applied-configuration annotation found on resource: %s, to create the annotation, run the command with --create-annotation", fo.name)
		}
		if current == annotation {
			r.printf("set-last-applied %s: no changes required.\n", fo.name)
			continue
		}
		todo = append(todo, pending{fo, live, patch})
	}
	for _, p := range todo {
		obj, _ := jsonvalue.DecodeObject(encode(p.live))
		patched, err := mergepatch.Apply(encode(p.live), p.patch)
		if err != nil {
			return errorf("%v", err)
		}
		obj, _ = jsonvalue.DecodeObject(patched)
		t := target{kind: p.fo.kind, namespace: p.fo.namespace, name: p.fo.name}
		if cerr := c.commit(r, t, "configured", mode, obj, p.live, &write{manager: managerUserAgent}); cerr != nil {
			return cerr
		}
	}
	return nil
}

// runEditLastApplied is kubectl apply edit-last-applied with the saved
// editor text given as -f: the edited configuration becomes the
// annotation (a JSON merge patch, as kubectl-client-side-apply).
func (c *Cluster) runEditLastApplied(r *run, words []string) error {
	a, err := parseArgs("apply edit-last-applied", words, lastAppliedSpec)
	if err != nil {
		return err
	}
	edited, t, live, cerr := c.editing(r, a, "apply edit-last-applied")
	if cerr != nil {
		return cerr
	}
	if _, ok := annotationsOf(live)[engine.LastAppliedAnnotation]; !ok {
		return errorf("no last-applied-configuration annotation found on resource: %s\n", t.name)
	}
	_, patch := lastAppliedPatch(edited)
	patched, perr := mergepatch.Apply(encode(live), patch)
	if perr != nil {
		return errorf("%v", perr)
	}
	obj, _ := jsonvalue.DecodeObject(patched)
	stored, defaulted, cerr := c.serverUpdate(t.kind, obj, jsonvalue.CopyObject(live), write{manager: managerClientSideApply})
	if cerr != nil {
		return cerr
	}
	r.out.Changes = append(r.out.Changes, Change{Ref: refOf(t.kind, t.namespace, t.name), Action: "edited", Defaulted: defaulted, Before: encode(live), After: encode(stored)})
	r.printf("%s/%s edited\n", t.kind.kindGroup(), t.name)
	return nil
}
