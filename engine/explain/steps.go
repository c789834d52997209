package explain

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/applylens/applylens/engine/fieldpath"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/kube"
	"github.com/applylens/applylens/engine/schema"
)

// Directive keys of a strategic merge patch.
const (
	directivePatch    = kube.DirectivePatch
	directiveRetain   = kube.DirectiveRetainKeys
	prefixSetOrder    = kube.DirectiveSetElementOrder + "/"
	prefixDeleteFromP = kube.DirectiveDeleteFromPrimitiveList + "/"
)

// Steps explains an apply: what kubectl decided for every field that the
// patch changes, and which live fields it leaves alone, in phase order.
// With no patch on an update (kubectl failed) it claims nothing.
func Steps(in Inputs) []Step {
	sc := takeScratch()
	defer putScratch(sc)
	w := &walker{in: in, jm: in.jsonMerge(), sc: sc}
	switch {
	case in.Current == nil:
		w.create()
	case in.Patch != nil:
		w.update()
	}
	// Each phase's steps in the order they were found: a stable sort by
	// phase, without sorting.
	n := 0
	for _, ph := range sc.byPhase {
		n += len(ph)
	}
	if n == 0 {
		return nil
	}
	steps := make([]Step, 0, n)
	for _, ph := range sc.byPhase {
		steps = append(steps, ph...)
	}
	return steps
}

type walker struct {
	in Inputs
	jm bool // JSON merge patch: no schema, lists replaced whole
	// serverOwned are the paths of the fields only the API server writes.
	serverOwned []string
	sc          *scratch
}

// vals is one field in the five documents; ok flags tell absent from null.
type vals struct {
	o, m, c, p, r           any
	oOK, mOK, cOK, pOK, rOK bool
}

func (v vals) row() Row { return Row{InFile: v.mOK, InLive: v.cOK, InLastApplied: v.oOK} }

func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

func asList(v any) ([]any, bool) {
	l, ok := v.([]any)
	return l, ok
}

// raw renders v as compact JSON, byte for byte as json.Marshal (sorted
// map keys, so the bytes are deterministic) without its reflection.
func raw(v any) json.RawMessage {
	b, err := jsonvalue.Encode(v)
	if err != nil {
		return nil
	}
	return b
}

func (w *walker) add(s Step) { w.sc.byPhase[s.Phase] = append(w.sc.byPhase[s.Phase], s) }

func (w *walker) rule(r string) string {
	if w.jm {
		return kube.RuleJSONMerge
	}
	return r
}

func (w *walker) update() {
	in := w.in
	summary := Step{Phase: kube.PhasePatch, Rule: kube.RuleStrategicMerge, Action: kube.StepSet, New: in.PatchJSON}
	if summary.New == nil {
		summary.New = raw(in.Patch)
	}
	if w.jm {
		summary.Rule = kube.RuleJSONMerge
	}
	switch {
	case len(in.Patch) == 0:
		summary.Action = kube.StepKeep
		summary.Why = "Nothing differs, so the patch is empty ({}): kubectl sends no request and reports the object as unchanged."
	case w.jm:
		summary.Why = "kubectl does not know this kind, so it combines the deletions, the changes and the new annotation into one JSON merge patch: null deletes a field, maps are merged key by key, and every other value, lists included, replaces the live one."
	default:
		summary.Why = "kubectl combines the deletions (phase 1), the changes (phase 2) and the new annotation (phase 3) into one strategic merge patch and sends it in a single PATCH request; keys starting with $ are directives telling the server how to merge lists and maps."
	}
	if !in.overwrite() && len(in.Patch) > 0 && !w.jm {
		summary.Why += " With --overwrite=false kubectl first made sure that no field in it had been changed by someone else since the last apply."
	}
	w.add(summary)
	w.walkMap(in.Schema, Row{InFile: true, InLive: true, InLastApplied: in.Original != nil},
		in.Original, in.Modified, in.Current, in.Patch, in.Result)
	if len(w.serverOwned) > 0 {
		w.add(Step{
			Phase:  kube.PhaseServer,
			Rule:   kube.RuleMap,
			Row:    Row{InLive: true},
			Action: kube.StepKeep,
			Why:    "Fields the API server writes (" + strings.Join(w.serverOwned, ", ") + ") are neither in the file nor in last-applied, so apply leaves them to the server.",
		})
	}
}

// serverFields are written by the API server, not by users; they are
// summarised in one step instead of a keep step each.
var serverFields = map[string]bool{
	"creationTimestamp": true, "deletionGracePeriodSeconds": true, "deletionTimestamp": true,
	"generation": true, "managedFields": true, "resourceVersion": true, "selfLink": true, "uid": true,
}

// serverOwned tells whether field k of the map at p is the server's.
func serverOwned(p Path, k string) bool {
	if len(p) == 0 {
		return k == "status"
	}
	return len(p) == 1 && p[0].Key == "metadata" && serverFields[k]
}

func isAnnotationsMap(p Path) bool {
	return len(p) == 2 && p[0].Key == "metadata" && p[1].Key == "annotations"
}

// fieldKeys returns the keys of the live map c and of the other maps,
// without duplicates and without directives ($...), sorted, in sc.keys:
// the caller releases them. The live map has most keys, so the others'
// are added only when it lacks them, which keeps the sort short.
func (sc *scratch) fieldKeys(c map[string]any, docs ...map[string]any) []string {
	start := len(sc.keys)
	for k := range c {
		if !strings.HasPrefix(k, "$") {
			sc.keys = append(sc.keys, k)
		}
	}
	for _, d := range docs {
		for k := range d {
			if _, inC := c[k]; !inC && !strings.HasPrefix(k, "$") {
				sc.keys = append(sc.keys, k)
			}
		}
	}
	keys := sc.keys[start:]
	slices.Sort(keys)
	keys = slices.Compact(keys)
	sc.keys = sc.keys[:start+len(keys)]
	return keys
}

// inList tells whether the string k is an element of l.
func inList(l []any, k string) bool {
	for _, x := range l {
		if s, ok := x.(string); ok && s == k {
			return true
		}
	}
	return false
}

// walkMap explains the fields of one map that is in the file and in the
// live object (the map at w.sc.path); row is the map's own row, for the
// directives it carries.
func (w *walker) walkMap(node schema.Node, row Row, o, m, c, p, r map[string]any) {
	path := &w.sc.path
	rk, retain := p[directiveRetain]
	var retainList []any
	if retain {
		retainList, _ = asList(rk)
		w.add(Step{
			Phase: kube.PhasePatch, Path: path.String(), Rule: kube.RuleRetainKeys, Row: row, Action: kube.StepKeep, New: raw(rk),
			Why: "This map's patch strategy is retainKeys: the patch lists the keys the file sets ($retainKeys), and the server drops every other key of the live map, even keys apply never managed.",
		})
	}
	if pd, ok := p[directivePatch]; ok && pd != "merge" {
		// A whole-map directive is explained by the caller.
		return
	}
	defer w.sc.release(w.sc.mark())
	// Only the root and metadata have fields the server owns.
	server := len(path.segs) == 0 || len(path.segs) == 1 && path.segs[0].Key == "metadata"
	annotations := isAnnotationsMap(path.segs)
	for _, k := range w.sc.fieldKeys(c, o, m, p) {
		var v vals
		v.o, v.oOK = o[k]
		v.m, v.mOK = m[k]
		v.c, v.cOK = c[k]
		v.p, v.pOK = p[k]
		v.r, v.rOK = r[k]
		if server && v.cOK && !v.mOK && !v.oOK && !v.pOK && serverOwned(path.segs, k) {
			path.key(k)
			w.serverOwned = append(w.serverOwned, path.String())
			path.pop()
			continue
		}
		path.key(k)
		switch {
		case annotations && k == LastAppliedAnnotation:
			w.annotation(v)
		case retain && v.cOK && !v.mOK && !v.oOK && !v.pOK && w.in.Result != nil && !v.rOK && !inList(retainList, k):
			w.add(Step{
				Phase: kube.PhaseServer, Path: path.String(), Rule: kube.RuleRetainKeys, Row: v.row(), Action: kube.StepClear, Old: raw(v.c),
				Why: "Not listed in $retainKeys: the server removes it from the live object although neither the file nor last-applied mentions it (a defaulted value such as rollingUpdate goes this way when the file switches the strategy type).",
			})
		default:
			w.field(node, k, v, p)
		}
		path.pop()
	}
}

// kindOf tells whether the field holds a list, a map or a primitive,
// looking at every document since any of them may lack it.
func kindOf(v vals) reflect.Kind {
	for _, x := range [...]any{v.m, v.c, v.o, v.p, v.r} {
		switch x.(type) {
		case []any:
			return reflect.Slice
		case map[string]any:
			return reflect.Map
		}
	}
	return reflect.Invalid
}

// listOfMaps tells whether a list field holds maps.
func listOfMaps(v vals) bool {
	for _, x := range [...]any{v.m, v.c, v.o, v.p} {
		if l, ok := asList(x); ok {
			for _, e := range l {
				_, isMap := e.(map[string]any)
				return isMap
			}
		}
	}
	return false
}

func sub(node schema.Node, k string, list bool) (schema.Node, schema.Meta) {
	if node == nil {
		return nil, schema.Meta{}
	}
	var (
		n    schema.Node
		meta schema.Meta
		err  error
	)
	if list {
		n, meta, err = node.Items(k)
	} else {
		n, meta, err = node.Field(k)
	}
	if err != nil {
		return nil, schema.Meta{}
	}
	return n, meta
}

func hasStrategy(m schema.Meta, s string) bool {
	for _, x := range m.Strategies {
		if x == s {
			return true
		}
	}
	return false
}

// typeRule is the table a value of this kind and metadata falls under.
func (w *walker) typeRule(kind reflect.Kind, meta schema.Meta, maps bool) string {
	switch {
	case w.jm:
		return kube.RuleJSONMerge
	case kind == reflect.Map:
		return kube.RuleMap
	case kind == reflect.Slice && hasStrategy(meta, "merge") && maps && meta.MergeKey != "":
		return kube.RuleListMergeKey
	case kind == reflect.Slice && hasStrategy(meta, "merge") && !maps:
		return kube.RuleListPrimitive
	case kind == reflect.Slice:
		return kube.RuleListReplace
	}
	return kube.RulePrimitive
}

// field explains field k (at w.sc.path) of a map whose patch is pp.
func (w *walker) field(parent schema.Node, k string, v vals, pp map[string]any) {
	kind := kindOf(v)
	if kind == reflect.Invalid {
		// A primitive: no metadata to look up, and nothing to say about
		// one that the patch leaves alone and the file has.
		if !v.pOK && (v.mOK || v.oOK || !v.cOK) {
			return
		}
		w.value(w.rule(kube.RulePrimitive), kind, schema.Meta{}, nil, v)
		return
	}
	maps := kind == reflect.Slice && listOfMaps(v)
	node, meta := sub(parent, k, kind == reflect.Slice)
	rule := w.typeRule(kind, meta, maps)
	switch rule {
	case kube.RuleListMergeKey:
		w.mergeKeyList(node, meta.MergeKey, k, v, pp)
		return
	case kube.RuleListPrimitive:
		w.primitiveList(k, v, pp)
		return
	}
	w.value(rule, kind, meta, node, v)
}

// value explains a field that is neither a merged list nor a set.
func (w *walker) value(rule string, kind reflect.Kind, meta schema.Meta, node schema.Node, v vals) {
	if !v.pOK {
		switch {
		case v.mOK && v.cOK:
			if kind == reflect.Map && !hasStrategy(meta, "replace") {
				if mm, cm := asMap(v.m), asMap(v.c); mm != nil && cm != nil {
					w.walkMap(node, v.row(), asMap(v.o), mm, cm, nil, asMap(v.r))
				}
			}
		case !v.mOK && !v.oOK && v.cOK:
			w.keep(rule, "", v)
		}
		return
	}
	if v.p == nil {
		w.clear(rule, "", v)
		return
	}
	if pm, ok := v.p.(map[string]any); ok {
		switch pm[directivePatch] {
		case "replace":
			w.set(rule, "", v, "The patch carries $patch: replace for this map, so the server swaps in the file's map whole and drops keys the file does not have.")
			return
		case "delete":
			w.clear(rule, "", v)
			return
		}
		cm := asMap(v.c)
		if cm == nil && isAnnotationsMap(w.sc.path.segs) {
			// Split a new annotations map so the last-applied annotation
			// gets its own phase-3 step.
			cm = map[string]any{}
		}
		if cm != nil && !hasStrategy(meta, "replace") {
			w.walkMap(node, v.row(), asMap(v.o), asMap(v.m), cm, pm, asMap(v.r))
			return
		}
	}
	if v.cOK && reflect.DeepEqual(v.p, v.c) {
		return
	}
	w.set(rule, "", v, "")
}

func (w *walker) set(rule, mergeKey string, v vals, why string) {
	s := Step{Phase: kube.PhaseSet, Path: w.sc.path.String(), Rule: rule, MergeKey: mergeKey, Row: v.row(), Action: kube.StepSet}
	if v.cOK {
		s.Old = raw(v.c)
	}
	if v.rOK {
		s.New = raw(v.r)
	} else {
		s.New = raw(v.p)
	}
	if why == "" {
		why = setWhy(rule, v)
	}
	s.Why = why
	w.add(s)
}

func setWhy(rule string, v vals) string {
	_, cMap := v.c.(map[string]any)
	_, pMap := v.p.(map[string]any)
	switch {
	case rule == kube.RuleJSONMerge && v.cOK:
		return "In the file and in the live object with a different value: a JSON merge patch replaces the live value with the file's (a list is replaced whole)."
	case rule == kube.RuleJSONMerge:
		return "In the file but not in the live object: the JSON merge patch adds the file's value."
	case !v.cOK && rule == kube.RuleMap:
		return "A map in the file that the live object does not have: apply adds it as the file has it."
	case !v.cOK:
		return "In the file but not in the live object: apply sets the file's value."
	case rule == kube.RuleMap && cMap && pMap:
		return "This map's patch strategy is replace: apply sends the file's map whole and the server drops keys the file does not have."
	case rule == kube.RuleMap || cMap || pMap:
		return "The live value has another type than the file's: apply replaces it with the file's value."
	case rule == kube.RuleListReplace:
		return "This list has no merge strategy, so it is replaced whole: the live list becomes the file's list in the file's order, and elements added by others are lost."
	}
	return "In the file and in the live object with a different value: apply sets the file's value."
}

func (w *walker) clear(rule, mergeKey string, v vals) {
	if w.in.Result != nil && v.rOK && v.r != nil {
		// The server kept a value the patch nulls: do not claim a clear.
		return
	}
	explicit := v.mOK && v.m == nil
	if explicit && !w.jm {
		rule = kube.RuleExplicitNull
		mergeKey = ""
	}
	s := Step{Phase: kube.PhaseDelete, Path: w.sc.path.String(), Rule: rule, MergeKey: mergeKey, Row: v.row(), Action: kube.StepClear}
	if v.cOK {
		s.Old = raw(v.c)
	}
	switch {
	case explicit && v.cOK:
		s.Why = "Set to null in the file: apply clears it from the live object whether or not last-applied has it."
	case explicit:
		s.Why = "Set to null in the file, but the live object does not have it: the null in the patch changes nothing."
	case !v.cOK:
		s.Why = "In last-applied but no longer in the file: apply sends a null to clear it, which changes nothing because the live object already lacks it."
	case rule == kube.RuleJSONMerge:
		s.Why = "In last-applied but no longer in the file: the JSON merge patch sends null, which deletes it from the live object."
	case rule == kube.RuleMap:
		s.Why = "In last-applied but no longer in the file: apply deletes the whole map from the live object, keys added by others included."
	case rule == kube.RuleListMergeKey || rule == kube.RuleListPrimitive:
		s.Why = "In last-applied but no longer in the file: apply deletes the whole list from the live object, elements added by others included."
	case rule == kube.RuleListReplace:
		s.Why = "In last-applied but no longer in the file: apply deletes the whole list from the live object."
	default:
		s.Why = "In last-applied but no longer in the file: apply clears it from the live object."
	}
	w.add(s)
}

func (w *walker) keep(rule, mergeKey string, v vals) {
	if w.in.Result == nil || !v.rOK {
		return
	}
	w.add(Step{
		Phase: kube.PhaseServer, Path: w.sc.path.String(), Rule: rule, MergeKey: mergeKey, Row: v.row(), Action: kube.StepKeep,
		Old: raw(v.c), New: raw(v.r),
		Why: "Neither in the file nor in last-applied: this file never managed it, so apply leaves the live value alone (someone else set it, for example kubectl scale, a controller or the API server's defaults).",
	})
}

// annotation explains phase 3, the new last-applied annotation.
func (w *walker) annotation(v vals) {
	text, ok := v.p.(string)
	if !v.pOK || !ok {
		return
	}
	s := Step{Phase: kube.PhaseAnnotation, Path: w.sc.path.String(), Rule: kube.RuleAnnotation, Row: Row{InLive: v.cOK}, Action: kube.StepSet, New: raw(text)}
	if v.cOK {
		s.Old = raw(v.c)
		s.Why = "kubectl stores the file as it is now in this annotation, replacing the previous one; the next apply compares against it to find fields removed from the file."
	} else {
		s.Why = "The live object has no last-applied annotation yet: kubectl adds one holding the file, so that the next apply can find fields removed from the file."
	}
	w.add(s)
}

// elemVals is one element of a merged list in the five documents; at is
// where it likely sits in each list (lists mostly keep one order).
func elemVals(o, m, c, p, r *keyedList, s string, at int) vals {
	var v vals
	v.o, v.oOK = o.getAt(s, at)
	v.m, v.mOK = m.getAt(s, at)
	v.c, v.cOK = c.getAt(s, at)
	v.p, v.pOK = p.getAt(s, at)
	v.r, v.rOK = r.getAt(s, at)
	return v
}

// twinDeleted explains a delete directive for a merge key the file still
// has, and what the server then does to the file's own element.
func (w *walker) twinDeleted(mk string, key any, ev vals) {
	fv := fieldpath.FormatValue(key)
	path := w.sc.path.String()
	st := Step{
		Phase: kube.PhaseDelete, Path: path, Rule: kube.RuleListMergeKey, MergeKey: mk, Row: ev.row(), Action: kube.StepDelete,
		Why: fmt.Sprintf("Last-applied has more elements with %s %s than the file: kubectl pairs elements by %s alone, so dropping one of them makes the patch delete %s %s ($patch: delete), although the file still lists an element with it.", mk, fv, mk, mk, fv),
	}
	if ev.cOK {
		st.Old = raw(ev.c)
	}
	w.add(st)
	if w.in.Result != nil && !ev.rOK && ev.cOK {
		w.add(Step{
			Phase: kube.PhaseServer, Path: path, Rule: kube.RuleListMergeKey, MergeKey: mk, Row: ev.row(), Action: kube.StepDelete,
			Old: raw(ev.c),
			Why: fmt.Sprintf("The server deletes every element whose %s is %s, the one the file still lists included: it is missing from the result until the next apply adds it back.", mk, fv),
		})
	}
}

// rawKeyValues renders the merge-key values of l, first of twins only, as
// the patch's $setElementOrder and the step values show them.
func (sc *scratch) rawKeyValues(l []any, mk string) json.RawMessage {
	defer sc.release(sc.mark())
	return sc.rawKeys(sc.indexList(l, mk, false))
}

// rawKeys renders the merge-key values of kl as a JSON list.
func (sc *scratch) rawKeys(kl keyedList) json.RawMessage {
	defer sc.release(sc.mark())
	return raw(sc.keyValuesOf(kl))
}

// mergeKeyList explains a list merged element by element, by merge key.
func (w *walker) mergeKeyList(node schema.Node, mk, k string, v vals, pp map[string]any) {
	sc := w.sc
	path := &sc.path
	var order any
	hasOrder := false
	if pp != nil {
		order, hasOrder = pp[prefixSetOrder+k]
	}
	cl, cIsList := asList(v.c)
	ml, _ := asList(v.m)
	ol, _ := asList(v.o)
	pl, _ := asList(v.p)
	rl, rIsList := asList(v.r)
	if hasOrder {
		ol2, _ := asList(order)
		s := Step{
			Phase: kube.PhasePatch, Path: path.String(), Rule: kube.RuleListMergeKey, MergeKey: mk, Row: v.row(), Action: kube.StepReorder,
			New: sc.rawKeyValues(ol2, mk),
			Why: fmt.Sprintf("The patch sends the file's order of the %s values ($setElementOrder/%s), so the server can arrange the merged list in that order.", mk, k),
		}
		if cIsList {
			s.Old = sc.rawKeyValues(cl, mk)
		}
		w.add(s)
	}
	switch {
	case !v.pOK && !v.mOK:
		if !v.oOK && v.cOK {
			w.keep(kube.RuleListMergeKey, mk, v)
		}
		return
	case v.pOK && v.p == nil:
		w.clear(kube.RuleListMergeKey, mk, v)
		return
	case v.pOK && !cIsList:
		w.set(kube.RuleListMergeKey, mk, v, "A list in the file that the live object does not have: apply sets it with the file's elements.")
		return
	}
	for _, e := range pl {
		if em, ok := e.(map[string]any); ok && em[directivePatch] == "replace" {
			w.set(kube.RuleListReplace, "", v, "The patch carries $patch: replace for this list, so the server replaces it whole with the file's list.")
			return
		}
	}
	defer sc.release(sc.mark())
	oK, mK, cK, rK := sc.indexList(ol, mk, false), sc.indexList(ml, mk, false), sc.indexList(cl, mk, false), sc.indexList(rl, mk, false)
	// The patch's elements: a later one with the same key wins; delete
	// directives are set apart.
	pK, deleted := sc.indexFiltered(pl, mk, true, notDelete), sc.indexFiltered(pl, mk, false, isDelete)
	for i, me := range mK.entries {
		s := me.key
		ev := elemVals(&oK, &mK, &cK, &pK, &rK, s, i)
		path.keyed(mk, me.val)
		switch {
		case deleted.has(s):
			// The file keeps an element whose merge key the patch deletes:
			// last-applied had twins under that key (a key narrower than
			// what tells the elements apart) and the file dropped one.
			w.twinDeleted(mk, me.val, ev)
		case !ev.cOK:
			if ev.pOK {
				st := Step{
					Phase: kube.PhaseSet, Path: path.String(), Rule: kube.RuleListMergeKey, MergeKey: mk, Row: ev.row(), Action: kube.StepAdd,
					Why: fmt.Sprintf("The file has an element with %s %s and the live list has none: apply adds it.", mk, fieldpath.FormatValue(me.val)),
				}
				if ev.rOK {
					st.New = raw(ev.r)
				} else {
					st.New = raw(ev.p)
				}
				w.add(st)
			}
		default:
			var pm map[string]any
			if ev.pOK {
				pm = ev.p.(map[string]any)
			}
			w.walkMap(node, ev.row(), asMap(ev.o), asMap(ev.m), asMap(ev.c), pm, asMap(ev.r))
		}
		path.pop()
	}
	for i, oe := range oK.entries {
		s := oe.key
		if mK.findAt(s, i) >= 0 || !deleted.has(s) {
			continue
		}
		ev := elemVals(&oK, &mK, &cK, &pK, &rK, s, i)
		if w.in.Result != nil && ev.rOK {
			continue
		}
		path.keyed(mk, oe.val)
		st := Step{
			Phase: kube.PhaseDelete, Path: path.String(), Rule: kube.RuleListMergeKey, MergeKey: mk, Row: ev.row(), Action: kube.StepDelete,
			Why: fmt.Sprintf("Last-applied has an element with %s %s that the file no longer has: the patch deletes it ($patch: delete), and with it every live element sharing that %s.", mk, fieldpath.FormatValue(oe.val), mk),
		}
		path.pop()
		if ev.cOK {
			st.Old = raw(ev.c)
		} else {
			st.Why = fmt.Sprintf("Last-applied has an element with %s %s that the file no longer has: the patch deletes it ($patch: delete), which changes nothing because the live list no longer has it.", mk, fieldpath.FormatValue(oe.val))
		}
		w.add(st)
	}
	if w.in.Result != nil {
		for i, ce := range cK.entries {
			s := ce.key
			if mK.findAt(s, i) >= 0 || oK.findAt(s, i) >= 0 {
				continue
			}
			ev := elemVals(&oK, &mK, &cK, &pK, &rK, s, i)
			if !ev.rOK {
				continue
			}
			path.keyed(mk, ce.val)
			w.add(Step{
				Phase: kube.PhaseServer, Path: path.String(), Rule: kube.RuleListMergeKey, MergeKey: mk, Row: ev.row(), Action: kube.StepKeep,
				Old: raw(ev.c), New: raw(ev.r),
				Why: fmt.Sprintf("A live element whose %s is neither in the file nor in last-applied: apply never managed it, so the merged list keeps it.", mk),
			})
			path.pop()
		}
	}
	if hasOrder && rIsList && !sameKeyValues(rK.entries, mK.entries) {
		w.add(Step{
			Phase: kube.PhaseServer, Path: path.String(), Rule: kube.RuleListMergeKey, MergeKey: mk, Row: v.row(), Action: kube.StepReorder,
			Old: sc.rawKeys(cK), New: sc.rawKeys(rK),
			Why: "The server orders the merged list: the file's elements in the file's order, and elements only the live object has keep their place relative to their live neighbours.",
		})
	}
}

// sameKeyValues tells whether two lists have the same merge-key values in
// the same order, as reflect.DeepEqual on their keyValues.
func sameKeyValues(a, b []keyedEntry) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !reflect.DeepEqual(a[i].val, b[i].val) {
			return false
		}
	}
	return true
}

// primitiveList explains a list of primitives merged as a set (like
// finalizers): elements are added and removed one by one.
func (w *walker) primitiveList(k string, v vals, pp map[string]any) {
	sc := w.sc
	path := &sc.path
	var order, del any
	var hasOrder, hasDel bool
	if pp != nil {
		order, hasOrder = pp[prefixSetOrder+k]
		del, hasDel = pp[prefixDeleteFromP+k]
	}
	cl, cIsList := asList(v.c)
	ml, _ := asList(v.m)
	ol, _ := asList(v.o)
	rl, _ := asList(v.r)
	if hasOrder {
		s := Step{
			Phase: kube.PhasePatch, Path: path.String(), Rule: kube.RuleListPrimitive, Row: v.row(), Action: kube.StepReorder, New: raw(order),
			Why: fmt.Sprintf("The patch sends the file's order of the values ($setElementOrder/%s), so the server can arrange the merged list in that order.", k),
		}
		if cIsList {
			s.Old = raw(cl)
		}
		w.add(s)
	}
	switch {
	case !v.pOK && !hasDel && !v.mOK:
		if !v.oOK && v.cOK {
			w.keep(kube.RuleListPrimitive, "", v)
		}
		return
	case v.pOK && v.p == nil:
		w.clear(kube.RuleListPrimitive, "", v)
		return
	case v.pOK && !cIsList:
		w.set(kube.RuleListPrimitive, "", v, "A list in the file that the live object does not have: apply sets it with the file's values.")
		return
	}
	defer sc.release(sc.mark())
	// Values are compared as fmt prints them, each list indexed once.
	cT, mT, oT, rT := sc.textList(cl), sc.textList(ml), sc.textList(ol), sc.textList(rl)
	pl, _ := asList(v.p)
	for _, x := range pl {
		s := jsonvalue.Sprint(x)
		if cT.find(s) >= 0 {
			continue
		}
		i := mT.find(s)
		if i < 0 {
			continue
		}
		path.index(i)
		w.add(Step{
			Phase: kube.PhaseSet, Path: path.String(), Rule: kube.RuleListPrimitive,
			Row:    Row{InFile: true, InLive: false, InLastApplied: oT.find(s) >= 0},
			Action: kube.StepAdd, New: raw(x),
			Why: "A value in the file that the live list lacks: apply adds it; the list is merged as a set, so values added by others stay.",
		})
		path.pop()
	}
	dl, _ := asList(del)
	for _, x := range dl {
		s := jsonvalue.Sprint(x)
		if rT.find(s) >= 0 && w.in.Result != nil {
			continue
		}
		ci, oi := cT.find(s), oT.find(s)
		i := ci
		if i < 0 {
			i = oi
		}
		path.index(i)
		st := Step{
			Phase: kube.PhaseDelete, Path: path.String(), Rule: kube.RuleListPrimitive,
			Row:    Row{InFile: false, InLive: ci >= 0, InLastApplied: oi >= 0},
			Action: kube.StepDelete, Old: raw(x),
			Why: fmt.Sprintf("A value in last-applied that the file no longer has: the patch removes it from the live list ($deleteFromPrimitiveList/%s).", k),
		}
		path.pop()
		if ci < 0 {
			st.Why = fmt.Sprintf("A value in last-applied that the file no longer has: the patch asks to remove it ($deleteFromPrimitiveList/%s), which changes nothing because the live list lacks it.", k)
		}
		w.add(st)
	}
	if w.in.Result == nil {
		return
	}
	for i, x := range cl {
		s := cT.texts[i]
		if mT.find(s) >= 0 || oT.find(s) >= 0 || rT.find(s) < 0 {
			continue
		}
		path.index(i)
		w.add(Step{
			Phase: kube.PhaseServer, Path: path.String(), Rule: kube.RuleListPrimitive,
			Row: Row{InLive: true}, Action: kube.StepKeep, Old: raw(x), New: raw(x),
			Why: "A live value that is neither in the file nor in last-applied: apply never managed it, so the merged list keeps it.",
		})
		path.pop()
	}
}

// create explains a first apply: no live object, so no patch.
func (w *walker) create() {
	in := w.in
	obj := in.Result
	if obj == nil {
		obj = in.Modified
	}
	w.add(Step{
		Phase: kube.PhaseSet, Rule: kube.RuleCreate, Row: Row{InFile: true}, Action: kube.StepSet, New: raw(obj),
		Why: "The object does not exist yet, so kubectl creates it from the file with the last-applied annotation added; there is nothing to delete and no patch to compute.",
	})
	w.nulls(in.Schema, in.Modified)
	meta := asMap(in.Modified["metadata"])
	if text, ok := asMap(meta["annotations"])[LastAppliedAnnotation].(string); ok {
		w.add(Step{
			Phase: kube.PhaseAnnotation, Path: annotationPathText,
			Rule: kube.RuleAnnotation, Action: kube.StepSet, New: raw(text),
			Why: "kubectl stores the file in this annotation of the new object, so that the next apply can find fields removed from the file.",
		})
	}
}

// annotationPathText is the path of the last-applied annotation.
var annotationPathText = Path{{Key: "metadata"}, {Key: "annotations"}, {Key: LastAppliedAnnotation}}.String()

// nulls finds explicit nulls in a file being created (the map at
// w.sc.path): kubectl prunes them from the object but keeps them in the
// annotation.
func (w *walker) nulls(node schema.Node, m map[string]any) {
	sc := w.sc
	path := &sc.path
	defer sc.release(sc.mark())
	for _, k := range sc.sortedKeysAll(m) {
		x := m[k]
		switch t := x.(type) {
		case nil:
			path.key(k)
			w.add(Step{
				Phase: kube.PhaseDelete, Path: path.String(), Rule: w.rule(kube.RuleExplicitNull), Row: Row{InFile: true}, Action: kube.StepClear,
				Why: "Set to null in the file: the created object leaves the field out, while the annotation keeps the null.",
			})
			path.pop()
		case map[string]any:
			n, _ := sub(node, k, false)
			path.key(k)
			w.nulls(n, t)
			path.pop()
		case []any:
			n, meta := sub(node, k, true)
			path.key(k)
			for i, e := range t {
				em, ok := e.(map[string]any)
				if !ok {
					continue
				}
				if val, _, ok := mergeKeyValue(em, meta.MergeKey); ok && meta.MergeKey != "" && hasStrategy(meta, "merge") {
					path.keyed(meta.MergeKey, val)
				} else {
					path.index(i)
				}
				w.nulls(n, em)
				path.pop()
			}
			path.pop()
		}
	}
}

// sortedKeysAll returns the keys of m sorted, directives included, in
// sc.keys: the caller releases them.
func (sc *scratch) sortedKeysAll(m map[string]any) []string {
	start := len(sc.keys)
	for k := range m {
		sc.keys = append(sc.keys, k)
	}
	keys := sc.keys[start:]
	slices.Sort(keys)
	return keys
}
