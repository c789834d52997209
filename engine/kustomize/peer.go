package kustomize

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/applylens/applylens/engine/kustomize/internal/types"
	yaml "go.yaml.in/yaml/v3"
	sigsyaml "sigs.k8s.io/yaml"
)

// This file gives the engine's two patch primitives a YAML-text entry
// point each, so that oracle/kustomize can run kustomize's own table tests
// (kyaml/yaml/merge2, api/filters/patchstrategicmerge and patchjson6902)
// on them: those tests call the primitives directly, not a build.

// MergeYAML merges a strategic merge patch into one object as kustomize's
// patchstrategicmerge filter does: kyaml's merge2.Merge with
// ListIncreaseDirection prepend and kyaml's embedded schema (the object's
// kind's, else the patch's). Unlike a build's patch it sets nothing back
// (kind, name and namespace are merged as any field). The result is
// written as kyaml writes it (indent 2, compact sequences); "" when a
// top-level `$patch: delete` deletes the object. A merge shape the engine
// refuses (see smp.go) is an *Error of kind ErrUnsupported.
func MergeYAML(object, patch string) (string, error) {
	dest, err := parseOne(object, "object")
	if err != nil {
		return "", err
	}
	src, err := parseOne(patch, "patch")
	if err != nil {
		return "", err
	}
	schema := builtinSchema()
	if hasSchemaComment(dest) || hasSchemaComment(src) {
		return "", errorf(ErrUnsupported, "", "a comment kyaml reads as a schema (JSON, $openapi or $ref) is not supported here yet")
	}
	pos := schema.root(typeOf(dest))
	if pos.typ == "" {
		pos = schema.root(typeOf(src))
	}
	for _, t := range []string{typeOf(dest), typeOf(src)} {
		if schema.recursive[t] {
			return "", errorf(ErrUnsupported, "", "a %s (its schema is recursive) is not supported here yet", t)
		}
	}
	m := &smpMerge{schema: schema}
	res, _, err := m.walk(dest, src, pos, "", true)
	if err != nil {
		if errors.Is(err, errSMPUnsupported) {
			return "", errorf(ErrUnsupported, "", "%v is not supported here yet", err)
		}
		return "", errorf(ErrTransform, "", "%v", err)
	}
	if res == nil {
		return "", nil
	}
	return writeYAML(res)
}

// ApplyJSON6902 applies JSON 6902 operations (a JSON array, or YAML that
// reads as one) to one object as kustomize's patchjson6902 filter does:
// the object as JSON, the operations applied by evanphx/json-patch v4, the
// JSON read back as kyaml's RNode.UnmarshalJSON reads it. The result is
// written as MergeYAML writes it.
func ApplyJSON6902(object, ops string) (string, error) {
	n, err := parseOne(object, "object")
	if err != nil {
		return "", err
	}
	p, err := decodeJSONPatch(ops)
	if err != nil {
		return "", errorf(ErrInput, "", "%v", err)
	}
	m, err := nodeMap(n)
	if err != nil {
		return "", errorf(ErrInput, "", "%v", err)
	}
	doc, err := json.Marshal(m)
	if err != nil {
		return "", errorf(ErrInput, "", "%v", err)
	}
	out, err := p.Apply(doc)
	if err != nil {
		return "", errorf(ErrTransform, "", "%v", err)
	}
	res, err := nodeFromJSON(out)
	if err != nil {
		return "", errorf(ErrTransform, "", "%v", err)
	}
	return writeYAML(res)
}

func parseOne(text, what string) (*yaml.Node, error) {
	var d yaml.Node
	if err := yaml.Unmarshal([]byte(text), &d); err != nil {
		return nil, errorf(ErrInput, "", "the %s: %v", what, err)
	}
	if len(d.Content) == 0 {
		return &yaml.Node{Kind: yaml.MappingNode, Tag: tagMap}, nil
	}
	return d.Content[0], nil
}

// ApplyReplacements runs replacements (YAML with a `replacements:` list,
// as kustomize's replacement filter reads its configuration) on the
// objects of input (YAML documents) as kustomize's replacement.Filter
// does, and writes the objects as MergeYAML writes one, separated by
// "---". What the engine refuses is an *Error of kind ErrUnsupported.
func ApplyReplacements(input, replacements string) (string, error) {
	var cfg struct {
		Replacements []types.Replacement `json:"replacements"`
	}
	if err := sigsyaml.Unmarshal([]byte(replacements), &cfg); err != nil {
		return "", errorf(ErrInput, "", "the replacements: %v", err)
	}
	nodes, err := decodeDocuments([]byte(input))
	if err != nil {
		return "", errorf(ErrInput, "", "the input: %v", err)
	}
	ra := &accumulator{}
	for _, n := range nodes {
		ra.objs = append(ra.objs, &object{node: n})
	}
	if err := replaceAll(ra, cfg.Replacements, "", nil); err != nil {
		return "", err
	}
	var out []string
	for _, o := range ra.objs {
		if isNilOrEmpty(o.node) {
			continue
		}
		y, err := writeYAML(o.node)
		if err != nil {
			return "", errorf(ErrTransform, "", "%v", err)
		}
		out = append(out, y)
	}
	return strings.Join(out, "---\n"), nil
}
