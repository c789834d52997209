package kustomize

import (
	"bytes"
	"fmt"
	"sort"

	yaml "go.yaml.in/yaml/v3"
)

// The helpers below do to yaml.v3 nodes what kyaml's RNode methods do, so
// that a value set here has the tag and style it has there (which decide,
// when the object is written through JSON, whether "12" is a string).

const (
	tagStr  = "!!str"
	tagMap  = "!!map"
	tagNull = "!!null"
	tagInt  = "!!int"
)

// field returns the value of a mapping's field (the first with that key),
// or nil. Like kyaml's FieldMatcher it never matches in a null node.
func field(m *yaml.Node, name string) *yaml.Node {
	if i := fieldIndex(m, name); i >= 0 {
		return m.Content[i+1]
	}
	return nil
}

// fieldKey returns the key node of a mapping's field (the first with that
// key), or nil.
func fieldKey(m *yaml.Node, name string) *yaml.Node {
	if i := fieldIndex(m, name); i >= 0 {
		return m.Content[i]
	}
	return nil
}

// fieldIndex is the index of a mapping's field's key in its Content (the
// first with that key), or -1.
func fieldIndex(m *yaml.Node, name string) int {
	if m == nil || m.Kind != yaml.MappingNode {
		return -1
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == name {
			return i
		}
	}
	return -1
}

// clearField removes a mapping's field (kyaml's Clear).
func clearField(m *yaml.Node, name string) {
	if m == nil || m.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == name {
			m.Content = append(m.Content[:i:i], m.Content[i+2:]...)
			return
		}
	}
}

// isNull is kyaml's IsMissingOrNull.
func isNull(n *yaml.Node) bool { return n == nil || n.Tag == tagNull }

// isNilOrEmpty is kyaml's IsYNodeNilOrEmpty.
func isNilOrEmpty(n *yaml.Node) bool {
	if n == nil || n.Tag == tagNull {
		return true
	}
	switch n.Kind {
	case yaml.MappingNode, yaml.SequenceNode:
		return len(n.Content) == 0
	case 0:
		return true
	}
	return false
}

// lookupCreate returns a mapping's field, created with kind and tag when
// missing (kyaml's LookupCreate for one field). A null field found is
// returned as it is; the caller turns it into kind.
func lookupCreate(m *yaml.Node, name string, kind yaml.Kind, tag string) *yaml.Node {
	if v := field(m, name); v != nil {
		return v
	}
	v := &yaml.Node{Kind: kind, Tag: tag}
	if kind == yaml.MappingNode && tag == "" {
		v.Tag = tagMap
	}
	m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: name, Tag: tagStr}, v)
	return v
}

// setScalar replaces a scalar node's value, as kyaml's FieldSetter with an
// empty name: the new node keeps the old one's style, takes tag (which may
// be "", left for the YAML resolver to decide).
func setScalar(n *yaml.Node, value, tag string) error {
	if n.Kind != yaml.ScalarNode {
		return fmt.Errorf("wrong node kind: expected ScalarNode but got %s: node contents:\n%s", kindName(n.Kind), nodeString(n))
	}
	*n = yaml.Node{Kind: yaml.ScalarNode, Value: value, Tag: tag, Style: n.Style}
	return nil
}

// setEntry sets a mapping's field to v as kyaml's FieldSetter does: an
// existing field's node takes v's content (and keeps its own style); a
// missing field gets v itself, the node, not a copy. kustomize's label and
// annotation transformers make one node per object and key and set it in
// every field spec's place: those places then share it, and a later change
// through one of them (an overlay's label with the same key) shows in all
// (oracle/kustomize has the case).
func setEntry(m *yaml.Node, name string, v *yaml.Node) {
	if (v.Tag == tagStr || v.Tag == "") && v.Kind == yaml.ScalarNode && v.Style == 0 && isYAML11NonString(v.Value) {
		v.Style = yaml.DoubleQuotedStyle
	}
	if old := field(m, name); old != nil {
		v.Style = old.Style
		*old = *v
		return
	}
	m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: name}, v)
}

func strNode(value string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Value: value, Tag: tagStr}
}

func kindName(k yaml.Kind) string {
	switch k {
	case yaml.DocumentNode:
		return "DocumentNode"
	case yaml.SequenceNode:
		return "SequenceNode"
	case yaml.MappingNode:
		return "MappingNode"
	case yaml.ScalarNode:
		return "ScalarNode"
	case yaml.AliasNode:
		return "AliasNode"
	}
	return ""
}

func nodeString(n *yaml.Node) string {
	b, err := yaml.Marshal(n)
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// stringMap reads a mapping of strings as kyaml's getMapFromMeta does:
// each key to its value node's text (a later duplicate wins).
func stringMap(m *yaml.Node) map[string]string {
	out := map[string]string{}
	if m == nil || m.Kind != yaml.MappingNode {
		return out
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		out[m.Content[i].Value] = m.Content[i+1].Value
	}
	return out
}

// setStringMap writes a string map into metadata as kyaml's
// setMapInMetadata: the field is cleared, and written again (values
// string-tagged) unless the map is empty.
func setStringMap(obj *yaml.Node, fieldName string, values map[string]string) {
	meta := lookupCreate(obj, "metadata", yaml.MappingNode, tagMap)
	if meta.Kind != yaml.MappingNode {
		return
	}
	clearField(meta, fieldName)
	if len(values) == 0 {
		return
	}
	keys := make([]string, 0, len(values))
	for k := range values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	m := lookupCreate(meta, fieldName, yaml.MappingNode, tagMap)
	for _, k := range keys {
		setEntry(m, k, strNode(values[k]))
	}
}

// deAlias replaces aliases by copies of what they point to, as kio's
// ByteReader does with AnchorsAweigh.
func deAlias(n *yaml.Node) *yaml.Node {
	if n == nil {
		return nil
	}
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		return deAlias(n.Alias)
	}
	c := *n
	c.Anchor = ""
	if len(n.Content) > 0 {
		c.Content = make([]*yaml.Node, len(n.Content))
		for i, e := range n.Content {
			c.Content[i] = deAlias(e)
		}
	}
	return &c
}

// copyNode deep-copies a node.
func copyNode(n *yaml.Node) *yaml.Node {
	if n == nil {
		return nil
	}
	c := *n
	if len(n.Content) > 0 {
		c.Content = make([]*yaml.Node, len(n.Content))
		for i, e := range n.Content {
			c.Content[i] = copyNode(e)
		}
	}
	return &c
}

// writeYAML writes a node as kyaml's encoder does (indent 2, compact
// sequences).
func writeYAML(n *yaml.Node) (string, error) {
	var b bytes.Buffer
	e := yaml.NewEncoder(&b)
	e.SetIndent(2)
	e.CompactSeqIndent()
	if err := e.Encode(n); err != nil {
		return "", err
	}
	if err := e.Close(); err != nil {
		return "", err
	}
	return b.String(), nil
}
