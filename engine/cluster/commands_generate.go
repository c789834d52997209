package cluster

import (
	"fmt"
	"path"
	"strconv"
	"strings"
)

var generateSpec = flagSpec{
	values: []string{"image", "replicas", "port", "from-literal", "from-file", "dry-run"},
}

// runCreateGenerated is kubectl create namespace|deployment|configmap
// NAME: kubectl builds the object from the flags and POSTs it.
func (c *Cluster) runCreateGenerated(r *run, what string, words []string) error {
	a, err := parseArgs("create "+what, words, generateSpec)
	if err != nil {
		return err
	}
	if len(a.pos) != 1 {
		return errorf("exactly one NAME is required, got %d\nSee 'kubectl create %s -h' for help and examples", len(a.pos), what)
	}
	mode, cerr := dryRunMode(a)
	if cerr != nil {
		return cerr
	}
	name := a.pos[0]
	var obj map[string]any
	switch what {
	case "namespace", "ns":
		obj = map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": name}}
	case "deployment", "deploy":
		obj, cerr = generatedDeployment(a, name)
	case "configmap", "cm":
		obj, cerr = generatedConfigMap(a, r, name)
	}
	if cerr != nil {
		return cerr
	}
	k := c.kindOf(obj)
	ns := ""
	if k.Namespaced {
		ns = c.namespaceFor(a, k)
		metadataOf(obj)["namespace"] = ns
	}
	if cerr := c.commit(r, target{kind: k, namespace: ns, name: name}, "created", mode, obj, nil, &write{manager: managerCreate}); cerr != nil {
		return cerr
	}
	return nil
}

// generatedDeployment is kubectl create deployment's object: label
// app=NAME on the object, selector and template, one container per
// --image named after the image, replicas (1 unless --replicas), and the
// first container's --port.
func generatedDeployment(a *args, name string) (map[string]any, *cmdError) {
	images := a.multi["image"]
	if len(images) == 0 {
		return nil, errorf("required flag(s) \"image\" not set")
	}
	replicas := int64(1)
	if a.has("replicas") {
		n, err := strconv.ParseInt(a.get("replicas"), 10, 32)
		if err != nil {
			return nil, errorf("invalid argument %q for \"--replicas\" flag: %v", a.get("replicas"), err)
		}
		replicas = n
	}
	var containers []any
	for _, image := range images {
		cname := path.Base(image)
		if i := strings.IndexAny(cname, ":@"); i >= 0 {
			cname = cname[:i]
		}
		if strings.ContainsAny(cname, "_.") {
			return nil, &cmdError{msg: fmt.Sprintf("the container name kubectl derives from %q gets a random suffix, which the simulation does not reproduce: use an image whose last path element has no '.' or '_'", image)}
		}
		containers = append(containers, map[string]any{"name": cname, "image": image})
	}
	if a.has("port") {
		p, err := strconv.ParseInt(a.get("port"), 10, 32)
		if err != nil {
			return nil, errorf("invalid argument %q for \"--port\" flag: %v", a.get("port"), err)
		}
		if p >= 0 {
			containers[0].(map[string]any)["ports"] = []any{map[string]any{"containerPort": p}}
		}
	}
	labels := func() map[string]any { return map[string]any{"app": name} }
	return map[string]any{
		"apiVersion": "apps/v1", "kind": "Deployment",
		"metadata": map[string]any{"name": name, "labels": labels()},
		"spec": map[string]any{
			"replicas": replicas,
			"selector": map[string]any{"matchLabels": labels()},
			"template": map[string]any{
				"metadata": map[string]any{"labels": labels()},
				"spec":     map[string]any{"containers": containers},
			},
		},
	}, nil
}

// generatedConfigMap is kubectl create configmap's object, from
// --from-literal=KEY=VALUE and --from-file=[KEY=]FILE (a file given to
// Run).
func generatedConfigMap(a *args, r *run, name string) (map[string]any, *cmdError) {
	data := map[string]any{}
	for _, lit := range a.multi["from-literal"] {
		k, v, ok := strings.Cut(lit, "=")
		if !ok || k == "" {
			return nil, errorf("invalid literal source %s, expected key=value", lit)
		}
		if _, dup := data[k]; dup {
			return nil, errorf("cannot add key %q, another key by that name already exists in Data for ConfigMap %q", k, name)
		}
		data[k] = v
	}
	for _, spec := range a.multi["from-file"] {
		k, p, ok := strings.Cut(spec, "=")
		if !ok {
			k, p = path.Base(spec), spec
		}
		text, exists := r.files[p]
		if !exists {
			return nil, errorf("error reading %s: no such file or directory", p)
		}
		if _, dup := data[k]; dup {
			return nil, errorf("cannot add key %q, another key by that name already exists in Data for ConfigMap %q", k, name)
		}
		data[k] = text
	}
	obj := map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": name}}
	if len(data) > 0 {
		obj["data"] = data
	}
	return obj, nil
}
