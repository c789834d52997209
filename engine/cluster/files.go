package cluster

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode"

	"sigs.k8s.io/yaml"

	"github.com/applylens/applylens/engine/document"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/schema/typedschema"
	"github.com/applylens/applylens/engine/typedjson"
)

// fileObject is one object read from a file given to -f.
type fileObject struct {
	source string // the file name, as kubectl names it in messages
	obj    map[string]any
	kind   *Kind
	// namespace is where kubectl sends the object ("" for a
	// cluster-scoped kind); name is its name.
	namespace, name string
}

// Limits on what -f reads: kubectl has none, but a browser tab needs
// them. maxFileSize is a pane's (document.MaxSize), checked before a file
// is converted from YAML (a 20 MB file took 5 s and 470 MB before the
// pane's limit refused its object); maxDirFiles bounds the files a
// directory gives one command (100,000 never ended). Real directories of
// manifests hold tens, a large application a few hundred.
const (
	maxFileSize = document.MaxSize
	maxDirFiles = 1000
)

// fileNames expands the -f arguments: a name in files, or a directory
// (a prefix ending in "/", or any name that is a prefix of stored paths)
// whose .yaml, .yml and .json files kubectl visits in lexical order,
// recursively only with -R.
func fileNames(args []string, files map[string]string, recursive bool) ([]string, *cmdError) {
	var out []string
	for _, a := range args {
		if _, ok := files[a]; ok {
			out = append(out, a)
			continue
		}
		dir := strings.TrimSuffix(a, "/") + "/"
		if a == "." || a == "./" {
			dir = ""
		}
		var inDir []string
		found := false
		for name := range files {
			rel, ok := strings.CutPrefix(name, dir)
			if !ok {
				continue
			}
			found = true
			if !recursive && strings.Contains(rel, "/") {
				continue
			}
			if strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml") || strings.HasSuffix(name, ".json") {
				inDir = append(inDir, name)
			}
		}
		if !found {
			return nil, errorf("the path %q does not exist", a)
		}
		if len(inDir) > maxDirFiles {
			return nil, errorf("the directory %q holds %d .yaml, .yml and .json files; applylens reads at most %d from one directory. Apply it in parts (a subdirectory, or files by name).", a, len(inDir), maxDirFiles)
		}
		sort.Strings(inDir)
		out = append(out, inDir...)
	}
	return out, nil
}

// readFilesGoingOn reads the -f objects of apply or create (command),
// which go on with the objects read before a bad file: its error is
// recorded for the run and the objects returned; an error is returned only
// when none was read (kubectl then names the command: "no objects passed to
// apply").
func (c *Cluster) readFilesGoingOn(r *run, a *args, command string) ([]*fileObject, *cmdError) {
	objs, cerr := c.readFiles(r, a)
	if cerr == nil {
		return objs, nil
	}
	if cerr.msg == "no objects passed to the command" {
		cerr = errorf("no objects passed to %s", command)
	}
	if len(objs) == 0 {
		return nil, cerr
	}
	r.fail(cerr)
	return objs, nil
}

// readFiles reads the objects of the -f arguments (or of the kustomize
// build of -k's directory) as kubectl's resource builder does, resolving
// kinds and namespaces; with -n, an object naming
// another namespace is refused. On an error it also returns the objects
// read before it, which apply and create still visit.
func (c *Cluster) readFiles(r *run, a *args) ([]*fileObject, *cmdError) {
	names := a.multi["filename"]
	kdir := a.get("kustomize")
	if len(names) == 0 && kdir == "" {
		return nil, errorf("must specify one of -f and -k")
	}
	if cerr := kustomizeErrors(a); cerr != nil {
		return nil, cerr
	}
	if a.has("validate") {
		r.warn("--validate: kubectl's client-side schema validation is not simulated; the server's validation (engine/apiserver) still runs.")
	}
	// texts are the streams the builder reads: each file, or kustomize's
	// build of the -k directory, named as kubectl names it in messages.
	var texts []namedText
	if kdir != "" {
		built, cerr := c.buildKustomization(r, kdir)
		if cerr != nil {
			return nil, cerr
		}
		texts = append(texts, namedText{kdir, string(built)})
	} else {
		paths, err := fileNames(names, r.files, a.boolFlag("recursive", false))
		if err != nil {
			return nil, err
		}
		for _, p := range paths {
			texts = append(texts, namedText{p, r.files[p]})
		}
	}
	var sel *selector
	if a.has("selector") {
		parsed, err := parseSelector(a.get("selector"))
		if err != nil {
			return nil, errorf("the provided selector %q is not valid: %v", a.get("selector"), err)
		}
		sel = &parsed
	}
	var out []*fileObject
	for _, t := range texts {
		p := t.name
		if n := len(t.text); n > maxFileSize {
			return out, errorf("error parsing %s: the file is %.1f MiB; applylens reads at most %.1f MiB per file.", p, float64(n)/(1<<20), float64(maxFileSize)/(1<<20))
		}
		objs, decodeErr := decodeStream(p, t.text)
		for _, o := range objs {
			// The builder filters the files' objects by -l too.
			if sel != nil && !sel.matches(labelsOf(o)) {
				continue
			}
			fo, err := c.resolve(r, a, p, o)
			if err != nil {
				return out, err
			}
			out = append(out, fo)
		}
		if decodeErr != nil {
			return out, decodeErr // the objects before the bad document were visited
		}
	}
	if len(out) == 0 {
		return nil, errorf("no objects passed to %s", "the command")
	}
	return out, nil
}

// namedText is a stream of objects and the name kubectl gives it.
type namedText struct{ name, text string }

// resolve finds an object's kind and namespace.
func (c *Cluster) resolve(r *run, a *args, source string, obj map[string]any) (*fileObject, *cmdError) {
	apiVersion, _ := obj["apiVersion"].(string)
	kindName, _ := obj["kind"].(string)
	if kindName == "" {
		data, _ := jsonvalue.Encode(obj)
		return nil, errorf("unable to decode %q: Object 'Kind' is missing in '%s'", source, data)
	}
	if apiVersion == "" {
		data, _ := jsonvalue.Encode(obj)
		return nil, errorf("unable to decode %q: Object 'apiVersion' is missing in '%s'", source, data)
	}
	if err := typedjson.CheckMetadata(typedschema.Builtin, obj); err != nil {
		return nil, errorf("unable to decode %q: %s", source, err.Message)
	}
	group, version := splitAPIVersion(apiVersion)
	k := c.kinds.byGroupKind(group, kindName)
	if builtinGroups[group] && (k == nil || !k.Custom) && !servesVersion(group, kindName, version) {
		// Kubernetes' own group, a kind or version a default cluster does
		// not serve (policy/v1beta1, storage.k8s.io/v1beta1): kubectl's
		// RESTMapper has no mapping for it (cli-runtime's mapper).
		return nil, errorf("resource mapping not found for name: %q namespace: %q from %q: no matches for kind %q in version %q\nensure CRDs are installed first",
			metaString(obj, "name"), metaString(obj, "namespace"), source, kindName, apiVersion)
	}
	if k == nil {
		c.kinds.register(Kind{Group: group, Version: version, Kind: kindName, Resource: guessedResource(kindName), Namespaced: true, Custom: true, assumed: true})
		k = c.kinds.byGroupKind(group, kindName)
	}
	if k.assumed {
		r.warn(fmt.Sprintf("%s %s has no CustomResourceDefinition in this cluster: the simulation takes it as a namespaced custom resource. A real cluster would refuse it: `resource mapping not found for name: %q namespace: %q from %q: no matches for kind %q in version %q` (ensure CRDs are installed first).",
			apiVersion, kindName, metaString(obj, "name"), metaString(obj, "namespace"), source, kindName, apiVersion))
	}
	if k.Version != version {
		// Another served version of the kind (autoscaling/v1 for an HPA):
		// the same resource, addressed with the file's version.
		other := *k
		other.Version = version
		k = &other
	}
	fo := &fileObject{source: source, obj: obj, kind: k, name: metaString(obj, "name")}
	if k.Namespaced {
		ns := metaString(obj, "namespace")
		flagNS := a.get("namespace")
		switch {
		case ns != "" && flagNS != "" && ns != flagNS:
			return nil, errorf("the namespace from the provided object %q does not match the namespace %q. You must pass '--namespace=%s' to perform this operation.", ns, flagNS, ns)
		case ns == "":
			ns = flagNS
			if ns == "" {
				ns = c.namespace
			}
			metadataOf(obj)["namespace"] = ns
		}
		fo.namespace = ns
	} else if md, ok := obj["metadata"].(map[string]any); ok {
		// The builder's FilterNamespace: a cluster-scoped object loses the
		// namespace its file gives it, before anything is computed.
		delete(md, "namespace")
	}
	return fo, nil
}

// decodeStream splits a file into objects as apimachinery's
// YAMLOrJSONDecoder does (a JSON stream when it starts with '{', YAML
// documents separated by lines starting with "---" otherwise), skipping
// empty documents and expanding lists.
func decodeStream(source, text string) ([]map[string]any, *cmdError) {
	var out []map[string]any
	add := func(raw []byte) *cmdError {
		if t := bytes.TrimSpace(raw); len(t) == 0 || string(t) == "null" {
			return nil
		}
		// Not an object: encoding/json's error, as DecodeObject gives it.
		obj, err := jsonvalue.DecodeObject(raw)
		if err != nil {
			return errorf("error parsing %s: %v", source, err)
		}
		if items, ok := obj["items"].([]any); ok {
			for _, it := range items {
				m, ok := it.(map[string]any)
				if !ok {
					return errorf("error parsing %s: a list item is not an object", source)
				}
				out = append(out, m)
			}
			return nil
		}
		out = append(out, obj)
		return nil
	}
	if strings.HasPrefix(strings.TrimLeftFunc(text, unicode.IsSpace), "{") {
		dec := json.NewDecoder(strings.NewReader(text))
		for {
			var raw json.RawMessage
			err := dec.Decode(&raw)
			if err == io.EOF {
				return out, nil
			}
			if err != nil {
				return out, errorf("error parsing %s: %v", source, err)
			}
			if cerr := add(raw); cerr != nil {
				return out, cerr
			}
		}
	}
	docs, err := splitYAML(text)
	if err != nil {
		return nil, errorf("error parsing %s: %v", source, err)
	}
	for _, d := range docs {
		j, err := yaml.YAMLToJSON([]byte(d))
		if err != nil {
			return out, errorf("error parsing %s: error converting YAML to JSON: %v", source, err)
		}
		if cerr := add(j); cerr != nil {
			return out, cerr
		}
	}
	return out, nil
}

// splitYAML is apimachinery's YAMLReader: a line starting with "---"
// ends a document; anything after the marker but a comment is an error.
func splitYAML(text string) ([]string, error) {
	var docs []string
	var cur strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		if strings.HasPrefix(line, "---") {
			if rest := strings.TrimSpace(line[3:]); rest != "" && rest[0] != '#' {
				return nil, fmt.Errorf("invalid Yaml document separator: %s", rest)
			}
			docs = append(docs, cur.String())
			cur.Reset()
			continue
		}
		cur.WriteString(line)
	}
	return append(docs, cur.String()), nil
}
