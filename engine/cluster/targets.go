package cluster

import (
	"iter"
	"strings"

	"github.com/applylens/applylens/engine/jsonvalue"
)

// target is an object named on the command line.
type target struct {
	kind            *Kind
	namespace, name string
	source          string // the file it came from, for -f
}

// resolveKind finds the kind a user typed, or kubectl's error.
func (c *Cluster) resolveKind(arg string) (*Kind, *cmdError) {
	k := c.kinds.byResource(arg)
	if k == nil {
		return nil, errorf("the server doesn't have a resource type %q", arg)
	}
	return k, nil
}

// namespaceFor is the namespace a command works in: -n, else the
// context's.
func (c *Cluster) namespaceFor(a *args, k *Kind) string {
	if !k.Namespaced {
		return ""
	}
	if ns := a.get("namespace"); ns != "" {
		return ns
	}
	return c.namespace
}

// fileTargets are the objects of the files named by -f, as targets.
func (c *Cluster) fileTargets(r *run, a *args) ([]target, *cmdError) {
	objs, cerr := c.readFiles(r, a)
	if cerr != nil {
		return nil, cerr
	}
	targets := make([]target, 0, len(objs))
	for _, fo := range objs {
		targets = append(targets, target{kind: fo.kind, namespace: fo.namespace, name: fo.name, source: fo.source})
	}
	return targets, nil
}

// fileOrNamedTargets reads the objects of -f files or a -k build, or else the objects
// the arguments name (resolveTargets, names required).
func (c *Cluster) fileOrNamedTargets(r *run, a *args) ([]target, *cmdError) {
	if a.has("filename") || a.has("kustomize") {
		return c.fileTargets(r, a)
	}
	return c.resolveTargets(a, true)
}

// resolveTargets reads "KIND/NAME ..." or "KIND NAME ...". Without
// names, with --all or -l (or when listing is allowed), every object of
// the kind in the namespace that matches.
func (c *Cluster) resolveTargets(a *args, needNames bool) ([]target, *cmdError) {
	if len(a.pos) == 0 {
		return nil, errorf("You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'")
	}
	var out []target
	if strings.Contains(a.pos[0], "/") {
		for _, p := range a.pos {
			kindArg, name, ok := strings.Cut(p, "/")
			if !ok || name == "" {
				return nil, errorf("there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'")
			}
			k, err := c.resolveKind(kindArg)
			if err != nil {
				return nil, err
			}
			out = append(out, target{kind: k, namespace: c.namespaceFor(a, k), name: name})
		}
		return out, nil
	}
	var kinds []*Kind
	for _, ka := range strings.Split(a.pos[0], ",") {
		k, err := c.resolveKind(ka)
		if err != nil {
			return nil, err
		}
		kinds = append(kinds, k)
	}
	names := a.pos[1:]
	if len(names) == 0 {
		if needNames && !a.boolFlag("all", false) && !a.has("selector") {
			return nil, errorf("resource(s) were provided, but no name was specified")
		}
		var sel selector
		if a.has("selector") {
			var err error
			if sel, err = parseSelector(a.get("selector")); err != nil {
				return nil, errorf("%v", err)
			}
		}
		for _, k := range kinds {
			ns := c.namespaceFor(a, k)
			if a.boolFlag("all-namespaces", false) {
				ns = ""
			}
			for _, o := range c.list(k, ns, sel) {
				out = append(out, target{kind: k, namespace: metaString(o, "namespace"), name: metaString(o, "name")})
			}
		}
		return out, nil
	}
	for _, k := range kinds {
		for _, n := range names {
			out = append(out, target{kind: k, namespace: c.namespaceFor(a, k), name: n})
		}
	}
	return out, nil
}

// liveTargets yields each of targets with its live object, in order, each
// read when its turn comes (after what was done to the ones before); a
// target without one is not yielded: the run records the API server's
// NotFound for it instead, and the command goes on with the next, as
// kubectl does for patch, label, set and the controller's status.
func (c *Cluster) liveTargets(r *run, targets []target) iter.Seq2[target, map[string]any] {
	return func(yield func(target, map[string]any) bool) {
		for _, t := range targets {
			live := c.get(t.kind, t.namespace, t.name)
			if live == nil {
				r.fail(notFound(t.kind, t.name))
				continue
			}
			if !yield(t, live) {
				return
			}
		}
	}
}

// oneTarget resolves the single object a command like scale or patch
// names.
func (c *Cluster) oneTarget(a *args, r *run) (*target, map[string]any, *cmdError) {
	ts, err := c.fileOrNamedTargets(r, a)
	if err != nil {
		return nil, nil, err
	}
	if len(ts) == 0 { // only names can select none: readFiles refuses no objects
		return nil, nil, errorf("no objects passed to the command")
	}
	t := &ts[0]
	live := c.get(t.kind, t.namespace, t.name)
	if live == nil {
		return t, nil, notFound(t.kind, t.name)
	}
	return t, live, nil
}

// commit writes obj, what a command made of the object before (nil for a
// create), as the command's --dry-run mode says: through the server with w
// (serverCreate, or serverUpdate from before) unless mode is "client" or
// w is nil (nothing to send); then it records the Change and prints
// kubectl's line, "KIND/NAME ACTION" and the dry run's suffix. The
// server's refusal is returned, and nothing recorded.
func (c *Cluster) commit(r *run, t target, action, mode string, obj, before map[string]any, w *write) *cmdError {
	change := Change{Ref: refOf(t.kind, t.namespace, t.name), Action: action, DryRun: mode != ""}
	if before != nil {
		change.Before = encode(before)
	}
	if mode != "client" && w != nil {
		w.dryRun = mode == "server"
		var stored map[string]any
		var defaulted []string
		var cerr *cmdError
		if before == nil {
			stored, defaulted, cerr = c.serverCreate(t.kind, obj, *w)
		} else {
			stored, defaulted, cerr = c.serverUpdate(t.kind, obj, jsonvalue.CopyObject(before), *w)
		}
		if cerr != nil {
			return cerr
		}
		obj, change.Defaulted = stored, defaulted
	}
	change.After = encode(obj)
	r.out.Changes = append(r.out.Changes, change)
	r.printf("%s/%s %s%s\n", t.kind.kindGroup(), t.name, action, dryRunSuffix(mode))
	return nil
}
