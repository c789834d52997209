package cluster

import (
	"fmt"
	"strconv"

	"github.com/applylens/applylens/engine/jsonvalue"
)

var scaleSpec = flagSpec{
	values: []string{"replicas", "current-replicas", "resource-version", "dry-run", "filename", "selector"},
	bools:  []string{"all", "recursive"},
}

// scalable are the built-in kinds with a scale subresource.
var scalable = map[string]bool{"apps/Deployment": true, "apps/ReplicaSet": true, "apps/StatefulSet": true, "/ReplicationController": true}

// runScale is kubectl scale: a JSON merge patch {"spec":{"replicas":N}}
// on the scale subresource, which the server turns into an update of
// the object's spec.replicas (with the main strategy: a new generation).
func (c *Cluster) runScale(r *run, words []string) error {
	a, err := parseArgs("scale", words, scaleSpec)
	if err != nil {
		return err
	}
	n, perr := strconv.Atoi(a.get("replicas"))
	if !a.has("replicas") || perr != nil || n < 0 {
		return errorf("The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0")
	}
	current := -1
	if a.has("current-replicas") {
		if current, perr = strconv.Atoi(a.get("current-replicas")); perr != nil || current < -1 {
			return errorf("The --current-replicas must specify an integer of -1 or greater")
		}
	}
	mode, cerr := dryRunMode(a)
	if cerr != nil {
		return cerr
	}
	var targets []target
	if a.has("filename") {
		targets, cerr = c.fileTargets(r, a)
	} else {
		targets, cerr = c.resolveTargets(a, true)
	}
	if cerr != nil {
		return cerr
	}
	if len(targets) == 0 {
		return errorf("no objects passed to scale")
	}
	for _, t := range targets {
		live := c.get(t.kind, t.namespace, t.name)
		if live == nil {
			return notFound(t.kind, t.name)
		}
		if !scalable[t.kind.Group+"/"+t.kind.Kind] {
			return statusError("NotFound", "the server could not find the requested resource")
		}
		if current >= 0 && int(num(live, "spec", "replicas")) != current {
			return errorf("Expected replicas to be %d, was %d", current, num(live, "spec", "replicas"))
		}
		if rv := a.get("resource-version"); rv != "" && rv != metaString(live, "resourceVersion") {
			return errorf("Expected resource version to be %s, was %s", rv, metaString(live, "resourceVersion"))
		}
		obj := jsonvalue.CopyObject(live)
		spec, ok := obj["spec"].(map[string]any)
		if !ok {
			spec = map[string]any{}
			obj["spec"] = spec
		}
		spec["replicas"] = int64(n)
		change := Change{Ref: refOf(t.kind, t.namespace, t.name), Action: "scaled", DryRun: mode != "", Before: encode(live)}
		if mode != "client" {
			stored, defaulted, cerr := c.serverUpdate(t.kind, obj, jsonvalue.CopyObject(live), write{manager: managerUserAgent, subresource: "scale", dryRun: mode == "server"})
			if cerr != nil {
				return cerr
			}
			obj, change.Defaulted = stored, defaulted
		}
		change.After = encode(obj)
		r.out.Changes = append(r.out.Changes, change)
		r.printf("%s/%s scaled%s\n", t.kind.kindGroup(), t.name, dryRunSuffix(mode))
	}
	return nil
}

func (c *Cluster) runController(r *run, words []string) error {
	if len(words) == 0 || words[0] != "status" {
		return &NotSimulatedError{Message: "the pseudo-command is: controller status KIND/NAME (the simulated controller writes a plausible status)"}
	}
	a, err := parseArgs("controller status", words[1:], flagSpec{})
	if err != nil {
		return err
	}
	ts, cerr := c.resolveTargets(a, true)
	if cerr != nil {
		return cerr
	}
	for _, t := range ts {
		live := c.get(t.kind, t.namespace, t.name)
		if live == nil {
			r.fail(notFound(t.kind, t.name))
			continue
		}
		status, ok := simulatedStatus(t.kind, live, c.timestamp())
		if !ok {
			return &NotSimulatedError{Message: fmt.Sprintf("controller status is simulated for Deployment, ReplicaSet and StatefulSet, not %s", t.kind.Kind)}
		}
		obj := jsonvalue.CopyObject(live)
		obj["status"] = status
		stored, _, cerr := c.serverUpdate(t.kind, obj, jsonvalue.CopyObject(live), write{manager: managerController, subresource: "status"})
		if cerr != nil {
			r.fail(cerr)
			continue
		}
		r.out.Changes = append(r.out.Changes, Change{Ref: refOf(t.kind, t.namespace, t.name), Action: "status updated", Before: encode(live), After: encode(stored)})
		r.printf("%s/%s status updated (simulated controller)\n", t.kind.kindGroup(), t.name)
	}
	r.warn(ControllerWarning)
	return nil
}

// ControllerWarning says what `controller status` is.
const ControllerWarning = "controller status is a simulation, not a kubectl command: it writes the status a healthy controller would report once every replica is ready (no pods run), through the status subresource, as kube-controller-manager."
