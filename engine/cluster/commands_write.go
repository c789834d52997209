package cluster

import (
	"fmt"

	"github.com/applylens/applylens/engine/apiserver"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/jsonvalue"
)

var createSpec = flagSpec{
	values: []string{"filename", "dry-run", "selector", "validate"},
	bools:  []string{"save-config", "recursive"},
}

// withApplyAnnotation is util.CreateOrUpdateAnnotation: with
// --save-config, or when the file itself carries the annotation, the
// annotation is (re)written from the object; otherwise the object is sent
// as it is, so that a replace drops an annotation the file lacks.
func withApplyAnnotation(fo *fileObject, saveConfig bool) (map[string]any, *cmdError) {
	obj := jsonvalue.CopyObject(fo.obj)
	if !saveConfig {
		if s, _ := annotationsOf(obj)[engine.LastAppliedAnnotation].(string); s == "" {
			return obj, nil
		}
	}
	res, err := engine.Apply(engine.Input{File: string(encode(fo.obj)), ClusterScoped: !fo.kind.Namespaced})
	if err != nil {
		return nil, errorf("%v", err)
	}
	annots := annotationsOf(obj)
	if annots == nil {
		annots = map[string]any{}
		metadataOf(obj)["annotations"] = annots
	}
	annots[engine.LastAppliedAnnotation] = res.LastApplied
	return obj, nil
}

func (c *Cluster) runCreate(r *run, words []string) error {
	if len(words) > 0 {
		switch words[0] {
		case "namespace", "ns", "deployment", "deploy", "configmap", "cm":
			return c.runCreateGenerated(r, words[0], words[1:])
		}
	}
	a, err := parseArgs("create", words, createSpec)
	if err != nil {
		return err
	}
	if len(a.pos) > 0 {
		return &NotSimulatedError{Message: fmt.Sprintf("kubectl create %s is not simulated; supported: kubectl create -f FILE [--save-config], create namespace NAME, create deployment NAME --image=IMAGE [--replicas=N] [--port=P], create configmap NAME [--from-literal=K=V] [--from-file=[K=]FILE]", a.pos[0])}
	}
	mode, cerr := dryRunMode(a)
	if cerr != nil {
		return cerr
	}
	objs, cerr := c.readFilesGoingOn(r, a, "create")
	if cerr != nil {
		return cerr
	}
	for _, fo := range objs {
		obj, cerr := withApplyAnnotation(fo, a.boolFlag("save-config", false))
		if cerr != nil {
			r.fail(cerr.withSource("creating", fo.source))
			continue
		}
		t := target{kind: fo.kind, namespace: fo.namespace, name: fo.name}
		if cerr := c.commit(r, t, "created", mode, obj, nil, &write{manager: managerCreate, validation: fieldValidation(a)}); cerr != nil {
			r.fail(cerr.withSource("creating", fo.source))
		}
	}
	return nil
}

func (c *Cluster) runReplace(r *run, words []string) error {
	a, err := parseArgs("replace", words, createSpec)
	if err != nil {
		return err
	}
	if len(a.pos) > 0 {
		return &NotSimulatedError{Message: "kubectl replace takes its objects from -f FILE only in this simulation"}
	}
	mode, objs, cerr := dryRunAnd(r, a, c.readFiles)
	if cerr != nil {
		return cerr
	}
	for _, fo := range objs {
		obj, cerr := withApplyAnnotation(fo, a.boolFlag("save-config", false))
		if cerr != nil {
			r.fail(cerr.withSource("replacing", fo.source))
			continue
		}
		live := c.get(fo.kind, fo.namespace, fo.name)
		if live == nil {
			r.fail(notFound(fo.kind, fo.name).withSource("replacing", fo.source))
			continue
		}
		t := target{kind: fo.kind, namespace: fo.namespace, name: fo.name}
		if cerr := c.commit(r, t, "replaced", mode, obj, live, &write{manager: managerReplace, validation: fieldValidation(a), body: true}); cerr != nil {
			r.fail(cerr.withSource("replacing", fo.source))
		}
	}
	return nil
}

var deleteSpec = flagSpec{
	values: []string{"filename", "kustomize", "dry-run", "selector", "output"},
	bools:  []string{"recursive", "all", "ignore-not-found", "wait"},
}

func (c *Cluster) runDelete(r *run, words []string) error {
	a, err := parseArgs("delete", words, deleteSpec)
	if err != nil {
		return err
	}
	mode, targets, cerr := dryRunAnd(r, a, c.fileOrNamedTargets)
	if cerr != nil {
		return cerr
	}
	for _, t := range targets {
		live := c.get(t.kind, t.namespace, t.name)
		if live == nil {
			if !a.boolFlag("ignore-not-found", false) {
				e := notFound(t.kind, t.name)
				if t.source != "" {
					e = e.withSource("deleting", t.source)
				}
				r.fail(e)
			}
			continue
		}
		if mode != "client" && immortalNamespace(t.kind, t.name) {
			r.fail(statusError("Forbidden", "%s %q is forbidden: this namespace may not be deleted", t.kind.groupResource(), t.name).withSource("deleting", t.source))
			continue
		}
		var dependents []map[string]any
		if mode != "client" {
			dependents = c.serverDelete(t.kind, live, mode == "server")
		}
		r.out.Changes = append(r.out.Changes, Change{Ref: refOf(t.kind, t.namespace, t.name), Action: "deleted", DryRun: mode != "", Before: encode(live)})
		c.recordDependents(r, t.kind.kindGroup()+"/"+t.name, dependents, mode != "")
		op := "deleted"
		if t.kind.Namespaced {
			op += " from " + t.namespace + " namespace"
		}
		if a.get("output") == "name" {
			r.printf("%s/%s\n", t.kind.kindGroup(), t.name)
			continue
		}
		r.printf("%s %q %s%s\n", t.kind.kindGroup(), t.name, op, dryRunSuffix(mode))
	}
	return nil
}

// immortalNamespace reports the namespaces kube-apiserver's
// NamespaceLifecycle admission plugin refuses to delete (its
// immortalNamespaces: default, kube-system, kube-public), a server dry run
// included.
func immortalNamespace(k *Kind, name string) bool {
	if k.Group != "" || k.Kind != "Namespace" {
		return false
	}
	switch name {
	case "default", "kube-system", "kube-public":
		return true
	}
	return false
}

// fieldValidation is the fieldValidation kubectl's --validate asks the
// server for (cmdutil.GetValidationDirective): strict or true (the
// default), warn, ignore or false.
func fieldValidation(a *args) string {
	switch a.get("validate") {
	case "warn":
		return apiserver.FieldValidationWarn
	case "ignore", "false":
		return apiserver.FieldValidationIgnore
	}
	return apiserver.FieldValidationStrict
}
