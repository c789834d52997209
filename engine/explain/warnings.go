package explain

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/applylens/applylens/engine/fieldpath"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/schema"
)

// Warning codes.
const (
	WarnCustomResource  = "not-built-in"
	WarnNoLastApplied   = "missing-annotation"
	WarnAnnotationType  = "non-string-annotation"
	WarnLabelType       = "non-string-label"
	WarnAnnotationSize  = "annotation-size"
	WarnReplicasRemoved = "replicas-removed"
	WarnNarrowMergeKey  = "merge-key-narrow"
	WarnDuplicateKey    = "duplicate-merge-key"
	WarnMissingMergeKey = "missing-merge-key"
	WarnQuantity        = "non-canonical-quantity"
	WarnStringData      = "secret-stringdata"
	WarnBigInteger      = "big-integer"
)

// AnnotationsSizeLimit is the API server's limit on the total size of an
// object's annotations (keys and values), which the last-applied
// annotation counts toward.
const AnnotationsSizeLimit = 256 * 1024

// maxExactFloat is 2^53: integers beyond it do not survive float64.
const maxExactFloat = 1 << 53

// narrowMergeKeys are merge keys known to identify less than an element's
// identity (a port number without its protocol).
var narrowMergeKeys = map[string]string{
	"containerPort": "protocol",
	"port":          "protocol",
	"topologyKey":   "whenUnsatisfiable",
}

// Warnings lists the traps these inputs walk into, in a fixed order.
func Warnings(in Inputs) []Warning {
	var ws []Warning
	sc := takeScratch()
	defer putScratch(sc)
	add := func(code string, p fmt.Stringer, format string, args ...any) {
		ws = append(ws, Warning{Code: code, Path: p.String(), Message: fmt.Sprintf(format, args...)})
	}
	annotationPath := Path{{Key: "metadata"}, {Key: "annotations"}, {Key: LastAppliedAnnotation}}
	apiVersion, _ := in.Modified["apiVersion"].(string)
	kind, _ := in.Modified["kind"].(string)

	if in.Schema == nil {
		add(WarnCustomResource, Path{{Key: "kind"}}, "kubectl does not know %s %s as a built-in kind, so it treats the object as a custom resource: it sends a JSON merge patch, which replaces lists whole and ignores --overwrite. If a built-in kind was meant, check apiVersion and kind for typos.", apiVersion, kind)
	}
	if in.Current != nil && in.Original == nil {
		add(WarnNoLastApplied, annotationPath, "The live object has no last-applied annotation (it was made by kubectl create without --save-config, or by another tool): kubectl has nothing to compare the file with, so fields removed from the file are never cleared. This apply adds the annotation, so later applies work normally.")
	}
	file := in.File
	if file == nil {
		file = in.Modified
	}
	fileMeta := asMap(file["metadata"])
	for _, k := range slices.Sorted(maps.Keys(asMap(fileMeta["annotations"]))) {
		v := asMap(fileMeta["annotations"])[k]
		if _, ok := v.(string); !ok && v != nil { // kubectl reads null as ""
			add(WarnAnnotationType, Path{{Key: "metadata"}, {Key: "annotations"}, {Key: k}}, "The value %s is a %s, not a string: kubectl cannot read the file's annotations and silently drops all of them from what it applies. Quote the value (\"%s\").", jsonText(v), typeName(v), jsonPlain(v))
		}
	}
	for _, k := range slices.Sorted(maps.Keys(asMap(fileMeta["labels"]))) {
		v := asMap(fileMeta["labels"])[k]
		if _, ok := v.(string); !ok && v != nil {
			add(WarnLabelType, Path{{Key: "metadata"}, {Key: "labels"}, {Key: k}}, "The value %s is a %s, not a string: the API server rejects the object. Quote the value (\"%s\").", jsonText(v), typeName(v), jsonPlain(v))
		}
	}

	sized := in.Result
	if sized == nil {
		sized = in.Modified
	}
	if n := annotationsSize(sized); n > AnnotationsSizeLimit {
		add(WarnAnnotationSize, Path{{Key: "metadata"}, {Key: "annotations"}}, "The annotations take %d bytes, over the API server's limit of %d: the request is rejected. The last-applied annotation holds a second copy of the file; consider kubectl apply --server-side, which does not write it.", n, AnnotationsSizeLimit)
	} else if n > AnnotationsSizeLimit*3/4 {
		add(WarnAnnotationSize, Path{{Key: "metadata"}, {Key: "annotations"}}, "The annotations take %d bytes, close to the API server's limit of %d; the last-applied annotation holds a second copy of the file, so a somewhat larger file will be rejected.", n, AnnotationsSizeLimit)
	}

	if in.Current != nil && in.Original != nil {
		_, had := asMap(in.Original["spec"])["replicas"]
		now, has := asMap(in.Modified["spec"])["replicas"]
		if had && (!has || now == nil) {
			live, ok := asMap(in.Current["spec"])["replicas"]
			liveText := "the live count"
			if ok {
				liveText = fmt.Sprintf("%s live replicas", jsonText(live))
			}
			add(WarnReplicasRemoved, Path{{Key: "spec"}, {Key: "replicas"}}, "replicas is in last-applied but no longer in the file: apply clears it, the API server defaults it to 1, and the workload scales down from %s. To hand replicas to an autoscaler or kubectl scale, first remove it from the annotation (kubectl apply edit-last-applied).", liveText)
		}
	}

	if !in.jsonMerge() {
		seen := map[string]bool{}
		keyed := func(w Warning) {
			id := w.Code + "\x00" + w.Path
			if !seen[id] {
				seen[id] = true
				ws = append(ws, w)
			}
		}
		sc.mergeKeyTraps(in.Schema, file, true, lookupPatch(in.Patch), keyed)
		sc.mergeKeyTraps(in.Schema, in.Current, false, nil, keyed)
	}

	if in.Current != nil {
		sc.quantities(in.Schema, in.Modified, in.Current, "", func(p *pathStack, f, l any) {
			add(WarnQuantity, p, "The file says %s and the server stores the same quantity as %s: the values never compare equal, so every apply sends %s again and reports \"configured\". Write %s in the file.", jsonText(f), jsonText(l), jsonText(f), jsonText(l))
		})
	}

	if kind == "Secret" && apiVersion == "v1" {
		if _, ok := in.Modified["stringData"]; ok {
			add(WarnStringData, Path{{Key: "stringData"}}, "The server turns stringData into base64 data and never stores stringData, so every apply finds it missing, sends it again and reports \"configured\"; a key removed from stringData is not removed from data either.")
		}
	}

	if in.jsonMerge() {
		sc.bigInts(in.Modified, func(p *pathStack, i int64) {
			add(WarnBigInteger, p, "%d is beyond 2^53: kubectl computes a custom resource's JSON merge patch with float64 numbers, so the patch can carry %s while the annotation keeps the exact value.", i, jsonText(float64(i)))
		})
	}
	return ws
}

func jsonText(v any) string { return string(raw(v)) }

// jsonPlain is a value's JSON text without string quotes.
func jsonPlain(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return jsonText(v)
}

func typeName(v any) string {
	switch v.(type) {
	case bool:
		return "boolean"
	case int64, float64, json.Number:
		return "number"
	case nil:
		return "null"
	case map[string]any:
		return "map"
	case []any:
		return "list"
	}
	return fmt.Sprintf("%T", v)
}

func annotationsSize(obj map[string]any) int {
	n := 0
	for k, v := range asMap(asMap(obj["metadata"])["annotations"]) {
		s, _ := v.(string)
		n += len(k) + len(s)
	}
	return n
}

// lookupPatch returns a test for "this list is merged by the patch": only
// then does an element without its merge key break kubectl.
func lookupPatch(patch map[string]any) func(Path) bool {
	return func(p Path) bool {
		var cur any = patch
		for _, s := range p {
			switch {
			case s.IsIndex:
				return false
			case s.MergeKey != "":
				l, _ := asList(cur)
				var found any
				want := jsonvalue.Sprint(s.Value)
				for _, e := range l {
					if _, text, ok := mergeKeyValue(e, s.MergeKey); ok && text == want {
						found = e
					}
				}
				if found == nil {
					return false
				}
				cur = found
			default:
				m := asMap(cur)
				if m == nil {
					return false
				}
				v, ok := m[s.Key]
				if !ok {
					return false
				}
				cur = v
			}
		}
		return true
	}
}

// containerKeys returns the keys of m whose values are maps or lists,
// sorted, in sc.keys: the caller releases them. Only those can hold a
// merged list.
func (sc *scratch) containerKeys(m map[string]any) []string {
	start := len(sc.keys)
	for k, v := range m {
		switch v.(type) {
		case map[string]any, []any:
			sc.keys = append(sc.keys, k)
		}
	}
	keys := sc.keys[start:]
	slices.Sort(keys)
	return keys
}

// hasTwins tells whether two entries share a key text.
func (sc *scratch) hasTwins(entries []keyedEntry) bool {
	if len(entries) <= indexAbove {
		for i := range entries {
			for j := i + 1; j < len(entries); j++ {
				if entries[i].key == entries[j].key {
					return true
				}
			}
		}
		return false
	}
	defer sc.release(sc.mark())
	seen := sc.takeMap()
	for _, e := range entries {
		if _, dup := seen[e.key]; dup {
			return true
		}
		seen[e.key] = 0
	}
	return false
}

// mergeKeyTraps walks a document (the map at sc.path) for merged lists
// whose merge key does not single out their elements.
func (sc *scratch) mergeKeyTraps(node schema.Node, doc map[string]any, isFile bool, inPatch func(Path) bool, add func(Warning)) {
	defer sc.release(sc.mark())
	path := &sc.path
	for _, k := range sc.containerKeys(doc) {
		path.key(k)
		switch t := doc[k].(type) {
		case map[string]any:
			n, _ := sub(node, k, false)
			sc.mergeKeyTraps(n, t, isFile, inPatch, add)
		case []any:
			sc.listTraps(node, k, t, isFile, inPatch, add)
		}
		path.pop()
	}
}

// listTraps is mergeKeyTraps for list k (at sc.path) of a map whose type
// is node.
func (sc *scratch) listTraps(node schema.Node, k string, t []any, isFile bool, inPatch func(Path) bool, add func(Warning)) {
	defer sc.release(sc.mark())
	path := &sc.path
	n, meta := sub(node, k, true)
	mk := meta.MergeKey
	merged := hasStrategy(meta, "merge") && mk != ""
	// The elements with a merge key, in list order, for the twins.
	start := len(sc.entries)
	for i, e := range t {
		em, ok := e.(map[string]any)
		if !ok {
			continue
		}
		if merged {
			if v, s, ok := mergeKeyValue(em, mk); ok {
				sc.entries = append(sc.entries, keyedEntry{s, v, em})
				path.keyed(mk, v)
			} else {
				if isFile {
					msg := fmt.Sprintf("This element has no %s, the merge key of %s: kubectl can only leave the list alone; once the list needs merging, apply fails with \"does not contain declared merge key: %s\".", mk, k, mk)
					if inPatch != nil && inPatch(path.segs) {
						msg = fmt.Sprintf("This element has no %s, the merge key of %s, and the list has to be merged: apply fails with \"does not contain declared merge key: %s\".", mk, k, mk)
					}
					path.index(i)
					add(Warning{Code: WarnMissingMergeKey, Path: path.String(), Message: msg})
					path.pop()
				}
				path.index(i)
			}
		} else {
			path.index(i)
		}
		sc.mergeKeyTraps(n, em, isFile, inPatch, add)
		path.pop()
	}
	entries := sc.entries[start:]
	if !sc.hasTwins(entries) {
		return
	}
	where := "live object"
	if isFile {
		where = "file"
	}
	groups := map[string][]keyedEntry{}
	var order []string
	for _, e := range entries {
		if groups[e.key] == nil {
			order = append(order, e.key)
		}
		groups[e.key] = append(groups[e.key], e)
	}
	for _, s := range order {
		group := groups[s]
		if len(group) < 2 {
			continue
		}
		v := group[0].val
		if other, narrow := narrowMergeKeys[mk]; narrow {
			var diffs []string
			for _, e := range group {
				diffs = append(diffs, jsonText(e.elem[other]))
			}
			add(Warning{Code: WarnNarrowMergeKey, Path: path.String(), Message: fmt.Sprintf(
				"In the %s, %d elements share %s %s (%s %s): kubectl merges %s by %s alone, so it treats them as one element. Removing one removes both, a change meant for one can land on the other, and adding a twin can fail with \"The order in patch list ... doesn't match $setElementOrder list\".",
				where, len(group), mk, fieldpath.FormatValue(v), other, strings.Join(diffs, ", "), k, mk)})
		} else {
			add(Warning{Code: WarnDuplicateKey, Path: path.String(), Message: fmt.Sprintf(
				"In the %s, %d elements share %s %s: kubectl merges %s by %s, so deleting one of them deletes all of them.",
				where, len(group), mk, fieldpath.FormatValue(v), k, mk)})
		}
	}
}

// quantityParents are maps of resource names to quantities.
var quantityParents = map[string]bool{
	"requests": true, "limits": true, "hard": true, "capacity": true, "allocatable": true,
	"default": true, "defaultRequest": true, "max": true, "min": true, "maxLimitRequestRatio": true, "overhead": true,
}

// quantities finds values the file spells differently from the live
// object's canonical quantity, below the map at sc.path.
func (sc *scratch) quantities(node schema.Node, m, c map[string]any, parent string, found func(*pathStack, any, any)) {
	defer sc.release(sc.mark())
	path := &sc.path
	quantityMap := quantityParents[parent]
	// Keys in order; a primitive can only matter as a quantity.
	start := len(sc.keys)
	for k, v := range m {
		switch v.(type) {
		case map[string]any, []any:
		default:
			if !quantityMap && k != "sizeLimit" {
				continue
			}
		}
		sc.keys = append(sc.keys, k)
	}
	keys := sc.keys[start:]
	slices.Sort(keys)
	for _, k := range keys {
		fv, cv := m[k], c[k]
		path.key(k)
		switch t := fv.(type) {
		case map[string]any:
			n, _ := sub(node, k, false)
			sc.quantities(n, t, asMap(cv), k, found)
		case []any:
			sc.listQuantities(node, k, t, cv, found)
		default:
			if cv != nil && !reflect.DeepEqual(fv, cv) && sameQuantity(fv, cv) {
				found(path, fv, cv)
			}
		}
		path.pop()
	}
}

// listQuantities is quantities for list k (at sc.path), paired with the
// live list cv by merge key or else by position.
func (sc *scratch) listQuantities(node schema.Node, k string, t []any, cv any, found func(*pathStack, any, any)) {
	defer sc.release(sc.mark())
	path := &sc.path
	n, meta := sub(node, k, true)
	cl, _ := asList(cv)
	var ck keyedList
	merged := hasStrategy(meta, "merge") && meta.MergeKey != ""
	if merged {
		ck = sc.indexList(cl, meta.MergeKey, false)
	}
	for i, e := range t {
		em, ok := e.(map[string]any)
		if !ok {
			continue
		}
		if merged {
			if v, s, ok := mergeKeyValue(em, meta.MergeKey); ok {
				if live, ok := ck.get(s); ok {
					path.keyed(meta.MergeKey, v)
					sc.quantities(n, em, live, "", found)
					path.pop()
				}
			}
		} else if i < len(cl) {
			path.index(i)
			sc.quantities(n, em, asMap(cl[i]), "", found)
			path.pop()
		}
	}
}

// bigInts finds integers beyond float64's exact range in v (at sc.path).
func (sc *scratch) bigInts(v any, found func(*pathStack, int64)) {
	path := &sc.path
	switch t := v.(type) {
	case map[string]any:
		defer sc.release(sc.mark())
		for _, k := range sc.sortedKeysAll(t) {
			path.key(k)
			sc.bigInts(t[k], found)
			path.pop()
		}
	case []any:
		for i, e := range t {
			path.index(i)
			sc.bigInts(e, found)
			path.pop()
		}
	case int64:
		if t > maxExactFloat || t < -maxExactFloat {
			found(path, t)
		}
	}
}
