package kustomize

import (
	"fmt"
	"reflect"
	"testing"
)

// mergeOneByOne is kustomize's FsSlice.MergeAll as it is written: each
// spec compared with every spec so far. mergeAll must give the same.
func mergeOneByOne(s, in fsSlice) (fsSlice, error) {
	var err error
	for _, x := range in {
		if s, err = s.mergeOne(x); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// nbrMergeOneByOne is kustomize's nbrSlice.mergeOne applied to each of in.
func nbrMergeOneByOne(s, in nbrSlice) (nbrSlice, error) {
	for _, o := range in {
		var out nbrSlice
		found := false
		for _, c := range s {
			if c.gvk == o.gvk {
				refs, err := mergeOneByOne(append(fsSlice(nil), c.Referrers...), o.Referrers)
				if err != nil {
					return nil, err
				}
				c.Referrers = refs
				found = true
			}
			out = append(out, c)
		}
		if !found {
			out = append(out, o)
		}
		s = out
	}
	return s, nil
}

func TestMergeAllAsOneByOne(t *testing.T) {
	def := defaultConfig()
	dep := gvk{Group: "apps", Version: "v1", Kind: "Deployment"}
	custom := fsSlice{
		{gvk: dep, Path: "spec/x", Create: true},
		{gvk: gvk{Kind: "Deployment"}, Path: "spec/x", Create: true},
		{Path: "spec/x", Create: true},
		{gvk: dep, Path: "spec/x", Create: true},
		{gvk: dep, Path: "spec/y"},
	}
	conflict := fsSlice{{gvk: dep, Path: "spec/y"}, {gvk: dep, Path: "spec/y", Create: true}}
	cases := []struct {
		name  string
		s, in fsSlice
	}{
		{"defaults into nothing", nil, def.NameReference[0].Referrers},
		{"labels defaults into nothing", nil, def.CommonLabels},
		{"labels defaults into themselves", def.CommonLabels, def.CommonLabels},
		{"labels into annotations", def.CommonAnnotations, def.CommonLabels},
		{"kinds that select each other", nil, custom},
		{"a conflict", conflict[:1], conflict[1:]},
		{"a conflict within the new ones", nil, conflict},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want, wantErr := mergeOneByOne(append(fsSlice(nil), c.s...), c.in)
			got, err := append(fsSlice(nil), c.s...).mergeAll(c.in)
			if fmt.Sprint(err) != fmt.Sprint(wantErr) || !reflect.DeepEqual(got, want) {
				t.Errorf("mergeAll = %v, %v; one by one %v, %v", got, err, want, wantErr)
			}
		})
	}
	for _, c := range []struct {
		name  string
		s, in nbrSlice
	}{
		{"name references into nothing", nil, def.NameReference},
		{"name references into themselves", def.NameReference, def.NameReference},
		{"a kind given twice", nil, nbrSlice{{gvk: dep, Referrers: custom[:2]}, {gvk: dep, Referrers: custom[2:]}}},
		{"a conflicting referrer", nbrSlice{{gvk: dep, Referrers: conflict[:1]}}, nbrSlice{{gvk: dep, Referrers: conflict[1:]}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			want, wantErr := nbrMergeOneByOne(append(nbrSlice(nil), c.s...), c.in)
			got, err := append(nbrSlice(nil), c.s...).mergeAll(c.in)
			if fmt.Sprint(err) != fmt.Sprint(wantErr) || !reflect.DeepEqual(got, want) {
				t.Errorf("mergeAll = %v, %v; one by one %v, %v", got, err, want, wantErr)
			}
		})
	}
}
