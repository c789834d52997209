package gen

import (
	"github.com/applylens/applylens/engine/kube"
)

// LastAppliedAnnotation is the annotation kubectl keeps the file in.
const LastAppliedAnnotation = kube.LastAppliedAnnotation

// Triple is one kubectl apply: the three documents CreateThreeWayMergePatch
// takes, JSON-encoded. Original is nil when the live object has no
// last-applied annotation (created without --save-config).
type Triple struct {
	Seed       uint64
	APIVersion string
	Kind       string
	Original   []byte
	Modified   []byte
	Current    []byte
}

// NewTriple builds the apply numbered seed: a file applied once, then edited
// by the user, while the live object was defaulted by the server and
// drifted under controllers and imperative commands.
func NewTriple(seed uint64) Triple {
	r := newRNG(seed)
	k := Kinds[r.IntN(len(Kinds))]
	prev := object(r, k.APIVersion, k.Kind)

	live := Clone(prev).(Obj)
	serverDefaults(r, live)
	applyDrift(r, live, r.IntN(3))

	var original Obj
	switch {
	case r.chance(0.12):
		// Created without the annotation: nothing is ever deleted.
	case r.chance(0.1):
		// The annotation no longer matches what was applied (hand edits).
		original = Clone(prev).(Obj)
		applyEdits(r, original, 1)
	default:
		original = Clone(prev).(Obj)
	}

	modified := Clone(prev).(Obj)
	applyEdits(r, modified, r.IntN(5))

	if original != nil && r.chance(0.5) {
		// kubectl's own bookkeeping: the live object carries the old
		// annotation, the file the new one.
		path(live, "metadata", "annotations")[LastAppliedAnnotation] = string(Encode(original)) + "\n"
		mod := Clone(modified).(Obj)
		path(modified, "metadata", "annotations")[LastAppliedAnnotation] = string(Encode(mod)) + "\n"
	}

	t := Triple{Seed: seed, APIVersion: k.APIVersion, Kind: k.Kind, Modified: Encode(modified), Current: Encode(live)}
	if original != nil {
		t.Original = Encode(original)
	}
	return t
}
