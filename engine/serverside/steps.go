package serverside

import (
	"fmt"
	"sort"
	"strings"

	enginepath "github.com/applylens/applylens/engine/fieldpath"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/kube"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
	"sigs.k8s.io/structured-merge-diff/v6/value"
)

// RuleServerSide labels the steps of a server-side apply: no table of the
// client-side documentation decides them, the field sets do.
const RuleServerSide = "server-side-apply"

// Step actions of a server-side apply, one per field of the applier's
// field sets (before and after).
const (
	// StepApplied: the field manager applies the field; nobody else owns it.
	StepApplied = "applied"
	// StepShared: another manager owns the field too, with the same value.
	StepShared = "shared"
	// StepTaken: --force-conflicts took the field from another manager.
	StepTaken = "taken"
	// StepRemoved: applied last time, not now, nobody else owns it.
	StepRemoved = "removed"
	// StepKept: applied last time, not now, another manager owns it.
	StepKept = "kept"
	// StepReleased: applied last time, not now, nobody owns it any more,
	// and the server left it (status and other fields it resets).
	StepReleased = "released"
	// StepConflict: another manager owns the field with another value.
	StepConflict = "conflict"
	// StepMigrated: kubectl handed client-side apply's fields to the
	// field manager before applying.
	StepMigrated = "migrated"
)

// ownedSet is one managedFields entry's fields.
type ownedSet struct {
	manager, operation, subresource string
	set                             *fieldpath.Set
}

func (o ownedSet) name() string {
	if o.subresource != "" {
		// As kubectl's conflict message names it.
		return fmt.Sprintf("%q (%s, subresource %q)", o.manager, o.operation, o.subresource)
	}
	return fmt.Sprintf("%q (%s)", o.manager, o.operation)
}

func ownedSets(obj map[string]any) []ownedSet {
	entries, _ := managedFieldsOf(obj)
	var out []ownedSet
	for _, e := range entries {
		set, err := decodeSet(e.FieldsV1)
		if err != nil {
			continue
		}
		out = append(out, ownedSet{e.Manager, e.Operation, e.Subresource, set})
	}
	return out
}

// trace explains, field by field, what the apply of req did to the field
// manager's ownership (out is Apply's outcome for req): conflicts, the
// migration, then every field of the manager's field set before and after,
// in the server's field order. Deterministic: sets are iterated in order.
func trace(req Request, out *Outcome) []kube.Step {
	manager := req.manager()
	steps := []kube.Step{}
	// One finder per object: each path's value is found without scanning
	// lists (the paths of a set of n elements would be quadratic).
	inLive, inFile, inObject := NewFinder(req.Live), NewFinder(req.File), NewFinder(out.Object)
	if out.Conflict != nil {
		for i, c := range out.Conflict.Conflicts {
			p := out.Conflict.Paths[i]
			steps = append(steps, kube.Step{Phase: kube.PhaseServer, Path: c.Field, Rule: RuleServerSide, Action: StepConflict,
				Old: valueJSON(inLive, p), New: valueJSON(inFile, p),
				Why: fmt.Sprintf("%q owns this field (%s) and your file gives it another value: the server refuses the whole apply. With --force-conflicts, %q would take it over.", c.Manager, c.Operation, manager)})
		}
		return steps
	}
	isMine := func(o ownedSet) bool {
		return o.manager == manager && o.operation == OperationApply && o.subresource == ""
	}
	before, after := ownedSets(beforeApply(req.Live, req.CustomResourceDefinitions)), out.owned
	if !out.ownedDecoded {
		after = ownedSets(out.Object)
	}
	prior := &fieldpath.Set{}
	for _, o := range before {
		if isMine(o) {
			prior = prior.Union(o.set)
		}
	}
	applied := prior // what the manager itself applied before
	handed := &fieldpath.Set{}
	handedFrom := ""
	if out.Migrated {
		var names []string
		migrated := &fieldpath.Set{}
		for _, o := range before {
			if o.operation == OperationUpdate && o.subresource == "" && o.set.Has(lastAppliedPath) {
				names = append(names, fmt.Sprintf("%q", o.manager))
				migrated = migrated.Union(o.set)
			}
		}
		sort.Strings(names)
		n := 0
		migrated.Iterate(func(fieldpath.Path) { n++ })
		steps = append(steps, kube.Step{Phase: kube.PhaseServer, Path: "", Rule: RuleServerSide, Action: StepMigrated,
			Why: fmt.Sprintf("The object was last applied client-side: kubectl hands the %d fields of %s (an Update manager that owns the last-applied annotation) to %q first, so that this apply can remove the ones your file no longer has instead of leaving them stuck.", n, strings.Join(names, ", "), manager)})
		prior = prior.Union(migrated)
		handed, handedFrom = migrated, strings.Join(names, ", ")
	}
	// lastTime says how the manager came to own a field it owned before.
	// The texts depend on the manager only (and on how it came to own the
	// field), so they are made once, not once per step: an apply of
	// 10,000 containers has tens of thousands of steps.
	appliedLast := fmt.Sprintf("%q applied this field last time", manager)
	handedLast := fmt.Sprintf("%q got this field from %s in the migration", manager, handedFrom)
	lastTime := func(p fieldpath.Path) string {
		if !handed.Empty() && !applied.Has(p) && handed.Has(p) {
			return handedLast
		}
		return appliedLast
	}
	whyNew := fmt.Sprintf("Your file sets this field and no other manager owns it: %q owns it now.", manager)
	whyReleased := fmt.Sprintf("%q no longer applies this field and nobody owns it now; the server leaves it where it is (a field apply does not remove).", manager)
	whyAgain, whyRemoved := map[string]string{}, map[string]string{} // by lastTime
	memo := func(m map[string]string, last string, why func() string) string {
		w, ok := m[last]
		if !ok {
			w = why()
			m[last] = w
		}
		return w
	}
	now := &fieldpath.Set{}
	var othersAfter []ownedSet
	for _, o := range after {
		if isMine(o) {
			now = now.Union(o.set)
		} else {
			othersAfter = append(othersAfter, o)
		}
	}
	holders := func(sets []ownedSet, p fieldpath.Path) []ownedSet {
		var out []ownedSet
		for _, o := range sets {
			if !isMine(o) && o.set.Has(p) {
				out = append(out, o)
			}
		}
		return out
	}
	names := func(sets []ownedSet) string {
		var s []string
		for _, o := range sets {
			s = append(s, o.name())
		}
		return strings.Join(s, ", ")
	}
	// Whether a path of the union is in now, and one of now in prior, is
	// asked of the differences: a re-apply changes few fields, so they
	// are small, where a search of the whole set for every path (keys
	// compared by value, at every level) was a third of the trace.
	dropped, added := prior.Difference(now), now.Difference(prior)
	prior.Union(now).Iterate(func(p fieldpath.Path) {
		// A map or element the manager no longer owns as such, but which
		// stays for the fields it or others still own below it: its
		// fields' steps say it all.
		mine, sharing := !dropped.Has(p), holders(othersAfter, p)
		if !mine && len(sharing) == 0 {
			if hasBelow(now, p) {
				return
			}
			for _, o := range othersAfter {
				if hasBelow(o.set, p) {
					return
				}
			}
		}
		step := kube.Step{Phase: kube.PhaseServer, Path: p.String(), Rule: RuleServerSide,
			Old: valueJSON(inLive, p), New: valueJSON(inObject, p)}
		switch {
		case mine:
			var lost []ownedSet
			for _, o := range holders(before, p) {
				handedOver := out.Migrated && o.operation == OperationUpdate && o.subresource == "" && o.set.Has(lastAppliedPath)
				if !handedOver && !stillHolds(othersAfter, o, p) {
					lost = append(lost, o)
				}
			}
			switch {
			case len(lost) > 0:
				step.Action = StepTaken
				step.Why = fmt.Sprintf("%s owned this field; --force-conflicts takes it over: only %q owns it now, with your file's value.", names(lost), manager)
			case len(sharing) > 0:
				step.Action = StepShared
				step.Why = fmt.Sprintf("Your file gives the value that %s already set: %q co-owns the field with them. It stays until every owner stops applying it.", names(sharing), manager)
			case !added.Has(p): // in prior
				step.Action = StepApplied
				last := lastTime(p)
				step.Why = memo(whyAgain, last, func() string { return fmt.Sprintf("%s and applies it now: %q owns it.", last, manager) })
			default:
				step.Action = StepApplied
				step.Why = whyNew
			}
		case len(sharing) > 0:
			step.Action = StepKept
			step.Why = fmt.Sprintf("%s and your file does not have it, but %s owns it too: the server keeps it, with its value.", lastTime(p), names(sharing))
		case step.New != nil:
			step.Action = StepReleased
			step.Why = whyReleased
		default:
			step.Action = StepRemoved
			last := lastTime(p)
			step.Why = memo(whyRemoved, last, func() string {
				return fmt.Sprintf("%s and your file does not have it; no other manager owns it, so the server removes it (a field the kind defaults comes back with its default: the API server's defaulting, not shown here).", last)
			})
		}
		steps = append(steps, step)
	})
	return steps
}

// hasBelow tells whether set has a field under p: the subset under p,
// found by descending (not by iterating the whole set for each p).
func hasBelow(set *fieldpath.Set, p fieldpath.Path) bool {
	for _, pe := range p {
		var ok bool
		if set, ok = set.Children.Get(pe); !ok {
			return false
		}
	}
	return !set.Empty()
}

// beforeApply is the live object as the apply finds it: one without
// managedFields is first recorded as an update from an empty object by
// "before-first-apply" (skipNonAppliedApply), whose fields the migration
// may then hand over.
func beforeApply(live map[string]any, crds []map[string]any) map[string]any {
	if live == nil {
		return nil
	}
	if entries, _ := managedHeadersOf(live); len(entries) > 0 {
		return live
	}
	apiVersion, _ := live["apiVersion"].(string)
	kind, _ := live["kind"].(string)
	fm, err := newFieldManager(apiVersion, kind, clockFor(live), crds)
	if err != nil {
		return live
	}
	recorded, err := fm.update(emptyObject(apiVersion, kind), jsonvalue.CopyObject(live), beforeFirstApply)
	if err != nil {
		return live
	}
	return recorded
}

// stillHolds tells whether the manager of o still owns p after the apply.
func stillHolds(after []ownedSet, o ownedSet, p fieldpath.Path) bool {
	for _, a := range after {
		if a.manager == o.manager && a.operation == o.operation && a.subresource == o.subresource && a.set.Has(p) {
			return true
		}
	}
	return false
}

// valueJSON is the value at p in f's object as JSON; nil when absent.
func valueJSON(f *Finder, p fieldpath.Path) []byte {
	return jsonvalue.EncodeFound(f.Lookup(p))
}

// Lookup returns the value of obj at a field path (a list element by its
// keys, its value or its index).
func Lookup(obj map[string]any, p fieldpath.Path) (any, bool) {
	var cur any = obj
	if obj == nil {
		return nil, false
	}
	for _, pe := range p {
		switch {
		case pe.FieldName != nil:
			m, ok := cur.(map[string]any)
			if !ok {
				return nil, false
			}
			if cur, ok = m[*pe.FieldName]; !ok {
				return nil, false
			}
		default:
			l, ok := cur.([]any)
			if !ok {
				return nil, false
			}
			i := ElementIndex(l, pe)
			if i < 0 {
				return nil, false
			}
			cur = l[i]
		}
	}
	return cur, true
}

// ElementIndex is the index of the first element of l that pe selects;
// -1 when none does.
func ElementIndex(l []any, pe fieldpath.PathElement) int {
	switch {
	case pe.Index != nil:
		if *pe.Index >= 0 && *pe.Index < len(l) {
			return *pe.Index
		}
	case pe.Value != nil:
		want := jsonOf(value.ToString(*pe.Value))
		for i, e := range l {
			if b, err := jsonvalue.Encode(e); err == nil && string(b) == want {
				return i
			}
		}
	case pe.Key != nil:
	elements:
		for i, e := range l {
			m, ok := e.(map[string]any)
			if !ok {
				continue
			}
			for _, f := range *pe.Key {
				b, err := jsonvalue.Encode(m[f.Name])
				if err != nil || string(b) != jsonOf(value.ToString(f.Value)) {
					continue elements
				}
			}
			return i
		}
	}
	return -1
}

// jsonOf normalizes a value's JSON text (value.ToString) as jsonvalue
// encodes it.
func jsonOf(s string) string {
	v, err := jsonvalue.Decode([]byte(s))
	if err != nil {
		return s
	}
	b, err := jsonvalue.Encode(v)
	if err != nil {
		return s
	}
	return string(b)
}

// DocumentPath writes a field path in the syntax of engine/document (list
// elements by their index in obj), to find its lines in a text of obj.
func DocumentPath(obj map[string]any, p fieldpath.Path) (string, bool) {
	var cur any = obj
	path := ""
	for _, pe := range p {
		switch {
		case pe.FieldName != nil:
			m, ok := cur.(map[string]any)
			if !ok {
				return "", false
			}
			if cur, ok = m[*pe.FieldName]; !ok {
				return "", false
			}
			path = enginepath.Key(path, *pe.FieldName)
		default:
			l, ok := cur.([]any)
			if !ok {
				return "", false
			}
			i := ElementIndex(l, pe)
			if i < 0 {
				return "", false
			}
			cur = l[i]
			path = enginepath.Index(path, i)
		}
	}
	return path, true
}

// FieldPaths are the fields of every managedFields entry of obj, by the
// name the server gives them (fieldpath.Path.String).
func FieldPaths(obj map[string]any) map[string]fieldpath.Path {
	out := map[string]fieldpath.Path{}
	for _, o := range ownedSets(obj) {
		o.set.Iterate(func(p fieldpath.Path) { out[p.String()] = p.Copy() })
	}
	return out
}
