package explain

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/applylens/applylens/engine/schema"
)

// Warning codes.
const (
	WarnCustomResource    = "not-built-in"
	WarnNoLastApplied     = "missing-annotation"
	WarnOverwriteConflict = "overwrite-conflict"
	WarnAnnotationType    = "non-string-annotation"
	WarnLabelType         = "non-string-label"
	WarnAnnotationSize    = "annotation-size"
	WarnReplicasRemoved   = "replicas-removed"
	WarnNarrowMergeKey    = "merge-key-narrow"
	WarnDuplicateKey      = "duplicate-merge-key"
	WarnMissingMergeKey   = "missing-merge-key"
	WarnQuantity          = "non-canonical-quantity"
	WarnStringData        = "secret-stringdata"
	WarnBigInteger        = "big-integer"
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
	add := func(code string, p Path, format string, args ...any) {
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
	if in.Current != nil && !in.overwrite() && !in.jsonMerge() && in.Patch != nil {
		if p, ok := conflict(nil, in.Schema, in.Patch, in.Original, in.Current); ok {
			if len(p) == 3 && p.String() == annotationPath.String() {
				add(WarnOverwriteConflict, p, "With --overwrite=false kubectl refuses this apply: the patch rewrites the last-applied annotation, and the live annotation differs from last-applied (which never contains itself), so nearly every change to an applied object conflicts.")
			} else {
				add(WarnOverwriteConflict, p, "With --overwrite=false kubectl refuses this apply: the patch changes this field, and the live value was changed since the last apply (it differs from last-applied).")
			}
		}
	}

	file := in.File
	if file == nil {
		file = in.Modified
	}
	fileMeta := asMap(file["metadata"])
	for _, k := range sortedKeys(asMap(fileMeta["annotations"])) {
		v := asMap(fileMeta["annotations"])[k]
		if _, ok := v.(string); !ok && v != nil { // kubectl reads null as ""
			add(WarnAnnotationType, Path{{Key: "metadata"}, {Key: "annotations"}, {Key: k}}, "The value %s is a %s, not a string: kubectl cannot read the file's annotations and silently drops all of them from what it applies. Quote the value (\"%s\").", jsonText(v), typeName(v), jsonPlain(v))
		}
	}
	for _, k := range sortedKeys(asMap(fileMeta["labels"])) {
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
		mergeKeyTraps(nil, in.Schema, file, true, lookupPatch(in.Patch), keyed)
		mergeKeyTraps(nil, in.Schema, in.Current, false, nil, keyed)
	}

	if in.Current != nil {
		quantities(nil, in.Schema, in.Modified, in.Current, "", func(p Path, f, l any) {
			add(WarnQuantity, p, "The file says %s and the server stores the same quantity as %s: the values never compare equal, so every apply sends %s again and reports \"configured\". Write %s in the file.", jsonText(f), jsonText(l), jsonText(f), jsonText(l))
		})
	}

	if kind == "Secret" && apiVersion == "v1" {
		if _, ok := in.Modified["stringData"]; ok {
			add(WarnStringData, Path{{Key: "stringData"}}, "The server turns stringData into base64 data and never stores stringData, so every apply finds it missing, sends it again and reports \"configured\"; a key removed from stringData is not removed from data either.")
		}
	}

	if in.jsonMerge() {
		bigInts(nil, in.Modified, func(p Path, i int64) {
			add(WarnBigInteger, p, "%d is beyond 2^53: kubectl computes a custom resource's JSON merge patch with float64 numbers, so the patch can carry %s while the annotation keeps the exact value.", i, jsonText(float64(i)))
		})
	}
	return ws
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
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
				for _, e := range l {
					if v, _, ok := mergeKeyValue(e, s.MergeKey); ok && fmt.Sprint(v) == fmt.Sprint(s.Value) {
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

// mergeKeyTraps walks a document for merged lists whose merge key does not
// single out their elements.
func mergeKeyTraps(path Path, node schema.Node, doc map[string]any, isFile bool, inPatch func(Path) bool, add func(Warning)) {
	for _, k := range sortedKeys(doc) {
		fp := path.Key(k)
		switch t := doc[k].(type) {
		case map[string]any:
			n, _ := sub(node, k, false)
			mergeKeyTraps(fp, n, t, isFile, inPatch, add)
		case []any:
			n, meta := sub(node, k, true)
			mk := meta.MergeKey
			merged := hasStrategy(meta, "merge") && mk != ""
			groups := map[string][]int{}
			var order []string
			for i, e := range t {
				em, ok := e.(map[string]any)
				if !ok {
					continue
				}
				ep := fp.Index(i)
				if merged {
					if v, s, ok := mergeKeyValue(em, mk); ok {
						ep = fp.Keyed(mk, v)
						if groups[s] == nil {
							order = append(order, s)
						}
						groups[s] = append(groups[s], i)
					} else if isFile {
						msg := fmt.Sprintf("This element has no %s, the merge key of %s: kubectl can only leave the list alone; once the list needs merging, apply fails with \"does not contain declared merge key: %s\".", mk, k, mk)
						if inPatch != nil && inPatch(fp) {
							msg = fmt.Sprintf("This element has no %s, the merge key of %s, and the list has to be merged: apply fails with \"does not contain declared merge key: %s\".", mk, k, mk)
						}
						add(Warning{Code: WarnMissingMergeKey, Path: fp.Index(i).String(), Message: msg})
					}
				}
				mergeKeyTraps(ep, n, em, isFile, inPatch, add)
			}
			where := "live object"
			if isFile {
				where = "file"
			}
			for _, s := range order {
				idx := groups[s]
				if len(idx) < 2 {
					continue
				}
				v := asMap(t[idx[0]])[mk]
				if other, narrow := narrowMergeKeys[mk]; narrow {
					var diffs []string
					for _, i := range idx {
						diffs = append(diffs, jsonText(asMap(t[i])[other]))
					}
					add(Warning{Code: WarnNarrowMergeKey, Path: fp.String(), Message: fmt.Sprintf(
						"In the %s, %d elements share %s %s (%s %s): kubectl merges %s by %s alone, so it treats them as one element. Removing one removes both, a change meant for one can land on the other, and adding a twin can fail with \"The order in patch list ... doesn't match $setElementOrder list\".",
						where, len(idx), mk, formatValue(v), other, strings.Join(diffs, ", "), k, mk)})
				} else {
					add(Warning{Code: WarnDuplicateKey, Path: fp.String(), Message: fmt.Sprintf(
						"In the %s, %d elements share %s %s: kubectl merges %s by %s, so deleting one of them deletes all of them.",
						where, len(idx), mk, formatValue(v), k, mk)})
				}
			}
		}
	}
}

// quantityParents are maps of resource names to quantities.
var quantityParents = map[string]bool{
	"requests": true, "limits": true, "hard": true, "capacity": true, "allocatable": true,
	"default": true, "defaultRequest": true, "max": true, "min": true, "maxLimitRequestRatio": true, "overhead": true,
}

// quantities finds values the file spells differently from the live
// object's canonical quantity.
func quantities(path Path, node schema.Node, m, c map[string]any, parent string, found func(Path, any, any)) {
	for _, k := range sortedKeys(m) {
		fv, cv := m[k], c[k]
		fp := path.Key(k)
		switch t := fv.(type) {
		case map[string]any:
			n, _ := sub(node, k, false)
			quantities(fp, n, t, asMap(cv), k, found)
		case []any:
			n, meta := sub(node, k, true)
			cl, _ := asList(cv)
			var ck keyedList
			merged := hasStrategy(meta, "merge") && meta.MergeKey != ""
			if merged {
				ck = indexList(cl, meta.MergeKey)
			}
			for i, e := range t {
				em, ok := e.(map[string]any)
				if !ok {
					continue
				}
				if merged {
					if v, s, ok := mergeKeyValue(em, meta.MergeKey); ok && ck.has(s) {
						quantities(fp.Keyed(meta.MergeKey, v), n, em, ck.elems[s], "", found)
					}
				} else if i < len(cl) {
					quantities(fp.Index(i), n, em, asMap(cl[i]), "", found)
				}
			}
		default:
			if (quantityParents[parent] || k == "sizeLimit") && cv != nil && !reflect.DeepEqual(fv, cv) && sameQuantity(fv, cv) {
				found(fp, fv, cv)
			}
		}
	}
}

func bigInts(path Path, v any, found func(Path, int64)) {
	switch t := v.(type) {
	case map[string]any:
		for _, k := range sortedKeys(t) {
			bigInts(path.Key(k), t[k], found)
		}
	case []any:
		for i, e := range t {
			bigInts(path.Index(i), e, found)
		}
	case int64:
		if t > maxExactFloat || t < -maxExactFloat {
			found(path, t)
		}
	}
}

// conflict mirrors strategicpatch's --overwrite=false check: the patch
// conflicts when it sets a field to something other than what the live
// object has where the live object changed since last-applied. It returns
// the first such field in key order.
func conflict(path Path, node schema.Node, patch, original, current map[string]any) (Path, bool) {
	for _, k := range sortedKeys(patch) {
		if strings.HasPrefix(k, "$") {
			continue
		}
		pv := patch[k]
		ov, oOK := original[k]
		cv, cOK := current[k]
		fp := path.Key(k)
		switch {
		case !oOK && !cOK:
			continue
		case oOK && !cOK:
			if pv != nil {
				return fp, true
			}
			continue
		case !oOK || reflect.TypeOf(ov) != reflect.TypeOf(cv):
			if p, ok := differs(fp, pv, cv); ok {
				return p, true
			}
			continue
		case reflect.DeepEqual(ov, cv):
			continue
		}
		switch pt := pv.(type) {
		case map[string]any:
			n, meta := sub(node, k, false)
			if _, directive := pt[directivePatch]; directive || hasStrategy(meta, "replace") {
				if p, ok := differs(fp, pv, cv); ok {
					return p, true
				}
				continue
			}
			if cm := asMap(cv); cm != nil {
				if p, ok := conflict(fp, n, pt, asMap(ov), cm); ok {
					return p, true
				}
				continue
			}
		case []any:
			n, meta := sub(node, k, true)
			if hasStrategy(meta, "merge") {
				if meta.MergeKey == "" || !listOfMaps(vals{p: pv}) {
					continue // merged primitive lists never conflict
				}
				ol, _ := asList(ov)
				cl, _ := asList(cv)
				oK, cK := indexList(ol, meta.MergeKey), indexList(cl, meta.MergeKey)
				for _, e := range pt {
					v, s, has := mergeKeyValue(e, meta.MergeKey)
					if !has {
						continue
					}
					ep := fp.Keyed(meta.MergeKey, v)
					em := e.(map[string]any)
					switch {
					case !oK.has(s) && !cK.has(s):
					case oK.has(s) && !cK.has(s):
						if em[directivePatch] != "delete" {
							return ep, true
						}
					case !oK.has(s):
						if p, c := differs(ep, em, cK.elems[s]); c {
							return p, true
						}
					default:
						if p, c := conflict(ep, n, em, oK.elems[s], cK.elems[s]); c {
							return p, true
						}
					}
				}
				continue
			}
		}
		if p, ok := differs(fp, pv, cv); ok {
			return p, true
		}
	}
	return nil, false
}

// differs compares a patch value with a changed live value the way
// strategicpatch's conflict check does without metadata.
func differs(path Path, pv, cv any) (Path, bool) {
	switch pt := pv.(type) {
	case map[string]any:
		cm, ok := cv.(map[string]any)
		if !ok {
			return path, true
		}
		for _, k := range sortedKeys(pt) {
			if k == directivePatch || k == directiveRetain {
				continue
			}
			if c, ok := cm[k]; ok {
				if p, d := differs(path.Key(k), pt[k], c); d {
					return p, true
				}
			}
		}
		return nil, false
	case []any:
		cl, ok := cv.([]any)
		if !ok || len(cl) != len(pt) {
			return path, true
		}
		for i := range pt {
			if _, d := differs(path.Index(i), pt[i], cl[i]); d {
				return path, true
			}
		}
		return nil, false
	}
	if !reflect.DeepEqual(pv, cv) {
		return path, true
	}
	return nil, false
}
