package serverside

import (
	"github.com/applylens/applylens/engine/kube"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
)

// Owner is kube.Owner: one manager owns one field.
type Owner = kube.Owner

// Owners lists, for every field some manager owns in the object's
// metadata.managedFields, its owners: fields in the server's order
// (fieldpath.Path.Compare), then managers as managedFields lists them.
//
// Each manager's set is walked in that order (sortedPaths), and the
// managers' lists are merged, rather than all the paths sorted: with
// 10,000 list elements the sort compared paths millions of times.
func Owners(obj map[string]any) ([]Owner, error) {
	owners, _, err := ownersOf(obj)
	return owners, err
}

// ownersOf is Owners, and the managers' decoded sets (for the steps:
// Outcome.owned), so that an apply decodes them once.
func ownersOf(obj map[string]any) ([]Owner, []ownedSet, error) {
	entries, err := managedFieldsOf(obj)
	if err != nil {
		return nil, nil, err
	}
	type owned struct {
		path  fieldpath.Path
		owner Owner
	}
	var all []owned
	sets := make([]ownedSet, 0, len(entries))
	for _, e := range entries {
		set, err := decodeSet(e.FieldsV1)
		if err != nil {
			return nil, nil, err
		}
		sets = append(sets, ownedSet{e.Manager, e.Operation, e.Subresource, set})
		var mine []owned
		sortedPaths(set, nil, func(p fieldpath.Path) {
			mine = append(mine, owned{p.Copy(), Owner{Field: p.String(), Manager: e.Manager, Operation: e.Operation,
				APIVersion: e.APIVersion, Subresource: e.Subresource}})
		})
		// Merge, the earlier manager first on the same field.
		merged := make([]owned, 0, len(all)+len(mine))
		i, j := 0, 0
		for i < len(all) && j < len(mine) {
			if mine[j].path.Compare(all[i].path) < 0 {
				merged = append(merged, mine[j])
				j++
			} else {
				merged = append(merged, all[i])
				i++
			}
		}
		merged = append(merged, all[i:]...)
		all = append(merged, mine[j:]...)
	}
	out := make([]Owner, len(all))
	for i, o := range all {
		out[i] = o.owner
	}
	return out, sets, nil
}

// sortedPaths calls f with each path of set (prefixed), in
// fieldpath.Path.Compare's order: at each level the members and the
// children in one sorted sequence, a member before the fields below the
// same element (a shorter path first). Set.Iterate lists a level's
// members before all its children instead. The path given to f is only
// valid during the call.
func sortedPaths(set *fieldpath.Set, prefix fieldpath.Path, f func(fieldpath.Path)) {
	var members, children []fieldpath.PathElement
	set.Members.Iterate(func(pe fieldpath.PathElement) { members = append(members, pe) })
	set.Children.Iterate(func(pe fieldpath.PathElement) { children = append(children, pe) })
	i, j := 0, 0
	for i < len(members) || j < len(children) {
		// A member goes first unless the next child sorts before it (an
		// equal one follows: the member is the shorter path).
		if j >= len(children) || (i < len(members) && members[i].Compare(children[j]) <= 0) {
			f(append(prefix, members[i]))
			i++
			continue
		}
		child, _ := set.Children.Get(children[j])
		sortedPaths(child, append(prefix, children[j]), f)
		j++
	}
}
