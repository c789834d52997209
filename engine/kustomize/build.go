package kustomize

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/applylens/applylens/engine/kustomize/internal/types"
	"io"
	"path"
	"regexp"
	"sort"
	"strings"
	"sync"

	yaml2 "go.yaml.in/yaml/v2"
	yaml "go.yaml.in/yaml/v3"
	sigsyaml "sigs.k8s.io/yaml"
)

// Input is a file tree and the directory to build.
type Input struct {
	// Files maps slash-separated paths ("base/deployment.yaml") to contents.
	Files map[string][]byte
	// Dir is the directory holding the kustomization to build ("" or "."
	// for the top).
	Dir string
}

// Result is what `kubectl kustomize Dir` prints, and how it got there.
type Result struct {
	// YAML is the output, byte for byte.
	YAML []byte
	// Warnings are what kustomize prints on stderr (deprecated fields).
	Warnings []string
	// Steps explain each change, in the order kustomize made them.
	Steps []Step
	// Merges are the strategic merge patches merged, one per object, in
	// order (for engine/kustomize/applydiff).
	Merges []Merge
}

// kustomizationNames are konfig.RecognizedKustomizationFileNames.
var kustomizationNames = []string{"kustomization.yaml", "kustomization.yml", "Kustomization"}

type builder struct {
	files    map[string][]byte
	dirs     map[string]bool
	tr       *trace
	warnings []string
	// schema is what strategic merge patches merge with: kyaml's builtin
	// schema, or the one the built kustomization's `openapi` names.
	schema *kyamlSchema
	// configs holds the transformer configurations merged so far
	// (mergeConfig).
	configs configCache
}

// accumulator is kustomize's ResAccumulator: the objects so far and the
// transformer configuration merged from every kustomization read.
type accumulator struct {
	objs   []*object
	cfg    *transformerConfig
	schema *kyamlSchema
	// ids indexes the objects' current ids for append (index.go); nil
	// until needed, and again whenever objects or ids change otherwise.
	ids map[idKey]bool
	// anyIDs files the objects under their current and earlier ids for
	// withAnyID (index.go); nil until needed.
	anyIDs *anyIDIndex
}

// Build runs the kustomization in in.Dir as `kubectl kustomize` does.
func Build(in Input) (*Result, error) {
	b := &builder{files: map[string][]byte{}, dirs: map[string]bool{"/": true}, tr: &trace{}, schema: builtinSchema()}
	for p, c := range in.Files {
		abs := path.Clean("/" + p)
		b.files[abs] = c
		for d := path.Dir(abs); ; d = path.Dir(d) {
			b.dirs[d] = true
			if d == "/" {
				break
			}
		}
	}
	root := path.Clean("/" + in.Dir)
	if !b.dirs[root] {
		return nil, errorf(ErrMissing, "", "must build at directory: not a valid directory: '%s' doesn't exist", root)
	}
	k, kfile, err := b.loadKustomization(root)
	if err != nil {
		return nil, err
	}
	if err := b.setSchema(k, root, kfile); err != nil {
		return nil, err
	}
	ra, err := b.accumulateTarget(root, k, kfile, nil)
	if err != nil {
		return nil, err
	}
	b.tr.kust, b.tr.name = "", "hash suffix"
	if err := addHashes(ra.objs, b.tr); err != nil {
		return nil, err
	}
	b.tr.kust, b.tr.name = "", "nameReference"
	if err := fixBackReferences(ra, b.tr); err != nil {
		return nil, err
	}
	ra.objs = dropLocal(ra.objs)
	// IgnoreLocal rebuilds the map; kustomize panics (kubectl crashes with
	// this message) when two objects now have the same id, which only a
	// patch that renames can cause.
	final := &accumulator{}
	for _, o := range ra.objs {
		if err := final.append(o); err != nil {
			return nil, err
		}
	}
	if err := sortOutput(ra.objs, k.SortOptions); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	for i, o := range ra.objs {
		cleanAnnotations(o)
		y, err := render(o.node)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			out.WriteString("---\n")
		}
		out.Write(y)
	}
	return &Result{YAML: out.Bytes(), Warnings: b.warnings, Steps: b.tr.steps, Merges: b.tr.merges}, nil
}

func (b *builder) loadKustomization(root string) (*types.Kustomization, string, error) {
	var found []string
	for _, n := range kustomizationNames {
		if _, ok := b.files[path.Join(root, n)]; ok {
			found = append(found, path.Join(root, n))
		}
	}
	switch len(found) {
	case 0:
		return nil, "", errorf(ErrMissing, "", "unable to find one of 'kustomization.yaml', 'kustomization.yml' or 'Kustomization' in directory '%s'", root)
	case 1:
	default:
		return nil, "", errorf(ErrInput, found[0], "Found multiple kustomization files under: %s\n", root)
	}
	k, err := parseKustomization(found[0], b.files[found[0]], root, &b.warnings)
	if err != nil {
		return nil, "", err
	}
	return k, found[0], nil
}

// accumulateTarget is KustTarget.AccumulateTarget for the kustomization in
// root; visited holds the directories above it (kustomize refuses cycles).
func (b *builder) accumulateTarget(root string, k *types.Kustomization, kfile string, visited []string) (*accumulator, error) {
	return b.accumulateInto(&accumulator{cfg: b.configs.empty(), schema: b.schema}, root, k, kfile, visited)
}

// accumulateInto is KustTarget.accumulateTarget: the kustomization's
// resources, generators, components and transformers, on ra (a fresh
// accumulator for a kustomization, the including one's for a component).
func (b *builder) accumulateInto(ra *accumulator, root string, k *types.Kustomization, kfile string, visited []string) (*accumulator, error) {
	var err error
	visited = append(visited, root)
	for _, p := range k.Resources {
		if err := b.accumulateResource(ra, root, kfile, p, visited); err != nil {
			return nil, wrap(err, "accumulating resources")
		}
	}
	if ra.cfg, err = b.configs.merge(ra.cfg, b.configs.defaults()); err != nil {
		return nil, err
	}
	if err := b.runGenerators(ra, k, root, kfile); err != nil {
		return nil, err
	}
	// Components run after the generators and before the transformers
	// (kustomize#5170).
	for _, p := range k.Components {
		if err := b.accumulateComponent(ra, root, kfile, p, visited); err != nil {
			return nil, wrap(err, "accumulating components")
		}
	}
	if err := b.runTransformers(ra, k, root, kfile); err != nil {
		return nil, err
	}
	return ra, nil
}

// accumulateComponent is KustTarget.accumulateComponents for one entry: a
// directory holding a kustomization of kind Component, whose resources,
// generators, components and transformers work on the including
// kustomization's objects (the same accumulator), not on their own.
func (b *builder) accumulateComponent(ra *accumulator, root, kfile, p string, visited []string) error {
	if isRemote(p) {
		return errorf(ErrUnsupported, kfile, "%s: remote component %s is not supported here: a playground has no network; copy the files in", kfile, p)
	}
	abs, err := b.newRoot(root, kfile, p, visited)
	if err != nil {
		return quoteWrap(err, "loader.New")
	}
	k, ckfile, err := b.loadKustomization(abs)
	if err != nil {
		return quoteWrap(wrap(err, "couldn't make target for path '%s'", abs), "accumulateDirectory:")
	}
	if len(k.OpenAPI) > 0 {
		return errorf(ErrUnsupported, ckfile, "%s: openapi in a component is not supported here: give it in the kustomization you build", ckfile)
	}
	if k.Kind != "Component" {
		return quoteWrap(errorf(ErrInput, ckfile, "expected kind 'Component' for path '%s' but got '%s'", abs, k.Kind), "accumulateDirectory:")
	}
	if _, err := b.accumulateInto(ra, abs, k, ckfile, visited); err != nil {
		return quoteWrap(wrap(err, "recursed accumulation of path '%s'", abs), "accumulateDirectory:")
	}
	// kustomize then moves the objects into a fresh accumulator
	// (MergeAccumulator): two objects a patch gave the same id fail there.
	fresh := &accumulator{}
	for _, o := range ra.objs {
		if err := fresh.append(o); err != nil {
			return quoteWrap(wrap(err, "recursed merging from path '%s'", abs), "accumulateDirectory:")
		}
	}
	return nil
}

// quoteWrap is fmt.Errorf("prefix %q", err): kustomize quotes the message
// of an error from a component's loader or directory.
func quoteWrap(err error, prefix string) error {
	if e, ok := err.(*Error); ok {
		return &Error{Kind: e.Kind, File: e.File, Message: fmt.Sprintf("%s %q", prefix, e.Message)}
	}
	return &Error{Kind: ErrInput, Message: fmt.Sprintf("%s %q", prefix, err.Error())}
}

// newRoot is the loader's New for a directory p of the kustomization in
// root: not empty, not absolute, a directory, and not one this build is
// already in (kustomize refuses cycles).
func (b *builder) newRoot(root, kfile, p string, visited []string) (string, error) {
	abs := path.Clean(root + "/" + p)
	switch {
	case p == "":
		return "", errorf(ErrInput, kfile, "new root cannot be empty")
	case path.IsAbs(p):
		return "", errorf(ErrInput, kfile, "new root '%s' cannot be absolute", p)
	}
	if _, isFile := b.files[abs]; isFile {
		return "", errorf(ErrMissing, kfile, "must build at directory: '%s': file is not directory", abs)
	}
	if !b.dirs[abs] {
		return "", errorf(ErrMissing, kfile, "must build at directory: not a valid directory: '%s' doesn't exist", abs)
	}
	for i := len(visited) - 1; i >= 0; i-- {
		v := visited[i]
		if v == abs || strings.HasPrefix(v, strings.TrimSuffix(abs, "/")+"/") {
			return "", errorf(ErrInput, kfile, "cycle detected: candidate root '%s' contains visited root '%s'", abs, v)
		}
	}
	return abs, nil
}

func isRemote(p string) bool {
	return strings.Contains(p, "://") || strings.HasPrefix(p, "github.com/") || strings.HasPrefix(p, "git@") ||
		strings.HasPrefix(p, "gitlab.com/") || strings.HasPrefix(p, "bitbucket.org/")
}

// accumulateResource is KustTarget.accumulateResources for one entry: the
// path is read as a file first and, when that fails, as a directory
// holding a kustomization; kustomize's message then carries both failures.
func (b *builder) accumulateResource(ra *accumulator, root, kfile, p string, visited []string) error {
	if isRemote(p) {
		return errorf(ErrUnsupported, kfile, "%s: remote resource %s is not supported here: a playground has no network; copy the files in", kfile, p)
	}
	abs := path.Clean(root + "/" + p)
	if path.IsAbs(p) {
		abs = path.Clean(p)
	}
	errF := b.accumulateFile(ra, root, kfile, p, abs)
	if errF == nil {
		return nil
	}
	var fe *Error
	isMalformed := errors.As(errF, &fe) && fe.malformed
	// ldr.New: the path must be a directory, not one this build is in.
	_, dirErr := b.newRoot(root, kfile, p, visited)
	if dirErr != nil {
		if isMalformed {
			return errF
		}
		// The cause people need is the file's, unless the file was missing.
		out := wrap(dirErr, "accumulation err='%s'", errF.Error()).(*Error)
		if fe != nil && fe.Kind != ErrMissing {
			out.Kind, out.File = fe.Kind, fe.File
		}
		return out
	}
	if err := b.accumulateDirectory(ra, abs, visited); err != nil {
		return wrap(err, "accumulation err='%s'", errF.Error())
	}
	return nil
}

// accumulateFile reads a file of resources into ra (KustTarget.accumulateFile).
func (b *builder) accumulateFile(ra *accumulator, root, kfile, p, abs string) error {
	if _, ok := b.files[abs]; !ok {
		if b.dirs[abs] {
			return errorf(ErrMissing, kfile, "accumulating resources from '%s': '%s' must resolve to a file", p, abs)
		}
		return errorf(ErrMissing, kfile, "accumulating resources from '%s': '%s' doesn't exist", p, abs)
	}
	if abs != root && !strings.HasPrefix(abs, strings.TrimSuffix(root, "/")+"/") {
		return errorf(ErrInput, kfile, "accumulating resources from '%s': security; file '%s' is not in or below '%s'", p, abs, root)
	}
	objs, err := b.readResources(abs, p)
	if err == nil {
		// The file's objects form a map of their own first: a repeated id
		// inside one file is refused there.
		own := &accumulator{}
		for _, o := range objs {
			if err = own.append(o); err != nil {
				break
			}
		}
	}
	if err != nil {
		return wrap(err, "accumulating resources from '%s'", p)
	}
	for _, o := range objs {
		if err := ra.append(o); err != nil {
			return wrap(err, "merging resources from '%s'", p)
		}
		b.tr.kust, b.tr.name = kfile, "resources"
		b.tr.add(describe(o.curID()), "", "", "", "read from %s", treeName(abs))
	}
	return nil
}

// accumulateDirectory builds a kustomization in another directory (a base)
// and adds its objects and configuration to ra.
func (b *builder) accumulateDirectory(ra *accumulator, dir string, visited []string) error {
	k, kfile, err := b.loadKustomization(dir)
	if err != nil {
		return wrap(err, "couldn't make target for path '%s'", dir)
	}
	if k.Kind == "Component" {
		return errorf(ErrInput, kfile, "expected kind != 'Component' for path '%s'", dir)
	}
	if len(k.OpenAPI) > 0 {
		// kustomize reads a base's schema only when no kustomization
		// before it set one, for the whole build: not modelled.
		return errorf(ErrUnsupported, kfile, "%s: openapi in a base is not supported here: give it in the kustomization you build", kfile)
	}
	sub, err := b.accumulateTarget(dir, k, kfile, visited)
	if err != nil {
		return wrap(err, "recursed accumulation of path '%s'", dir)
	}
	for _, o := range sub.objs {
		if err := ra.append(o); err != nil {
			return wrap(err, "recursed merging from path '%s'", dir)
		}
	}
	ra.cfg, err = b.configs.merge(ra.cfg, sub.cfg)
	return err
}

func (ra *accumulator) append(o *object) error {
	id := o.curID()
	if ra.has(id) {
		return errorf(ErrConflict, o.file, "may not add resource with an already registered id: %s", id)
	}
	ra.objs = append(ra.objs, o)
	ra.ids[keyOf(id)] = true
	if ra.anyIDs != nil {
		ra.anyIDs.file(o)
	}
	return nil
}

// readResources reads a file of YAML documents as kustomize's resource
// factory does: empty documents skipped, aliases resolved, kind and name
// required, lists (kinds ending in "List" with items) expanded.
func (b *builder) readResources(file, rel string) ([]*object, error) {
	nodes, err := decodeDocuments(b.files[file])
	var sep *separatorError
	if errors.As(err, &sep) {
		return nil, errorf(ErrInput, file, "%v", err)
	}
	if err != nil {
		return nil, &Error{Kind: ErrInput, File: file, Message: "MalformedYAMLError: " + err.Error() + " in File: " + rel, malformed: true}
	}
	return objectsFromNodes(nodes, file)
}

// objectsFromBytes is the resource factory's SliceFromBytes.
func objectsFromBytes(data []byte, file string) ([]*object, error) {
	nodes, err := decodeDocuments(data)
	if err != nil {
		return nil, errorf(ErrInput, file, "%v", err)
	}
	return objectsFromNodes(nodes, file)
}

func objectsFromNodes(nodes []*yaml.Node, file string) ([]*object, error) {
	var out []*object
	for len(nodes) > 0 {
		n := nodes[0]
		nodes = nodes[1:]
		if isNilOrEmpty(n) {
			continue
		}
		o := &object{node: n, file: file}
		if missingMeta(n) {
			return nil, errorf(ErrInput, file, "missing Resource metadata")
		}
		if o.kind() == "" {
			return nil, errorf(ErrInput, file, "missing kind in object %s", resourceMeta(o))
		}
		if strings.HasSuffix(o.kind(), "List") {
			items := field(n, "items")
			if items == nil {
				out = append(out, o)
				continue
			}
			if items.Tag == tagNull {
				continue
			}
			if items.Kind != yaml.SequenceNode {
				return nil, errorf(ErrInput, file, "expected array in %s/items", o.kind())
			}
			for _, it := range items.Content {
				var v any
				if err := it.Decode(&v); err != nil {
					return nil, errorf(ErrInput, file, "%v", err)
				}
				j, err := json.Marshal(v)
				if err != nil {
					return nil, errorf(ErrInput, file, "%v", err)
				}
				inner, err := decodeDocuments(j)
				if err != nil {
					return nil, errorf(ErrInput, file, "%v", err)
				}
				nodes = append(nodes, inner...)
			}
			continue
		}
		if o.name() == "" {
			return nil, errorf(ErrInput, file, "missing metadata.name in object %s", resourceMeta(o))
		}
		out = append(out, o)
	}
	return out, nil
}

// missingMeta is kyaml's GetMeta failing with ErrMissingMetadata: none of
// apiVersion, kind and metadata (name, namespace, labels, annotations) is
// there with a value.
func missingMeta(n *yaml.Node) bool {
	if n.Kind != yaml.MappingNode {
		return true
	}
	if !isNilOrEmpty(field(n, "apiVersion")) || !isNilOrEmpty(field(n, "kind")) {
		return false
	}
	meta := field(n, "metadata")
	if isNilOrEmpty(meta) {
		return true
	}
	for _, f := range []string{"name", "namespace", "labels", "annotations"} {
		if !isNilOrEmpty(field(meta, f)) {
			return false
		}
	}
	return true
}

// resourceMeta prints an object's identity as Go prints kyaml's
// ResourceMeta with %v, which kustomize's messages show.
func resourceMeta(o *object) string {
	meta := o.meta()
	_ = meta
	return fmt.Sprintf("{{%s %s} {{%s %s} %v %v}}", o.apiVersion(), o.kind(), o.name(), o.namespace(), o.labels(), o.annotations())
}

// separatorError is kio's "invalid document separator", which kustomize
// does not count as malformed YAML.
type separatorError struct{ sep string }

func (e *separatorError) Error() string { return "invalid document separator: " + e.sep }

// yamlSeparator is kio's document separator: "---" at the start of a
// line, anything after it on that line.
var yamlSeparator = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\n---.*\n`) })

// decodeDocuments reads YAML documents as kyaml's ByteReader does: the
// text is split at separators first (so a YAML error's line number counts
// from the start of its document), each part decoded as one document
// (anything after a first document in a part is ignored), aliases resolved.
// A file that is one List with items is unwrapped into them here, as the
// reader does.
func decodeDocuments(data []byte) ([]*yaml.Node, error) {
	s := strings.ReplaceAll(string(data), "\r\n", "\n")
	var parts []string
	if len(s) > 0 {
		prev := 0
		for _, loc := range yamlSeparator().FindAllStringIndex(s, -1) {
			sep := s[loc[0]:loc[1]]
			if rest := strings.TrimSpace(sep[4:]); len(rest) > 0 && rest[0] != '#' {
				return nil, &separatorError{strings.TrimSpace(sep)}
			}
			parts = append(parts, s[prev:loc[0]])
			prev = loc[1]
		}
		parts = append(parts, s[prev:])
	}
	var out []*yaml.Node
	for i, part := range parts {
		if i != len(parts)-1 {
			part += "\n"
		}
		var doc yaml.Node
		err := yaml.NewDecoder(strings.NewReader(part)).Decode(&doc)
		if errors.Is(err, io.EOF) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || isNull(doc.Content[0]) {
			continue
		}
		n := doc.Content[0]
		if len(parts) == 1 && n.Kind == yaml.MappingNode {
			if k := field(n, "kind"); k != nil && (k.Value == "List" || k.Value == "ResourceList") {
				if items := field(n, "items"); items != nil {
					for _, it := range items.Content {
						out = append(out, deAlias(it))
					}
					continue
				}
			}
		}
		out = append(out, deAlias(n))
	}
	return out, nil
}

// dropLocal is KustTarget.IgnoreLocal: objects annotated
// config.kubernetes.io/local-config (other than "false") are not output.
func dropLocal(objs []*object) []*object {
	var out []*object
	for _, o := range objs {
		if v, ok := o.annotations()[annoLocalConfig]; ok && v != "false" {
			continue
		}
		out = append(out, o)
	}
	return out
}

// sortOutput is the SortOrderTransformer as `kubectl kustomize` runs it:
// the top kustomization's sortOptions when it has them (fifo keeps the
// order the objects were read and made in; legacy sorts, by default or
// given kinds first and last), else the legacy order with kustomize's
// lists (Namespace first, webhooks last), then by id.
func sortOutput(objs []*object, opts *types.SortOptions) error {
	first, last := orderFirst, orderLast
	if opts != nil {
		if opts.Order != "fifo" && opts.Order != "legacy" {
			return errorf(ErrInput, "", "the field 'sortOptions.order' must be one of [fifo, legacy]")
		}
		if opts.Order == "fifo" {
			if opts.LegacySortOptions != nil {
				return errorf(ErrInput, "", "the field 'sortOptions.legacySortOptions' is set but the selected sort order is 'fifo', not 'legacy'")
			}
			return nil
		}
		if opts.LegacySortOptions != nil {
			first, last = opts.LegacySortOptions.OrderFirst, opts.LegacySortOptions.OrderLast
		}
	}
	order := map[string]int{}
	for i, n := range first {
		order[n] = -len(first) + i
	}
	for i, n := range last {
		order[n] = 1 + i
	}
	ids := make([]resID, len(objs))
	for i, o := range objs {
		ids[i] = o.curID()
	}
	sort.Sort(legacySorter{ids, objs, order})
	return nil
}

type legacySorter struct {
	ids   []resID
	objs  []*object
	order map[string]int
}

func (s legacySorter) Len() int { return len(s.ids) }
func (s legacySorter) Swap(i, j int) {
	s.ids[i], s.ids[j] = s.ids[j], s.ids[i]
	s.objs[i], s.objs[j] = s.objs[j], s.objs[i]
}
func (s legacySorter) Less(i, j int) bool {
	a, b := s.ids[i], s.ids[j]
	if a.gvk != b.gvk {
		ia, ib := s.order[a.Kind], s.order[b.Kind]
		if ia != ib {
			return ia < ib
		}
		if a.Kind == "Namespace" && b.Kind == "Namespace" && (a.Group == "" || b.Group == "") {
			return a.gvk.stableSortString() > b.gvk.stableSortString()
		}
		return a.gvk.stableSortString() < b.gvk.stableSortString()
	}
	return legacyIDString(a) < legacyIDString(b)
}

func legacyIDString(id resID) string {
	return id.gvk.String() + "|" + cmp.Or(id.Namespace, "~X") + "|" + cmp.Or(id.Name, "~N")
}

// cleanAnnotations removes the build annotations and rewrites the rest as
// kustomize's RemoveBuildAnnotations, RemoveOriginAnnotations and
// RemoveTransformerAnnotations do: every value a string, and no
// annotations field at all when none is left.
//
// Each of the three rewrites the field once, as kustomize does: with the
// field given twice in the input, each removes one and writes into the
// other, as kyaml's Clear and LookupCreate do.
func cleanAnnotations(o *object) {
	if a := o.annotations(); len(a) > 0 {
		for _, k := range BuildAnnotations {
			delete(a, k)
		}
		setStringMap(o.node, "annotations", a)
	}
	for _, k := range []string{annoOrigin, annoTransformations} {
		a := o.annotations()
		delete(a, k)
		setStringMap(o.node, "annotations", a)
	}
}

// objectJSON is an object as kustomize's Resource.String() prints it in
// messages: compact JSON, keys sorted, build annotations included.
func objectJSON(o *object) string {
	m, err := nodeMap(o.node)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	j, err := json.Marshal(m)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return strings.TrimSpace(string(j))
}

// nodeMap is kyaml's RNode.MarshalJSON up to the JSON: the node written
// by kyaml's encoder (indent 2, compact sequences) and read back into Go
// values, so that an error (a key given twice) has the line numbers
// kustomize reports.
//
// The node is first read directly, which gives the same values and costs
// a third of the time; only when that fails is it written and read again,
// for kustomize's message.
func nodeMap(n *yaml.Node) (map[string]any, error) {
	if !hasNullKey(n) && !hasQuotedNonString(n) {
		if m := (map[string]any{}); n.Decode(&m) == nil {
			return m, nil
		}
	}
	y, err := writeYAML(n)
	if err != nil {
		return nil, err
	}
	m := map[string]any{}
	if err := yaml.Unmarshal([]byte(y), &m); err != nil {
		return nil, err
	}
	return m, nil
}

// hasQuotedNonString says whether n has a quoted (or block) scalar whose tag is not
// !!str: kyaml's FieldSetter gives a value the style of the field it
// replaces (`value: ""` patched with `value: 2` is !!int, double-quoted),
// which a direct read takes as the number and kyaml's written text,
// read again, as the string "2".
func hasQuotedNonString(n *yaml.Node) bool {
	if n == nil {
		return false
	}
	if n.Kind == yaml.ScalarNode && n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 && n.Tag != tagStr && n.Tag != "" {
		return true
	}
	for _, c := range n.Content {
		if hasQuotedNonString(c) {
			return true
		}
	}
	return false
}

// hasNullKey says whether a mapping in n has a null key ("&a:" with no
// key), which a direct read drops and kyaml's written text keeps as "".
func hasNullKey(n *yaml.Node) bool {
	if n == nil {
		return false
	}
	if n.Kind == yaml.MappingNode {
		for i := 0; i < len(n.Content); i += 2 {
			if n.Content[i].Tag == tagNull {
				return true
			}
		}
	}
	for _, c := range n.Content {
		if hasNullKey(c) {
			return true
		}
	}
	return false
}

// render writes an object as kustomize's Resource.AsYAML: the YAML node
// read into Go values (yaml.v3), written as JSON, and that JSON written as
// YAML by sigs.k8s.io/yaml (keys sorted).
func render(n *yaml.Node) ([]byte, error) {
	y, err := renderValues(n)
	if err != nil {
		// resWrangler.AsYaml: the object as Go prints it (%#v of
		// Resource.Map(), nil when it cannot be read), then the error.
		var m map[string]any
		if n.Decode(&m) != nil {
			m = nil
		}
		return nil, errorf(ErrInput, "", "%#v: %v", m, err)
	}
	return y, nil
}

// nodeJSON is an object's values as JSON, as render reads them.
func nodeJSON(n *yaml.Node) ([]byte, error) {
	m, err := nodeMap(n)
	if err != nil {
		return nil, err
	}
	return json.Marshal(m)
}

func renderValues(n *yaml.Node) ([]byte, error) {
	m, err := nodeMap(n)
	if err != nil {
		return nil, err
	}
	if v, ok := jsonRoundTrip(m); ok {
		y, err := yaml2.Marshal(v)
		if checkIndexes {
			if j, jerr := renderJSON(m); jerr != nil || err != nil || !bytes.Equal(j, y) {
				panic(fmt.Sprintf("kustomize: the direct rendering differs from the JSON one:\n%s\n%s", y, j))
			}
		}
		return y, err
	}
	return renderJSON(m)
}

// renderJSON is kustomize's way: the values written as JSON, read back by
// yaml.v2 (sigs.k8s.io/yaml's JSONToYAML) and written by it.
func renderJSON(m map[string]any) ([]byte, error) {
	j, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	return sigsyaml.JSONToYAML(j)
}

// jsonRoundTrip returns what yaml.v2 reads from json.Marshal(v), for the
// values whose reading is certain, without writing and parsing the JSON
// (which was a third of a 10-file build's time under wasm): mappings of
// strings (read back as map[interface{}]interface{}), lists, nulls,
// booleans, ints (read back as ints) and strings of printable ASCII,
// newlines and tabs (json.Marshal's escapes of them, "\u003c" and the
// like, read back as the same text). Anything else (floats, whose JSON
// form yaml.v2 may read as an int; other bytes, which yaml.v2 may refuse;
// a key "<<") answers false, and the caller takes kustomize's way.
func jsonRoundTrip(v any) (any, bool) {
	switch v := v.(type) {
	case nil, bool, int:
		return v, true
	case string:
		return v, printableASCII(v)
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			c, ok := jsonRoundTrip(e)
			if !ok {
				return nil, false
			}
			out[i] = c
		}
		return out, true
	case map[string]any:
		out := make(map[any]any, len(v))
		for k, e := range v {
			if k == "<<" || !printableASCII(k) {
				return nil, false
			}
			c, ok := jsonRoundTrip(e)
			if !ok {
				return nil, false
			}
			out[k] = c
		}
		return out, true
	}
	return nil, false
}

// printableASCII says whether s has only the bytes 0x20-0x7e, newlines
// and tabs.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 || c > 0x7e) && c != '\n' && c != '\t' {
			return false
		}
	}
	return true
}

var _ = fmt.Sprintf
