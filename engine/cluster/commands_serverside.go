package cluster

import (
	"errors"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/serverside"
)

// validateServerSide is the part of kubectl apply's Validate about
// --server-side, in kubectl's order.
func validateServerSide(a *args, serverSide bool, mode string, force, prune bool) *cmdError {
	switch {
	case a.boolFlag("force-conflicts", false) && !serverSide:
		return errorf("--force-conflicts only works with --server-side")
	case mode == "client" && serverSide:
		return errorf("--dry-run=client doesn't work with --server-side (did you mean --dry-run=server instead?)")
	case serverSide && force:
		return errorf("--force cannot be used with --server-side")
	case mode == "server" && force:
		return errorf("--dry-run=server cannot be used with --force")
	case prune && !force && serverSide && (a.boolFlag("all", false) || a.get("selector") != ""):
		return errorf("--prune is in alpha and doesn't currently work on objects created by server-side apply")
	}
	return nil
}

// applyServerSide is kubectl's applyOneObject with --server-side: the file
// is sent whole as an apply patch; the server's field manager merges it
// and records the owners (or refuses with a conflict), then the registry
// defaults, prepares and validates the result as for any write. kubectl's
// last-applied hand-over and migration requests are serverside.Apply's,
// each stored as a write of its own (Request.Store).
func (c *Cluster) applyServerSide(r *run, fo *fileObject, f applyFlags, visitedUIDs map[string]bool) *cmdError {
	if fo.name == "" {
		if gn := metaString(fo.obj, "generateName"); gn != "" {
			return errorf("from %s: cannot use generate name with apply", gn)
		}
		return statusError("", "resource name may not be empty")
	}
	manager := f.manager
	if manager == "" {
		manager = serverside.DefaultManager
	}
	live := c.get(fo.kind, fo.namespace, fo.name)
	req := serverside.Request{File: jsonvalue.CopyObject(fo.obj), Manager: manager, Force: f.forceConflicts,
		CustomResourceDefinitions: c.customResourceDefinitions(fo.obj), Now: c.now(), DryRun: f.mode == "server"}
	if live != nil {
		req.Live = jsonvalue.CopyObject(live)
	}
	// Each request kubectl sends (the apply, then any hand-over and
	// migration ones) is a write of its own: the registry's steps, a
	// resourceVersion and, when the spec changed, a generation.
	change := Change{Ref: refOf(fo.kind, fo.namespace, fo.name), Action: "serverside-applied", DryRun: f.mode != "", Before: encode(live)}
	previous := live
	var last map[string]any // the registry's answer to the last request it took
	defaulted := map[string]bool{}
	req.Store = func(obj map[string]any) error {
		obj = jsonvalue.CopyObject(obj)
		applied := write{manager: manager, dryRun: req.DryRun, applied: true, appliedFields: metadataOf(obj)["managedFields"]}
		var stored map[string]any
		var paths []string
		var cerr *cmdError
		if previous == nil {
			stored, paths, cerr = c.serverCreate(fo.kind, obj, applied)
		} else {
			stored, paths, cerr = c.serverUpdate(fo.kind, obj, jsonvalue.CopyObject(previous), applied)
		}
		if cerr != nil {
			return cerr
		}
		for _, p := range paths {
			if !defaulted[p] {
				defaulted[p] = true
				change.Defaulted = append(change.Defaulted, p)
			}
		}
		if !req.DryRun {
			previous = stored
		}
		last = stored
		return nil
	}
	out, err := serverside.Apply(req)
	if err != nil {
		var ve *serverside.VersionError
		if errors.As(err, &ve) {
			return &cmdError{msg: err.Error()}
		}
		return statusError("", "%s", err.Error())
	}
	res, err := out.Result()
	if err != nil {
		return &cmdError{msg: err.Error()}
	}
	res.Steps = out.Steps(req)
	r.out.Applies = append(r.out.Applies, res)
	if out.Conflict != nil {
		return errorf("%s", out.Conflict.KubectlMessage())
	}
	if out.Refused != nil {
		return asCmdError(out.Refused)
	}
	visitedUIDs[metaString(last, "uid")] = true
	change.After = encode(last)
	r.out.Changes = append(r.out.Changes, change)
	for _, w := range out.Warnings {
		r.stderr.WriteString(ensureNewline(w))
	}
	r.printf("%s/%s serverside-applied%s\n", fo.kind.kindGroup(), fo.name, dryRunSuffix(f.mode))
	return nil
}
