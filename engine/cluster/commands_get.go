package cluster

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/applylens/applylens/engine/document"
	"github.com/applylens/applylens/engine/jsonvalue"
)

var getSpec = flagSpec{
	values: []string{"output", "selector", "filename"},
	bools:  []string{"show-managed-fields", "all-namespaces", "recursive", "ignore-not-found"},
}

func (c *Cluster) runGet(r *run, words []string) error {
	a, err := parseArgs("get", words, getSpec)
	if err != nil {
		return err
	}
	output := a.get("output")
	switch output {
	case "", "yaml", "json", "name", "wide":
	default:
		return &NotSimulatedError{Message: fmt.Sprintf("kubectl get -o %s is not simulated; supported: -o yaml, -o json, -o name, -o wide and the default table", output)}
	}
	var targets []target
	var cerr *cmdError
	listing := false
	if a.has("filename") {
		targets, cerr = c.fileTargets(r, a)
	} else {
		listing = len(a.pos) == 1 && !strings.Contains(a.pos[0], "/")
		targets, cerr = c.resolveTargets(a, false)
	}
	if cerr != nil {
		return cerr
	}
	var objs []map[string]any
	for _, t := range targets {
		o := c.get(t.kind, t.namespace, t.name)
		if o == nil {
			if !a.boolFlag("ignore-not-found", false) {
				r.fail(notFound(t.kind, t.name))
			}
			continue
		}
		o = jsonvalue.CopyObject(o)
		if !a.boolFlag("show-managed-fields", false) {
			delete(metadataOf(o), "managedFields")
		}
		objs = append(objs, o)
	}
	if listing && len(objs) == 0 && output != "yaml" && output != "json" {
		k, _ := c.resolveKind(strings.Split(a.pos[0], ",")[0])
		if k != nil && k.Namespaced && !a.boolFlag("all-namespaces", false) {
			fmt.Fprintf(&r.stderr, "No resources found in %s namespace.\n", c.namespaceFor(a, k))
		} else {
			r.stderr.WriteString("No resources found\n")
		}
		return nil
	}
	switch output {
	case "yaml", "json":
		var v any
		if len(objs) == 1 && !listing {
			v = objs[0]
		} else {
			items := make([]any, len(objs))
			for i, o := range objs {
				items[i] = o
			}
			v = map[string]any{"apiVersion": "v1", "kind": "List", "items": items, "metadata": map[string]any{"resourceVersion": ""}}
		}
		text, err := render(v, output)
		if err != nil {
			return errorf("%v", err)
		}
		r.stdout.WriteString(text)
	case "name":
		for _, o := range objs {
			k := c.kindOf(o)
			r.printf("%s/%s\n", k.kindGroup(), metaString(o, "name"))
		}
	default:
		r.stdout.WriteString(c.table(objs, output == "wide", a.boolFlag("all-namespaces", false)))
	}
	return nil
}

// render prints a value as `kubectl get -o yaml|json` does.
func render(v any, output string) (string, error) {
	if output == "yaml" {
		return document.RenderYAML(v)
	}
	data, err := jsonvalue.Encode(v)
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, data, "", "    "); err != nil {
		return "", err
	}
	buf.WriteByte('\n')
	return buf.String(), nil
}

// kindOf finds the registered kind of a stored object.
func (c *Cluster) kindOf(o map[string]any) *Kind {
	group, version := splitAPIVersion(fmt.Sprint(o["apiVersion"]))
	kind, _ := o["kind"].(string)
	if k := c.kinds.byGroupKind(group, kind); k != nil {
		return k
	}
	return &Kind{Group: group, Version: version, Kind: kind, Resource: guessedResource(kind), Namespaced: metaString(o, "namespace") != "", Custom: true}
}
