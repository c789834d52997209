package kustomize

import (
	"fmt"
	"github.com/applylens/applylens/engine/kustomize/internal/types"
	"sort"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// runTransformers runs the builtin transformers a kustomization asks for,
// in kustomize's fixed order (configureBuiltinTransformers), whatever the
// order of the fields in the file.
func (b *builder) runTransformers(ra *accumulator, k *types.Kustomization, root, kfile string) error {
	// They rename, delete and replace objects: the indexes go
	// (the patches keep the one of earlier ids as they change objects).
	ra.dropIndexes()
	defer ra.dropIndexes()
	tc := ra.cfg
	b.tr.kust = kfile
	// kustomize configures every transformer before running the first:
	// a patch that cannot be read fails before anything changes.
	var patches, legacyPatches []*jsonPatch
	psm, err := b.configurePSM(k.PatchesStrategicMerge, root, kfile)
	if err != nil {
		return err
	}
	for _, p := range k.Patches {
		jp, err := b.configurePatch(p, root, kfile)
		if err != nil {
			return err
		}
		patches = append(patches, jp)
	}
	// The labels' field specs (kustomize's LabelTransformer configurator).
	var labelSpecs []fsSlice
	for _, l := range k.Labels {
		fss, err := fieldSpecs(l.FieldSpecs).mergeAll(tc.Labels)
		if err != nil {
			return fmt.Errorf("failed to merge labels: %w", err)
		}
		if l.IncludeSelectors {
			fss, err = fss.mergeAll(tc.CommonLabels)
		} else {
			if l.IncludeTemplates {
				if fss, err = fss.mergeAll(tc.TemplateLabels); err != nil {
					return fmt.Errorf("failed to merge template fieldSpec: %w", err)
				}
			}
			fss, err = fss.mergeOne(fieldSpec{Path: "metadata/labels", Create: true})
		}
		if err != nil {
			return fmt.Errorf("failed to merge labels: %w", err)
		}
		labelSpecs = append(labelSpecs, fss)
	}
	for _, p := range k.PatchesJson6902 {
		jp, err := b.configureLegacyJSONPatch(p, root, kfile)
		if err != nil {
			return err
		}
		legacyPatches = append(legacyPatches, jp)
	}
	// The ReplacementTransformer is configured last (its path files read
	// here) and runs last, after images.
	reps, err := b.configureReplacements(k.Replacements, root, kfile)
	if err != nil {
		return err
	}
	b.tr.name = "patchesStrategicMerge"
	if err := applyPSM(ra, psm, kfile, b.tr); err != nil {
		return err
	}
	b.tr.name = "patches"
	for _, jp := range patches {
		if err := jp.apply(ra, kfile, b.tr); err != nil {
			return err
		}
		ra.dropEmpties()
	}
	if k.Namespace != "" {
		b.tr.name = "namespace"
		if err := namespaceTransform(ra, k.Namespace, tc.NameSpace, b.tr); err != nil {
			return err
		}
	}
	if k.NamePrefix != "" {
		b.tr.name = "namePrefix"
		if err := prefixSuffix(ra, k.NamePrefix, "", tc.NamePrefix, b.tr); err != nil {
			return err
		}
	}
	if k.NameSuffix != "" {
		b.tr.name = "nameSuffix"
		if err := prefixSuffix(ra, "", k.NameSuffix, tc.NameSuffix, b.tr); err != nil {
			return err
		}
	}
	if len(k.Labels) > 0 || len(k.CommonLabels) > 0 {
		b.tr.name = "labels"
		for i, l := range k.Labels {
			if err := mapTransform(ra, l.Pairs, labelSpecs[i], b.tr); err != nil {
				return err
			}
		}
		b.tr.name = "commonLabels"
		if err := mapTransform(ra, k.CommonLabels, tc.CommonLabels, b.tr); err != nil {
			return err
		}
	}
	if len(k.CommonAnnotations) > 0 {
		b.tr.name = "commonAnnotations"
		if err := mapTransform(ra, k.CommonAnnotations, tc.CommonAnnotations, b.tr); err != nil {
			return err
		}
	}
	b.tr.name = "patchesJson6902"
	for _, jp := range legacyPatches {
		if err := jp.apply(ra, kfile, b.tr); err != nil {
			return err
		}
		ra.dropEmpties()
	}
	b.tr.name = "replicas"
	for _, r := range k.Replicas {
		if err := replicaTransform(ra, r, tc.Replicas, b.tr); err != nil {
			return err
		}
	}
	b.tr.name = "images"
	for _, im := range k.Images {
		if err := imageTransform(ra, im, tc.Images, b.tr); err != nil {
			return err
		}
	}
	ra.dropEmpties()
	if len(reps) > 0 {
		b.tr.name = "replacements"
		if err := replaceAll(ra, reps, kfile, b.tr); err != nil {
			return err
		}
		ra.dropEmpties()
	}
	return nil
}

func (ra *accumulator) dropEmpties() {
	out := ra.objs[:0]
	for _, o := range ra.objs {
		if !isNilOrEmpty(o.node) {
			out = append(out, o)
		}
	}
	ra.objs = out
}

// scalarSetter returns a set function that records the change.
func scalarSetter(o *object, tr *trace, fieldPath, rule string, value func(old string) string, tag string) setFn {
	return func(n *yaml.Node) error {
		old := n.Value
		nv := value(old)
		desc := describe(o.curID())
		if err := setScalar(n, nv, tag); err != nil {
			return err
		}
		tr.add(desc, fieldPath, old, nv, "%s", rule)
		return nil
	}
}

// namespaceTransform is the NamespaceTransformer (filters/namespace).
func namespaceTransform(ra *accumulator, ns string, specs fsSlice, tr *trace) error {
	// How many objects have each id now, kept as each object moves: the
	// conflict check below counts in one step (issue 21).
	count := make(map[idKey]int, len(ra.objs))
	for _, x := range ra.objs {
		count[keyOf(x.curID())]++
	}
	allRules := specRules(specs)
	for _, o := range ra.objs {
		if isNilOrEmpty(o.node) {
			continue
		}
		if o.annotations()["internal.config.kubernetes.io/helm-generated"] == "true" {
			continue
		}
		before := keyOf(o.curID())
		o.storePreviousID()
		apiVersion := o.apiVersion()
		var fs fsSlice
		var rules []string
		for i, s := range specs {
			if s.Path == "metadata/namespace" {
				continue
			}
			if apiVersion != "v1" && s.Path == "metadata/name" {
				continue
			}
			fs = append(fs, s)
			rules = append(rules, allRules[i])
		}
		set := func(fieldPath, rule string) setFn {
			return func(n *yaml.Node) error {
				old := n.Value
				desc := describe(o.curID())
				if n.Kind != yaml.ScalarNode {
					return fmt.Errorf("namespace transformation failed: wrong node kind: expected ScalarNode but got %s", kindName(n.Kind))
				}
				*n = yaml.Node{Kind: yaml.ScalarNode, Value: ns, Tag: tagStr, Style: n.Style}
				tr.add(desc, fieldPath, old, ns, "%s", rule)
				return nil
			}
		}
		g := o.gvk()
		if !(resID{gvk: g}).clusterScoped() {
			meta := fieldSpec{Path: "metadata/namespace", Create: true}
			if err := applyFieldSpec(o, meta, yaml.ScalarNode, "", set("metadata/namespace", "every namespaced object gets the kustomization's namespace")); err != nil {
				return err
			}
		}
		if g.Kind == "RoleBinding" || g.Kind == "ClusterRoleBinding" {
			var kept fsSlice
			var keptRules []string
			for i, s := range fs {
				if (s.Kind == "RoleBinding" || s.Kind == "ClusterRoleBinding") && s.Path == "subjects/namespace" {
					continue
				}
				kept = append(kept, s)
				keptRules = append(keptRules, rules[i])
			}
			fs, rules = kept, keptRules
			if subj := field(o.node, "subjects"); !isNull(subj) {
				if subj.Kind != yaml.SequenceNode {
					return fmt.Errorf("setting namespace on (cluster)role binding subjects: wrong node kind: expected SequenceNode but got %s", kindName(subj.Kind))
				}
				for _, s := range subj.Content {
					if nm := field(s, "name"); nm == nil || nm.Value != "default" {
						continue
					}
					f := lookupCreate(s, "namespace", yaml.ScalarNode, "")
					if err := set("subjects/namespace", "a binding's subject named \"default\" is moved to the kustomization's namespace")(f); err != nil {
						return err
					}
				}
			}
		}
		for i, s := range fs {
			if err := applyFieldSpec(o, s, yaml.ScalarNode, tagStr, set(s.Path, rules[i])); err != nil {
				return fmt.Errorf("namespace transformation failed: %w", err)
			}
		}
		id := o.curID()
		count[before]--
		count[keyOf(id)]++
		if checkIndexes {
			n := 0
			for _, x := range ra.objs {
				if x.curID().equals(id) {
					n++
				}
			}
			if n != count[keyOf(id)] {
				panic("kustomize: the namespace transformer's id count is stale")
			}
		}
		if count[keyOf(id)] != 1 {
			var same []string
			for _, x := range ra.objs {
				if x.curID().equals(id) {
					same = append(same, objectJSON(x))
				}
			}
			return errorf(ErrConflict, o.file, "namespace transformation produces ID conflict: [%s]", strings.Join(same, " "))
		}
	}
	return nil
}

// prefixSuffix is the PrefixTransformer or SuffixTransformer.
func prefixSuffix(ra *accumulator, prefix, suffix string, specs fsSlice, tr *trace) error {
	skip := []gvk{{Kind: "CustomResourceDefinition"}, {Group: "apiregistration.k8s.io", Kind: "APIService"}, {Kind: "Namespace"}}
	rules := specRules(specs)
	for _, o := range ra.objs {
		org := o.orgID()
		skipped := false
		for _, s := range skip {
			if org.gvk.isSelected(s) {
				skipped = true
			}
		}
		if skipped {
			continue
		}
		for i, fs := range specs {
			if !org.gvk.isSelected(fs.gvk) {
				continue
			}
			if fs.Path == "metadata/name" {
				if prefix != "" {
					o.appendCsvAnnotation(annoPrefixes, prefix)
					o.storePreviousID()
				}
				if suffix != "" {
					o.appendCsvAnnotation(annoSuffixes, suffix)
					o.storePreviousID()
				}
			}
			set := scalarSetter(o, tr, fs.Path, rules[i], func(old string) string { return prefix + old + suffix }, "")
			if err := applyFieldSpec(o, fs, yaml.ScalarNode, tagStr, set); err != nil {
				return err
			}
		}
	}
	return nil
}

// mapTransform is the LabelTransformer or AnnotationsTransformer: each key
// (in sorted order) set in every field the specs reach.
func mapTransform(ra *accumulator, values map[string]string, specs fsSlice, tr *trace) error {
	if len(values) == 0 {
		return nil
	}
	keys := make([]string, 0, len(values))
	for k := range values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	rules := specRules(specs)
	for _, o := range ra.objs {
		for _, k := range keys {
			shared := strNode(values[k])
			for i, fs := range specs {
				rule := rules[i]
				fsPath := fs.Path
				set := func(n *yaml.Node) error {
					if n.Kind != yaml.MappingNode {
						return fmt.Errorf("wrong node kind: expected MappingNode but got %s: node contents:\n%s", kindName(n.Kind), nodeString(n))
					}
					old := ""
					if f := field(n, k); f != nil {
						old = f.Value
					}
					setEntry(n, k, shared)
					tr.add(describe(o.curID()), fsPath+"/"+k, old, values[k], "%s", rule)
					return nil
				}
				if err := applyFieldSpec(o, fs, yaml.MappingNode, tagMap, set); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// replicaTransform is the ReplicaCountTransformer.
func replicaTransform(ra *accumulator, r types.Replica, specs fsSlice, tr *trace) error {
	found := false
	count := strconv.FormatInt(r.Count, 10)
	for _, fs := range specs {
		for _, o := range ra.objs {
			if !o.matchesAnyID(func(id resID) bool { return id.Name == r.Name && id.gvk.isSelected(fs.gvk) }) {
				continue
			}
			found = true
			set := scalarSetter(o, tr, fs.Path, specRule(fs), func(string) string { return count }, tagInt)
			if err := applyFieldSpec(o, fs, yaml.ScalarNode, tagInt, set); err != nil {
				return err
			}
		}
	}
	if !found {
		gvks := make([]string, len(specs))
		for i, s := range specs {
			gvks[i] = s.gvk.String()
		}
		return errorf(ErrTransform, "", "resource with name %s does not match a config with the following GVK [%s]", r.Name, strings.Join(gvks, " "))
	}
	return nil
}
