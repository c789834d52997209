package kustomize

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
// (ra.ids = nil: the transformers, a generator's replacement).
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
