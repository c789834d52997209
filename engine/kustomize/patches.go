package kustomize

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/applylens/applylens/engine/kustomize/internal/types"
	"github.com/applylens/applylens/engine/labelselector"
	yaml "go.yaml.in/yaml/v3"
	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	sigsyaml "sigs.k8s.io/yaml"
)

// selectorString is types.Selector.String, which kustomize's messages print.
func selectorString(s *types.Selector) string {
	id := resID{gvk: gvk{Group: s.Group, Version: s.Version, Kind: s.Kind}, Name: s.Name, Namespace: s.Namespace}
	return fmt.Sprintf("%s:a=%s:l=%s", id, s.AnnotationSelector, s.LabelSelector)
}

func anchor(p string) string {
	if p == "" {
		return p
	}
	return "^(?:" + p + ")$"
}

// selectTargets is ResMap.Select: the objects whose original or current
// namespace and name, and whose current group, version and kind, match,
// with the label and annotation selectors.
func (ra *accumulator) selectTargets(s *types.Selector) ([]*object, error) {
	var res [5]*regexp.Regexp
	for i, p := range []string{s.Group, s.Version, s.Kind, s.Name, s.Namespace} {
		re, err := regexp.Compile(anchor(p))
		if err != nil {
			return nil, err
		}
		res[i] = re
	}
	var out []*object
	for _, o := range ra.objs {
		cur, org := o.curID(), o.orgID()
		if s.Namespace != "" && !res[4].MatchString(org.effectiveNamespace()) && !res[4].MatchString(cur.effectiveNamespace()) {
			continue
		}
		if s.Name != "" && !res[3].MatchString(org.Name) && !res[3].MatchString(cur.Name) {
			continue
		}
		g := o.gvk()
		if (s.Group != "" && !res[0].MatchString(g.Group)) || (s.Version != "" && !res[1].MatchString(g.Version)) ||
			(s.Kind != "" && !res[2].MatchString(g.Kind)) {
			continue
		}
		ok, err := matchesSelector(s.LabelSelector, o.labels())
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		if ok, err = matchesSelector(s.AnnotationSelector, o.annotations()); err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		out = append(out, o)
	}
	return out, nil
}

// matchesSelector is kyaml's RNode.MatchesLabelSelector (and
// MatchesAnnotationSelector) for a target's labelSelector and
// annotationSelector: kyaml's copy of labels.Parse, ported in
// engine/labelselector (so that the wasm links no k8s.io module).
func matchesSelector(sel string, set map[string]string) (bool, error) {
	s, err := labelselector.ParseKustomize(sel)
	if err != nil {
		return false, err
	}
	return s.Matches(set), nil
}

// jsonPatch is a parsed JSON 6902 patch and where it came from.
type jsonPatch struct {
	entry  types.Patch
	source string // kustomize's "[patch: ...]" or "[path: ...]"
	text   string // the operations as JSON
	ops    jsonpatch.Patch
	legacy bool // from patchesJson6902 (PatchJson6902Transformer)
	// sm holds the strategic merge patches when the text is one (or more).
	sm []*object
}

// pluginConfig writes a patch entry as kustomize's configureBuiltinPlugin
// marshals it into the plugin's configuration (its error messages quote
// it).
func pluginConfig(v any) string {
	y, err := sigsyaml.Marshal(v)
	if err != nil {
		return err.Error()
	}
	return string(y)
}

// configurePatch is PatchTransformerPlugin.Config for a `patches` entry:
// the text is read as strategic merge patches and as a JSON patch; it
// must be exactly one of them. Strategic merge patches are refused here
// (not computed yet).
func (b *builder) configurePatch(p types.Patch, root, kfile string) (*jsonPatch, error) {
	cfg := pluginConfig(p)
	trouble := func(err error) error {
		return wrap(err, "trouble configuring builtin PatchTransformer with config: `\n%s`", cfg)
	}
	text := strings.TrimSpace(p.Patch)
	var source string
	switch {
	case text == "" && p.Path == "":
		return nil, trouble(errorf(ErrInput, kfile, "must specify one of patch and path in\n%s", cfg))
	case text != "" && p.Path != "":
		return nil, trouble(errorf(ErrInput, kfile, "patch and path can't be set at the same time\n%s", cfg))
	case text != "":
		source = fmt.Sprintf("[patch: %q]", text)
	default:
		c, err := b.loadFile(root, p.Path, kfile)
		if err != nil {
			return nil, trouble(errorf(ErrMissing, kfile, "failed to get the patch file from path(%s): %s", p.Path, err.Error()))
		}
		text = string(c)
		source = fmt.Sprintf("[path: %q]", p.Path)
	}
	sm, errSM := objectsFromBytes([]byte(text), kfile)
	nSM := len(sm)
	ops, errJSON := decodeJSONPatch(text)
	if ((errSM == nil && errJSON == nil) || (nSM > 0 && ops != nil)) && nSM > 0 && len(ops) > 0 {
		return nil, trouble(errorf(ErrInput, kfile, "illegally qualifies as both an SM and JSON patch: %s", source))
	}
	if errSM != nil && errJSON != nil {
		return nil, trouble(errorf(ErrInput, kfile, "unable to parse SM or JSON patch from %s", source))
	}
	if errSM == nil {
		return &jsonPatch{entry: p, source: source, sm: sm}, nil
	}
	j, _ := jsonPatchJSON(text)
	return &jsonPatch{entry: p, source: source, text: j, ops: ops}, nil
}

func jsonPatchJSON(text string) (string, error) {
	if text == "" {
		return "", fmt.Errorf("empty json patch operations")
	}
	if text[0] == '[' {
		return text, nil
	}
	j, err := sigsyaml.YAMLToJSON([]byte(text))
	return string(j), err
}

func decodeJSONPatch(text string) (jsonpatch.Patch, error) {
	j, err := jsonPatchJSON(text)
	if err != nil {
		return nil, err
	}
	return jsonpatch.DecodePatch([]byte(j))
}

// configureLegacyJSONPatch is PatchJson6902TransformerPlugin.Config for a
// patchesJson6902 entry.
func (b *builder) configureLegacyJSONPatch(p types.Patch, root, kfile string) (*jsonPatch, error) {
	type legacyConfig struct {
		Target *types.Selector `json:"target,omitempty"`
		Path   string          `json:"path,omitempty"`
		JsonOp string          `json:"jsonOp,omitempty"`
	}
	cfg := pluginConfig(legacyConfig{p.Target, p.Path, p.Patch})
	trouble := func(err error) error {
		return wrap(err, "trouble configuring builtin PatchJson6902Transformer with config: `\n%s`", cfg)
	}
	if p.Target == nil || p.Target.Name == "" {
		return nil, trouble(errorf(ErrInput, kfile, "must specify the target name"))
	}
	op := p.Patch
	switch {
	case p.Path == "" && op == "":
		return nil, trouble(errorf(ErrInput, kfile, "empty file path and empty jsonOp"))
	case p.Path != "" && op != "":
		return nil, trouble(errorf(ErrInput, kfile, "must specify a file path or jsonOp, not both"))
	case p.Path != "":
		c, err := b.loadFile(root, p.Path, kfile)
		if err != nil {
			return nil, trouble(err)
		}
		op = string(c)
		if op == "" {
			return nil, trouble(errorf(ErrInput, kfile, "patch file '%s' empty seems to be empty", p.Path))
		}
	}
	if op[0] != '[' {
		j, err := sigsyaml.YAMLToJSON([]byte(op))
		if err != nil {
			return nil, trouble(errorf(ErrInput, kfile, "%v", err))
		}
		op = string(j)
	}
	ops, err := jsonpatch.DecodePatch([]byte(op))
	if err != nil {
		return nil, trouble(errorf(ErrInput, kfile, "decoding %s: %v", op, err))
	}
	if len(ops) == 0 {
		return nil, trouble(errorf(ErrInput, kfile, "patch appears to be empty; file=%s, JsonOp=%s", p.Path, op))
	}
	return &jsonPatch{entry: p, source: op, text: op, ops: ops, legacy: true}, nil
}

// apply runs a JSON patch on its targets (PatchTransformerPlugin's
// transformJson6902, or PatchJson6902TransformerPlugin.Transform): each
// target goes to JSON, the operations apply in order, and the object is
// read back from the JSON, its internal (build) annotations restored.
func (jp *jsonPatch) apply(ra *accumulator, kfile string, tr *trace) error {
	if jp.sm != nil || (!jp.legacy && jp.ops == nil) {
		return jp.applySM(ra, kfile, tr)
	}
	if jp.entry.Target == nil {
		if jp.legacy {
			return errorf(ErrInput, kfile, "must specify a target for patch %s", jp.text)
		}
		return errorf(ErrInput, kfile, "must specify a target for JSON patch %s", jp.source)
	}
	targets, err := ra.selectTargets(jp.entry.Target)
	if err != nil {
		return errorf(ErrInput, kfile, "%v", err)
	}
	if len(targets) == 0 {
		tr.add("", "", "", "", "the target %s matches no object: kustomize applies the patch to nothing, without an error", selectorString(jp.entry.Target))
	}
	for _, o := range targets {
		desc := describe(o.curID())
		if !jp.legacy {
			o.storePreviousID()
		}
		internal := map[string]string{}
		for k, v := range o.annotations() {
			if strings.HasPrefix(k, "internal.config.kubernetes.io/") || k == "config.kubernetes.io/path" ||
				k == "config.kubernetes.io/index" || k == "config.k8s.io/id" {
				internal[k] = v
			}
		}
		m, err := nodeMap(o.node)
		if err != nil {
			return errorf(ErrInput, o.file, "%v", err)
		}
		doc, err := json.Marshal(m)
		if err != nil {
			return errorf(ErrInput, o.file, "%v", err)
		}
		out, err := jp.ops.Apply(doc)
		if err != nil {
			return errorf(ErrTransform, kfile, "%v", err)
		}
		jp.explain(doc, desc, tr)
		n, err := nodeFromJSON(out)
		if err != nil {
			return errorf(ErrTransform, kfile, "%v", err)
		}
		*o.node = *n
		a := o.annotations()
		for k, v := range internal {
			a[k] = v
		}
		setStringMap(o.node, "annotations", a)
		ra.refile(o)
	}
	return nil
}

// explain records each operation of the patch, applied one at a time.
func (jp *jsonPatch) explain(doc []byte, desc string, tr *trace) {
	if tr == nil {
		return
	}
	for _, op := range jp.ops {
		kind := op.Kind()
		p, _ := op.Path()
		old := pointerValue(doc, p)
		next, err := jsonpatch.Patch{op}.Apply(doc)
		if err != nil {
			return
		}
		nv := pointerValue(next, p)
		if parent, ok := strings.CutSuffix(p, "/-"); ok && kind == "add" {
			// "-" is the end of the list: the value added is now its
			// last element, and nothing was there before.
			old, nv = "", pointerValue(next, parent+"/"+strconv.Itoa(listLen(next, parent)-1))
		}
		rule := "JSON 6902 " + kind
		switch kind {
		case "move", "copy":
			from, _ := op.From()
			rule += " from " + from
			if kind == "move" {
				old = pointerValue(doc, from)
			}
		case "test":
			rule += ": the value is as expected"
		}
		tr.add(desc, strings.TrimPrefix(p, "/"), old, nv, "%s", rule)
		doc = next
	}
}

// listLen is the length of the list at a JSON pointer (0 when there is none).
func listLen(doc []byte, pointer string) int {
	var l []any
	if json.Unmarshal([]byte(pointerValue(doc, pointer)), &l) != nil {
		return 0
	}
	return len(l)
}

// pointerValue is the JSON text at a JSON pointer ("" when missing).
func pointerValue(doc []byte, pointer string) string {
	var v any
	if json.Unmarshal(doc, &v) != nil {
		return ""
	}
	if pointer == "" {
		return string(doc)
	}
	for _, part := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
		part = strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[part]; !ok {
				return ""
			}
		case []any:
			var i int
			if _, err := fmt.Sscan(part, &i); err != nil || i < 0 || i >= len(x) {
				return ""
			}
			v = x[i]
		default:
			return ""
		}
	}
	j, _ := json.Marshal(v)
	return string(j)
}

// nodeFromJSON is kyaml's RNode.UnmarshalJSON: JSON into Go values, those
// written as YAML (yaml.v3) and parsed again.
func nodeFromJSON(j []byte) (*yaml.Node, error) {
	m := map[string]any{}
	if err := json.Unmarshal(j, &m); err != nil {
		return nil, err
	}
	y, err := yaml.Marshal(m)
	if err != nil {
		return nil, err
	}
	var d yaml.Node
	if err := yaml.Unmarshal(y, &d); err != nil {
		return nil, err
	}
	return d.Content[0], nil
}

// applySM is PatchTransformerPlugin.transformStrategicMerge: with a
// target, the one patch merges into every object the target selects
// (ResMap.ApplySmPatch, a copy of the patch each); without, each patch
// merges into the object its own id names.
func (jp *jsonPatch) applySM(ra *accumulator, kfile string, tr *trace) error {
	if jp.entry.Target != nil {
		if len(jp.sm) > 1 {
			return errorf(ErrInput, kfile, "Multiple Strategic-Merge Patches in one `patches` entry is not allowed to set `patches.target` field: %s", jp.source)
		}
		targets, err := ra.selectTargets(jp.entry.Target)
		if err != nil {
			return errorf(ErrInput, kfile, "unable to find patch target %q in `resources`: %v", selectorString(jp.entry.Target), err)
		}
		if len(targets) == 0 {
			tr.add("", "", "", "", "the target %s matches no object: kustomize applies the patch to nothing, without an error", selectorString(jp.entry.Target))
			return nil
		}
		if len(jp.sm) == 0 {
			return errorf(ErrUnsupported, kfile, "%s: strategic merge patch %s holds no object", kfile, jp.source)
		}
		return ra.applySmPatch(targets, jp.sm[0], kfile, jp.source, tr)
	}
	for _, p := range jp.sm {
		id := p.curID()
		target, err := ra.getByID(id)
		if err != nil {
			return errorf(ErrMissing, kfile, "no resource matches strategic merge patch %q: %s", id.String(), err.Error())
		}
		// A deleted object is left empty, and dropped after the entry
		// (ResMap drops empty resources), as kustomize does.
		_, err = mergeInto(target, p.node, p.node, ra.schema, kfile, jp.source, tr, false)
		ra.refile(target)
		if err != nil {
			return err
		}
	}
	return nil
}

// applySmPatch is ResMap.ApplySmPatch: a copy of the patch, with each
// selected object's apiVersion and the patch's kind, merges into it; an
// object the patch deletes leaves the build.
func (ra *accumulator) applySmPatch(targets []*object, patch *object, kfile, source string, tr *trace) error {
	sel := map[*object]bool{}
	for _, t := range targets {
		sel[t] = true
	}
	var keep []*object
	for _, o := range ra.objs {
		if sel[o] {
			p := copyNode(patch.node)
			// CopyMergeMetaDataFieldsFrom: labels and annotations
			// written back as string maps (a null value becomes
			// "null", an empty or null map goes), name and namespace
			// set again.
			pm := &object{node: p}
			labels, annos, pname, pns := pm.labels(), pm.annotations(), pm.name(), pm.namespace()
			setStringMap(p, "labels", labels)
			setStringMap(p, "annotations", annos)
			if meta := field(p, "metadata"); meta != nil && meta.Kind == yaml.MappingNode {
				setEntry(meta, "name", &yaml.Node{Kind: yaml.ScalarNode, Value: pname})
				if pns == "" {
					clearField(meta, "namespace")
				} else {
					setEntry(meta, "namespace", &yaml.Node{Kind: yaml.ScalarNode, Value: pns})
				}
			}
			kind := field(p, "kind")
			var kindCopy *yaml.Node
			if kind != nil {
				kindCopy = copyNode(kind)
			}
			setEntry(p, "apiVersion", &yaml.Node{Kind: yaml.ScalarNode, Value: o.apiVersion()})
			if kindCopy != nil {
				setEntry(p, "kind", kindCopy)
			}
			deleted, err := mergeInto(o, p, patch.node, ra.schema, kfile, source, tr, true)
			ra.refile(o)
			if err != nil {
				return err
			}
			if deleted {
				continue
			}
		}
		if !isNilOrEmpty(o.node) {
			keep = append(keep, o)
		}
	}
	ra.objs = keep
	return nil
}

// mergeInto is Resource.ApplySmPatch: kyaml's merge of patch into o, then
// o's kind, name and namespace set back (a patch changes none of them).
// written is the patch as the user wrote it, recorded with the object
// before and after (trace.merges).
func mergeInto(o *object, patch, written *yaml.Node, schema *kyamlSchema, kfile, source string, tr *trace, copied bool) (deleted bool, err error) {
	desc := describe(o.curID())
	var rec *Merge
	if tr != nil {
		before, errB := nodeJSON(o.node)
		pj, errP := nodeJSON(written)
		if errB == nil && errP == nil {
			rec = &Merge{Kustomization: tr.kust, Transformer: tr.name, Patch: source, Object: desc,
				APIVersion: o.apiVersion(), Kind: o.kind(), Before: before, PatchJSON: pj}
		}
	}
	defer func() {
		if rec == nil || err != nil || deleted || isNilOrEmpty(o.node) {
			return
		}
		if after, errA := nodeJSON(o.node); errA == nil {
			rec.After = after
			tr.merges = append(tr.merges, *rec)
		}
	}()
	unsupported := func(e error) error {
		return errorf(ErrUnsupported, kfile, "%s: strategic merge patch %s into %s: %v is not supported here yet", kfile, source, desc, e)
	}
	if hasSchemaComment(o.node) || hasSchemaComment(patch) {
		return false, unsupported(fmt.Errorf("a comment kyaml reads as a schema (JSON, $openapi or $ref)"))
	}
	for k := range stringMap(field(field(patch, "metadata"), "annotations")) {
		if strings.HasPrefix(k, "kustomize.config.k8s.io/") {
			return false, unsupported(fmt.Errorf("the annotation %s", k))
		}
	}
	if !copied && o.apiVersion() != "" && field(patch, "apiVersion") != nil && field(patch, "apiVersion").Value != o.apiVersion() {
		return false, unsupported(fmt.Errorf("a patch whose apiVersion differs from the object's"))
	}
	if !copied {
		patch = copyNode(patch)
	}
	name, ns, kind := o.name(), o.namespace(), o.kind()
	savedKind, savedName, savedNS := copyNode(field(o.node, "kind")), copyNode(field(o.meta(), "name")), copyNode(field(o.meta(), "namespace"))
	pos := schema.root(typeOf(o.node))
	if pos.typ == "" {
		pos = schema.root(typeOf(patch))
	}
	for _, t := range []string{typeOf(o.node), typeOf(patch)} {
		if schema.recursive[t] {
			return false, unsupported(fmt.Errorf("a %s (its schema is recursive)", t))
		}
	}
	m := &smpMerge{tr: tr, desc: desc, schema: schema}
	res, _, err := m.walk(o.node, patch, pos, "", true)
	if err != nil {
		var u *smpUnsupported
		if errors.As(err, &u) {
			return false, unsupported(err)
		}
		return false, errorf(ErrTransform, kfile, "%v", err)
	}
	if res == nil {
		tr.add(desc, "", "", "", "`$patch: delete` at the top of the patch deletes the whole object")
		*o.node = yaml.Node{Kind: yaml.MappingNode, Tag: tagMap}
		return true, nil
	}
	if res != o.node {
		*o.node = *res
	}
	if isNilOrEmpty(o.node) {
		return false, nil
	}
	// SetKind, SetName and SetNamespace write the values back; the nodes
	// saved before the merge carry how kustomize had them (tag and
	// style), which the write keeps.
	restore := func(m *yaml.Node, key, value string, saved *yaml.Node) {
		if saved != nil && saved.Kind == yaml.ScalarNode && saved.Value == value {
			if cur := field(m, key); cur != nil {
				*cur = *saved
				return
			}
			m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, saved)
			return
		}
		setEntry(m, key, &yaml.Node{Kind: yaml.ScalarNode, Value: value})
	}
	restore(o.node, "kind", kind, savedKind)
	meta := lookupCreate(o.node, "metadata", yaml.MappingNode, tagMap)
	restore(meta, "name", name, savedName)
	if ns == "" {
		clearField(meta, "namespace")
	} else {
		restore(meta, "namespace", ns, savedNS)
	}
	return false, nil
}

// getByID is ResMap.GetById: the one object whose current or an earlier
// id is id.
func (ra *accumulator) getByID(id resID) (*object, error) {
	found := ra.withAnyID(id)
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return nil, fmt.Errorf("no matches for Id %s; failed to find unique target for patch %s", id, id)
	}
	return nil, fmt.Errorf("multiple matches for Id %s; failed to find unique target for patch %s", id, id)
}

// configurePSM is PatchStrategicMergeTransformerPlugin.Config for the
// patchesStrategicMerge list: each entry is patch text, or else a file.
func (b *builder) configurePSM(psm []types.PatchStrategicMerge, root, kfile string) ([]*object, error) {
	entries := make([]string, len(psm))
	for i, e := range psm {
		entries[i] = string(e)
	}
	if len(entries) == 0 {
		return nil, nil
	}
	cfg := pluginConfig(struct {
		Paths []string `json:"paths,omitempty"`
	}{entries})
	trouble := func(err error) error {
		return wrap(err, "trouble configuring builtin PatchStrategicMergeTransformer with config: `\n%s`", cfg)
	}
	var out []*object
	for _, e := range entries {
		objs, err := objectsFromBytes([]byte(e), kfile)
		if err != nil {
			c, lerr := b.loadFile(root, e, kfile)
			if lerr != nil {
				return nil, trouble(lerr)
			}
			if objs, err = objectsFromBytes(c, kfile); err != nil {
				return nil, trouble(wrap(err, "%s", e))
			}
		}
		out = append(out, objs...)
	}
	if len(out) == 0 {
		return nil, trouble(errorf(ErrInput, kfile, "patch appears to be empty; files=%v, Patch=", entries))
	}
	return out, nil
}

// applyPSM is PatchStrategicMergeTransformerPlugin.Transform: each patch
// merges into the object its id names (ResMap.ApplySmPatch).
func applyPSM(ra *accumulator, patches []*object, kfile string, tr *trace) error {
	for _, p := range patches {
		target, err := ra.getByID(p.curID())
		if err != nil {
			return errorf(ErrMissing, kfile, "%s", err.Error())
		}
		if err := ra.applySmPatch([]*object{target}, p, kfile, "["+resourceMeta(p)+"]", tr); err != nil {
			return err
		}
	}
	return nil
}
