package explain

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/applylens/applylens/engine/schema"
)

// Directive keys of a strategic merge patch.
const (
	directivePatch    = "$patch"
	directiveRetain   = "$retainKeys"
	prefixSetOrder    = "$setElementOrder/"
	prefixDeleteFromP = "$deleteFromPrimitiveList/"
)

// Steps explains an apply: what kubectl decided for every field that the
// patch changes, and which live fields it leaves alone, in phase order.
// With no patch on an update (kubectl failed) it claims nothing.
func Steps(in Inputs) []Step {
	w := &walker{in: in, jm: in.jsonMerge()}
	switch {
	case in.Current == nil:
		w.create()
	case in.Patch != nil:
		w.update()
	}
	sort.SliceStable(w.steps, func(i, j int) bool { return w.steps[i].Phase < w.steps[j].Phase })
	return w.steps
}

type walker struct {
	in          Inputs
	jm          bool // JSON merge patch: no schema, lists replaced whole
	steps       []Step
	serverOwned []string
}

// vals is one field in the five documents; ok flags tell absent from null.
type vals struct {
	o, m, c, p, r           any
	oOK, mOK, cOK, pOK, rOK bool
}

func (v vals) row() Row { return Row{InFile: v.mOK, InLive: v.cOK, InLastApplied: v.oOK} }

func lookup(m map[string]any, k string) (any, bool) {
	if m == nil {
		return nil, false
	}
	v, ok := m[k]
	return v, ok
}

func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

func asList(v any) ([]any, bool) {
	l, ok := v.([]any)
	return l, ok
}

// raw renders v as compact JSON; encoding/json sorts map keys, so the
// bytes are deterministic.
func raw(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	return b
}

func (w *walker) add(s Step) { w.steps = append(w.steps, s) }

func (w *walker) rule(r string) string {
	if w.jm {
		return RuleJSONMerge
	}
	return r
}

func (w *walker) update() {
	in := w.in
	summary := Step{Phase: PhasePatch, Rule: RuleStrategicMerge, Action: StepSet, New: raw(in.Patch)}
	if w.jm {
		summary.Rule = RuleJSONMerge
	}
	switch {
	case len(in.Patch) == 0:
		summary.Action = StepKeep
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
	w.walkMap(nil, in.Schema, Row{InFile: true, InLive: true, InLastApplied: in.Original != nil},
		in.Original, in.Modified, in.Current, in.Patch, in.Result)
	if len(w.serverOwned) > 0 {
		w.add(Step{
			Phase:  PhaseServer,
			Rule:   RuleMap,
			Row:    Row{InLive: true},
			Action: StepKeep,
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

func serverOwned(p Path, k string) bool {
	if len(p) == 0 {
		return k == "status"
	}
	return len(p) == 1 && p[0].Key == "metadata" && serverFields[k]
}

func isAnnotationsMap(p Path) bool {
	return len(p) == 2 && p[0].Key == "metadata" && p[1].Key == "annotations"
}

// walkMap explains the fields of one map that is in the file and in the
// live object; row is the map's own row, for the directives it carries.
func (w *walker) walkMap(path Path, node schema.Node, row Row, o, m, c, p, r map[string]any) {
	var retain map[string]bool
	if rk, ok := lookup(p, directiveRetain); ok {
		list, _ := asList(rk)
		retain = map[string]bool{}
		for _, k := range list {
			if s, ok := k.(string); ok {
				retain[s] = true
			}
		}
		w.add(Step{
			Phase: PhasePatch, Path: path.String(), Rule: RuleRetainKeys, Row: row, Action: StepKeep, New: raw(rk),
			Why: "This map's patch strategy is retainKeys: the patch lists the keys the file sets ($retainKeys), and the server drops every other key of the live map, even keys apply never managed.",
		})
	}
	if pd, ok := lookup(p, directivePatch); ok && pd != "merge" {
		// A whole-map directive is explained by the caller.
		return
	}
	keys := map[string]bool{}
	for _, d := range []map[string]any{o, m, c, p} {
		for k := range d {
			if !strings.HasPrefix(k, "$") {
				keys[k] = true
			}
		}
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		var v vals
		v.o, v.oOK = lookup(o, k)
		v.m, v.mOK = lookup(m, k)
		v.c, v.cOK = lookup(c, k)
		v.p, v.pOK = lookup(p, k)
		v.r, v.rOK = lookup(r, k)
		fp := path.Key(k)
		if serverOwned(path, k) && v.cOK && !v.mOK && !v.oOK && !v.pOK {
			w.serverOwned = append(w.serverOwned, fp.String())
			continue
		}
		if isAnnotationsMap(path) && k == LastAppliedAnnotation {
			w.annotation(fp, v)
			continue
		}
		if retain != nil && !retain[k] && v.cOK && !v.mOK && !v.oOK && !v.pOK && w.in.Result != nil && !v.rOK {
			w.add(Step{
				Phase: PhaseServer, Path: fp.String(), Rule: RuleRetainKeys, Row: v.row(), Action: StepClear, Old: raw(v.c),
				Why: "Not listed in $retainKeys: the server removes it from the live object although neither the file nor last-applied mentions it (a defaulted value such as rollingUpdate goes this way when the file switches the strategy type).",
			})
			continue
		}
		w.field(fp, node, k, v, p)
	}
}

// kindOf tells whether the field holds a list, a map or a primitive,
// looking at every document since any of them may lack it.
func kindOf(v vals) reflect.Kind {
	for _, x := range []any{v.m, v.c, v.o, v.p, v.r} {
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
	for _, x := range []any{v.m, v.c, v.o, v.p} {
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
		return RuleJSONMerge
	case kind == reflect.Map:
		return RuleMap
	case kind == reflect.Slice && hasStrategy(meta, "merge") && maps && meta.MergeKey != "":
		return RuleListMergeKey
	case kind == reflect.Slice && hasStrategy(meta, "merge") && !maps:
		return RuleListPrimitive
	case kind == reflect.Slice:
		return RuleListReplace
	}
	return RulePrimitive
}

func (w *walker) field(path Path, parent schema.Node, k string, v vals, pp map[string]any) {
	kind := kindOf(v)
	maps := listOfMaps(v)
	node, meta := sub(parent, k, kind == reflect.Slice)
	rule := w.typeRule(kind, meta, maps)
	switch rule {
	case RuleListMergeKey:
		w.mergeKeyList(path, node, meta.MergeKey, k, v, pp)
		return
	case RuleListPrimitive:
		w.primitiveList(path, k, v, pp)
		return
	}
	if !v.pOK {
		switch {
		case v.mOK && v.cOK:
			if kind == reflect.Map && !hasStrategy(meta, "replace") {
				if mm, cm := asMap(v.m), asMap(v.c); mm != nil && cm != nil {
					w.walkMap(path, node, v.row(), asMap(v.o), mm, cm, nil, asMap(v.r))
				}
			}
		case !v.mOK && !v.oOK && v.cOK:
			w.keep(path, rule, "", v)
		}
		return
	}
	if v.p == nil {
		w.clear(path, rule, "", v)
		return
	}
	if pm, ok := v.p.(map[string]any); ok {
		switch pm[directivePatch] {
		case "replace":
			w.set(path, rule, "", v, "The patch carries $patch: replace for this map, so the server swaps in the file's map whole and drops keys the file does not have.")
			return
		case "delete":
			w.clear(path, rule, "", v)
			return
		}
		cm := asMap(v.c)
		if cm == nil && isAnnotationsMap(path) {
			// Split a new annotations map so the last-applied annotation
			// gets its own phase-3 step.
			cm = map[string]any{}
		}
		if cm != nil && !hasStrategy(meta, "replace") {
			w.walkMap(path, node, v.row(), asMap(v.o), asMap(v.m), cm, pm, asMap(v.r))
			return
		}
	}
	if v.cOK && reflect.DeepEqual(v.p, v.c) {
		return
	}
	w.set(path, rule, "", v, "")
}

func (w *walker) set(path Path, rule, mergeKey string, v vals, why string) {
	s := Step{Phase: PhaseSet, Path: path.String(), Rule: rule, MergeKey: mergeKey, Row: v.row(), Action: StepSet}
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
	case rule == RuleJSONMerge && v.cOK:
		return "In the file and in the live object with a different value: a JSON merge patch replaces the live value with the file's (a list is replaced whole)."
	case rule == RuleJSONMerge:
		return "In the file but not in the live object: the JSON merge patch adds the file's value."
	case !v.cOK && rule == RuleMap:
		return "A map in the file that the live object does not have: apply adds it as the file has it."
	case !v.cOK:
		return "In the file but not in the live object: apply sets the file's value."
	case rule == RuleMap && cMap && pMap:
		return "This map's patch strategy is replace: apply sends the file's map whole and the server drops keys the file does not have."
	case rule == RuleMap || cMap || pMap:
		return "The live value has another type than the file's: apply replaces it with the file's value."
	case rule == RuleListReplace:
		return "This list has no merge strategy, so it is replaced whole: the live list becomes the file's list in the file's order, and elements added by others are lost."
	}
	return "In the file and in the live object with a different value: apply sets the file's value."
}

func (w *walker) clear(path Path, rule, mergeKey string, v vals) {
	if w.in.Result != nil && v.rOK && v.r != nil {
		// The server kept a value the patch nulls: do not claim a clear.
		return
	}
	explicit := v.mOK && v.m == nil
	if explicit && !w.jm {
		rule = RuleExplicitNull
		mergeKey = ""
	}
	s := Step{Phase: PhaseDelete, Path: path.String(), Rule: rule, MergeKey: mergeKey, Row: v.row(), Action: StepClear}
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
	case rule == RuleJSONMerge:
		s.Why = "In last-applied but no longer in the file: the JSON merge patch sends null, which deletes it from the live object."
	case rule == RuleMap:
		s.Why = "In last-applied but no longer in the file: apply deletes the whole map from the live object, keys added by others included."
	case rule == RuleListMergeKey || rule == RuleListPrimitive:
		s.Why = "In last-applied but no longer in the file: apply deletes the whole list from the live object, elements added by others included."
	case rule == RuleListReplace:
		s.Why = "In last-applied but no longer in the file: apply deletes the whole list from the live object."
	default:
		s.Why = "In last-applied but no longer in the file: apply clears it from the live object."
	}
	w.add(s)
}

func (w *walker) keep(path Path, rule, mergeKey string, v vals) {
	if w.in.Result == nil || !v.rOK {
		return
	}
	w.add(Step{
		Phase: PhaseServer, Path: path.String(), Rule: rule, MergeKey: mergeKey, Row: v.row(), Action: StepKeep,
		Old: raw(v.c), New: raw(v.r),
		Why: "Neither in the file nor in last-applied: this file never managed it, so apply leaves the live value alone (someone else set it, for example kubectl scale, a controller or the API server's defaults).",
	})
}

// annotation explains phase 3, the new last-applied annotation.
func (w *walker) annotation(path Path, v vals) {
	text, ok := v.p.(string)
	if !v.pOK || !ok {
		return
	}
	s := Step{Phase: PhaseAnnotation, Path: path.String(), Rule: RuleAnnotation, Row: Row{InLive: v.cOK}, Action: StepSet, New: raw(text)}
	if v.cOK {
		s.Old = raw(v.c)
		s.Why = "kubectl stores the file as it is now in this annotation, replacing the previous one; the next apply compares against it to find fields removed from the file."
	} else {
		s.Why = "The live object has no last-applied annotation yet: kubectl adds one holding the file, so that the next apply can find fields removed from the file."
	}
	w.add(s)
}

// mergeKeyValue reads an element's merge key; kubectl compares the values
// as fmt's %v renders them.
func mergeKeyValue(e any, mk string) (any, string, bool) {
	m, ok := e.(map[string]any)
	if !ok {
		return nil, "", false
	}
	v, ok := m[mk]
	if !ok {
		return nil, "", false
	}
	return v, fmt.Sprint(v), true
}

type keyedList struct {
	order []string
	vals  map[string]any // key text -> merge key value
	elems map[string]map[string]any
}

func indexList(l []any, mk string) keyedList {
	kl := keyedList{vals: map[string]any{}, elems: map[string]map[string]any{}}
	for _, e := range l {
		v, s, ok := mergeKeyValue(e, mk)
		if !ok {
			continue
		}
		if _, dup := kl.elems[s]; dup {
			continue
		}
		kl.order = append(kl.order, s)
		kl.vals[s] = v
		kl.elems[s] = e.(map[string]any)
	}
	return kl
}

func (kl keyedList) has(s string) bool { _, ok := kl.elems[s]; return ok }

func (kl keyedList) keyValues() []any {
	out := make([]any, len(kl.order))
	for i, s := range kl.order {
		out[i] = kl.vals[s]
	}
	return out
}

func elemVals(o, m, c, p, r keyedList, s string) vals {
	var v vals
	v.o, v.oOK = o.elems[s], o.has(s)
	v.m, v.mOK = m.elems[s], m.has(s)
	v.c, v.cOK = c.elems[s], c.has(s)
	v.p, v.pOK = p.elems[s], p.has(s)
	v.r, v.rOK = r.elems[s], r.has(s)
	return v
}

// mergeKeyList explains a list merged element by element, by merge key.
// twinDeleted explains a delete directive for a merge key the file still
// has, and what the server then does to the file's own element.
func (w *walker) twinDeleted(ep Path, mk string, key any, ev vals) {
	fv := formatValue(key)
	st := Step{
		Phase: PhaseDelete, Path: ep.String(), Rule: RuleListMergeKey, MergeKey: mk, Row: ev.row(), Action: StepDelete,
		Why: fmt.Sprintf("Last-applied has more elements with %s %s than the file: kubectl pairs elements by %s alone, so dropping one of them makes the patch delete %s %s ($patch: delete), although the file still lists an element with it.", mk, fv, mk, mk, fv),
	}
	if ev.cOK {
		st.Old = raw(ev.c)
	}
	w.add(st)
	if w.in.Result != nil && !ev.rOK && ev.cOK {
		w.add(Step{
			Phase: PhaseServer, Path: ep.String(), Rule: RuleListMergeKey, MergeKey: mk, Row: ev.row(), Action: StepDelete,
			Old: raw(ev.c),
			Why: fmt.Sprintf("The server deletes every element whose %s is %s, the one the file still lists included: it is missing from the result until the next apply adds it back.", mk, fv),
		})
	}
}

func (w *walker) mergeKeyList(path Path, node schema.Node, mk, k string, v vals, pp map[string]any) {
	order, hasOrder := lookup(pp, prefixSetOrder+k)
	cl, cIsList := asList(v.c)
	ml, _ := asList(v.m)
	ol, _ := asList(v.o)
	pl, _ := asList(v.p)
	rl, rIsList := asList(v.r)
	if hasOrder {
		ol2, _ := asList(order)
		s := Step{
			Phase: PhasePatch, Path: path.String(), Rule: RuleListMergeKey, MergeKey: mk, Row: v.row(), Action: StepReorder,
			New: raw(indexList(ol2, mk).keyValues()),
			Why: fmt.Sprintf("The patch sends the file's order of the %s values ($setElementOrder/%s), so the server can arrange the merged list in that order.", mk, k),
		}
		if cIsList {
			s.Old = raw(indexList(cl, mk).keyValues())
		}
		w.add(s)
	}
	switch {
	case !v.pOK && !v.mOK:
		if !v.oOK && v.cOK {
			w.keep(path, RuleListMergeKey, mk, v)
		}
		return
	case v.pOK && v.p == nil:
		w.clear(path, RuleListMergeKey, mk, v)
		return
	case v.pOK && !cIsList:
		w.set(path, RuleListMergeKey, mk, v, "A list in the file that the live object does not have: apply sets it with the file's elements.")
		return
	}
	for _, e := range pl {
		if em, ok := e.(map[string]any); ok && em[directivePatch] == "replace" {
			w.set(path, RuleListReplace, "", v, "The patch carries $patch: replace for this list, so the server replaces it whole with the file's list.")
			return
		}
	}
	oK, mK, cK, rK := indexList(ol, mk), indexList(ml, mk), indexList(cl, mk), indexList(rl, mk)
	pK := keyedList{vals: map[string]any{}, elems: map[string]map[string]any{}}
	deleted := map[string]bool{}
	for _, e := range pl {
		val, s, ok := mergeKeyValue(e, mk)
		if !ok {
			continue
		}
		if e.(map[string]any)[directivePatch] == "delete" {
			deleted[s] = true
			continue
		}
		pK.order = append(pK.order, s)
		pK.vals[s] = val
		pK.elems[s] = e.(map[string]any)
	}
	for _, s := range mK.order {
		ev := elemVals(oK, mK, cK, pK, rK, s)
		ep := path.Keyed(mk, mK.vals[s])
		if deleted[s] {
			// The file keeps an element whose merge key the patch deletes:
			// last-applied had twins under that key (a key narrower than
			// what tells the elements apart) and the file dropped one.
			w.twinDeleted(ep, mk, mK.vals[s], ev)
			continue
		}
		if !ev.cOK {
			if ev.pOK {
				st := Step{
					Phase: PhaseSet, Path: ep.String(), Rule: RuleListMergeKey, MergeKey: mk, Row: ev.row(), Action: StepAdd,
					Why: fmt.Sprintf("The file has an element with %s %s and the live list has none: apply adds it.", mk, formatValue(mK.vals[s])),
				}
				if ev.rOK {
					st.New = raw(ev.r)
				} else {
					st.New = raw(ev.p)
				}
				w.add(st)
			}
			continue
		}
		var pm map[string]any
		if ev.pOK {
			pm = ev.p.(map[string]any)
		}
		w.walkMap(ep, node, ev.row(), asMap(ev.o), asMap(ev.m), asMap(ev.c), pm, asMap(ev.r))
	}
	for _, s := range oK.order {
		if mK.has(s) || !deleted[s] {
			continue
		}
		ev := elemVals(oK, mK, cK, pK, rK, s)
		if w.in.Result != nil && ev.rOK {
			continue
		}
		st := Step{
			Phase: PhaseDelete, Path: path.Keyed(mk, oK.vals[s]).String(), Rule: RuleListMergeKey, MergeKey: mk, Row: ev.row(), Action: StepDelete,
			Why: fmt.Sprintf("Last-applied has an element with %s %s that the file no longer has: the patch deletes it ($patch: delete), and with it every live element sharing that %s.", mk, formatValue(oK.vals[s]), mk),
		}
		if ev.cOK {
			st.Old = raw(ev.c)
		} else {
			st.Why = fmt.Sprintf("Last-applied has an element with %s %s that the file no longer has: the patch deletes it ($patch: delete), which changes nothing because the live list no longer has it.", mk, formatValue(oK.vals[s]))
		}
		w.add(st)
	}
	for _, s := range cK.order {
		if mK.has(s) || oK.has(s) {
			continue
		}
		ev := elemVals(oK, mK, cK, pK, rK, s)
		if w.in.Result == nil || !ev.rOK {
			continue
		}
		w.add(Step{
			Phase: PhaseServer, Path: path.Keyed(mk, cK.vals[s]).String(), Rule: RuleListMergeKey, MergeKey: mk, Row: ev.row(), Action: StepKeep,
			Old: raw(ev.c), New: raw(ev.r),
			Why: fmt.Sprintf("A live element whose %s is neither in the file nor in last-applied: apply never managed it, so the merged list keeps it.", mk),
		})
	}
	if hasOrder && rIsList {
		got, file := rK.keyValues(), mK.keyValues()
		if !reflect.DeepEqual(got, file) {
			w.add(Step{
				Phase: PhaseServer, Path: path.String(), Rule: RuleListMergeKey, MergeKey: mk, Row: v.row(), Action: StepReorder,
				Old: raw(cK.keyValues()), New: raw(got),
				Why: "The server orders the merged list: the file's elements in the file's order, and elements only the live object has keep their place relative to their live neighbours.",
			})
		}
	}
}

// primitiveList explains a list of primitives merged as a set (like
// finalizers): elements are added and removed one by one.
func (w *walker) primitiveList(path Path, k string, v vals, pp map[string]any) {
	order, hasOrder := lookup(pp, prefixSetOrder+k)
	del, hasDel := lookup(pp, prefixDeleteFromP+k)
	cl, cIsList := asList(v.c)
	ml, _ := asList(v.m)
	ol, _ := asList(v.o)
	rl, _ := asList(v.r)
	if hasOrder {
		s := Step{
			Phase: PhasePatch, Path: path.String(), Rule: RuleListPrimitive, Row: v.row(), Action: StepReorder, New: raw(order),
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
			w.keep(path, RuleListPrimitive, "", v)
		}
		return
	case v.pOK && v.p == nil:
		w.clear(path, RuleListPrimitive, "", v)
		return
	case v.pOK && !cIsList:
		w.set(path, RuleListPrimitive, "", v, "A list in the file that the live object does not have: apply sets it with the file's values.")
		return
	}
	in := func(l []any, x any) int {
		s := fmt.Sprint(x)
		for i, e := range l {
			if fmt.Sprint(e) == s {
				return i
			}
		}
		return -1
	}
	pl, _ := asList(v.p)
	for _, x := range pl {
		if in(cl, x) >= 0 {
			continue
		}
		i := in(ml, x)
		if i < 0 {
			continue
		}
		w.add(Step{
			Phase: PhaseSet, Path: path.Index(i).String(), Rule: RuleListPrimitive,
			Row:    Row{InFile: true, InLive: false, InLastApplied: in(ol, x) >= 0},
			Action: StepAdd, New: raw(x),
			Why: "A value in the file that the live list lacks: apply adds it; the list is merged as a set, so values added by others stay.",
		})
	}
	dl, _ := asList(del)
	for _, x := range dl {
		if in(rl, x) >= 0 && w.in.Result != nil {
			continue
		}
		ci, oi := in(cl, x), in(ol, x)
		i := ci
		if i < 0 {
			i = oi
		}
		st := Step{
			Phase: PhaseDelete, Path: path.Index(i).String(), Rule: RuleListPrimitive,
			Row:    Row{InFile: false, InLive: ci >= 0, InLastApplied: oi >= 0},
			Action: StepDelete, Old: raw(x),
			Why: fmt.Sprintf("A value in last-applied that the file no longer has: the patch removes it from the live list ($deleteFromPrimitiveList/%s).", k),
		}
		if ci < 0 {
			st.Why = fmt.Sprintf("A value in last-applied that the file no longer has: the patch asks to remove it ($deleteFromPrimitiveList/%s), which changes nothing because the live list lacks it.", k)
		}
		w.add(st)
	}
	if w.in.Result == nil {
		return
	}
	for i, x := range cl {
		if in(ml, x) >= 0 || in(ol, x) >= 0 || in(rl, x) < 0 {
			continue
		}
		w.add(Step{
			Phase: PhaseServer, Path: path.Index(i).String(), Rule: RuleListPrimitive,
			Row: Row{InLive: true}, Action: StepKeep, Old: raw(x), New: raw(x),
			Why: "A live value that is neither in the file nor in last-applied: apply never managed it, so the merged list keeps it.",
		})
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
		Phase: PhaseSet, Rule: RuleCreate, Row: Row{InFile: true}, Action: StepSet, New: raw(obj),
		Why: "The object does not exist yet, so kubectl creates it from the file with the last-applied annotation added; there is nothing to delete and no patch to compute.",
	})
	w.nulls(nil, in.Schema, in.Modified)
	meta := asMap(in.Modified["metadata"])
	if text, ok := asMap(meta["annotations"])[LastAppliedAnnotation].(string); ok {
		w.add(Step{
			Phase: PhaseAnnotation, Path: Path{{Key: "metadata"}, {Key: "annotations"}, {Key: LastAppliedAnnotation}}.String(),
			Rule: RuleAnnotation, Action: StepSet, New: raw(text),
			Why: "kubectl stores the file in this annotation of the new object, so that the next apply can find fields removed from the file.",
		})
	}
}

// nulls finds explicit nulls in a file being created: kubectl prunes them
// from the object but keeps them in the annotation.
func (w *walker) nulls(path Path, node schema.Node, m map[string]any) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		x := m[k]
		fp := path.Key(k)
		switch t := x.(type) {
		case nil:
			w.add(Step{
				Phase: PhaseDelete, Path: fp.String(), Rule: w.rule(RuleExplicitNull), Row: Row{InFile: true}, Action: StepClear,
				Why: "Set to null in the file: the created object leaves the field out, while the annotation keeps the null.",
			})
		case map[string]any:
			n, _ := sub(node, k, false)
			w.nulls(fp, n, t)
		case []any:
			n, meta := sub(node, k, true)
			for i, e := range t {
				em, ok := e.(map[string]any)
				if !ok {
					continue
				}
				ep := fp.Index(i)
				if val, _, ok := mergeKeyValue(em, meta.MergeKey); ok && meta.MergeKey != "" && hasStrategy(meta, "merge") {
					ep = fp.Keyed(meta.MergeKey, val)
				}
				w.nulls(ep, n, em)
			}
		}
	}
}
