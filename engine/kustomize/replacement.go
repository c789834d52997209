package kustomize

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/applylens/applylens/engine/kustomize/internal/types"
	yaml "go.yaml.in/yaml/v3"
	sigsyaml "sigs.k8s.io/yaml"
)

// This file is kustomize's ReplacementTransformer (api/internal/builtins
// and api/filters/replacement, v0.21.1): each replacement reads one value
// (a field of the one object its source selects, or a literal) and writes
// it into fields of the objects its targets select. The field paths are
// read as kyaml reads them: the source's with yaml.Lookup (PathGetter), the
// targets' with yaml.PathMatcher (regular expressions in [name=value],
// `*` wildcards, creation when options.create says so).
//
// kustomize 5.8 also reads a target path that goes on past a scalar field
// as a path into that field's text parsed as YAML or JSON (structured data
// in a string): replacement_structured.go.

const defaultReplacementFieldPath = "metadata.name"

// errReplacementUnsupported marks what this port refuses.
var errReplacementUnsupported = errors.New("not supported here")

type replacementUnsupported struct{ what string }

func (e *replacementUnsupported) Error() string { return e.what }
func (e *replacementUnsupported) Unwrap() error { return errReplacementUnsupported }

func refuseReplacement(format string, args ...any) error {
	return &replacementUnsupported{fmt.Sprintf(format, args...)}
}

// configureReplacements is ReplacementTransformerPlugin.Config: inline
// entries as they are, a path entry's file read as one replacement or a
// list of them (not strictly: unknown fields are ignored there, as
// kustomize's sigs.k8s.io/yaml Unmarshal ignores them).
func (b *builder) configureReplacements(list []types.ReplacementField, root, kfile string) ([]types.Replacement, error) {
	if len(list) == 0 {
		return nil, nil
	}
	trouble := func(err error) error {
		cfg := pluginConfig(struct{ Replacements []types.ReplacementField }{list})
		return wrap(err, "trouble configuring builtin ReplacementTransformer with config: `\n%s`", cfg)
	}
	var out []types.Replacement
	for _, r := range list {
		if r.Path != "" && (r.Source != nil || len(r.Targets) != 0) {
			return nil, trouble(errorf(ErrInput, kfile, "cannot specify both path and inline replacement"))
		}
		if r.Path == "" {
			out = append(out, r.Replacement)
			continue
		}
		content, err := b.loadFile(root, r.Path, kfile)
		if err != nil {
			return nil, trouble(err)
		}
		var v any
		if err := sigsyaml.Unmarshal(content, &v); err != nil {
			return nil, trouble(errorf(ErrInput, root+"/"+r.Path, "%v", err))
		}
		switch reflect.ValueOf(v).Kind() {
		case reflect.Slice:
			var rs []types.Replacement
			if err := sigsyaml.Unmarshal(content, &rs); err != nil {
				return nil, trouble(errorf(ErrInput, root+"/"+r.Path, "%v", err))
			}
			out = append(out, rs...)
		case reflect.Map:
			var one types.Replacement
			if err := sigsyaml.Unmarshal(content, &one); err != nil {
				return nil, trouble(errorf(ErrInput, root+"/"+r.Path, "%v", err))
			}
			out = append(out, one)
		default:
			return nil, trouble(errorf(ErrInput, root+"/"+r.Path, "unsupported replacement type encountered within replacement path: %v", reflect.ValueOf(v).Kind()))
		}
	}
	return out, nil
}

// replaceAll is replacement.Filter on the accumulator's objects. Its
// errors are kustomize's text, located in the kustomization kfile.
func replaceAll(ra *accumulator, reps []types.Replacement, kfile string, tr *trace) error {
	for i := range reps {
		r := &reps[i]
		if err := replaceOne(ra, r, i+1, tr); err != nil {
			var u *replacementUnsupported
			if errors.As(err, &u) {
				where := fmt.Sprintf("replacement %d", i+1)
				if kfile != "" {
					where = kfile + ": " + where
				}
				return errorf(ErrUnsupported, kfile, "%s: %s", where, err.Error())
			}
			var e *Error
			if errors.As(err, &e) {
				return err
			}
			return errorf(ErrTransform, kfile, "%s", err.Error())
		}
	}
	// kustomize reads every object's metadata again later in the build
	// and fails there on one a replacement left without a name or kind
	// (a list, a map or "" copied into metadata.name), or with a comma
	// in its name (its earlier names are kept comma-separated); where it fails depends
	// on what runs next, which is not modelled.
	for _, o := range ra.objs {
		for _, f := range []*yaml.Node{field(o.meta(), "name"), field(o.node, "kind")} {
			if f != nil && (f.Kind != yaml.ScalarNode || f.Value == "" || strings.Contains(f.Value, ",")) {
				return errorf(ErrUnsupported, kfile, "%s: a replacement left %s without a name or kind, or with a comma in it (a list, a map, an empty text or a comma-separated text copied there); kustomize then fails later in the build, which is not computed here", kfile, describe(o.curID()))
			}
		}
	}
	return nil
}

func replaceOne(ra *accumulator, r *types.Replacement, num int, tr *trace) error {
	if (r.SourceValue == nil && r.Source == nil) || len(r.Targets) == 0 {
		return fmt.Errorf("replacements must specify a source and at least one target")
	}
	value, from, err := replacementValue(ra.objs, r)
	if err != nil {
		return err
	}
	for _, sel := range r.Targets {
		if sel.Select == nil {
			return fmt.Errorf("target must specify resources to select")
		}
		if len(sel.FieldPaths) == 0 {
			sel.FieldPaths = []string{defaultReplacementFieldPath}
		}
		tsr, err := newTargetRegex(sel)
		if err != nil {
			return fmt.Errorf("error creating target selector: %w", err)
		}
		for _, o := range ra.objs {
			ids, err := replacementIDs(o)
			if err != nil {
				return err
			}
			ok, err := selectByAnnoAndLabel(o, sel)
			if err != nil {
				return err
			}
			if !ok || tsr.rejectsAny(ids) {
				continue
			}
			for _, id := range ids {
				if tsr.sel.matches(id) {
					if err := copyValueToTarget(o, value, sel, num, from, tr); err != nil {
						return err
					}
					break
				}
			}
		}
	}
	return nil
}

// replacementIDs is utils.MakeResIds: the object's id now and the ids it
// had before renames. kustomize builds them from Gvk literals, which
// never count as cluster-scoped.
func replacementIDs(o *object) ([]resID, error) {
	cur := o.curID()
	cur.scopeUnknown = true
	// The earlier ids are kept as three comma-separated lists; a name
	// with a comma in it (a replacement can write one) unbalances them.
	if names := o.csvAnnotation(annoPreviousNames); names != nil &&
		(len(names) != len(o.csvAnnotation(annoPreviousNamespaces)) || len(names) != len(o.csvAnnotation(annoPreviousKinds))) {
		return nil, fmt.Errorf("number of previous names, number of previous namespaces, number of previous kinds not equal")
	}
	return append([]resID{cur}, o.prevIDs()...), nil
}

// replacementValue is getReplacement: the value node, and how the step
// names where it came from.
func replacementValue(objs []*object, r *types.Replacement) (*yaml.Node, string, error) {
	if r.SourceValue != nil && r.Source != nil {
		return nil, "", fmt.Errorf("value and resource selectors are mutually exclusive")
	}
	if r.SourceValue != nil {
		return &yaml.Node{Kind: yaml.ScalarNode, Value: *r.SourceValue}, "the value " + strconv.Quote(*r.SourceValue), nil
	}
	src := r.Source
	sel := resID{gvk: gvk{Group: src.Group, Version: src.Version, Kind: src.Kind}, Name: src.Name, Namespace: src.Namespace, scopeUnknown: true}
	var match *object
	for _, o := range objs {
		ids, err := replacementIDs(o)
		if err != nil {
			return nil, "", fmt.Errorf("error getting node IDs: %w", err)
		}
		for _, id := range ids {
			if (sel.Name == "" || sel.Name == id.Name) && (sel.Namespace == "" || sel.nsEquals(id)) && id.gvk.isSelected(sel.gvk) {
				if match != nil {
					return nil, "", fmt.Errorf("multiple matches for selector %s", sourceSelectorString(src))
				}
				match = o
				break
			}
		}
	}
	if match == nil {
		return nil, "", fmt.Errorf("nothing selected by %s", sourceSelectorString(src))
	}
	if src.FieldPath == "" {
		src.FieldPath = defaultReplacementFieldPath
	}
	rn, err := lookupPath(match.node, smarterPathSplitter(src.FieldPath, "."))
	if err != nil {
		return nil, "", fmt.Errorf("error looking up replacement source: %w", err)
	}
	if isNilOrEmpty(rn) {
		return nil, "", fmt.Errorf("fieldPath `%s` is missing for replacement source %s", src.FieldPath, sel.String())
	}
	from := describe(match.curID()) + "'s " + src.FieldPath
	if o := src.Options; o != nil && o.Delimiter != "" {
		if rn.Kind != yaml.ScalarNode {
			return nil, "", fmt.Errorf("delimiter option can only be used with scalar nodes")
		}
		parts := strings.Split(nodeValue(rn), o.Delimiter)
		if o.Index >= len(parts) || o.Index < 0 {
			return nil, "", fmt.Errorf("options.index %d is out of bounds for value %s", o.Index, nodeValue(rn))
		}
		c := copyNode(rn)
		c.Value = parts[o.Index]
		rn = c
		from = fmt.Sprintf("part %d (split at %q) of %s", o.Index, o.Delimiter, from)
	}
	return rn, from, nil
}

// sourceSelectorString is SourceSelector.String.
func sourceSelectorString(s *types.SourceSelector) string {
	id := resID{gvk: gvk{Group: s.Group, Version: s.Version, Kind: s.Kind}, Name: s.Name, Namespace: s.Namespace}
	out := []string{id.String()}
	if s.FieldPath != "" {
		out = append(out, s.FieldPath)
	}
	if o := s.Options; o != nil && (o.Delimiter != "" || o.Create) {
		out = append(out, fmt.Sprintf("%s(%d), create=%t", o.Delimiter, o.Index, o.Create))
	}
	return strings.Join(out, ":")
}

// nodeValue is kyaml's GetValue: a null node's value is "".
func nodeValue(n *yaml.Node) string {
	if isNull(n) {
		return ""
	}
	return n.Value
}

// selectorRegex is types.SelectorRegex: a selector's group, version,
// kind, name and namespace as anchored regular expressions.
type selectorRegex struct {
	sel *types.Selector
	res [5]*regexp.Regexp
}

func newSelectorRegex(s *types.Selector) (*selectorRegex, error) {
	sr := &selectorRegex{sel: s}
	for i, p := range []string{s.Group, s.Version, s.Kind, s.Name, s.Namespace} {
		re, err := regexp.Compile(anchor(p))
		if err != nil {
			return nil, err
		}
		sr.res[i] = re
	}
	return sr, nil
}

func (s *selectorRegex) matches(id resID) bool {
	parts := []string{id.Group, id.Version, id.Kind, id.Name, id.Namespace}
	for i, p := range []string{s.sel.Group, s.sel.Version, s.sel.Kind, s.sel.Name, s.sel.Namespace} {
		if p != "" && !s.res[i].MatchString(parts[i]) {
			return false
		}
	}
	return true
}

// targetRegex is types.TargetSelectorRegex.
type targetRegex struct {
	sel     *selectorRegex
	rejects []*selectorRegex
}

func newTargetRegex(ts *types.TargetSelector) (*targetRegex, error) {
	sel, err := newSelectorRegex(ts.Select)
	if err != nil {
		return nil, err
	}
	t := &targetRegex{sel: sel}
	for _, r := range ts.Reject {
		rr, err := newSelectorRegex(r)
		if err != nil {
			return nil, err
		}
		t.rejects = append(t.rejects, rr)
	}
	return t, nil
}

func (t *targetRegex) rejectsAny(ids []resID) bool {
	for _, r := range t.rejects {
		if r.sel.ResId == (types.ResId{}) {
			continue
		}
		for _, id := range ids {
			if r.matches(id) {
				return true
			}
		}
	}
	return false
}

// selectByAnnoAndLabel is the filter's selectByAnnoAndLabel: the select's
// annotation and label selectors must match, and no reject's may.
func selectByAnnoAndLabel(o *object, t *types.TargetSelector) (bool, error) {
	if ok, err := matchesAnnoAndLabel(o, t.Select); !ok || err != nil {
		return false, err
	}
	for _, r := range t.Reject {
		if r.AnnotationSelector == "" && r.LabelSelector == "" {
			continue
		}
		if m, err := matchesAnnoAndLabel(o, r); m || err != nil {
			return false, err
		}
	}
	return true, nil
}

func matchesAnnoAndLabel(o *object, s *types.Selector) (bool, error) {
	a, err := matchesSelector(s.AnnotationSelector, o.annotations())
	if err != nil {
		return false, err
	}
	l, err := matchesSelector(s.LabelSelector, o.labels())
	if err != nil {
		return false, err
	}
	return a && l, nil
}

// copyValueToTarget writes value into each of the target's field paths.
func copyValueToTarget(o *object, value *yaml.Node, sel *types.TargetSelector, num int, from string, tr *trace) error {
	for _, fp := range sel.FieldPaths {
		var create yaml.Kind
		if sel.Options != nil && sel.Options.Create {
			create = value.Kind
		}
		parts := smarterPathSplitter(fp, ".")
		err := setInStructuredData(o, value, parts, create, fp, num, from, tr)
		var u *replacementUnsupported
		if err == nil {
			continue
		} else if errors.As(err, &u) {
			return err
		}
		desc := describe(o.curID())
		fields, err := pathMatcher{create: create}.filter(o.node, parts)
		if err != nil {
			var u *replacementUnsupported
			if errors.As(err, &u) {
				return err
			}
			return fmt.Errorf("%s: %w", fieldRetrievalError(fp, create != 0), err)
		}
		if len(fields) == 0 {
			return fmt.Errorf("%s", fieldRetrievalError(fp, create != 0))
		}
		for i, t := range fields {
			old := shownValue(t)
			if err := setFieldValue(sel.Options, t, value); err != nil {
				return err
			}
			which := ""
			if len(fields) > 1 {
				// A wildcard or a [name=regex] reached several fields.
				which = fmt.Sprintf(" (field %d of the %d it reaches)", i+1, len(fields))
			}
			tr.add(desc, fp, old, shownValue(t), "replacement %d: copied %s (%s) into %s's %s%s", num, from, shownValue(value), desc, fp, which)
		}
	}
	return nil
}

// shownValue is a node as a step shows it: a scalar's text, else its YAML
// on one line.
func shownValue(n *yaml.Node) string {
	if n.Kind == yaml.ScalarNode {
		return nodeValue(n)
	}
	c := copyNode(n)
	c.Style = yaml.FlowStyle
	s, err := writeYAML(c)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(s)
}

func fieldRetrievalError(fieldPath string, create bool) string {
	if create {
		return fmt.Sprintf("unable to find or create field %q in replacement target", fieldPath)
	}
	return fmt.Sprintf("unable to find field %q in replacement target", fieldPath)
}

// setFieldValue is the filter's setFieldValue: with a delimiter, the value
// replaces (or is put before or after) one part of the target's text; a
// scalar target keeps its tag and style and takes only the text (so that
// "3" copied into replicas stays a number); any other target becomes a
// copy of the value.
func setFieldValue(opts *types.FieldOptions, t, value *yaml.Node) error {
	v := copyNode(value)
	if opts != nil && opts.Delimiter != "" {
		if t.Kind != yaml.ScalarNode {
			return fmt.Errorf("delimiter option can only be used with scalar nodes")
		}
		tv := strings.Split(t.Value, opts.Delimiter)
		s := nodeValue(v)
		switch {
		case opts.Index < 0:
			tv = append([]string{s}, tv...)
		case opts.Index >= len(tv):
			tv = append(tv, s)
		default:
			tv[opts.Index] = s
		}
		v.Value = strings.Join(tv, opts.Delimiter)
	}
	if t.Kind == yaml.ScalarNode {
		t.Value = v.Value
	} else {
		*t = *v
	}
	return nil
}

// pathSplitter is kyaml's utils.PathSplitter: a leading delimiter is
// dropped, and a delimiter after a backslash does not split.
func pathSplitter(p, delim string) []string {
	ps := strings.Split(p, delim)
	if len(ps) > 1 && ps[0] == "" {
		ps = ps[1:]
	}
	res := []string{ps[0]}
	for _, s := range ps[1:] {
		last := len(res) - 1
		if strings.HasSuffix(res[last], `\`) {
			res[last] = strings.TrimSuffix(res[last], `\`) + delim + s
		} else {
			res = append(res, s)
		}
	}
	return res
}

// smarterPathSplitter is kyaml's utils.SmarterPathSplitter: a bracketed
// part is kept whole; with an "=" it keeps its brackets (a list element
// selector), without one it loses them (a map key holding dots).
func smarterPathSplitter(p, delim string) []string {
	var out []string
	split := pathSplitter(p, delim)
	for i := 0; i < len(split); i++ {
		e := split[i]
		if strings.HasPrefix(e, "[") && !strings.HasSuffix(e, "]") {
			br := []string{e}
			for i < len(split)-1 {
				i++
				br = append(br, split[i])
				if strings.HasSuffix(split[i], "]") {
					break
				}
			}
			s := strings.Join(br, delim)
			if strings.Contains(s, "=") {
				out = append(out, s)
			} else {
				out = append(out, strings.Trim(s, "[]"))
			}
		} else {
			out = append(out, e)
		}
	}
	return out
}

func isListIndex(p string) bool { return strings.HasPrefix(p, "[") && strings.HasSuffix(p, "]") }

func isIdxNumber(p string) bool {
	i, err := strconv.Atoi(p)
	return err == nil && i >= 0
}

// splitIndexNameValue is kyaml's SplitIndexNameValue: "[name=value]".
func splitIndexNameValue(p string) (string, string, error) {
	e := strings.TrimPrefix(strings.TrimSuffix(p, "]"), "[")
	parts := strings.SplitN(e, "=", 2)
	if len(parts) == 1 {
		return "", "", fmt.Errorf("list path element must contain fieldName=fieldValue for element to match")
	}
	return parts[0], parts[1], nil
}

// pathPartKind is kyaml's getPathPartKind: the kind a created node takes
// from the part after it.
func pathPartKind(next string, def yaml.Kind) yaml.Kind {
	switch {
	case isListIndex(next), isIdxNumber(next):
		return yaml.SequenceNode
	case next == "":
		return def
	}
	return yaml.MappingNode
}

// invalidKind is kyaml's InvalidNodeKindError.
func invalidKind(n *yaml.Node, want yaml.Kind) error {
	msg := fmt.Sprintf("wrong node kind: expected %s but got %s", kindName(want), kindName(n.Kind))
	if s, err := writeYAML(n); err == nil {
		msg += ": node contents:\n" + s
	}
	return errors.New(msg)
}

// getField is kyaml's Get (FieldMatcher by name): nil in a null node, an
// error in anything but a mapping, else the first field of that name.
func getField(n *yaml.Node, name string) (*yaml.Node, error) {
	if isNull(n) {
		return nil, nil
	}
	if n.Kind != yaml.MappingNode {
		return nil, invalidKind(n, yaml.MappingNode)
	}
	return field(n, name), nil
}

// elements is RNode.Elements: a null node has none.
func elements(n *yaml.Node) ([]*yaml.Node, error) {
	if isNull(n) {
		return nil, nil
	}
	if n.Kind != yaml.SequenceNode {
		return nil, invalidKind(n, yaml.SequenceNode)
	}
	return n.Content, nil
}

// lookupPath is kyaml's PathGetter without create (yaml.Lookup): fields by
// name, list elements by index ("-" for the last) or by [name=value]
// (exact text; [=value] for a list of scalars); nil when a part is
// missing.
func lookupPath(n *yaml.Node, path []string) (*yaml.Node, error) {
	cur := n
	for _, part := range path {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		var err error
		if cur, err = lookupPart(cur, part); cur == nil || err != nil {
			return nil, err
		}
	}
	return cur, nil
}

func lookupPart(n *yaml.Node, part string) (*yaml.Node, error) {
	if idx, err := strconv.Atoi(part); err == nil {
		if idx < 0 {
			return nil, fmt.Errorf("array index %d cannot be negative", idx)
		}
		es, err := elements(n)
		if err != nil || idx >= len(es) {
			return nil, err
		}
		return es[idx], nil
	}
	switch {
	case part == "-":
		es, err := elements(n)
		if err != nil {
			return nil, err
		}
		if len(es) == 0 {
			// kyaml's ElementIndexer indexes an empty list (a panic).
			return nil, refuseReplacement("the last element (-) of an empty list: kustomize crashes")
		}
		return es[len(es)-1], nil
	case part == "*":
		return nil, fmt.Errorf("wildcard is not supported in PathGetter")
	case isListIndex(part):
		name, value, err := splitIndexNameValue(part)
		if err != nil {
			return nil, err
		}
		return matchElement(n, name, value)
	}
	return getField(n, part)
}

// matchElement is kyaml's ElementMatcher for one key: the first element
// whose field name has exactly the text value (or, with no name, the
// first scalar element with that text).
func matchElement(n *yaml.Node, name, value string) (*yaml.Node, error) {
	if !isNull(n) && n.Kind != yaml.SequenceNode {
		return nil, invalidKind(n, yaml.SequenceNode)
	}
	if isNull(n) {
		return nil, nil
	}
	for _, e := range n.Content {
		if name == "" {
			if e.Value == value {
				return e, nil
			}
			continue
		}
		if isNull(e) || e.Kind != yaml.MappingNode {
			continue
		}
		if f := field(e, name); f != nil && f.Value == value {
			return e, nil
		}
	}
	return nil, nil
}

// pathMatcher is kyaml's PathMatcher: every node a target's field path
// reaches. [name=regex] selects the elements whose field's text the
// (unanchored) regular expression matches, `*` every element, a number one
// element; with create (the kind of the leaf to create) missing fields,
// elements and an element at index len(list) are created.
type pathMatcher struct{ create yaml.Kind }

func (p pathMatcher) filter(n *yaml.Node, path []string) ([]*yaml.Node, error) {
	switch {
	case len(path) == 0:
		return []*yaml.Node{n}, nil
	case isIdxNumber(path[0]):
		return p.indexSeq(n, path)
	case isListIndex(path[0]):
		return p.seq(n, path, false)
	case path[0] == "*":
		es, err := elements(n)
		if err != nil {
			return nil, err
		}
		var out []*yaml.Node
		for _, e := range es {
			add, err := p.filter(e, path[1:])
			if err != nil {
				return nil, err
			}
			out = append(out, add...)
		}
		return out, nil
	}
	return p.field(n, path)
}

func next(path []string) string {
	if len(path) > 1 {
		return path[1]
	}
	return ""
}

func (p pathMatcher) field(n *yaml.Node, path []string) ([]*yaml.Node, error) {
	// kyaml's Pipe reads a document as its content (a scalar's text
	// parsed as structured data is a document).
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	f, err := getField(n, path[0])
	if err != nil {
		return nil, err
	}
	if f == nil {
		if p.create == 0 {
			return nil, nil
		}
		if isNull(n) {
			return nil, refuseReplacement("creating the field %q under a null value (kustomize adds it to the null)", path[0])
		}
		f = &yaml.Node{Kind: pathPartKind(next(path), p.create)}
		n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: path[0]}, f)
	}
	if f.Kind == yaml.ScalarNode && len(path) > 1 {
		return p.structuredInScalar(f, path[1:])
	}
	return p.filter(f, path[1:])
}

func (p pathMatcher) indexSeq(n *yaml.Node, path []string) ([]*yaml.Node, error) {
	idx, _ := strconv.Atoi(path[0])
	es, err := elements(n)
	if err != nil {
		return nil, err
	}
	if len(es) == idx && p.create != 0 {
		if isNull(n) {
			return nil, refuseReplacement("creating element %d of a null value (kustomize adds it to the null)", idx)
		}
		e := &yaml.Node{Kind: pathPartKind(next(path), p.create)}
		n.Content = append(n.Content, e)
		es = n.Content
	}
	if len(es) < idx+1 {
		return nil, fmt.Errorf("index %d specified but only %d elements found", idx, len(es))
	}
	return p.filter(es[idx], path[1:])
}

func (p pathMatcher) seq(n *yaml.Node, path []string, redo bool) ([]*yaml.Node, error) {
	name, re, err := splitIndexNameValue(path[0])
	if err != nil {
		return nil, err
	}
	es, err := elements(n)
	if err != nil {
		return nil, err
	}
	var out []*yaml.Node
	for _, e := range es {
		r, err := regexp.Compile(re)
		if err != nil {
			return nil, err
		}
		if name == "" {
			s, err := writeYAML(e)
			if err != nil {
				return nil, err
			}
			if r.MatchString(strings.TrimSpace(s)) {
				out = append(out, e)
			}
			continue
		}
		if e.Kind != yaml.MappingNode {
			continue
		}
		v := field(e, name)
		if v == nil {
			continue
		}
		s, err := writeYAML(v)
		if err != nil {
			return nil, err
		}
		if !r.MatchString(strings.TrimSpace(s)) {
			continue
		}
		add, err := p.filter(e, path[1:])
		if err != nil {
			return nil, err
		}
		out = append(out, add...)
	}
	if p.create == 0 || len(out) > 0 {
		return out, nil
	}
	if redo {
		return nil, refuseReplacement("the element %s created does not match %s itself (kustomize recurses without end)", path[0], path[0])
	}
	if isNull(n) {
		return nil, refuseReplacement("creating the element %s of a null value (kustomize adds it to the null)", path[0])
	}
	val := &yaml.Node{Kind: yaml.ScalarNode, Value: re}
	elem := val
	if name != "" {
		elem = &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{{Kind: yaml.ScalarNode, Value: name}, val}}
	}
	n.Content = append(n.Content, elem)
	return p.seq(n, path, true)
}
