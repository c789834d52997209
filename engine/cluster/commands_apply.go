package cluster

import (
	"errors"
	"fmt"
	"sort"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/jsonvalue"
)

var applySpec = flagSpec{
	values: []string{"filename", "kustomize", "dry-run", "selector", "prune-allowlist", "output", "validate", "field-manager"},
	bools:  []string{"overwrite", "prune", "all", "recursive", "server-side", "force", "force-conflicts"},
}

// dryRunAnd reads a writing command's --dry-run mode, then what read finds
// in its arguments (the objects or targets it names), in kubectl's order:
// a bad --dry-run is refused before any file is read.
func dryRunAnd[T any](r *run, a *args, read func(*run, *args) (T, *cmdError)) (mode string, found T, cerr *cmdError) {
	if mode, cerr = dryRunMode(a); cerr != nil {
		return "", found, cerr
	}
	found, cerr = read(r, a)
	return mode, found, cerr
}

// dryRunMode reads --dry-run as cmdutil.GetDryRunStrategy.
func dryRunMode(a *args) (string, *cmdError) {
	if !a.has("dry-run") {
		return "", nil
	}
	switch v := a.get("dry-run"); v {
	case "unchanged", "client", "true":
		return "client", nil
	case "server":
		return "server", nil
	case "none", "false":
		return "", nil
	default:
		return "", errorf(`Invalid dry-run value (%v). Must be "none", "server", or "client".`, v)
	}
}

// dryRunSuffix is what the name printer adds to the operation.
func dryRunSuffix(mode string) string {
	switch mode {
	case "client":
		return " (dry run)"
	case "server":
		return " (server dry run)"
	}
	return ""
}

func (c *Cluster) runApply(r *run, words []string) error {
	if len(words) > 0 {
		switch words[0] {
		case "view-last-applied":
			return c.runViewLastApplied(r, words[1:])
		case "set-last-applied":
			return c.runSetLastApplied(r, words[1:])
		case "edit-last-applied":
			return c.runEditLastApplied(r, words[1:])
		}
	}
	a, err := parseArgs("apply", words, applySpec)
	if err != nil {
		return err
	}
	if a.has("output") {
		return &NotSimulatedError{Message: "kubectl apply -o is not simulated; run kubectl get KIND/NAME -o yaml after the apply"}
	}
	if len(a.pos) > 0 {
		return &NotSimulatedError{Message: fmt.Sprintf("kubectl apply %s is not simulated; supported: apply -f FILE, apply view-last-applied, apply set-last-applied, apply edit-last-applied", a.pos[0])}
	}
	mode, cerr := dryRunMode(a)
	if cerr != nil {
		return cerr
	}
	prune := a.boolFlag("prune", false)
	force := a.boolFlag("force", false)
	serverSide := a.boolFlag("server-side", false)
	if cerr := validateServerSide(a, serverSide, mode, force, prune); cerr != nil {
		return cerr
	}
	if prune && force {
		return errorf("--force cannot be used with --prune")
	}
	if prune && !a.boolFlag("all", false) && a.get("selector") == "" {
		return errorf("all resources selected for prune without explicitly passing --all. To prune all resources, pass the --all flag. If you did not mean to prune all resources, specify a label selector")
	}
	var sel selector
	if a.has("selector") {
		var err error
		if sel, err = parseSelector(a.get("selector")); err != nil {
			return errorf("the provided selector %q is not valid: %v", a.get("selector"), err)
		}
	}
	objs, cerr := c.readFilesGoingOn(r, a, "apply")
	if cerr != nil {
		return cerr
	}
	visitedNS := map[string]bool{}
	if ns := a.get("namespace"); ns != "" {
		visitedNS[ns] = true
	}
	visitedUIDs := map[string]bool{}
	overwrite := a.boolFlag("overwrite", true)
	for _, fo := range objs {
		if fo.kind.Namespaced {
			visitedNS[fo.namespace] = true
		}
		flags := applyFlags{overwrite: overwrite, force: force, mode: mode, manager: a.get("field-manager"), forceConflicts: a.boolFlag("force-conflicts", false), validation: fieldValidation(a)}
		apply := c.applyOne
		if serverSide {
			apply = c.applyServerSide
		}
		if err := apply(r, fo, flags, visitedUIDs); err != nil {
			r.fail(err)
		}
	}
	if len(r.errs) > 0 || !prune {
		return nil
	}
	return c.prune(r, a, sel, visitedNS, visitedUIDs, mode)
}

// applyFlags are the flags that shape one object's apply.
type applyFlags struct {
	overwrite, force bool
	mode             string // dry run: "", "client" or "server"
	// manager is --field-manager ("": kubectl's default for the mode);
	// forceConflicts is --force-conflicts (server-side apply).
	manager        string
	forceConflicts bool
	// validation is --validate's fieldValidation (a create's strict
	// decoding).
	validation string
}

// applyOne is kubectl's applyOneObject for client-side apply.
func (c *Cluster) applyOne(r *run, fo *fileObject, f applyFlags, visitedUIDs map[string]bool) *cmdError {
	overwrite, mode := f.overwrite, f.mode
	if fo.name == "" {
		if gn := metaString(fo.obj, "generateName"); gn != "" {
			return errorf("from %s: cannot use generate name with apply", gn)
		}
		return errorf("error when retrieving current configuration of:\n%s\nfrom server for: %q: resource name may not be empty", infoString(fo), fo.source)
	}
	live := c.get(fo.kind, fo.namespace, fo.name)
	in := engine.Input{File: string(encode(fo.obj)), Overwrite: &overwrite, ClusterScoped: !fo.kind.Namespaced}
	if live != nil {
		in.Live = string(encode(live))
	}
	res, err := engine.Apply(in)
	if err != nil {
		var ae *engine.ApplyError
		if errors.As(err, &ae) {
			return errorf("error when applying patch:\n\nto:\n%s\nfor: %q: %s", infoString(fo), fo.source, ae.Message)
		}
		return errorf("error parsing %s: %v", fo.source, err)
	}
	r.out.Applies = append(r.out.Applies, res)
	obj, derr := jsonvalue.DecodeObject(res.Object)
	if derr != nil {
		return errorf("decoding the applied object: %v", derr)
	}
	ref := refOf(fo.kind, fo.namespace, fo.name)
	change := Change{Ref: ref, DryRun: mode != "", Before: encode(live)}
	manager := managerClientSideApply
	if f.manager != "" {
		manager = f.manager
	}
	switch res.Action {
	case engine.ActionCreate:
		change.Action = "created"
		if mode != "client" {
			stored, defaulted, cerr := c.serverCreate(fo.kind, obj, write{manager: manager, dryRun: mode == "server", validation: f.validation})
			if cerr != nil {
				return cerr.withSource("creating", fo.source)
			}
			obj = stored
			change.Defaulted = defaulted
			visitedUIDs[metaString(obj, "uid")] = true
		}
	case engine.ActionUnchanged:
		change.Action = "unchanged"
		visitedUIDs[metaString(live, "uid")] = true
	default:
		change.Action = "configured"
		visitedUIDs[metaString(live, "uid")] = true
		if _, ok := annotationsOf(live)[engine.LastAppliedAnnotation]; !ok {
			msg := fmt.Sprintf("Warning: resource %s/%s is missing the %s annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n", fo.kind.Resource, fo.name, engine.LastAppliedAnnotation)
			r.stderr.WriteString(msg)
		}
		if mode != "client" {
			w := write{manager: manager, dryRun: mode == "server", validation: f.validation}
			if res.PatchType == engine.PatchStrategic {
				if w.smpPatch, derr = jsonvalue.DecodeObject(res.Patch); derr != nil {
					return errorf("decoding the patch: %v", derr)
				}
			}
			stored, defaulted, cerr := c.serverUpdate(fo.kind, obj, jsonvalue.CopyObject(live), w)
			if cerr != nil && f.force && mode == "" && cerr.status != nil && (cerr.status.Reason == "Invalid" || cerr.status.Reason == "Conflict") {
				stored, defaulted, cerr = c.forceReplace(r, fo, res, live)
			}
			if cerr != nil {
				return cerr.withSource("patching", fo.source).wrap(fmt.Sprintf("error when applying patch:\n%s\nto:\n%s\nfor: %q: ", res.Patch, infoString(fo), fo.source))
			}
			obj = stored
			change.Defaulted = defaulted
		}
	}
	change.After = encode(obj)
	r.out.Changes = append(r.out.Changes, change)
	r.printf("%s/%s %s%s\n", fo.kind.kindGroup(), fo.name, change.Action, dryRunSuffix(mode))
	return nil
}

// forceReplace is the patcher's deleteAndCreate for apply --force: the
// object the server refused to patch is deleted and the modified
// configuration created in its place (a new uid); when that create fails
// too, the original is created again.
func (c *Cluster) forceReplace(r *run, fo *fileObject, res *engine.Result, live map[string]any) (map[string]any, []string, *cmdError) {
	modified := jsonvalue.CopyObject(fo.obj)
	annots := annotationsOf(modified)
	if annots == nil {
		annots = map[string]any{}
		metadataOf(modified)["annotations"] = annots
	}
	annots[engine.LastAppliedAnnotation] = res.LastApplied
	c.serverDelete(fo.kind, live, false)
	stored, defaulted, cerr := c.serverCreate(fo.kind, modified, write{manager: managerClientSideApply})
	if cerr != nil {
		original := jsonvalue.CopyObject(live)
		if _, _, rerr := c.serverCreate(fo.kind, original, write{manager: managerClientSideApply}); rerr != nil {
			return nil, nil, errorf("An error occurred force-replacing the existing object with the newly provided one:\n\n%v.\n\nAdditionally, an error occurred attempting to restore the original object:\n\n%v", cerr.Error(), rerr.Error())
		}
		return nil, nil, cerr
	}
	r.warn(fmt.Sprintf("--force: the server refused the patch, so kubectl deleted %s/%s and created it again from the file (a new object: new uid, generation 1, status lost).", fo.kind.kindGroup(), fo.name))
	return stored, defaulted, nil
}

// infoString is resource.Info's String: the mapping and the name.
func infoString(fo *fileObject) string {
	return fmt.Sprintf("Resource: %q, GroupVersionKind: %q\nName: %q, Namespace: %q",
		fo.kind.Group+"/"+fo.kind.Version+", Resource="+fo.kind.Resource,
		fo.kind.Group+"/"+fo.kind.Version+", Kind="+fo.kind.Kind,
		fo.name, fo.namespace)
}

func refOf(k *Kind, namespace, name string) ObjectRef {
	return ObjectRef{Group: k.Group, Version: k.Version, Kind: k.Kind, Namespace: namespace, Name: name}
}

func annotationsOf(obj map[string]any) map[string]any {
	md, _ := obj["metadata"].(map[string]any)
	a, _ := md["annotations"].(map[string]any)
	return a
}

func labelsOf(obj map[string]any) map[string]string {
	md, _ := obj["metadata"].(map[string]any)
	l, _ := md["labels"].(map[string]any)
	out := make(map[string]string, len(l))
	for k, v := range l {
		s, _ := v.(string)
		out[k] = s
	}
	return out
}

// pruneResource is an entry of kubectl's prune allowlist.
type pruneResource struct {
	group, version, kind string
	namespaced           bool
}

// defaultPruneResources are kubectl's (k8s.io/kubectl/pkg/util/prune):
// the kinds --prune looks at without --prune-allowlist.
var defaultPruneResources = []pruneResource{
	{"", "v1", "ConfigMap", true},
	{"", "v1", "Endpoints", true},
	{"", "v1", "PersistentVolumeClaim", true},
	{"", "v1", "Pod", true},
	{"", "v1", "ReplicationController", true},
	{"", "v1", "Secret", true},
	{"", "v1", "Service", true},
	{"batch", "v1", "Job", true},
	{"batch", "v1", "CronJob", true},
	{"networking.k8s.io", "v1", "Ingress", true},
	{"apps", "v1", "DaemonSet", true},
	{"apps", "v1", "Deployment", true},
	{"apps", "v1", "ReplicaSet", true},
	{"apps", "v1", "StatefulSet", true},
	{"", "v1", "Namespace", false},
	{"", "v1", "PersistentVolume", false},
}

// prune is kubectl's pruner.pruneAll: in every namespace the apply
// visited, then cluster-wide for cluster-scoped kinds, it deletes the
// objects of the allowlisted kinds that match the selector, carry the
// last-applied annotation and were not among those applied.
func (c *Cluster) prune(r *run, a *args, sel selector, visitedNS, visitedUIDs map[string]bool, mode string) error {
	resources := defaultPruneResources
	if list := a.multi["prune-allowlist"]; len(list) > 0 {
		resources = nil
		for _, gvk := range list {
			parts := splitAll(gvk, '/')
			if len(parts) != 3 {
				return errorf("invalid GroupVersionKind format: %v, please follow <group/version/kind>", gvk)
			}
			if parts[0] == "core" {
				parts[0] = ""
			}
			k := c.kinds.byGroupKind(parts[0], parts[2])
			if k == nil {
				return errorf("no matches for kind %q in group %q", parts[2], parts[0])
			}
			resources = append(resources, pruneResource{parts[0], parts[1], parts[2], k.Namespaced})
		}
	}
	namespaces := make([]string, 0, len(visitedNS))
	for ns := range visitedNS {
		namespaces = append(namespaces, ns)
	}
	sort.Strings(namespaces) // kubectl walks a set, in no fixed order
	var passes []struct {
		ns string
		pr pruneResource
	}
	for _, ns := range namespaces {
		for _, pr := range resources {
			if pr.namespaced {
				passes = append(passes, struct {
					ns string
					pr pruneResource
				}{ns, pr})
			}
		}
	}
	for _, pr := range resources {
		if !pr.namespaced {
			passes = append(passes, struct {
				ns string
				pr pruneResource
			}{"", pr})
		}
	}
	for _, p := range passes {
		k := c.kinds.byGroupKind(p.pr.group, p.pr.kind)
		if k == nil {
			continue
		}
		for _, obj := range c.list(k, p.ns, sel) {
			if _, ok := annotationsOf(obj)[engine.LastAppliedAnnotation]; !ok {
				continue
			}
			if visitedUIDs[metaString(obj, "uid")] {
				continue
			}
			name := metaString(obj, "name")
			before := encode(obj)
			var dependents []map[string]any
			if mode != "client" {
				dependents = c.serverDelete(k, obj, mode == "server")
			}
			where := "cluster-wide (a cluster-scoped kind)"
			if p.ns != "" {
				where = "in namespace " + p.ns + ", which this apply visited"
			}
			why := fmt.Sprintf("%s/%s pruned: it is a %s (in the prune allowlist), %s, matches the selector %q, has the last-applied annotation, and was not among the objects applied.",
				k.kindGroup(), name, k.Kind, where, sel.String())
			r.warn(why)
			r.out.Changes = append(r.out.Changes, Change{Ref: refOf(k, p.ns, name), Action: "pruned", DryRun: mode != "", Before: before})
			r.printf("%s/%s pruned%s\n", k.kindGroup(), name, dryRunSuffix(mode))
			c.recordDependents(r, k.kindGroup()+"/"+name, dependents, mode != "")
		}
	}
	return nil
}

// list returns the objects of a kind in a namespace ("" for all, or for a
// cluster-scoped kind) that match the selector, sorted by namespace and
// name as the API server lists them. It reads the kind's objects only.
func (c *Cluster) list(k *Kind, namespace string, sel selector) []map[string]any {
	return sortedOf(c.objects.ofKind(k.Group, k.Kind), func(o map[string]any) bool {
		if k.Namespaced && namespace != "" && metaString(o, "namespace") != namespace {
			return false
		}
		return sel.matches(labelsOf(o))
	})
}

func splitAll(s string, sep byte) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == sep {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}
