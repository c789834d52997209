package kustomize

import (
	"reflect"
	"slices"
)

// idKey is what resID.equals compares: two ids are equal exactly when
// their keys are, so that a map finds in one step the object a linear
// scan with equals would (issue 21: a build's cost grew with the square
// of its objects).
type idKey struct {
	gvk
	name, namespace string
}

func keyOf(id resID) idKey { return idKey{id.gvk, id.Name, id.effectiveNamespace()} }

// checkIndexes makes every indexed lookup also do the linear scan it
// replaces and panic when the two disagree; the package's tests turn it
// on, so that every build case checks the indexes.
var checkIndexes = false

// has says whether an object of ra has the id id now (resID.equals). The index is built on first use and kept by
// append; whatever else changes ra's objects or their ids drops it
// (dropIndexes: the transformers, a generator's replacement).
func (ra *accumulator) has(id resID) bool {
	k := keyOf(id)
	if ra.ids == nil {
		ra.ids = make(map[idKey]bool, len(ra.objs))
		for _, x := range ra.objs {
			ra.ids[keyOf(x.curID())] = true
		}
	}
	found := ra.ids[k]
	if checkIndexes {
		scan := false
		for _, x := range ra.objs {
			if x.curID().equals(id) {
				scan = true
			}
		}
		if scan != found {
			panic("kustomize: the accumulator's id index is stale")
		}
	}
	return found
}

// refIndex is the name reference pass's view of the objects (nameref.go):
// each one's ids as they were when it was built, and the objects by the
// names they had before a rename, so that a reference finds its
// candidates in one step instead of sieving every object (issue 21).
//
// The pass changes fields of referrers only, never an object's ids; a
// nameReference configuration that does (a field spec for metadata/name
// or the build annotations) is noticed (changed), and the index built
// again.
type refIndex struct {
	objs []refObj
	// byPrevName holds, for each name in an object's earlier ids, the
	// positions of those objects in ra.objs, ascending.
	byPrevName map[string][]int
	// byOrgNs holds, for each effective namespace of an object's first
	// id, the positions of those objects, ascending.
	byOrgNs map[string][]int
}

type refObj struct {
	o          *object
	sig        idSignature
	curCluster bool
	curNs      string // the current id's effective namespace
	orgNs      string // the first id's effective namespace
}

// idSignature is everything a referral's choice reads of an object: its
// current id and the build annotations its earlier ids, prefixes and
// suffixes come from.
type idSignature struct {
	id   resID
	anno [5]string
	has  [5]bool
}

var signatureAnnotations = [5]string{annoPreviousNames, annoPreviousNamespaces, annoPreviousKinds, annoPrefixes, annoSuffixes}

func signatureOf(o *object) idSignature {
	s := idSignature{id: o.curID()}
	a := o.annotations()
	for i, k := range signatureAnnotations {
		s.anno[i], s.has[i] = a[k]
	}
	return s
}

func newRefIndex(objs []*object) *refIndex {
	idx := &refIndex{objs: make([]refObj, len(objs)), byPrevName: map[string][]int{}, byOrgNs: map[string][]int{}}
	for p, o := range objs {
		cur := o.curID()
		org := cur
		prev := o.prevIDs()
		if len(prev) > 0 {
			org = prev[0]
		}
		idx.objs[p] = refObj{o: o, sig: signatureOf(o), curCluster: cur.clusterScoped(), curNs: cur.effectiveNamespace(), orgNs: org.effectiveNamespace()}
		for i, id := range prev {
			if !slicesContainName(prev[:i], id.Name) {
				idx.byPrevName[id.Name] = append(idx.byPrevName[id.Name], p)
			}
		}
		idx.byOrgNs[idx.objs[p].orgNs] = append(idx.byOrgNs[idx.objs[p].orgNs], p)
	}
	return idx
}

func slicesContainName(ids []resID, name string) bool {
	for _, id := range ids {
		if id.Name == name {
			return true
		}
	}
	return false
}

// changed says whether o's ids are no longer those the index holds.
func (idx *refIndex) changed(p int) bool { return signatureOf(idx.objs[p].o) != idx.objs[p].sig }

// referrable is ResMap.SubsetThatCouldBeReferencedByResource as a test of
// a position: the objects a referrer r can name.
func (idx *refIndex) referrable(r *object) (func(p int) bool, error) {
	rid := r.curID()
	if rid.clusterScoped() {
		return func(int) bool { return true }, nil
	}
	rbNamespaces, err := roleBindingNamespaces(r)
	if err != nil {
		return nil, err
	}
	ns := rid.effectiveNamespace()
	return func(p int) bool {
		e := &idx.objs[p]
		return e.curCluster || e.curNs == ns || rbNamespaces[e.o.namespace()]
	}, nil
}

// all is the objects at the positions member accepts, in order.
func (idx *refIndex) all(member func(int) bool) []*object {
	var out []*object
	for p := range idx.objs {
		if member(p) {
			out = append(out, idx.objs[p].o)
		}
	}
	return out
}

// named is the candidates among member that had the name oldName before
// a rename, in order; with a namespace (ns != nil, a reference that gives
// one), only those groupedByNamespace keeps.
func (idx *refIndex) named(oldName string, ns *string, member func(int) bool) []*object {
	byOrg := false
	if ns != nil && *ns != notANamespace {
		for _, p := range idx.byOrgNs[*ns] {
			if member(p) {
				byOrg = true
				break
			}
		}
	}
	var out []*object
	for _, p := range idx.byPrevName[oldName] {
		e := &idx.objs[p]
		if !member(p) {
			continue
		}
		if ns != nil {
			if *ns == notANamespace || (byOrg && e.orgNs != *ns) || (!byOrg && e.curNs != *ns) {
				continue
			}
		}
		out = append(out, e.o)
	}
	if checkIndexes {
		cands := idx.all(member)
		if ns != nil {
			cands = groupedByNamespace(cands, *ns)
		}
		cands = sieve(cands, func(r *object) bool { return slicesContainName(r.prevIDs(), oldName) })
		if len(cands) != len(out) {
			panic("kustomize: the name reference index is stale")
		}
		for i := range cands {
			if cands[i] != out[i] {
				panic("kustomize: the name reference index is stale")
			}
		}
	}
	return out
}

// configCache merges transformer configurations once per pair: every
// kustomization merges the default configuration and each of its bases'
// (accumulateInto, accumulateDirectory), a few hundred field specs whose
// merge costs the square of their number. A tree whose kustomizations are
// built many times over (a base listed by several overlays) repeats the
// same merges; kept here, the configurations are shared and never changed
// after they are made (transformerConfig.merge makes a new one).
type configCache struct {
	emptyCfg, defaultCfg *transformerConfig
	merged               map[[2]*transformerConfig]*transformerConfig
}

func (c *configCache) empty() *transformerConfig {
	if c.emptyCfg == nil {
		c.emptyCfg = &transformerConfig{}
	}
	return c.emptyCfg
}

func (c *configCache) defaults() *transformerConfig {
	if c.defaultCfg == nil {
		c.defaultCfg = defaultConfig()
	}
	return c.defaultCfg
}

// merge is t.merge(in), made once.
func (c *configCache) merge(t, in *transformerConfig) (*transformerConfig, error) {
	key := [2]*transformerConfig{t, in}
	if m, ok := c.merged[key]; ok {
		if checkIndexes {
			if fresh, err := t.merge(in); err != nil || !reflect.DeepEqual(fresh, m) {
				panic("kustomize: a cached configuration differs from its merge")
			}
		}
		return m, nil
	}
	m, err := t.merge(in)
	if err != nil {
		return nil, err
	}
	if c.merged == nil {
		c.merged = map[[2]*transformerConfig]*transformerConfig{}
	}
	c.merged[key] = m
	return m, nil
}

// anyIDIndex files the objects under every id they have had, current and
// earlier (object.matchesAnyID), for the lookups of a generated object's
// or a patch's id (absorb, getByID) in one step (issue 21).
type anyIDIndex struct {
	by   map[idKey][]*object
	keys map[*object][]idKey
}

func (ix *anyIDIndex) file(o *object) {
	var keys []idKey
	for _, id := range append(o.prevIDs(), o.curID()) {
		k := keyOf(id)
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
			ix.by[k] = append(ix.by[k], o)
		}
	}
	ix.keys[o] = keys
}

// refile files o again after a change that may have changed its ids (a
// strategic merge patch can change the build annotations).
func (ra *accumulator) refile(o *object) {
	ix := ra.anyIDs
	if ix == nil {
		return
	}
	for _, k := range ix.keys[o] {
		ix.by[k] = slices.DeleteFunc(ix.by[k], func(x *object) bool { return x == o })
	}
	ix.file(o)
}

// dropIndexes forgets the indexes, for a change to the objects they do
// not follow (a rename, a replacement).
func (ra *accumulator) dropIndexes() { ra.ids, ra.anyIDs = nil, nil }

// withAnyID is the objects, not emptied, whose current or an earlier id
// equals id, in the order of ra.objs.
func (ra *accumulator) withAnyID(id resID) []*object {
	if ra.anyIDs == nil {
		ra.anyIDs = &anyIDIndex{by: map[idKey][]*object{}, keys: map[*object][]idKey{}}
		for _, o := range ra.objs {
			ra.anyIDs.file(o)
		}
	}
	var out []*object
	for _, o := range ra.anyIDs.by[keyOf(id)] {
		if !isNilOrEmpty(o.node) {
			out = append(out, o)
		}
	}
	if len(out) > 1 {
		pos := make(map[*object]int, len(ra.objs))
		for i, o := range ra.objs {
			pos[o] = i
		}
		slices.SortFunc(out, func(a, b *object) int { return pos[a] - pos[b] })
	}
	if checkIndexes {
		var scan []*object
		for _, o := range ra.objs {
			if !isNilOrEmpty(o.node) && o.matchesAnyID(id.equals) {
				scan = append(scan, o)
			}
		}
		if !slices.Equal(scan, out) {
			panic("kustomize: the index of earlier ids is stale")
		}
	}
	return out
}
