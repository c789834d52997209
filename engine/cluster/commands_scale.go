package cluster

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/applylens/applylens/engine/apiserver"
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
	mode, targets, cerr := dryRunAnd(r, a, c.fileOrNamedTargets)
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
		if mode != "client" && n > math.MaxInt32 {
			// The scale subresource decodes the patched Scale into its
			// Go type, whose replicas is an int32: the patch handler's
			// refusal, with the whole patched Scale in it.
			cause := apiserver.Cause{Field: "patch", Type: "FieldValueInvalid",
				Message: "Invalid value: " + strconv.Quote(scalePatched(live, t.kind, n)) + ": json: cannot unmarshal number " + strconv.Itoa(n) + " into Go struct field ScaleSpec.spec.replicas of type int32"}
			return &cmdError{status: &serverStatus{Reason: "Invalid", Message: ` "" is invalid: ` + cause.Field + ": " + cause.Message, Causes: []apiserver.Cause{cause}}}
		}
		obj := jsonvalue.CopyObject(live)
		spec, ok := obj["spec"].(map[string]any)
		if !ok {
			spec = map[string]any{}
			obj["spec"] = spec
		}
		spec["replicas"] = int64(n)
		if cerr := c.commit(r, t, "scaled", mode, obj, live, &write{manager: managerUserAgent, subresource: "scale"}); cerr != nil {
			return cerr
		}
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
	for t, live := range c.liveTargets(r, ts) {
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

// scalePatched is the JSON the scale subresource's merge patch produces
// from the object's Scale (its registry's scaleFrom<Kind>: name,
// namespace, uid, resourceVersion and creationTimestamp, the spec's
// replicas, the status's replicas and selector), encoded as the server
// encodes it, patched with {"spec":{"replicas":n}}: json-patch's
// MergePatch writes the top level and what it merged with sorted keys.
func scalePatched(live map[string]any, k *Kind, n int) string {
	str := func(b []byte, s string) []byte { return jsonvalue.AppendString(b, s, true) }
	b := []byte(`{"apiVersion":"autoscaling/v1","kind":"Scale","metadata":{`)
	first := true
	for _, f := range []string{"name", "namespace", "uid", "resourceVersion"} {
		if v := metaString(live, f); v != "" {
			if !first {
				b = append(b, ',')
			}
			first = false
			b = str(append(str(b, f), ':'), v)
		}
	}
	if !first {
		b = append(b, ',')
	}
	b = append(b, `"creationTimestamp":`...)
	if ts := metaString(live, "creationTimestamp"); ts != "" {
		b = str(b, ts)
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `},"spec":{"replicas":`...)
	b = strconv.AppendInt(b, int64(n), 10)
	b = append(b, `},"status":{"replicas":`...)
	b = strconv.AppendInt(b, num(live, "status", "replicas"), 10)
	if sel := scaleSelector(live, k); sel != "" {
		b = str(append(b, `,"selector":`...), sel)
	}
	return string(append(b, "}}"...))
}

// scaleSelector is the Scale's status.selector: the spec's selector as
// labels.Selector's String() writes it (requirements sorted by key).
func scaleSelector(live map[string]any, k *Kind) string {
	spec, _ := live["spec"].(map[string]any)
	sel, _ := spec["selector"].(map[string]any)
	type req struct{ key, text string }
	var reqs []req
	if k.Group == "" && k.Kind == "ReplicationController" {
		for key, v := range sel {
			reqs = append(reqs, req{key, key + "=" + fmt.Sprint(v)})
		}
	} else {
		ml, _ := sel["matchLabels"].(map[string]any)
		for key, v := range ml {
			reqs = append(reqs, req{key, key + "=" + fmt.Sprint(v)})
		}
		exprs, _ := sel["matchExpressions"].([]any)
		for _, e := range exprs {
			em, _ := e.(map[string]any)
			key, _ := em["key"].(string)
			var values []string
			vs, _ := em["values"].([]any)
			for _, v := range vs {
				values = append(values, fmt.Sprint(v))
			}
			sort.Strings(values)
			switch em["operator"] {
			case "In":
				reqs = append(reqs, req{key, key + " in (" + strings.Join(values, ",") + ")"})
			case "NotIn":
				reqs = append(reqs, req{key, key + " notin (" + strings.Join(values, ",") + ")"})
			case "Exists":
				reqs = append(reqs, req{key, key})
			case "DoesNotExist":
				reqs = append(reqs, req{key, "!" + key})
			}
		}
	}
	sort.SliceStable(reqs, func(i, j int) bool { return reqs[i].key < reqs[j].key })
	texts := make([]string, len(reqs))
	for i, r := range reqs {
		texts[i] = r.text
	}
	return strings.Join(texts, ",")
}
