package kustomize

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/applylens/applylens/engine/kustomize/internal/types"
	sigsyaml "sigs.k8s.io/yaml"
)

// This file is the kustomization's `openapi` field (kustomize's
// krusty.Kustomizer.Run and kyaml's openapi.SetSchema): `path` names a
// swagger file (JSON or YAML) whose definitions replace kyaml's builtin
// schema for the whole build. Only the kinds the file defines (with
// x-kubernetes-group-version-kind) then have a schema: a custom resource's
// list merges by the x-kubernetes-patch-merge-key the file gives it, and a
// built-in kind the file does not define has no schema at all, so its lists
// are replaced too. `version` picks one of kyaml's builtin schemas, of which
// v0.21.1 has one, v1.21.2.

// kyamlBuiltinVersion is kubernetesapi.DefaultOpenAPI, the only builtin
// schema kyaml v0.21.1 carries.
const kyamlBuiltinVersion = "v1.21.2"

// smpDepth bounds the walk of a kind's schema, as the oracle bounds its
// walk of kyaml's builtin one: a deeper schema is recursive, and the engine
// refuses to merge into it.
const smpDepth = 24

// setSchema is what kustomize does with the built kustomization's openapi
// field before it reads any resource.
func (b *builder) setSchema(k *types.Kustomization, root, kfile string) error {
	p, hasPath := k.OpenAPI["path"]
	if !hasPath {
		v, ok := k.OpenAPI["version"]
		if ok && v != "" && v != kyamlBuiltinVersion {
			return errorf(ErrInput, kfile, "the specified OpenAPI version is not built in")
		}
		return nil
	}
	content, err := b.loadFile(root, p, kfile)
	if err != nil {
		return err
	}
	if _, ok := k.OpenAPI["version"]; ok {
		return errorf(ErrInput, kfile, "builtin version and custom schema provided, cannot use both")
	}
	s, err := parseOpenAPISchema(content)
	if err != nil {
		return errorf(ErrUnsupported, kfile, "%s: openapi schema %s: %v is not supported here", kfile, p, err)
	}
	s.custom = p
	b.schema = s
	return nil
}

// schemaNode is one JSON schema of the file, as decoded.
type schemaNode = map[string]any

// openAPIFile is the part of a swagger document kyaml reads.
type openAPIFile struct {
	Definitions map[string]schemaNode `json:"definitions"`
	Paths       map[string]any        `json:"paths"`
}

// parseOpenAPISchema reads a schema file as kyaml's openapi.parse does and
// walks each kind it defines as the oracle walks kyaml's builtin schema
// (oracle/kustomize smpschema_gen_test.go). Shapes kyaml would read in ways
// not modelled here (paths, which set a kind's scope; a patch strategy on
// a field that is not a list; tuple items) are refused.
func parseOpenAPISchema(b []byte) (*kyamlSchema, error) {
	if len(b) > 0 && b[0] != '{' {
		j, err := sigsyaml.YAMLToJSON(b)
		if err != nil {
			return nil, err
		}
		b = j
	}
	var f openAPIFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, err
	}
	if len(f.Paths) > 0 {
		return nil, fmt.Errorf("paths (kyaml reads a kind's scope from them)")
	}
	w := &schemaWalk{defs: f.Definitions}
	lists := map[string]string{}
	kinds := map[string]bool{}
	recursive := map[string]bool{}
	var names []string
	for n := range f.Definitions {
		names = append(names, n)
	}
	sort.Strings(names)
	owner := map[string]string{}
	for _, n := range names {
		d := f.Definitions[n]
		gvks, err := groupVersionKinds(d)
		if err != nil {
			return nil, fmt.Errorf("definition %s: %v", n, err)
		}
		for _, typ := range gvks {
			if o, dup := owner[typ]; dup {
				return nil, fmt.Errorf("definitions %s and %s both define %s", o, n, typ)
			}
			owner[typ] = n
			found := map[string]string{}
			ok, err := w.walk(d, nil, 0, found)
			if err != nil {
				return nil, fmt.Errorf("definition %s: %v", n, err)
			}
			kinds[typ] = true
			if !ok {
				recursive[typ] = true
				continue
			}
			for p, v := range found {
				lists[typ+" "+p] = v
			}
		}
	}
	return newKyamlSchema(lists, kinds, recursive), nil
}

// groupVersionKinds reads x-kubernetes-group-version-kind as kyaml's
// toTypeMeta does: "group/version kind", or "version kind" without a group.
func groupVersionKinds(d schemaNode) ([]string, error) {
	ext, ok := extension(d, "x-kubernetes-group-version-kind")
	if !ok {
		return nil, nil
	}
	list, ok := ext.([]any)
	if !ok {
		return nil, nil
	}
	var out []string
	for _, e := range list {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		v, okV := m["version"].(string)
		k, okK := m["kind"].(string)
		if !okV || !okK {
			return nil, fmt.Errorf("x-kubernetes-group-version-kind without a string version and kind (kyaml panics)")
		}
		av := v
		if g, ok := m["group"].(string); ok && g != "" {
			av = g + "/" + v
		}
		out = append(out, av+" "+k)
	}
	return out, nil
}

// extension is a vendor extension of a schema; go-openapi's spec keeps them
// by lower-cased name.
func extension(s schemaNode, name string) (any, bool) {
	for k, v := range s {
		if strings.ToLower(k) == name {
			return v, true
		}
	}
	return nil, false
}

type schemaWalk struct{ defs map[string]schemaNode }

// resolve follows $ref as kyaml's Field and Elements do; an unresolved
// reference is no schema.
func (w *schemaWalk) resolve(s schemaNode) (schemaNode, error) {
	for i := 0; s != nil; i++ {
		ref, ok := s["$ref"].(string)
		if !ok || ref == "" {
			return s, nil
		}
		if i > len(w.defs) {
			return nil, fmt.Errorf("a $ref cycle at %s", ref)
		}
		name, ok := strings.CutPrefix(ref, "#/definitions/")
		if !ok {
			return nil, fmt.Errorf("$ref %s (only #/definitions/… is read here)", ref)
		}
		name = strings.ReplaceAll(strings.ReplaceAll(name, "~1", "/"), "~0", "~")
		s = w.defs[name]
	}
	return nil, nil
}

func isArray(s schemaNode) bool {
	switch t := s["type"].(type) {
	case string:
		return t == "array"
	case []any:
		return len(t) == 1 && t[0] == "array"
	}
	return false
}

func child(s schemaNode, key string) (schemaNode, bool) {
	c, ok := s[key].(map[string]any)
	return c, ok
}

// walk is smpschema_gen_test.go's walkSchema over the file's schema: it
// lists every array with a patch strategy ("strategy keys") and every
// nested map with apiVersion and kind properties ("typed"); false when the
// schema is deeper than smpDepth (recursive).
func (w *schemaWalk) walk(s schemaNode, path []string, depth int, out map[string]string) (bool, error) {
	if s == nil {
		return true, nil
	}
	if depth > smpDepth {
		return false, nil
	}
	ps, hasStrategy := extension(s, "x-kubernetes-patch-strategy")
	if isArray(s) {
		if hasStrategy {
			strategy, ok := ps.(string)
			if !ok {
				return false, fmt.Errorf("%s: x-kubernetes-patch-strategy is not a string (kyaml panics)", strings.Join(path, "/"))
			}
			keys, err := mergeKeys(s)
			if err != nil {
				return false, fmt.Errorf("%s: %v", strings.Join(path, "/"), err)
			}
			out[strings.Join(path, "/")] = strategy + " " + strings.Join(keys, ",")
		}
		items := s["items"]
		if items == nil {
			return true, nil
		}
		im, ok := items.(map[string]any)
		if !ok {
			return false, fmt.Errorf("%s: items that are not one schema", strings.Join(path, "/"))
		}
		el, err := w.resolve(im)
		if err != nil {
			return false, err
		}
		return w.walk(el, append(path, "[]"), depth+1, out)
	}
	if hasStrategy {
		return false, fmt.Errorf("%s: x-kubernetes-patch-strategy on a field whose type is not array", strings.Join(path, "/"))
	}
	props, _ := child(s, "properties")
	_, hasAV := child(props, "apiVersion")
	_, hasKind := child(props, "kind")
	if hasAV && hasKind && depth > 0 {
		out[strings.Join(path, "/")] = "typed"
	}
	var names []string
	for n := range props {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		c, ok := child(props, n)
		if !ok {
			continue
		}
		c, err := w.resolve(c)
		if err != nil {
			return false, err
		}
		ok, err = w.walk(c, append(append([]string(nil), path...), n), depth+1, out)
		if !ok || err != nil {
			return ok, err
		}
	}
	if ap, ok := child(s, "additionalProperties"); ok {
		ap, err := w.resolve(ap)
		if err != nil {
			return false, err
		}
		ok, err := w.walk(ap, append(append([]string(nil), path...), "*"), depth+1, out)
		if !ok || err != nil {
			return ok, err
		}
	}
	return true, nil
}

// mergeKeys is PatchStrategyAndKeyList's key list: x-kubernetes-list-map-keys
// when given, else x-kubernetes-patch-merge-key, else none.
func mergeKeys(s schemaNode) ([]string, error) {
	if v, ok := extension(s, "x-kubernetes-list-map-keys"); ok {
		l, ok := v.([]any)
		if !ok {
			return nil, fmt.Errorf("x-kubernetes-list-map-keys is not a list (kyaml panics)")
		}
		var keys []string
		for _, k := range l {
			ks, ok := k.(string)
			if !ok {
				return nil, fmt.Errorf("x-kubernetes-list-map-keys holds a value that is not a string (kyaml panics)")
			}
			keys = append(keys, ks)
		}
		return keys, nil
	}
	if v, ok := extension(s, "x-kubernetes-patch-merge-key"); ok {
		k, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("x-kubernetes-patch-merge-key is not a string (kyaml panics)")
		}
		return []string{k}, nil
	}
	return nil, nil
}
