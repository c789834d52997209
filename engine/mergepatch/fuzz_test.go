//go:build !js

package mergepatch

import "testing"

// FuzzCreateThreeWay: no panic, and the same patch bytes or the same error
// as apimachinery, with and without kubectl's preconditions; the patch must
// then apply as json-patch applies it. modified doubles as an arbitrary
// patch for Apply. Seeds are in testdata/fuzz/FuzzCreateThreeWay.
func FuzzCreateThreeWay(f *testing.F) {
	for seed := range uint64(8) {
		o, m, c := newCRGen(seed).triple()
		f.Add(o, m, c)
	}
	f.Fuzz(func(t *testing.T, original, modified, current []byte) {
		for _, kubectl := range []bool{false, true} {
			if d, _ := compareThreeWay(original, modified, current, kubectl); d != "" {
				t.Fatalf("kubectl %v: %s", kubectl, d)
			}
		}
		if d := compareApply(current, modified); d != "" {
			t.Fatal(d)
		}
	})
}

// FuzzApply holds Apply to json-patch's MergePatch on any pair of inputs.
func FuzzApply(f *testing.F) {
	f.Add([]byte(`{"a":{"b":1},"l":[1]}`), []byte(`{"a":{"b":null,"c":[{"d":null},null]},"l":{"x":null}}`))
	f.Add([]byte(`[1]`), []byte(`{"a":null,"b":1.0}`))
	f.Add([]byte(`{"n":1e400}`), []byte(`[null,{"a":null}]`))
	f.Fuzz(func(t *testing.T, current, patch []byte) {
		if d := compareApply(current, patch); d != "" {
			t.Fatal(d)
		}
	})
}
