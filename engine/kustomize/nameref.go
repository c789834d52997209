package kustomize

import (
	"fmt"
	"strings"

	yaml2 "go.yaml.in/yaml/v2"
	yaml "go.yaml.in/yaml/v3"
)

// fixBackReferences is kustomize's name reference transformer, run once
// at the end of a build: every field that names an object of another kind
// (a Pod template's configMapRef, a RoleBinding's subjects, an HPA's
// scaleTargetRef; kustomize's nameReference configuration) is given that
// object's new name when namePrefix, nameSuffix or a namespace renamed it.
func fixBackReferences(ra *accumulator, tr *trace) error {
	type job struct {
		spec   fieldSpec
		target gvk
	}
	orgIDs := make([]resID, len(ra.objs))
	for i, o := range ra.objs {
		orgIDs[i] = o.orgID()
	}
	jobs := map[*object][]job{}
	for _, br := range ra.cfg.NameReference {
		for _, ref := range br.Referrers {
			for i, o := range ra.objs {
				if orgIDs[i].gvk.isSelected(ref.gvk) {
					jobs[o] = append(jobs[o], job{ref, br.gvk})
				}
			}
		}
	}
	idx := newRefIndex(ra.objs)
	for p, o := range ra.objs {
		js := jobs[o]
		if len(js) == 0 {
			continue
		}
		member, err := idx.referrable(o)
		if err != nil {
			return err
		}
		// fast: the candidates come from the index; after a field spec
		// changed the referrer's own ids, the rest of its references sieve
		// the candidates as kustomize does, reading them as they are now.
		fast, wrote := true, false
		var cands []*object
		for _, j := range js {
			// nameref's confirmNodeMatchesReferrer: what GetMeta reads
			// (a null field as "") must be what the id says (the apiVersion
			// its group and version spell: "apps/" is not).
			metaField := func(n *yaml.Node) string {
				if isNilOrEmpty(n) {
					return ""
				}
				return n.Value
			}
			for _, c := range []struct{ name, got, want string }{
				{"APIVersion", metaField(field(o.node, "apiVersion")), o.gvk().apiVersion()},
				{"Kind", metaField(field(o.node, "kind")), o.kind()},
				{"Name", metaField(field(o.meta(), "name")), o.name()},
				{"Namespace", metaField(field(o.meta(), "namespace")), o.namespace()},
			} {
				if c.got != c.want {
					return errorf(ErrInput, o.file, "node-referrerOriginal '%s' mismatch '%s' != '%s'", c.name, c.got, c.want)
				}
			}
			f := nameRefFilter{referrer: o, spec: j.spec, target: j.target, candidates: cands, tr: tr, wrote: &wrote}
			if fast {
				f.index, f.member = idx, member
			}
			f.spec.gvk = o.gvk()
			if err := applyFieldSpec(o, f.spec, 0, "", f.set); err != nil {
				return fmt.Errorf("updating name reference in '%s' field of '%s': %w", j.spec.Path, o.curID(), err)
			}
			if fast && wrote && idx.changed(p) {
				fast, cands = false, idx.all(member)
			}
		}
		if !fast {
			idx = newRefIndex(ra.objs)
		}
	}
	return nil
}

// roleBindingNamespaces is reswrangler's getNamespacesForRoleBinding: the
// namespaces of a RoleBinding's ServiceAccount subjects. It reads the
// subjects as Go values and asserts their types; where kustomize's
// assertion panics (a subject that is not a mapping, a kind that is not a
// string), kubectl crashes with the panic's text, which is the error here.
func roleBindingNamespaces(r *object) (map[string]bool, error) {
	out := map[string]bool{}
	if r.kind() != "RoleBinding" {
		return out, nil
	}
	subj := field(r.node, "subjects")
	if subj == nil {
		return out, nil
	}
	var v any
	if subj.Decode(&v) != nil {
		return out, nil
	}
	list, ok := v.([]any)
	if !ok {
		return out, nil
	}
	typeName := func(x any) string {
		if x == nil {
			return "nil"
		}
		return fmt.Sprintf("%T", x)
	}
	for _, s := range list {
		m, ok := s.(map[string]any)
		if !ok {
			return nil, errorf(ErrInput, r.file, "interface conversion: interface {} is %s, not map[string]interface {}", typeName(s))
		}
		ns, hasNs := m["namespace"]
		kind, hasKind := m["kind"]
		if !hasNs || !hasKind {
			continue
		}
		k, ok := kind.(string)
		if !ok {
			return nil, errorf(ErrInput, r.file, "interface conversion: interface {} is %s, not string", typeName(kind))
		}
		if k != "ServiceAccount" {
			continue
		}
		n, ok := ns.(string)
		if !ok {
			return nil, errorf(ErrInput, r.file, "Invalid Input: namespace is blank for resource %q\n", r.curID().String())
		}
		out[n] = true
	}
	return out, nil
}

type nameRefFilter struct {
	referrer *object
	spec     fieldSpec
	target   gvk
	// The objects the referrer could name: index and member when the
	// index holds their ids (refIndex), else candidates.
	index      *refIndex
	member     func(int) bool
	candidates []*object
	tr         *trace
	// wrote is set when a field was changed.
	wrote *bool
}

// referrals are the candidates for a reference to oldName (with the
// namespace the reference gives, when ns is not nil), before
// selectReferral's sieves other than the name's.
func (f nameRefFilter) referrals(oldName string, ns *string) []*object {
	if f.index != nil {
		return f.index.named(oldName, ns, f.member)
	}
	if ns != nil {
		return groupedByNamespace(f.candidates, *ns)
	}
	return f.candidates
}

func (f nameRefFilter) set(n *yaml.Node) error {
	if isNull(n) {
		return nil
	}
	switch n.Kind {
	case yaml.ScalarNode:
		return f.setScalar(n)
	case yaml.MappingNode:
		return f.setMapping(n)
	case yaml.SequenceNode:
		for _, e := range n.Content {
			if isNull(e) {
				continue
			}
			switch e.Kind {
			case yaml.ScalarNode:
				if err := f.setScalar(e); err != nil {
					return err
				}
			case yaml.MappingNode:
				if err := f.setMapping(e); err != nil {
					return err
				}
			default:
				return fmt.Errorf("%#v is expected to be either a string or a map of string", e)
			}
		}
		return nil
	}
	return fmt.Errorf("node must be a scalar, sequence or map")
}

func (f nameRefFilter) rule(r *object) string {
	// Its names, first to current: a namespace change records the same
	// name again, which is said once.
	var names []string
	for _, n := range append(r.csvAnnotation(annoPreviousNames), r.name()) {
		if len(names) == 0 || names[len(names)-1] != n {
			names = append(names, n)
		}
	}
	return fmt.Sprintf("name reference: %s names a %s; that object was renamed %s (kustomize's nameReference configuration)",
		f.spec.Path, f.target.Kind, strings.Join(names, " → "))
}

func (f nameRefFilter) setScalar(n *yaml.Node) error {
	ref, err := f.selectReferral(n.Value, f.referrals(n.Value, nil), allNamesSame)
	if err != nil || ref == nil {
		return err
	}
	if ref.name() == n.Value {
		return nil
	}
	old := n.Value
	*f.wrote = true
	*n = yaml.Node{Kind: yaml.ScalarNode, Value: ref.name(), Style: n.Style}
	f.tr.add(describe(f.referrer.curID()), f.spec.Path, old, ref.name(), "%s", f.rule(ref))
	return nil
}

func (f nameRefFilter) setMapping(n *yaml.Node) error {
	nameNode := field(n, "name")
	if nameNode == nil {
		return fmt.Errorf("path config error; no 'name' field in node")
	}
	var ns *string
	if nsNode := field(n, "namespace"); nsNode != nil {
		ns = &nsNode.Value
	}
	old := nameNode.Value
	ref, err := f.selectReferral(old, f.referrals(old, ns), allNamesAndNamespacesSame)
	if err != nil || ref == nil {
		return err
	}
	if ref.name() == old && ref.namespace() == "" {
		return nil
	}
	*f.wrote = true
	setNamed(n, "name", ref.name())
	f.tr.add(describe(f.referrer.curID()), f.spec.Path+"/name", old, ref.name(), "%s", f.rule(ref))
	if ref.namespace() == "" {
		return nil
	}
	oldNs := ""
	if x := field(n, "namespace"); x != nil {
		oldNs = x.Value
	}
	setNamed(n, "namespace", ref.namespace())
	if oldNs != ref.namespace() {
		f.tr.add(describe(f.referrer.curID()), f.spec.Path+"/namespace", oldNs, ref.namespace(), "%s", f.rule(ref))
	}
	return nil
}

// setNamed is kyaml's FieldSetter{Name, StringValue}: an untagged scalar.
func setNamed(m *yaml.Node, name, value string) {
	setEntry(m, name, &yaml.Node{Kind: yaml.ScalarNode, Value: value})
}

// isYAML11NonString is kyaml's IsValueNonString.
//
// Every label, annotation and name the transformers set asks it, and
// reading each value as a YAML document was a seventh of a 10-file
// build's time under wasm (node's profiler); plainYAML11String answers
// for most values without the parser.
func isYAML11NonString(value string) bool {
	if plainYAML11String(value) {
		return false
	}
	return parsedYAML11NonString(value)
}

// parsedYAML11NonString reads value as yaml.v2 does (kyaml's own way).
func parsedYAML11NonString(value string) bool {
	if value == "" || strings.Contains(value, "\n") {
		return false
	}
	var v any
	if err := yaml2.Unmarshal([]byte(value), &v); err != nil {
		return false
	}
	_, isString := v.(string)
	return !isString
}

// yaml11Keywords are the words yaml.v2's resolver (resolveMap) reads as
// booleans or null and that begin with a letter.
var yaml11Keywords = map[string]bool{
	"y": true, "Y": true, "yes": true, "Yes": true, "YES": true,
	"n": true, "N": true, "no": true, "No": true, "NO": true,
	"true": true, "True": true, "TRUE": true,
	"false": true, "False": true, "FALSE": true,
	"on": true, "On": true, "ON": true,
	"off": true, "Off": true, "OFF": true,
	"null": true, "Null": true, "NULL": true,
}

// plainYAML11String says whether yaml.v2 certainly reads value as a string
// without asking it: a value that starts with an ASCII letter, does not
// end with a space and has only letters, digits, single spaces and
// "_./-,=" is one plain scalar of the whole value to its scanner (in block
// context a comma is no indicator; there is no colon, comment, tab or
// quote), and its resolver reads such a scalar as a string unless it is
// one of yaml11Keywords (a first letter other than yYnNtTfFoO is not even
// looked up; numbers, floats and timestamps begin with a digit, sign or
// dot). The build annotations' lists ("default,prod") and generated
// values are such strings. A false answer means only "ask the parser".
func plainYAML11String(value string) bool {
	if value == "" || value[len(value)-1] == ' ' {
		return false
	}
	if c := value[0]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
		return false
	}
	for i := 1; i < len(value); i++ {
		c := value[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '.' || c == '/' || c == '-' || c == ',' || c == '=' || c == ' ' && value[i-1] != ' ') {
			return false
		}
	}
	return !yaml11Keywords[value]
}

// groupedByNamespace is filterMapCandidatesByNamespace: the candidates
// whose original namespace is ns, or else whose current one is.
func groupedByNamespace(cands []*object, ns string) []*object {
	var byOrg, byCur []*object
	orgFound := false
	for _, c := range cands {
		if e := c.orgID().effectiveNamespace(); e == ns && e != notANamespace {
			byOrg = append(byOrg, c)
			orgFound = true
		}
	}
	if orgFound {
		return byOrg
	}
	for _, c := range cands {
		if e := c.curID().effectiveNamespace(); e == ns && e != notANamespace {
			byCur = append(byCur, c)
		}
	}
	return byCur
}

func sieve(list []*object, keep func(*object) bool) []*object {
	var out []*object
	for _, o := range list {
		if keep(o) {
			out = append(out, o)
		}
	}
	return out
}

func (f nameRefFilter) selectReferral(oldName string, cands []*object, identical func([]*object) bool) (*object, error) {
	cands = sieve(cands, func(r *object) bool {
		for _, id := range r.prevIDs() {
			if id.Name == oldName {
				return true
			}
		}
		return false
	})
	cands = sieve(cands, prevIDSelectedBy(f.target))
	if strings.HasSuffix(f.spec.Path, "roleRef/name") {
		if g, ok := roleRefGvk(f.referrer); ok {
			cands = sieve(cands, prevIDSelectedBy(g))
		}
	}
	rid := f.referrer.curID()
	if !rid.clusterScoped() {
		cands = sieve(cands, func(r *object) bool {
			id := r.curID()
			return id.clusterScoped() || r.kind() == "ServiceAccount" || rid.nsEquals(id)
		})
	}
	if len(cands) == 1 {
		return cands[0], nil
	}
	cands = sieve(cands, func(r *object) bool { return r.prefixesSuffixesEqual(f.referrer, true) })
	if len(cands) > 1 {
		cands = sieve(cands, func(r *object) bool { return r.prefixesSuffixesEqual(f.referrer, false) })
	}
	switch {
	case len(cands) == 1:
		return cands[0], nil
	case len(cands) == 0:
		return nil, nil
	case identical(cands):
		return cands[0], nil
	}
	var ids []string
	for _, c := range cands {
		ids = append(ids, c.curID().String())
	}
	// nameref's failureDetails: the referrer and each candidate as YAML,
	// build annotations included.
	var d strings.Builder
	y, _ := render(f.referrer.node)
	fmt.Fprintf(&d, "\n**** Too many possible referral targets to referrer:\n%s\n", y)
	for i, c := range cands {
		y, _ := render(c.node)
		fmt.Fprintf(&d, "--- possible referral %d:\n%s\n", i, y)
	}
	return nil, errorf(ErrTransform, f.referrer.file, "found multiple possible referrals: %s\n%s", strings.Join(ids, ", "), d.String())
}

func prevIDSelectedBy(g gvk) func(*object) bool {
	return func(r *object) bool {
		for _, id := range r.prevIDs() {
			if id.gvk.isSelected(g) {
				return true
			}
		}
		return false
	}
}

func roleRefGvk(o *object) (gvk, bool) {
	rr := field(o.node, "roleRef")
	if rr == nil {
		return gvk{}, false
	}
	g, k := field(rr, "apiGroup"), field(rr, "kind")
	if g == nil || k == nil {
		return gvk{}, false
	}
	return gvk{Group: g.Value, Kind: k.Value}, true
}

func allNamesSame(rs []*object) bool {
	for _, r := range rs[1:] {
		if r.name() != rs[0].name() {
			return false
		}
	}
	return true
}

func allNamesAndNamespacesSame(rs []*object) bool {
	for _, r := range rs[1:] {
		if r.name() != rs[0].name() || r.namespace() != rs[0].namespace() {
			return false
		}
	}
	return true
}
