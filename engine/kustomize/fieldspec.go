package kustomize

import (
	"fmt"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// setFn changes the node a field spec leads to.
type setFn func(n *yaml.Node) error

// applyFieldSpec is kustomize's fieldspec.Filter: when the object's kind
// matches the spec, it walks the spec's path ("a/b[]/c": b is a list, each
// element walked), creating the missing fields when the spec says create
// (the last with createKind and createTag, the ones before as mappings),
// and calls set on what it reaches.
func applyFieldSpec(o *object, fs fieldSpec, createKind yaml.Kind, createTag string, set setFn) error {
	if !matchesGVK(fs, o) {
		return nil
	}
	path := strings.Split(fs.Path, "/")
	if err := walkFieldSpec(o.node, path, fs.Create, createKind, createTag, set); err != nil {
		return fmt.Errorf("considering field '%s' of object %s: %w", fs.Path, o.curID().String(), err)
	}
	return nil
}

func matchesGVK(fs fieldSpec, o *object) bool {
	if fs.Kind != "" && fs.Kind != o.kind() {
		return false
	}
	g, v := parseGroupVersion(o.apiVersion())
	return (fs.Group == "" || fs.Group == g) && (fs.Version == "" || fs.Version == v)
}

func walkFieldSpec(n *yaml.Node, path []string, create bool, createKind yaml.Kind, createTag string, set setFn) error {
	if len(path) == 0 {
		return set(n)
	}
	if n == nil || n.Tag == tagNull {
		return nil
	}
	switch n.Kind {
	case yaml.SequenceNode:
		for _, e := range n.Content {
			if err := walkFieldSpec(e, path, create, createKind, createTag, set); err != nil {
				return fmt.Errorf("visit traversal on path: %v: %w", path, err)
			}
		}
		return nil
	case yaml.MappingNode:
	default:
		return fmt.Errorf("expected sequence or mapping node")
	}
	name := strings.TrimSuffix(path[0], "[]")
	isSeq := name != path[0]
	if name == "" {
		return fmt.Errorf("cannot set or create an empty field name")
	}
	var f *yaml.Node
	var kind yaml.Kind
	tag := ""
	switch {
	case !create || createKind == 0 || isSeq:
		f = field(n, name)
		if isSeq {
			kind = yaml.SequenceNode
		}
	case len(path) <= 1:
		f = lookupCreate(n, name, createKind, "")
		kind, tag = createKind, createTag
	default:
		f = lookupCreate(n, name, yaml.MappingNode, "")
		kind, tag = yaml.MappingNode, tagMap
	}
	if f == nil {
		return nil
	}
	if f.Tag == tagNull && kind != 0 {
		f.Kind = kind
		f.Tag = tag
	}
	return walkFieldSpec(f, path[1:], create, createKind, createTag, set)
}
