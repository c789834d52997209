package kustomize

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	yaml "go.yaml.in/yaml/v3"
)

// This file is kustomize's strategic merge (api/filters/patchstrategicmerge):
// kyaml's merge2 walker (kyaml/yaml/walk and merge2, v0.21.1) with kyaml's
// schema, the lists its embedded v1.21.2 swagger gives a patch strategy
// (kyamlMergeLists, generated). It differs from kubectl apply's strategic
// merge (engine/strategic): a list without a patch strategy in kyaml's
// schema, a custom resource's among them, is replaced; a keyed list puts
// the patch's elements first; only `$patch` is a directive, other `$` keys
// are ordinary fields. A keyed list is walked as kyaml walks it
// (smp_keyed.go), elements that lack a merge key or repeat one included.
// Shapes whose result this engine has not proven against kyaml (keyed
// lists with elements that are not mappings or only a `$patch`, lists of
// plain values that repeat one, a `$patch` value other than delete,
// replace or merge, schema comments) are refused with errSMPUnsupported,
// never guessed.

// errSMPUnsupported marks a merge shape the engine refuses.
var errSMPUnsupported = errors.New("not supported here yet")

type smpUnsupported struct{ what string }

func (e *smpUnsupported) Error() string { return e.what }
func (e *smpUnsupported) Unwrap() error { return errSMPUnsupported }

func refuse(format string, args ...any) error {
	return &smpUnsupported{fmt.Sprintf(format, args...)}
}

// schemaTrie is kyamlMergeLists as a tree of path segments, per kind.
type schemaTrie struct {
	kids map[string]*schemaTrie
	val  string
}

// kyamlSchema is the schema kyaml's walker merges with: its builtin one
// (kyamlMergeLists, generated) or, when the kustomization names one in its
// `openapi` field, the schema in that file, which replaces the builtin one
// for the whole build (openapi.SetSchema).
type kyamlSchema struct {
	tries     map[string]*schemaTrie
	withList  map[string]bool
	recursive map[string]bool
	// custom names the kustomization's schema file ("" for the builtin one).
	custom string
}

// newKyamlSchema builds the tries from lists in kyamlMergeLists' form
// ("apiVersion kind path" to "strategy keys" or "typed"), every kind with
// a schema in kinds, and the kinds whose schema is recursive.
func newKyamlSchema(lists map[string]string, kinds, recursive map[string]bool) *kyamlSchema {
	s := &kyamlSchema{tries: map[string]*schemaTrie{}, withList: map[string]bool{}, recursive: recursive}
	for k, v := range lists {
		parts := strings.SplitN(k, " ", 3)
		typ := parts[0] + " " + parts[1]
		if v != "typed" {
			s.withList[typ] = true
		}
		t := s.tries[typ]
		if t == nil {
			t = &schemaTrie{}
			s.tries[typ] = t
		}
		if len(parts) == 3 {
			for _, seg := range strings.Split(parts[2], "/") {
				if t.kids == nil {
					t.kids = map[string]*schemaTrie{}
				}
				n := t.kids[seg]
				if n == nil {
					n = &schemaTrie{}
					t.kids[seg] = n
				}
				t = n
			}
		}
		t.val = v
	}
	for k := range kinds {
		if s.tries[k] == nil {
			s.tries[k] = &schemaTrie{}
		}
	}
	return s
}

// builtinSchema is kyaml's embedded schema.
var builtinSchema = sync.OnceValue(func() *kyamlSchema {
	return newKyamlSchema(kyamlMergeLists, kyamlSchemaKinds, kyamlRecursiveSchemas)
})

// schemaPos is where the walk is in kyaml's schema: the kind whose schema
// applies ("" for none: kyaml has no schema there) and the node of the
// trie (nil below the lists that have a strategy).
type schemaPos struct {
	typ string
	t   *schemaTrie
}

func (p schemaPos) child(seg string) schemaPos {
	if p.t == nil || p.t.kids == nil {
		return schemaPos{typ: p.typ}
	}
	if n := p.t.kids[seg]; n != nil {
		return schemaPos{p.typ, n}
	}
	return schemaPos{p.typ, p.t.kids["*"]}
}

// list returns the patch strategy and merge keys of the list here.
func (p schemaPos) list() (strategy string, keys []string) {
	if p.t == nil || p.t.val == "" || p.t.val == "typed" {
		return "", nil
	}
	s, k, _ := strings.Cut(p.t.val, " ")
	if k != "" {
		keys = strings.Split(k, ",")
	}
	return s, keys
}

// root is SchemaForResourceType: the schema of the kind typ, if any.
func (s *kyamlSchema) root(typ string) schemaPos {
	if t, ok := s.tries[typ]; ok {
		return schemaPos{typ, t}
	}
	return schemaPos{}
}

// typeOf is the "apiVersion kind" a mapping declares (kyaml's GetMeta), or "".
func typeOf(m *yaml.Node) string {
	if m == nil || m.Kind != yaml.MappingNode {
		return ""
	}
	av, k := field(m, "apiVersion"), field(m, "kind")
	if av == nil || k == nil || av.Kind != yaml.ScalarNode || k.Kind != yaml.ScalarNode || isNull(av) || isNull(k) ||
		av.Value == "" || k.Value == "" {
		return ""
	}
	return av.Value + " " + k.Value
}

// smpMerge merges a strategic merge patch into one object.
type smpMerge struct {
	tr     *trace
	desc   string
	schema *kyamlSchema
}

func missingOrNull(n *yaml.Node) bool { return n == nil || n.Tag == tagNull }

// directive is merge2's determineMappingNodePatchStrategy: the value of a
// mapping's `$patch`, removed from the patch.
func directive(patch *yaml.Node) (string, error) {
	if patch == nil || patch.Kind != yaml.MappingNode {
		return "merge", nil
	}
	v := field(patch, "$patch")
	if v == nil {
		return "merge", nil
	}
	switch v.Value {
	case "delete", "replace", "merge":
		clearField(patch, "$patch")
		return v.Value, nil
	}
	return "", refuse("`$patch: %s` (kyaml knows delete, replace and merge)", v.Value)
}

func short(n *yaml.Node) string {
	if n == nil {
		return ""
	}
	if n.Kind == yaml.ScalarNode {
		return n.Value
	}
	b, err := yaml.Marshal(n)
	if err != nil {
		return ""
	}
	s := strings.TrimSpace(string(b))
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

func kindOf(ns ...*yaml.Node) yaml.Kind {
	for _, n := range ns {
		if !missingOrNull(n) {
			return n.Kind
		}
	}
	return 0
}

// walk is walk.Walker.Walk with merge2's Merger for one field: dest is the
// object's value, origin the patch's; it returns the value to set, nil to
// clear the field, and keep for a null kyaml keeps.
func (m *smpMerge) walk(dest, origin *yaml.Node, pos schemaPos, path string, root bool) (res *yaml.Node, keep bool, err error) {
	if !root {
		pos, err = m.nestedSchema(pos, path, dest, origin)
		if err != nil {
			return nil, false, err
		}
	}
	kind := kindOf(dest, origin)
	for _, n := range []*yaml.Node{dest, origin} {
		if !missingOrNull(n) && n.Kind != kind {
			return nil, false, refuse("%s is a %s in the object and a %s in the patch (kyaml fails)", path, kindWord(dest), kindWord(origin))
		}
	}
	if kind != yaml.ScalarNode && dest != nil && origin != nil && dest.Kind != yaml.ScalarNode && len(dest.Content) == 0 {
		// merge2's SetStyle: an empty map or list in the object takes
		// the patch's style ([] written flow, merged with a block list,
		// is written block).
		dest.Style = origin.Style
	}
	switch kind {
	case yaml.ScalarNode:
		if origin != nil {
			return origin, false, nil
		}
		return dest, false, nil
	case yaml.SequenceNode:
		return m.walkList(dest, origin, pos, path)
	case yaml.MappingNode, 0:
		return m.walkMap(dest, origin, pos, path)
	}
	return nil, false, refuse("%s: an unexpected YAML node", path)
}

func kindWord(n *yaml.Node) string {
	if missingOrNull(n) {
		return "null"
	}
	switch n.Kind {
	case yaml.MappingNode:
		return "map"
	case yaml.SequenceNode:
		return "list"
	}
	return "scalar"
}

// nestedSchema is Walker.GetSchema below the root: a mapping that declares
// its apiVersion and kind takes that kind's schema where kyaml has none.
func (m *smpMerge) nestedSchema(pos schemaPos, path string, ns ...*yaml.Node) (schemaPos, error) {
	for _, n := range ns {
		if missingOrNull(n) || n.Kind != yaml.MappingNode {
			continue
		}
		typ := typeOf(n)
		if typ == "" {
			continue
		}
		if pos.typ == "" {
			if m.schema.recursive[typ] {
				return pos, refuse("%s declares %s, whose schema is recursive", path, typ)
			}
			if r := m.schema.root(typ); r.typ != "" {
				return r, nil
			}
			continue
		}
		if pos.t != nil && pos.t.val == "typed" {
			return pos, nil
		}
		if m.schema.withList[typ] || m.schema.recursive[typ] {
			return pos, refuse("%s declares %s inside %s: whether kyaml reads its schema there is not proven", path, typ, pos.typ)
		}
	}
	return pos, nil
}

func (m *smpMerge) walkMap(dest, origin *yaml.Node, pos schemaPos, path string) (*yaml.Node, bool, error) {
	var result *yaml.Node
	if missingOrNull(dest) {
		ps, err := directive(origin)
		if err != nil {
			return nil, false, err
		}
		if ps == "delete" {
			return nil, false, nil
		}
		if origin == nil && dest != nil && dest.Value != "" {
			return dest, true, nil
		}
		if origin == nil {
			if dest != nil {
				m.tr.add(m.desc, path, "", "", "kyaml drops a field whose value is an empty null when it merges a patch into the object")
			}
			return nil, false, nil
		}
		result = origin
	} else if origin != nil && origin.Tag == tagNull {
		m.tr.add(m.desc, path, short(dest), "", "null in the patch deletes the field")
		return nil, false, nil
	} else {
		ps, err := directive(origin)
		if err != nil {
			return nil, false, err
		}
		switch ps {
		case "delete":
			m.tr.add(m.desc, path, short(dest), "", "`$patch: delete` in the patch deletes the map")
			return nil, false, nil
		case "replace":
			m.tr.add(m.desc, path, short(dest), short(origin), "`$patch: replace`: the patch's map replaces the object's")
			result = origin
		default:
			result = dest
		}
	}
	if origin != nil && origin.Kind != yaml.MappingNode {
		// a null origin over a missing dest: kyaml sets the null, which
		// clears the field.
		return result, false, nil
	}
	if result.Kind != yaml.MappingNode {
		return result, false, nil
	}
	names := map[string]bool{}
	for _, n := range []*yaml.Node{result, origin} {
		if n == nil || n.Kind != yaml.MappingNode {
			continue
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			names[n.Content[i].Value] = true
		}
	}
	keys := make([]string, 0, len(names))
	for k := range names {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		d, o := field(result, k), field(origin, k)
		sub := k
		if path != "" {
			sub = path + "/" + k
		}
		old := short(d)
		val, keep, err := m.walk(d, o, pos.child(k), sub, false)
		if err != nil {
			return nil, false, err
		}
		if val == nil || (val.Tag == tagNull && !keep) {
			if d != nil && o != nil && o != d && o.Tag == tagNull && d.Kind == yaml.ScalarNode && d.Tag != tagNull {
				m.tr.add(m.desc, sub, old, "", "null in the patch deletes the field")
			}
			clearField(result, k)
			continue
		}
		if d == nil {
			if result != origin {
				m.tr.add(m.desc, sub, "", short(val), "added from the patch")
			}
			key := &yaml.Node{Kind: yaml.ScalarNode, Tag: tagStr, Value: k}
			if ok := fieldKey(origin, k); ok != nil && val == o {
				// kyaml's FieldSetter appends the key with the style
				// the patch wrote it in (AppendKeyStyle): 9110 stays
				// plain, '9110' single-quoted.
				key = &yaml.Node{Kind: yaml.ScalarNode, Tag: ok.Tag, Style: ok.Style, Value: k}
			}
			result.Content = append(result.Content, key, val)
			continue
		}
		if val != d {
			if val.Kind == yaml.ScalarNode && result != origin && (d.Value != val.Value || d.Tag != val.Tag) {
				m.tr.add(m.desc, sub, old, val.Value, "the patch's value replaces the object's")
			}
			// kyaml's FieldSetter gives the value the style of the
			// field it replaces (`value: ""` patched with `value: 2`
			// is written "2"), on the patch's node itself.
			val.Style = d.Style
			*d = *val
		}
	}
	return result, false, nil
}

// listElement finds the element of a list of plain values that is value
// (ElementMatcher with no key), or nil.
func listElement(list *yaml.Node, keys, values []string) *yaml.Node {
	if list == nil {
		return nil
	}
	for _, e := range list.Content {
		if e.Kind == yaml.ScalarNode && e.Tag != tagNull && e.Value == values[0] {
			return e
		}
	}
	return nil
}

// wellKeyed checks the shape this engine has proven kyaml's walk of a
// list of plain values (a merge strategy without keys, finalizers) on:
// non-null scalars (kyaml's ElementSetter fails on a map there, and drops
// a null). A value repeated is merged as kyaml merges it: the patch's
// first, the object's last (each puts itself in the place of the one
// before). It returns each element's value. (Lists with merge keys take
// keyedWalk, kyaml's walk ported step by step.)
func wellKeyed(list *yaml.Node, keys []string, path, which string) ([][]string, error) {
	if missingOrNull(list) {
		return nil, nil
	}
	var out [][]string
	for _, e := range list.Content {
		if e.Kind != yaml.ScalarNode || e.Tag == tagNull {
			return nil, refuse("%s: the %s's list has an element that is not a plain value", path, which)
		}
		out = append(out, []string{e.Value})
	}
	return out, nil
}

// listDirective is determineSequenceNodePatchStrategy: an element that is
// exactly {$patch: x} gives the list's directive and is removed.
func listDirective(origin *yaml.Node) (string, error) {
	if origin == nil || origin.Kind != yaml.SequenceNode {
		return "merge", nil
	}
	for _, e := range origin.Content {
		if e.Kind != yaml.MappingNode || field(e, "$patch") == nil {
			continue
		}
		if len(e.Content) > 2 {
			return "merge", nil
		}
		v := field(e, "$patch").Value
		switch v {
		case "delete", "replace", "merge":
			// ElementSetter removes every element {$patch: v}.
			var kept []*yaml.Node
			for _, x := range origin.Content {
				if missingOrNull(x) || (x.Kind == yaml.MappingNode && len(x.Content) == 0) {
					continue
				}
				if f := field(x, "$patch"); f != nil && f.Value == v {
					continue
				}
				kept = append(kept, x)
			}
			origin.Content = kept
			return v, nil
		}
		return "", refuse("`$patch: %s` in a list (kyaml knows delete, replace and merge)", v)
	}
	return "merge", nil
}

func (m *smpMerge) walkList(dest, origin *yaml.Node, pos schemaPos, path string) (*yaml.Node, bool, error) {
	strategy, keys := pos.list()
	associative := false
	for _, s := range strings.Split(strategy, ",") {
		associative = associative || s == "merge"
	}
	if !associative {
		if origin != nil {
			why := "kyaml's schema gives this list no merge strategy"
			if pos.typ == "" {
				why = "kyaml has no schema for this kind (a custom resource, or a kind newer than its v1.21.2 swagger), so no list of it has a merge key"
			}
			if c := m.schema.custom; c != "" {
				why = "the kustomization's openapi schema (" + c + ") gives this list no merge strategy"
				if pos.typ == "" {
					why = "the kustomization's openapi schema (" + c + ") replaces kyaml's builtin one and does not define this kind, so no list of it has a merge key"
				}
			}
			switch {
			case origin.Tag == tagNull && dest != nil:
				m.tr.add(m.desc, path, short(dest), "", "null in the patch deletes the list")
			case origin.Tag != tagNull:
				m.tr.add(m.desc, path, short(dest), short(origin), "the patch's list replaces the object's: %s", why)
			}
			return origin, false, nil
		}
		return dest, false, nil
	}
	var result *yaml.Node
	switch {
	case missingOrNull(dest):
		result = origin
		if origin != nil {
			m.tr.add(m.desc, path, "", short(origin), "added from the patch")
			if origin.Kind == yaml.SequenceNode {
				for _, e := range origin.Content {
					if e.Kind == yaml.MappingNode && len(e.Content) == 2 && e.Content[0].Value == "$patch" {
						m.tr.add(m.desc, path, "", short(e), "kyaml reads a list's `$patch` element only when the object has the list; the object has none, so the element is added as it is")
						break
					}
				}
			}
		}
	case origin != nil && origin.Tag == tagNull:
		m.tr.add(m.desc, path, short(dest), "", "null in the patch deletes the list")
		return nil, false, nil
	default:
		ps, err := listDirective(origin)
		if err != nil {
			return nil, false, err
		}
		switch ps {
		case "delete":
			m.tr.add(m.desc, path, short(dest), "", "`$patch: delete` in the patch's list deletes the list")
			return nil, false, nil
		case "replace":
			m.tr.add(m.desc, path, short(dest), short(origin), "`$patch: replace`: the patch's list replaces the object's")
			result = origin
		default:
			result = dest
		}
	}
	if result == nil {
		return nil, false, nil
	}
	self := origin == nil || origin == result // kyaml walks the list alone or with itself
	if len(keys) > 0 {
		if err := keyedShape(result, path, "object"); err != nil {
			return nil, false, err
		}
		if err := keyedShape(origin, path, "patch"); err != nil {
			return nil, false, err
		}
		before := append([]*yaml.Node(nil), result.Content...)
		w := &keyedWalk{m: m, dest: result, origin: origin, keys: keys, elemPos: pos.child("[]"), path: path}
		out, err := w.run()
		if err != nil {
			return nil, false, err
		}
		if !self && out != nil {
			m.reorderedNodes(before, out, keys, path)
		}
		return out, false, nil
	}
	dv, err := wellKeyed(result, keys, path, "object")
	if err != nil {
		return nil, false, err
	}
	ov, err := wellKeyed(origin, keys, path, "patch")
	if err != nil {
		return nil, false, err
	}
	// elementValues with ListIncreaseDirection prepend: the patch's
	// elements first, then the object's others.
	var order [][]string
	seen := map[string]bool{}
	for _, vs := range append(append([][]string(nil), ov...), dv...) {
		id := strings.Join(vs, "\x00")
		if !seen[id] {
			seen[id] = true
			order = append(order, vs)
		}
	}
	var added []*yaml.Node
	removed := map[string]bool{}
	elemPos := pos.child("[]")
	for _, vs := range order {
		d, o := listElement(result, keys, vs), listElement(origin, keys, vs)
		sub := path + "[" + keyLabel(keys, vs) + "]"
		old := short(d)
		val, _, err := m.walk(d, o, elemPos, sub, false)
		if err != nil {
			return nil, false, err
		}
		if missingOrNull(val) || (val.Kind == yaml.MappingNode && len(val.Content) == 0) {
			if d != nil {
				m.tr.add(m.desc, sub, old, "", "`$patch: delete` removes the element with merge key %s", keyLabel(keys, vs))
			}
			removed[strings.Join(vs, "\x00")] = true
			continue
		}
		if d == nil && o != nil {
			m.tr.add(m.desc, sub, "", short(val), "added by merge key %s: no element of the object has it (kyaml puts the patch's elements first)", keyLabel(keys, vs))
		}
		added = append(added, val)
	}
	// appendListNode(itemsToBeAdded, dest): each of the object's elements
	// takes its place.
	out := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: result.Style}
	out.Content = added
	for _, e := range result.Content {
		vs := elementValues(e, keys)
		id := strings.Join(vs, "\x00")
		if removed[id] {
			continue
		}
		idx := -1
		for i, a := range out.Content {
			if strings.Join(elementValues(a, keys), "\x00") == id {
				idx = i
				break
			}
		}
		if idx >= 0 {
			out.Content[idx] = e
		} else {
			out.Content = append(out.Content, e)
		}
	}
	if !self {
		m.reordered(result, out, keys, removed, path)
	}
	return out, false, nil
}

// keyedShape refuses a keyed list whose elements kyaml's walk fails on or
// this engine has not proven: an element that is not a mapping (kyaml's
// FieldMatcher fails on a scalar where it looks for a key).
func keyedShape(list *yaml.Node, path, which string) error {
	if missingOrNull(list) {
		return nil
	}
	for _, e := range list.Content {
		if e.Kind != yaml.MappingNode || e.Tag == tagNull {
			return refuse("%s: the %s's list has an element that is not a map", path, which)
		}
	}
	return nil
}

// reorderedNodes is reordered for a keyed list, by node: the object's
// elements that are still in the merged list, in their old and new order.
func (m *smpMerge) reorderedNodes(before []*yaml.Node, out *yaml.Node, keys []string, path string) {
	in := map[*yaml.Node]bool{}
	for _, e := range out.Content {
		in[e] = true
	}
	var was, is []string
	kept := map[*yaml.Node]bool{}
	for _, e := range before {
		if in[e] {
			kept[e] = true
			was = append(was, keyLabel(keys, elementValues(e, keys)))
		}
	}
	for _, e := range out.Content {
		if kept[e] {
			is = append(is, keyLabel(keys, elementValues(e, keys)))
		}
	}
	if strings.Join(was, "\x00") != strings.Join(is, "\x00") {
		m.tr.add(m.desc, path, strings.Join(was, "; "), strings.Join(is, "; "), "kyaml puts the patch's elements first, in the patch's order, then the object's others: the object's elements are in another order")
	}
}

// reordered records a step when the object's elements of a keyed list
// (those the merge kept) come out in another order than they had: the
// patch named one of them, and kyaml moved it ahead of the others.
func (m *smpMerge) reordered(before, after *yaml.Node, keys []string, removed map[string]bool, path string) {
	in := map[string]bool{}
	var was []string
	for _, e := range before.Content {
		vs := elementValues(e, keys)
		if !removed[strings.Join(vs, "\x00")] {
			in[strings.Join(vs, "\x00")] = true
			was = append(was, keyLabel(keys, vs))
		}
	}
	var is []string
	for _, e := range after.Content {
		vs := elementValues(e, keys)
		if in[strings.Join(vs, "\x00")] {
			is = append(is, keyLabel(keys, vs))
		}
	}
	if strings.Join(was, "\x00") != strings.Join(is, "\x00") {
		m.tr.add(m.desc, path, strings.Join(was, "; "), strings.Join(is, "; "), "kyaml puts the patch's elements first, in the patch's order, then the object's others: the object's elements are in another order")
	}
}

func elementValues(e *yaml.Node, keys []string) []string {
	if len(keys) == 0 {
		return []string{e.Value}
	}
	var vs []string
	for _, k := range keys {
		if f := field(e, k); f != nil {
			vs = append(vs, f.Value)
		} else {
			vs = append(vs, "")
		}
	}
	return vs
}

func keyLabel(keys, vs []string) string {
	if len(keys) == 0 {
		return vs[0]
	}
	var parts []string
	for i, k := range keys {
		parts = append(parts, k+"="+vs[i])
	}
	return strings.Join(parts, ",")
}

// hasSchemaComment reports a comment kyaml's fieldmeta would read as a
// schema: its walker reads a field's line or head comment, "#"s trimmed,
// as a JSON schema (`# {"type": "array", "x-kubernetes-patch-strategy":
// "merge"}` merges a list this engine would replace), or as the short
// hand `{"$openapi": ...}`; `$ref` names one in kyaml's schema. Any such
// comment, on any node, is refused rather than ignored.
func hasSchemaComment(n *yaml.Node) bool {
	if n == nil {
		return false
	}
	for _, c := range []string{n.HeadComment, n.LineComment, n.FootComment} {
		if strings.Contains(c, "$openapi") || strings.Contains(c, "$ref") {
			return true
		}
		if j := strings.TrimSpace(strings.TrimLeft(c, "#")); strings.HasPrefix(j, "{") && json.Valid([]byte(j)) {
			return true
		}
	}
	for _, e := range n.Content {
		if hasSchemaComment(e) {
			return true
		}
	}
	return false
}
