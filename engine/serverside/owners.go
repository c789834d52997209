package serverside

import (
	"sort"

	"github.com/applylens/applylens/engine/kube"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
)

// Owner is kube.Owner: one manager owns one field.
type Owner = kube.Owner

// Owners lists, for every field some manager owns in the object's
// metadata.managedFields, its owners: fields in the server's order
// (fieldpath.Path.Compare), then managers as managedFields lists them.
func Owners(obj map[string]any) ([]Owner, error) {
	entries, err := managedFieldsOf(obj)
	if err != nil {
		return nil, err
	}
	type owned struct {
		path  fieldpath.Path
		owner Owner
		index int
	}
	var all []owned
	for i, e := range entries {
		set, err := decodeSet(e.FieldsV1)
		if err != nil {
			return nil, err
		}
		set.Iterate(func(p fieldpath.Path) {
			all = append(all, owned{p.Copy(), Owner{Field: p.String(), Manager: e.Manager, Operation: e.Operation,
				APIVersion: e.APIVersion, Subresource: e.Subresource}, i})
		})
	}
	sort.SliceStable(all, func(i, j int) bool {
		if c := all[i].path.Compare(all[j].path); c != 0 {
			return c < 0
		}
		return all[i].index < all[j].index
	})
	out := make([]Owner, len(all))
	for i, o := range all {
		out[i] = o.owner
	}
	return out, nil
}
