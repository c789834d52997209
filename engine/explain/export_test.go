package explain

import "testing"

// FixtureInputs are the step fixtures as Inputs, for the golden test of
// package explain_test (which drives the whole engine and so cannot live
// in this package).
func FixtureInputs(t testing.TB) (names []string, ins []Inputs) {
	for _, tc := range stepCases {
		names = append(names, tc.name)
		ins = append(ins, build(t, tc.fixture))
	}
	return names, ins
}
