package kustomize

import (
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// This file is kyaml's walk of a list with merge keys (v0.21.1,
// yaml/walk/associative_sequence.go: setAssociativeSequenceElements,
// validateKeys, mergeValues, appendListNode) over kyaml's ElementSetter,
// ElementMatcher and FieldMatcher (yaml/fns.go), ported line by line
// rather than restated: its results for elements that lack a merge key
// (a port without `protocol`), or repeat one, follow from how those
// helpers match, and only the same steps give the same results. Where a
// step decides something a reader would not expect (a patch's element
// matched to another, dropped, or the object's elements collapsed), the
// walk records it for the page.

// keyedWalk is one walk of a keyed list: the list the merge keeps (dest,
// kyaml's Sources[0]) and the patch's (origin, nil when the patch does not
// name the list; the same node as dest when the object has none).
type keyedWalk struct {
	m            *smpMerge
	dest, origin *yaml.Node
	keys         []string
	elemPos      schemaPos
	path         string
}

// keyValues is ElementValuesList: each element's value for each key, ""
// for a missing, null or empty one.
func keyValues(list *yaml.Node, keys []string) [][]string {
	out := make([][]string, len(list.Content))
	for i, e := range list.Content {
		for _, k := range keys {
			f := field(e, k)
			if isNilOrEmpty(f) {
				out[i] = append(out[i], "")
			} else {
				out[i] = append(out[i], f.Value)
			}
		}
	}
	return out
}

// elementValuesList is Walker.elementValues with ListIncreaseDirection
// prepend: the patch's elements' key values first, then the object's, each
// once.
func (w *keyedWalk) elementValuesList() [][]string {
	var out [][]string
	seen := map[string]bool{}
	for _, src := range []*yaml.Node{w.origin, w.dest} {
		if src == nil {
			continue
		}
		for _, vs := range keyValues(src, w.keys) {
			id := strings.Join(vs, "\x00")
			if len(vs) == 0 || seen[id] {
				continue
			}
			seen[id] = true
			out = append(out, vs)
		}
	}
	return out
}

// validateKeys is kyaml's: the keys some element has a value for (all of
// them when none has), and values' entries for those keys.
func validateKeys(valuesList [][]string, values, keys []string) ([]string, []string) {
	return validateKeysWith(validKeySet(valuesList, keys), values, keys)
}

// validKeySet is validateKeys' set of the keys some element has a value
// for; run takes it once for the whole list (kyaml computes it again for
// each element, with the same result).
func validKeySet(valuesList [][]string, keys []string) map[string]bool {
	valid := map[string]bool{}
	for _, vs := range valuesList {
		for i, v := range vs {
			if v != "" {
				valid[keys[i]] = true
			}
		}
	}
	return valid
}

func validateKeysWith(valid map[string]bool, values, keys []string) ([]string, []string) {
	if len(valid) == 0 {
		return keys, values
	}
	var vk, vv []string
	for _, k := range keys {
		if valid[k] {
			vk = append(vk, k)
		}
	}
	for i, v := range values {
		if v != "" || valid[keys[i]] {
			vv = append(vv, v)
		}
	}
	return vk, vv
}

// mergeValues is kyaml's: two elements' key values that agree on one key
// and differ only where one is empty are made the same, the empty ones
// filled from the other (a port without protocol takes the protocol of
// the port with the same number). It changes valuesList in place, in
// kyaml's order, each pair both ways.
func mergeValues(valuesList [][]string) {
	for i, v1 := range valuesList {
		// v1 stays what it was when the outer loop reached it, as
		// kyaml's range variable does.
		for j := range valuesList {
			if ok, vs := matchValues(v1, valuesList[j]); ok {
				valuesList[i] = vs
				valuesList[j] = vs
			}
		}
	}
}

// matchValues is kyaml's match.
func matchValues(a, b []string) (bool, []string) {
	if len(a) != len(b) {
		return false, nil
	}
	common := false
	var res []string
	for i := range a {
		switch {
		case a[i] == b[i]:
			common = true
			res = append(res, a[i])
		case a[i] != "" && b[i] != "":
			return false, nil
		case a[i] != "":
			res = append(res, a[i])
		default:
			res = append(res, b[i])
		}
	}
	return common, res
}

// matchFieldValue is FieldMatcher{Name: k, StringValue: v} on a mapping: the
// field k, whose value must be v unless v is "" (then any value matches).
func matchFieldValue(e *yaml.Node, k, v string) *yaml.Node {
	f := field(e, k)
	if f == nil || (v != "" && f.Value != v) {
		return nil
	}
	return f
}

// elementList is RNode.ElementList (ElementMatcher with keys and values):
// the first mapping whose fields keys[i] have exactly values[i] ("" only
// matches a field whose value is empty, never a missing one), or nil.
func elementList(list *yaml.Node, keys, values []string) *yaml.Node {
	if list == nil {
		return nil
	}
	for _, e := range list.Content {
		if e.Kind != yaml.MappingNode {
			continue
		}
		ok := true
		for i, k := range keys {
			if f := field(e, k); f == nil || f.Value != values[i] {
				ok = false
				break
			}
		}
		if ok {
			return e
		}
	}
	return nil
}

// elementSet is ElementSetter.Filter on a list of mappings: every element
// whose fields keys[j] match values[j] (FieldMatcher: "" matches any
// value; keys beyond values repeat the last comparison) is replaced by
// elem, or removed when elem is nil; elem is appended when none matched.
// Null and empty elements are dropped, and with no values every element
// that does not match is dropped too (kyaml keeps them only "if
// len(e.Values) > 0").
func elementSet(list, elem *yaml.Node, keys, values []string) {
	mappingSetter := len(keys) > 0 && keys[0] != "" && len(values) > 0 && values[0] != ""
	// filtered in place (kyaml builds a new slice; nothing else holds
	// this one while the walk runs)
	content := list.Content[:0]
	n := len(list.Content)
	found := false
	for _, e := range list.Content {
		if isNull(e) || (e.Kind == yaml.MappingNode && len(e.Content) == 0) {
			continue
		}
		if e.Kind != yaml.MappingNode && mappingSetter {
			content = append(content, e)
			continue
		}
		var val *yaml.Node
		match := true
		for j := range keys {
			if j < len(values) {
				val = matchFieldValue(e, keys[j], values[j])
			}
			if val == nil {
				match = false
				break
			}
		}
		if !match {
			if len(values) > 0 {
				content = append(content, e)
			}
			continue
		}
		found = true
		if elem != nil {
			content = append(content, elem)
		}
	}
	clear(list.Content[len(content):n])
	list.Content = content
	if isNull(elem) {
		return
	}
	if !found {
		list.Content = append(list.Content, elem)
	}
}

// appendListNode is kyaml's, src's elements set into dst: an element that
// lacks a key is appended once for each key it lacks and then set by the
// values of the keys it has.
func appendListNode(dst, src *yaml.Node, keys []string) {
	for _, e := range src.Content {
		var v []string
		for _, k := range keys {
			f := field(e, k)
			if f == nil {
				dst.Content = append(dst.Content, e)
				continue
			}
			v = append(v, f.Value)
		}
		if len(keys) > 1 {
			elementSet(dst, nil, keys, v)
		}
		elementSet(dst, e, keys, v)
	}
}

// run is setAssociativeSequenceElements with ListIncreaseDirection
// prepend: it returns the merged list (nil when it is empty and was null).
func (w *keyedWalk) run() (*yaml.Node, error) {
	m := w.m
	valuesList := w.elementValuesList()
	raw := make([][]string, len(valuesList))
	for i, vs := range valuesList {
		raw[i] = append([]string(nil), vs...)
	}
	if len(w.keys) > 1 {
		mergeValues(valuesList)
	}
	items := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: w.dest.Style}
	var validKeys, validValues []string
	usedPatch := map[*yaml.Node]bool{}
	valid := validKeySet(valuesList, w.keys)
	for _, values := range valuesList {
		if len(values) == 0 {
			continue
		}
		validKeys, validValues = validateKeysWith(valid, values, w.keys)
		ek, ev := validateKeys([][]string{validValues}, validValues, validKeys)
		d := elementList(w.dest, ek, ev)
		var o *yaml.Node
		if w.origin != nil {
			o = elementList(w.origin, ek, ev)
		}
		again := o != nil && usedPatch[o] // mergeValues can repeat key values
		if o != nil {
			usedPatch[o] = true
		}
		sub := w.path + "[" + keyLabel(ek, ev) + "]"
		old := short(d)
		val, _, err := m.walk(d, o, w.elemPos, sub, false)
		if err != nil {
			return nil, err
		}
		if missingOrNull(val) || (val.Kind == yaml.MappingNode && len(val.Content) == 0) {
			if d != nil {
				m.tr.add(m.desc, sub, old, "", "`$patch: delete` removes the element with merge key %s", keyLabel(ek, ev))
			}
			had := append([]*yaml.Node(nil), w.dest.Content...)
			elementSet(w.dest, nil, validKeys, validValues)
			if d == nil && len(w.dest.Content) < len(had) {
				var gone []string
				in := map[*yaml.Node]bool{}
				for _, e := range w.dest.Content {
					in[e] = true
				}
				for _, e := range had {
					if !in[e] {
						gone = append(gone, w.label(e))
					}
				}
				empty := emptyKeys(validKeys, validValues)
				m.tr.add(m.desc, sub, strings.Join(gone, "; "), "",
					"elements deleted: an element of the patch has no %s; kyaml looks it up by an empty %s and finds nothing to merge, so it deletes the element it looked for, and there an empty %s matches every element that has one (ElementSetter)",
					strings.Join(empty, ", "), strings.Join(empty, ", "), strings.Join(empty, ", "))
			}
			continue
		}
		for i, k := range validKeys {
			if field(val, k) == nil && validValues[i] != "" {
				// SetField(k, NewScalarRNode(v)): a string YAML 1.1
				// reads otherwise is double-quoted.
				n := &yaml.Node{Kind: yaml.ScalarNode, Value: validValues[i]}
				if isYAML11NonString(n.Value) {
					n.Style = yaml.DoubleQuotedStyle
				}
				val.Content = append(val.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: k}, n)
				m.tr.add(m.desc, sub+"/"+k, "", n.Value, "kyaml sets the merge key %s the element was matched by", k)
			}
		}
		if d == nil && o != nil && !again {
			m.tr.add(m.desc, sub, "", short(val), "added by merge key %s: no element of the object has it (kyaml puts the patch's elements first)", keyLabel(ek, ev))
		} else if d != nil && o != nil && val != d {
			m.tr.add(m.desc, sub, old, old, "`$patch: replace` on an element: kyaml then puts the object's element back, unchanged")
		}
		elementSet(items, val, validKeys, validValues)
	}
	w.noteUnused(usedPatch, raw, valuesList)
	if len(valuesList) > 0 {
		had := append(append([]*yaml.Node(nil), items.Content...), w.dest.Content...)
		destBefore := append([]*yaml.Node(nil), w.dest.Content...)
		appendListNode(items, w.dest, validKeys)
		w.noteLost(had, destBefore, items, validKeys)
		return items, nil
	}
	if missingOrNull(w.dest) {
		return nil, nil
	}
	return w.dest, nil
}

// label names an element by its key values for a step ("port=80,
// protocol=" for one without protocol; "no merge key" for none).
func (w *keyedWalk) label(e *yaml.Node) string {
	vs := keyValues(&yaml.Node{Content: []*yaml.Node{e}}, w.keys)[0]
	if len(emptyKeys(w.keys, vs)) == len(w.keys) {
		return "no merge key"
	}
	return keyLabel(w.keys, vs)
}

func emptyKeys(keys, vs []string) []string {
	var out []string
	for i, v := range vs {
		if v == "" {
			out = append(out, keys[i])
		}
	}
	return out
}

// noteUnused records the patch's elements no lookup found, of which kyaml
// merged nothing: one that lacks a key was taken for an element that has
// it (mergeValues) and then looked up by that key's value; one that
// repeats an earlier element's keys is never looked up (the lookup takes
// the first).
func (w *keyedWalk) noteUnused(used map[*yaml.Node]bool, raw, merged [][]string) {
	if w.origin == nil || w.origin == w.dest {
		return
	}
	seen := map[string]bool{}
	for _, e := range w.origin.Content {
		vs := keyValues(&yaml.Node{Content: []*yaml.Node{e}}, w.keys)[0]
		id := strings.Join(vs, "\x00")
		dup := seen[id]
		seen[id] = true
		if used[e] || e.Kind != yaml.MappingNode || len(e.Content) == 0 {
			continue
		}
		why := "kyaml looked every element up by its merge keys (" + strings.Join(w.keys, ", ") + ") and none of the lookups found it, so nothing of it is merged"
		switch {
		case dup:
			why = "an earlier element of the patch has the same " + keyLabel(w.keys, vs) + ": kyaml looks elements up by their merge keys and takes the first, so nothing of this one is merged"
		default:
			for i := range raw {
				if strings.Join(raw[i], "\x00") != id || strings.Join(merged[i], "\x00") == id {
					continue
				}
				var filled []string
				for j, v := range vs {
					if v == "" && merged[i][j] != "" {
						filled = append(filled, w.keys[j]+" "+merged[i][j])
					}
				}
				why = "it has no " + strings.Join(emptyKeys(w.keys, vs), ", ") + ": kyaml took it for the element with " + strings.Join(filled, ", ") +
					" (mergeValues: key values that differ only where one is empty are the same), then looked the patch's element up by " +
					keyLabel(w.keys, merged[i]) + ", which it does not have, so nothing of it is merged; write " + strings.Join(filled, ", ") + " in the patch to change that element"
				break
			}
		}
		w.m.tr.add(w.m.desc, w.path+"["+w.label(e)+"]", short(e), "", "the patch's element is ignored: %s", why)
	}
}

// noteLost records the elements appendListNode dropped, the patch's merged
// ones or the object's: putting the object's elements back (each by its
// key values, ElementSetter), an element without a merge key is set by the
// keys it has, which replaces or drops the elements that match those (all
// of them when it has none), and one of two elements with the same keys
// replaces the other.
func (w *keyedWalk) noteLost(had, destBefore []*yaml.Node, out *yaml.Node, keys []string) {
	in := map[*yaml.Node]bool{}
	for _, e := range out.Content {
		in[e] = true
	}
	var lost []string
	done := map[*yaml.Node]bool{}
	for _, e := range had {
		if !in[e] && !done[e] && e.Kind == yaml.MappingNode && len(e.Content) > 0 {
			done[e] = true
			lost = append(lost, w.label(e))
		}
	}
	if len(lost) == 0 {
		return
	}
	why := ""
	for _, e := range destBefore {
		var missing, present []string
		for _, k := range keys {
			if f := field(e, k); f == nil {
				missing = append(missing, k)
			} else {
				present = append(present, k+"="+f.Value)
			}
		}
		if len(missing) == 0 {
			continue
		}
		if len(present) == 0 {
			why = "the object's list has an element with no " + strings.Join(missing, ", ") + ": kyaml puts the object's elements back into the merged list by their merge keys, and this one, with none to match by, replaces the whole list (kustomize#5150; it happens when the patch does not mention the list too)"
		} else {
			why = "the object's element " + strings.Join(present, ",") + " has no " + strings.Join(missing, ", ") + ": kyaml puts the object's elements back into the merged list by their merge keys, and this one, set by " + strings.Join(present, ",") + " alone, replaces every element with " + strings.Join(present, ",")
		}
		break
	}
	if why == "" {
		why = "two elements have the same " + strings.Join(keys, ", ") + ": kyaml merges the patch into the first, then puts the object's elements back one by one by their merge keys, each replacing the one with the same keys before it, so the last is left as the object had it"
	}
	w.m.tr.add(w.m.desc, w.path, strings.Join(lost, "; "), short(out), "elements dropped: %s", why)
}

// KyamlMergeKeys returns the merge keys kyaml's builtin schema gives the
// list at path (field names, list positions as "[i]" or "[]") in an object
// of apiVersion and kind, or nil when the list has none there (a list kyaml
// replaces, or a kind its schema does not have). engine/kustomize/applydiff
// reads it to tell a difference that comes from how kyaml matches elements
// without one of these keys.
func KyamlMergeKeys(apiVersion, kind string, path []string) []string {
	pos := builtinSchema().root(apiVersion + " " + kind)
	if pos.typ == "" {
		return nil
	}
	for _, seg := range path {
		if strings.HasPrefix(seg, "[") {
			seg = "[]"
		}
		pos = pos.child(seg)
	}
	strategy, keys := pos.list()
	for _, s := range strings.Split(strategy, ",") {
		if s == "merge" {
			return keys
		}
	}
	return nil
}
