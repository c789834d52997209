package kustomize

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"github.com/applylens/applylens/engine/kustomize/internal/types"
	"maps"
	"path"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	yaml "go.yaml.in/yaml/v3"
)

const (
	annoNeedsHash = "internal.config.kubernetes.io/needsHashSuffix"
	annoBehavior  = "internal.config.kubernetes.io/generatorBehavior"
)

// mergeGlobalOptions is types.MergeGlobalOptionsIntoLocal: the
// kustomization's generatorOptions fill what an entry's options leave out.
func mergeGlobalOptions(local, global *types.GeneratorOptions) *types.GeneratorOptions {
	if global == nil {
		return local
	}
	var l types.GeneratorOptions
	if local != nil {
		l = *local
	}
	override := func(dst *map[string]string, src map[string]string) {
		if *dst == nil {
			if src != nil {
				*dst = map[string]string{}
				for k, v := range src {
					(*dst)[k] = v
				}
			}
			return
		}
		c := map[string]string{}
		for k, v := range *dst {
			c[k] = v
		}
		for k, v := range src {
			if _, ok := c[k]; !ok {
				c[k] = v
			}
		}
		*dst = c
	}
	override(&l.Labels, global.Labels)
	override(&l.Annotations, global.Annotations)
	if global.DisableNameSuffixHash {
		l.DisableNameSuffixHash = true
	}
	if global.Immutable {
		l.Immutable = true
	}
	return &l
}

// runGenerators makes the ConfigMaps, then the Secrets, the kustomization
// asks for and adds them as kustomize's AbsorbAll does: a new one is
// appended; with behavior merge or replace it takes the place of the
// object with its id (from a base), keeping that object's name, namespace
// and build annotations.
func (b *builder) runGenerators(ra *accumulator, k *types.Kustomization, root, kfile string) error {
	b.tr.kust = kfile
	type entry struct {
		kind, secretType string
		args             types.GeneratorArgs
	}
	var entries []entry
	for _, a := range k.ConfigMapGenerator {
		entries = append(entries, entry{kind: "ConfigMap", args: a.GeneratorArgs})
	}
	for _, a := range k.SecretGenerator {
		entries = append(entries, entry{kind: "Secret", secretType: a.Type, args: a.GeneratorArgs})
	}
	for _, e := range entries {
		b.tr.name = strings.ToLower(e.kind[:1]) + e.kind[1:] + "Generator"
		{
			a := e.args
			a.Options = mergeGlobalOptions(a.Options, k.GeneratorOptions)
			o, err := b.generate(e.kind, e.secretType, a, root, kfile)
			if err != nil {
				return err
			}
			if err := ra.absorb(o, b.tr); err != nil {
				return wrap(err, "merging from generator %s", generatorString(e.kind, a))
			}
		}
	}
	return nil
}

// generatorString approximates how kustomize prints the generator in a
// merge error (its plugin struct with %v).
func generatorString(kind string, a types.GeneratorArgs) string {
	return fmt.Sprintf("%sGenerator %s", kind, a.Name)
}

func (b *builder) generate(kind, secretType string, a types.GeneratorArgs, root, kfile string) (*object, error) {
	if a.Name == "" {
		return nil, errorf(ErrInput, kfile, "a configmap must have a name")
	}
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: tagMap}
	setEntry(n, "apiVersion", strNode("v1"))
	setEntry(n, "kind", strNode(kind))
	meta := lookupCreate(n, "metadata", yaml.MappingNode, tagMap)
	setEntry(meta, "name", strNode(a.Name))
	if a.Namespace != "" {
		setEntry(meta, "namespace", strNode(a.Namespace))
	}
	o := &object{node: n, file: kfile}
	if kind == "Secret" {
		t := "Opaque"
		if secretType != "" {
			t = secretType
		}
		setEntry(n, "type", strNode(t))
	}
	pairs, err := b.loadPairs(a, root, kfile)
	if err != nil {
		return nil, wrap(err, "loading KV pairs")
	}
	known := map[string]string{}
	for _, p := range pairs {
		if _, ok := known[p[0]]; ok {
			return nil, errorf(ErrInput, kfile, "configmap %s illegally repeats the key `%s`", a.Name, p[0])
		}
		known[p[0]] = p[1]
	}
	keys := make([]string, 0, len(known))
	for k := range known {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if kind == "ConfigMap" {
		for _, k := range keys {
			fieldName, v := configMapValue(known[k])
			setEntry(lookupCreate(n, fieldName, yaml.MappingNode, tagMap), k, v)
		}
	} else {
		data := lookupCreate(n, "data", yaml.MappingNode, tagMap)
		for _, k := range keys {
			v := strNode(encodeBase64(known[k]))
			if strings.Contains(v.Value, "\n") {
				v.Style = yaml.LiteralStyle
			}
			setEntry(data, k, v)
		}
	}
	if opts := a.Options; opts != nil {
		for _, k := range slices.Sorted(maps.Keys(opts.Labels)) {
			m := lookupCreate(lookupCreate(n, "metadata", yaml.MappingNode, tagMap), "labels", yaml.MappingNode, tagMap)
			setEntry(m, k, strNode(opts.Labels[k]))
		}
		for _, k := range slices.Sorted(maps.Keys(opts.Annotations)) {
			o.setAnnotation(k, opts.Annotations[k])
		}
		if opts.Immutable {
			setEntry(n, "immutable", &yaml.Node{Kind: yaml.ScalarNode, Value: "true", Tag: "!!bool"})
		}
	}
	if a.Options == nil || !a.Options.DisableNameSuffixHash {
		o.setAnnotation(annoNeedsHash, "enabled")
	}
	behavior := a.Behavior
	switch behavior {
	case "create", "merge", "replace":
	default:
		behavior = "unspecified"
	}
	o.setAnnotation(annoBehavior, behavior)
	b.tr.add(describe(o.curID()), "", "", "", "generated from %s with %d key(s)", treeName(kfile), len(keys))
	return o, nil
}

// configMapValue is kyaml's makeConfigMapValueRNode: UTF-8 text goes to
// data, anything else base64-encoded to binaryData.
func configMapValue(s string) (string, *yaml.Node) {
	v := strNode(s)
	f := "data"
	if !utf8.ValidString(s) {
		f = "binaryData"
		v.Value = encodeBase64(s)
	}
	if strings.Contains(v.Value, "\n") {
		v.Style = yaml.LiteralStyle
	}
	return f, v
}

// encodeBase64 is kyaml's: lines of 70 characters, each ended by a
// newline when there is more than one.
func encodeBase64(s string) string {
	const lineLen = 70
	enc := base64.StdEncoding.EncodeToString([]byte(s))
	lines := len(enc)/lineLen + 1
	if lines == 1 {
		return enc
	}
	var b strings.Builder
	for i := 0; i < len(enc); i += lineLen {
		j := i + lineLen
		if j > len(enc) {
			j = len(enc)
		}
		b.WriteString(enc[i:j])
		b.WriteByte('\n')
	}
	return b.String()
}

// loadPairs is kustomize's kv loader: env files, then literals, then files.
func (b *builder) loadPairs(a types.GeneratorArgs, root, kfile string) ([][2]string, error) {
	var out [][2]string
	envs := a.EnvSources
	if a.EnvSource != "" {
		envs = append(append([]string(nil), envs...), a.EnvSource)
	}
	for _, p := range envs {
		content, err := b.loadFile(root, p, kfile)
		if err != nil {
			return nil, wrap(err, "env source files: %v", envs)
		}
		sc := bufio.NewScanner(bytes.NewReader(content))
		first := true
		for sc.Scan() {
			line := sc.Bytes()
			if !utf8.Valid(line) {
				return nil, errorf(ErrInput, p, "env source files: %v: line %d has invalid utf8 bytes : %v", envs, line, string(line))
			}
			if first {
				line = bytes.TrimPrefix(line, []byte{0xEF, 0xBB, 0xBF})
				first = false
			}
			line = bytes.TrimLeftFunc(line, unicode.IsSpace)
			if len(line) == 0 || line[0] == '#' {
				continue
			}
			kv := strings.SplitN(string(line), "=", 2)
			if kv[0] == "" {
				continue
			}
			v := ""
			if len(kv) == 2 {
				v = kv[1]
			}
			out = append(out, [2]string{kv[0], v})
		}
	}
	for _, s := range a.LiteralSources {
		if strings.Index(s, "=") == 0 || !strings.Contains(s, "=") {
			return nil, errorf(ErrInput, kfile, "literal sources %v: invalid literal source %v, expected key=value", a.LiteralSources, s)
		}
		kv := strings.SplitN(s, "=", 2)
		out = append(out, [2]string{kv[0], removeQuotes(kv[1])})
	}
	for _, s := range a.FileSources {
		key, file := "", ""
		switch n := strings.Count(s, "="); {
		case n == 0:
			key, file = path.Base(s), s
		case n == 1 && strings.HasPrefix(s, "="):
			return nil, errorf(ErrInput, kfile, "file sources: %v: missing key name for file path %q in source %q", a.FileSources, strings.TrimPrefix(s, "="), s)
		case n == 1 && strings.HasSuffix(s, "="):
			return nil, errorf(ErrInput, kfile, "file sources: %v: missing file path for key name %q in source %q", a.FileSources, strings.TrimSuffix(s, "="), s)
		case n > 1:
			return nil, errorf(ErrInput, kfile, "file sources: %v: source %q key name or file path contains '='", a.FileSources, s)
		default:
			kv := strings.Split(s, "=")
			key, file = kv[0], kv[1]
		}
		content, err := b.loadFile(root, file, kfile)
		if err != nil {
			return nil, wrap(err, "file sources: %v", a.FileSources)
		}
		out = append(out, [2]string{key, string(content)})
	}
	return out, nil
}

func removeQuotes(s string) string {
	if len(s) < 2 || s[0] != s[len(s)-1] {
		return s
	}
	if s[0] == '"' || s[0] == '\'' {
		return s[1 : len(s)-1]
	}
	return s
}

// loadFile is the loader's Load under kubectl's default restriction: a
// file in or below the kustomization's directory.
func (b *builder) loadFile(root, p, kfile string) ([]byte, error) {
	abs := path.Clean(root + "/" + p)
	if path.IsAbs(p) {
		abs = path.Clean(p)
	}
	c, ok := b.files[abs]
	if !ok {
		if b.dirs[abs] {
			return nil, errorf(ErrMissing, kfile, "'%s' must resolve to a file", abs)
		}
		return nil, errorf(ErrMissing, kfile, "'%s' doesn't exist", abs)
	}
	if abs != root && !strings.HasPrefix(abs, strings.TrimSuffix(root, "/")+"/") {
		return nil, errorf(ErrInput, kfile, "security; file '%s' is not in or below '%s'", abs, root)
	}
	return c, nil
}

// goResID prints an id as Go's %#v prints kyaml's resid.ResId.
func goResID(id resID) string {
	return fmt.Sprintf(`resid.ResId{Gvk:resid.Gvk{Group:%q, Version:%q, Kind:%q, isClusterScoped:%t}, Name:%q, Namespace:%q}`,
		id.Group, id.Version, id.Kind, id.clusterScoped(), id.Name, id.Namespace)
}

// absorb is resWrangler.appendReplaceOrMerge for a generated object.
func (ra *accumulator) absorb(o *object, tr *trace) error {
	id := o.curID()
	matches := ra.withAnyID(id)
	behavior := o.annotations()[annoBehavior]
	switch len(matches) {
	case 0:
		if behavior == "merge" || behavior == "replace" {
			return errorf(ErrTransform, o.file, "id %s does not exist; cannot merge or replace", goResID(id))
		}
		return ra.append(o)
	case 1:
	default:
		var ids []string
		for _, m := range matches {
			ids = append(ids, objectJSON(m))
		}
		return errorf(ErrConflict, o.file, "found multiple objects [%s] that could accept merge of %s", strings.Join(ids, " "), id)
	}
	old := matches[0]
	switch behavior {
	case "replace":
		copyMergeMetaData(o, old)
	case "merge":
		copyMergeMetaData(o, old)
		mergeData(o, old, "data")
		mergeData(o, old, "binaryData")
	default:
		return errorf(ErrConflict, o.file, "id %s exists; can not use behavior: '%s', behavior must be merge or replace", goResID(id), behavior)
	}
	for i, x := range ra.objs {
		if x == old {
			ra.objs[i] = o
		}
	}
	ra.dropIndexes()
	tr.add(describe(old.curID()), "", "", "", "behavior %s: the generated object takes the place of the one with its id", behavior)
	return nil
}

func mergeStrings(maps ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, m := range maps {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

// copyMergeMetaData is Resource.CopyMergeMetaDataFieldsFrom(old).
func copyMergeMetaData(o, old *object) {
	setStringMap(o.node, "labels", mergeStrings(old.labels(), o.labels()))
	oa, na := old.annotations(), o.annotations()
	_, hash := na[annoNeedsHash]
	merged := mergeStrings(oa, na)
	for _, k := range BuildAnnotations {
		if v, ok := oa[k]; ok {
			merged[k] = v
			continue
		}
		delete(merged, k)
	}
	if !hash {
		delete(merged, annoNeedsHash)
	}
	setStringMap(o.node, "annotations", merged)
	setEntry(lookupCreate(o.node, "metadata", yaml.MappingNode, tagMap), "name", &yaml.Node{Kind: yaml.ScalarNode, Value: old.name()})
	if ns := old.namespace(); ns != "" {
		setEntry(o.meta(), "namespace", &yaml.Node{Kind: yaml.ScalarNode, Value: ns})
	} else {
		clearField(o.meta(), "namespace")
	}
}

// mergeData is MergeDataMapFrom / MergeBinaryDataMapFrom: the old keys
// kept, the new ones winning, written back in sorted order.
func mergeData(o, old *object, fieldName string) {
	m := mergeStrings(stringMap(field(old.node, fieldName)), stringMap(field(o.node, fieldName)))
	clearField(o.node, fieldName)
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if fieldName == "data" {
			f, v := configMapValue(m[k])
			setEntry(lookupCreate(o.node, f, yaml.MappingNode, tagMap), k, v)
		} else {
			v := strNode(m[k])
			if strings.Contains(v.Value, "\n") {
				v.Style = yaml.LiteralStyle
			}
			setEntry(lookupCreate(o.node, "binaryData", yaml.MappingNode, tagMap), k, v)
		}
	}
}

// addHashes is the HashTransformer: each generated object that wants it
// gets "-" and the hash of its contents appended to its name, once, at
// the end of the build.
func addHashes(objs []*object, tr *trace) error {
	for _, o := range objs {
		if o.annotations()[annoNeedsHash] != "enabled" {
			continue
		}
		h, err := contentHash(o)
		if err != nil {
			return err
		}
		desc := describe(o.curID())
		old := o.name()
		o.storePreviousID()
		setEntry(lookupCreate(o.node, "metadata", yaml.MappingNode, tagMap), "name", &yaml.Node{Kind: yaml.ScalarNode, Value: old + "-" + h})
		tr.add(desc, "metadata/name", old, old+"-"+h, "the hash of the %s's kind and data (kustomize means to hash the name too, but its lookup of metadata/name finds nothing; generatorOptions disableNameSuffixHash turns the suffix off)", o.kind())
	}
	return nil
}

// contentHash is kustomize's hasher: for a ConfigMap the JSON of its kind,
// name, data (and binaryData), for a Secret of its kind, type, name, data
// (and stringData), SHA-256, the first 10 hex digits with 0, 1, 3, a, e
// replaced (g, h, k, m, t).
func contentHash(o *object) (string, error) {
	values := func(paths ...string) map[string]any {
		out := map[string]any{}
		for _, p := range paths {
			// kyaml's Lookup("metadata/name") looks for one field of that
			// name, which objects do not have: the name is hashed as "".
			n := field(o.node, p)
			switch {
			case n == nil:
				out[p] = ""
			case n.Kind != yaml.ScalarNode:
				var v map[string]any
				if m := map[string]any{}; n.Decode(&m) == nil {
					if j, err := json.Marshal(m); err == nil {
						_ = json.Unmarshal(j, &v)
					}
				}
				out[p] = v
			default:
				out[p] = n.Value
			}
		}
		return out
	}
	var m map[string]any
	switch o.kind() {
	case "ConfigMap":
		v := values("metadata/name", "data", "binaryData")
		m = map[string]any{"kind": "ConfigMap", "name": v["metadata/name"], "data": v["data"]}
		if bd, ok := v["binaryData"].(map[string]any); ok {
			m["binaryData"] = bd
		}
	case "Secret":
		v := values("type", "metadata/name", "data", "stringData")
		m = map[string]any{"kind": "Secret", "type": v["type"], "name": v["metadata/name"], "data": v["data"]}
		if sd, ok := v["stringData"].(map[string]any); ok {
			m["stringData"] = sd
		}
	default:
		return "", errorf(ErrUnsupported, o.file, "a hash suffix for a %s is not computed here", o.kind())
	}
	j, err := json.Marshal(m)
	if err != nil {
		return "", err
	}
	sum := fmt.Sprintf("%x", sha256.Sum256(j))
	enc := []byte(sum[:10])
	for i, c := range enc {
		switch c {
		case '0':
			enc[i] = 'g'
		case '1':
			enc[i] = 'h'
		case '3':
			enc[i] = 'k'
		case 'a':
			enc[i] = 'm'
		case 'e':
			enc[i] = 't'
		}
	}
	return string(enc), nil
}
