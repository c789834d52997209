//go:build !js

package strategic_test

import (
	"testing"
)

// Minimal inputs on which the engine and apimachinery once disagreed, found
// by TestDiffRandom and FuzzThreeWay and shrunk by shrinkTriple. Each stays
// here so the disagreement cannot come back.
var regressions = []struct {
	name                        string
	schema                      func() schemaPair
	original, modified, current string // original "" means none
	overwrite                   bool
	twoWay                      bool // CreateTwoWayMergePatch(original, modified) instead
}{
	{
		// apimachinery sees the live object's $patch directive as a change
		// from original to current, so the empty patch conflicts with it.
		name:     "directive in live object conflicts without overwrite",
		schema:   mergeItemPair,
		modified: `{}`,
		current:  `{"$patch":"replace"}`,
	},
	{
		// The $patch: delete directive on current decides the conflict
		// before the empty merged list is looked at.
		name:     "conflict on live directive wins over empty list error",
		schema:   mergeItemPair,
		modified: `{"nonMergingList":[{"retainKeysMap":{"mergingIntList":[]}},{}]}`,
		current:  `{"$patch":"delete","nonMergingList":[{"retainKeysMap":{"mergingIntList":[]}},{"simpleMap":{}}]}`,
	},
	{
		// apimachinery panics (index out of range) comparing the two
		// non-merging lists of primitives for conflicts; the engine must
		// answer instead of panicking.
		name:     "non-merging int lists with duplicates without overwrite",
		schema:   mergeItemPair,
		modified: `{"nonMergingIntList":[4,1]}`,
		current:  `{"nonMergingIntList":[1,1]}`,
	},
	{
		// encoding/json rejects anything after the document; the engine's
		// decoder (jsonvalue.Decode) stops at the first value and ignores
		// the invalid rest ("{}A").
		name:     "trailing garbage after the original document",
		schema:   mergeItemPair,
		original: `{}A`,
		modified: `{}`,
		current:  `{}`,
	},
	{
		// The two-way diff matches merge keys by their fmt.Sprintf("%v")
		// text, so a list-valued merge key never reaches ==: apimachinery
		// returns a patch; the engine reports an uncomparable key.
		name:     "two-way diff with a list as merge key",
		schema:   mergeItemPair,
		original: `{"mergingList":[{"name":"b"}]}`,
		modified: `{"mergingList":[{"name":[]}]}`,
		twoWay:   true,
	},
	{
		// Both fail, on different errors. apimachinery diffs the elements
		// in merge-key order and stops at the first error: here the unknown
		// field inside the element named 2, which sorts before the element
		// without a name ("<nil>"). The engine reports the missing key first.
		name:      "first error in merge-key order: unknown field before missing key",
		schema:    mergeItemPair,
		modified:  `{"retainKeysMergingList":[{"name":2,"retainKeysMap":{"nonMergingIntList":[1]}}]}`,
		current:   `{"retainKeysMergingList":[{"name":2,"retainKeysMap":{"nonMergingIntList":[]}},{}]}`,
		overwrite: true,
	},
}

func TestDiffRegressions(t *testing.T) {
	for _, tc := range regressions {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.schema()
			var original []byte
			if tc.original != "" {
				original = []byte(tc.original)
			}
			modified, current := []byte(tc.modified), []byte(tc.current)
			what := "CreateThreeWayMergePatch"
			var ours outcome
			var theirsCall func() outcome
			if tc.twoWay {
				// The two-way patch applies to the original.
				what, current, tc.current = "CreateTwoWayMergePatch", original, tc.original
				ours = engineImpl.TwoWay(p, original, modified)
				theirsCall = func() outcome { return apimachinery.TwoWay(p, original, modified) }
			} else {
				ours = engineImpl.ThreeWay(p, original, modified, current, tc.overwrite)
				theirsCall = func() outcome { return apimachinery.ThreeWay(p, original, modified, current, tc.overwrite) }
			}
			v, theirs := compareCall(ours, theirsCall)
			if !v.agree {
				t.Fatalf("%s", describe(what, v, ours, theirs,
					[2]string{"original", tc.original}, [2]string{"modified", tc.modified}, [2]string{"current", tc.current}))
			}
			if ours.err != nil || theirs.err != nil || theirs.panic != "" {
				return
			}
			oa := engineImpl.Apply(p, current, ours.out)
			v, ta := compareCall(oa, func() outcome { return apimachinery.Apply(p, current, theirs.out) })
			if !v.agree {
				t.Fatalf("%s", describe("StrategicMergePatch", v, oa, ta, [2]string{"current", tc.current}, [2]string{"patch", string(theirs.out)}))
			}
		})
	}
}
