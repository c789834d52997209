package cluster

import (
	"fmt"
	"reflect"
	"sync/atomic"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	"sigs.k8s.io/yaml"

	"github.com/applylens/applylens/engine/apiserver"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/mergepatch"
	"github.com/applylens/applylens/engine/schema"
	"github.com/applylens/applylens/engine/strategic"
)

var patchSpec = flagSpec{
	values: []string{"type", "patch", "dry-run", "filename", "patch-file", "subresource"},
	bools:  []string{"recursive"},
}

// runPatch is kubectl patch: the patch is sent as it is and the server
// applies it (strategic merge for built-in kinds, JSON merge, or RFC 6902
// JSON patch with the same json-patch library as the API server).
func (c *Cluster) runPatch(r *run, words []string) error {
	a, err := parseArgs("patch", words, patchSpec)
	if err != nil {
		return err
	}
	if a.has("patch-file") || a.has("subresource") {
		return &NotSimulatedError{Message: "kubectl patch --patch-file and --subresource are not simulated; pass the patch with -p"}
	}
	patchType := a.get("type")
	if patchType == "" {
		patchType = "strategic"
	}
	switch patchType {
	case "json", "merge", "strategic":
	default:
		return errorf("--type must be one of [json merge strategic], not %q", patchType)
	}
	if !a.has("patch") {
		return errorf("must specify --patch or --patch-file containing the contents of the patch")
	}
	patch, yerr := yaml.YAMLToJSON([]byte(a.get("patch")))
	if yerr != nil {
		return errorf("unable to parse %q: %v", a.get("patch"), yerr)
	}
	mode, cerr := dryRunMode(a)
	if cerr != nil {
		return cerr
	}
	if mode == "client" {
		return &NotSimulatedError{Message: "kubectl patch --dry-run=client is not simulated; use --dry-run=server"}
	}
	targets, cerr := c.targetsOf(r, a)
	if cerr != nil {
		return cerr
	}
	for t, live := range c.liveTargets(r, targets) {
		patched, cerr := applyPatch(t.kind, live, patchType, patch)
		if cerr != nil {
			r.fail(cerr)
			continue
		}
		w := write{manager: managerPatch, dryRun: mode == "server", validation: apiserver.FieldValidationWarn}
		if patchType == "strategic" {
			if w.smpPatch, err = jsonvalue.DecodeObject(patch); err != nil {
				r.fail(errorf("decoding the patch: %v", err))
				continue
			}
		}
		stored, defaulted, cerr := c.serverUpdate(t.kind, patched, jsonvalue.CopyObject(live), w)
		if cerr != nil {
			r.fail(cerr)
			continue
		}
		action := "patched"
		if reflect.DeepEqual(stored, live) {
			action = "patched (no change)"
		}
		r.out.Changes = append(r.out.Changes, Change{Ref: refOf(t.kind, t.namespace, t.name), Action: action, Defaulted: defaulted, DryRun: mode != "", Before: encode(live), After: encode(stored)})
		r.printf("%s/%s %s%s\n", t.kind.kindGroup(), t.name, action, dryRunSuffix(mode))
	}
	return nil
}

// The API server's limits on a patch request (k8s.io/apiserver
// pkg/endpoints/handlers/patch.go and pkg/server/config.go), with their
// defaults: a body of at most MaxRequestBodyBytes, a JSON patch of at most
// maxJSONPatchOperations operations, whose copy operations add at most
// JSONPatchMaxCopyBytes in all.
const (
	maxRequestBodyBytes    = 3 * 1024 * 1024
	maxJSONPatchOperations = 10000
	jsonPatchMaxCopyBytes  = 3 * 1024 * 1024
)

func init() {
	// As the API server sets it when it starts: json-patch reads the
	// limit from this package variable. A lower limit set by someone
	// else in the process stays.
	for {
		existing := atomic.LoadInt64(&jsonpatch.AccumulatedCopySizeLimit)
		if existing > 0 && existing < jsonPatchMaxCopyBytes {
			break
		}
		if atomic.CompareAndSwapInt64(&jsonpatch.AccumulatedCopySizeLimit, existing, jsonPatchMaxCopyBytes) {
			break
		}
	}
}

// applyPatch is what the API server's patch handler does with the bytes.
func applyPatch(k *Kind, live map[string]any, patchType string, patch []byte) (map[string]any, *cmdError) {
	if len(patch) > maxRequestBodyBytes {
		// limitedReadBody.
		return nil, statusError("RequestEntityTooLarge", "Request entity too large: limit is %d", maxRequestBodyBytes)
	}
	current := encode(live)
	var out []byte
	var err error
	switch patchType {
	case "strategic":
		apiVersion, _ := live["apiVersion"].(string)
		root, builtin := schema.Builtin.Root(apiVersion, k.Kind)
		if !builtin || k.Custom {
			return nil, statusError("UnsupportedMediaType", "the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml")
		}
		if out, err = strategic.StrategicMergePatch(current, patch, root); err != nil {
			return nil, statusError("BadRequest", "%v", err)
		}
	case "merge":
		if out, err = mergepatch.Apply(current, patch); err != nil {
			return nil, statusError("BadRequest", "%v", err)
		}
	case "json":
		ops, err := jsonpatch.DecodePatch(patch)
		if err != nil {
			return nil, statusError("BadRequest", "%v", err)
		}
		if len(ops) > maxJSONPatchOperations {
			return nil, statusError("RequestEntityTooLarge", "Request entity too large: The allowed maximum operations in a JSON patch is %d, got %d", maxJSONPatchOperations, len(ops))
		}
		if out, err = ops.Apply(current); err != nil {
			// NewGenericServerResponse(422, ...): kubectl sees an Invalid
			// status with no details, whatever went wrong (a copy past
			// the limit too: "Unable to complete the copy, the
			// accumulated size increase of copy is …, exceeding the
			// limit 3145728").
			return nil, &cmdError{status: &serverStatus{Reason: "Invalid", Message: "the server rejected our request due to an error in our request"}}
		}
	}
	obj, err := jsonvalue.DecodeObject(out)
	if err != nil || obj == nil {
		return nil, statusError("BadRequest", "the patched object is not an object")
	}
	return obj, nil
}

var setSpec = flagSpec{
	values: []string{"dry-run", "selector", "filename", "containers"},
	bools:  []string{"all", "overwrite", "recursive"},
}

// runSet is kubectl set image and kubectl set env: the pod template
// changed locally, sent as a strategic merge patch of the difference.
func (c *Cluster) runSet(r *run, words []string) error {
	if len(words) == 0 || (words[0] != "image" && words[0] != "env") {
		return &NotSimulatedError{Message: "kubectl set: only set image and set env are simulated"}
	}
	sub := words[0]
	a, err := parseArgs("set "+sub, words[1:], setSpec)
	if err != nil {
		return err
	}
	resources, pairs := splitPairs(a.pos)
	a.pos = resources
	if len(resources) == 0 && !a.has("filename") {
		return errorf("one or more resources must be specified as <resource> <name> or <resource>/<name>")
	}
	if len(pairs) == 0 {
		if sub == "image" {
			return errorf("at least one image update is required")
		}
		return errorf("at least one environment variable must be provided")
	}
	mode, targets, cerr := dryRunAnd(r, a, c.targetsOf)
	if cerr != nil {
		return cerr
	}
	for t, live := range c.liveTargets(r, targets) {
		obj := jsonvalue.CopyObject(live)
		podSpec := podSpecOf(obj)
		if podSpec == nil {
			r.fail(errorf("error: %s/%s the object is not a pod or does not have a pod template\n", t.kind.Resource, t.name))
			continue
		}
		var errs []*cmdError
		action := "image updated"
		if sub == "image" {
			errs = setImages(podSpec, pairs)
		} else {
			action = "env updated"
			errs = setEnv(podSpec, pairs, a.get("containers"), a.boolFlag("overwrite", true))
		}
		for _, e := range errs {
			r.fail(e)
		}
		if len(errs) > 0 && sub == "env" {
			continue
		}
		if reflect.DeepEqual(obj, live) {
			continue // kubectl prints nothing when the patch is empty
		}
		if cerr := c.commit(r, t, action, mode, obj, live, &write{manager: managerSet}); cerr != nil {
			r.fail(errorf("failed to patch %s update to pod template: %v", sub, cerr.Error()))
		}
	}
	return nil
}

// podSpecOf returns the pod spec of a pod or of a workload's template.
func podSpecOf(obj map[string]any) map[string]any {
	spec, _ := obj["spec"].(map[string]any)
	if spec == nil {
		return nil
	}
	switch obj["kind"] {
	case "Pod":
		return spec
	case "CronJob":
		jt, _ := spec["jobTemplate"].(map[string]any)
		spec, _ = jt["spec"].(map[string]any)
	}
	tmpl, _ := spec["template"].(map[string]any)
	ps, _ := tmpl["spec"].(map[string]any)
	return ps
}

func containerList(podSpec map[string]any, field string) []map[string]any {
	list, _ := podSpec[field].([]any)
	var out []map[string]any
	for _, c := range list {
		if m, ok := c.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// setImages is set image's loop over NAME=IMAGE pairs ("*" for all).
func setImages(podSpec map[string]any, pairs []string) []*cmdError {
	var errs []*cmdError
	for _, p := range pairs {
		name, image, ok := cutEq(p)
		if !ok {
			errs = append(errs, errorf("invalid image update %q", p))
			continue
		}
		found := false
		for _, field := range []string{"initContainers", "containers"} {
			for _, ctr := range containerList(podSpec, field) {
				if name == "*" || ctr["name"] == name {
					ctr["image"] = image
					found = true
				}
			}
		}
		if !found {
			errs = append(errs, errorf("error: unable to find container named %q", name))
		}
	}
	return errs
}

func cutEq(p string) (string, string, bool) {
	for i := 0; i < len(p); i++ {
		if p[i] == '=' {
			return p[:i], p[i+1:], true
		}
	}
	return "", "", false
}

// setEnv is set env's updateEnv on the selected containers.
func setEnv(podSpec map[string]any, pairs []string, containerSel string, overwrite bool) []*cmdError {
	var env []map[string]any
	var remove []string
	for _, p := range pairs {
		if k, v, ok := cutEq(p); ok {
			env = append(env, map[string]any{"name": k, "value": v})
		} else if len(p) > 1 && p[len(p)-1] == '-' {
			remove = append(remove, p[:len(p)-1])
		} else {
			return []*cmdError{errorf("environment variables must be of the form key=value and can only contain letters, numbers, and underscores")}
		}
	}
	if containerSel == "" {
		containerSel = "*"
	}
	for _, field := range []string{"containers", "initContainers"} {
		for _, ctr := range containerList(podSpec, field) {
			if containerSel != "*" && ctr["name"] != containerSel {
				continue
			}
			existing, _ := ctr["env"].([]any)
			if !overwrite {
				for _, e := range existing {
					em, _ := e.(map[string]any)
					for _, n := range env {
						if em["name"] == n["name"] && em["value"] != n["value"] {
							return []*cmdError{errorf("'%v' already has a value (%v), and --overwrite is false", em["name"], em["value"])}
						}
					}
				}
			}
			out := updateEnv(existing, env, remove)
			if len(out) == 0 {
				delete(ctr, "env")
			} else {
				ctr["env"] = out
			}
		}
	}
	return nil
}

// updateEnv mirrors kubectl's: replaced entries keep their place, new
// ones are appended, removed ones dropped.
func updateEnv(existing []any, env []map[string]any, remove []string) []any {
	covered := map[string]bool{}
	for _, r := range remove {
		covered[r] = true
	}
	var out []any
	for _, e := range existing {
		em, _ := e.(map[string]any)
		name := fmt.Sprint(em["name"])
		if covered[name] {
			continue
		}
		replaced := false
		for _, n := range env {
			if n["name"] == name {
				covered[name] = true
				out = append(out, n)
				replaced = true
				break
			}
		}
		if !replaced {
			out = append(out, e)
		}
	}
	for _, n := range env {
		name := n["name"].(string)
		if covered[name] {
			continue
		}
		covered[name] = true
		out = append(out, n)
	}
	return out
}
