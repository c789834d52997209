//go:build !js

package strategic_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"sigs.k8s.io/yaml"
)

// The test tables of apimachinery's strategicpatch package, read from the
// module cache at test time and run through both implementations. Each call
// is compared with the oracle and, where the table says, with the expected
// patch and result.

// k8sCase is one row of an upstream table, JSON-encoded the way the upstream
// test encodes it.
type k8sCase struct {
	Description                            string
	Original, Modified, Current            []byte
	TwoWay, ThreeWay, Result, TwoWayResult []byte
	ExpectedError                          string
}

// yamlCases reads a table written as one YAML document (testCases: [...]),
// sorting merged lists as the upstream test does before using the cases.
func yamlCases(t testing.TB, name string, p schemaPair) []k8sCase {
	t.Helper()
	v, err := literal(upstreamVar(t, name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	src, ok := v.(string)
	if !ok {
		t.Fatalf("%s is not a string literal", name)
	}
	var doc struct {
		TestCases []struct {
			Description                                                         string
			Original, Modified, Current, TwoWay, ThreeWay, Result, TwoWayResult map[string]any
		}
	}
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	enc := func(m map[string]any) []byte {
		if m == nil {
			return nil
		}
		j, err := json.Marshal(sortMergeLists(m, p.theirs))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return j
	}
	var cases []k8sCase
	for _, c := range doc.TestCases {
		cases = append(cases, k8sCase{
			Description: c.Description,
			Original:    enc(c.Original), Modified: enc(c.Modified), Current: enc(c.Current),
			TwoWay: enc(c.TwoWay), ThreeWay: enc(c.ThreeWay), Result: enc(c.Result), TwoWayResult: enc(c.TwoWayResult),
		})
	}
	if len(cases) == 0 {
		t.Fatalf("%s has no test cases", name)
	}
	return cases
}

// rawCases reads a []StrategicMergePatchRawTestCase literal.
func rawCases(t testing.TB, name string) []k8sCase {
	t.Helper()
	v, err := literal(upstreamVar(t, name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	rows, _ := v.([]any)
	var cases []k8sCase
	for i, r := range rows {
		row, _ := r.(map[string]any)
		data, _ := row["StrategicMergePatchRawTestCaseData"].(map[string]any)
		if row == nil || data == nil {
			t.Fatalf("%s[%d]: unexpected shape %v", name, i, r)
		}
		field := func(k string) []byte {
			s, _ := data[k].(string)
			// As upstream's yamlToJSONOrError: an absent field is "null".
			j, err := yaml.YAMLToJSON([]byte(s))
			if err != nil {
				t.Fatalf("%s[%d].%s: %v", name, i, k, err)
			}
			return j
		}
		desc, _ := row["Description"].(string)
		experr, _ := data["ExpectedError"].(string)
		c := k8sCase{
			Description: desc, ExpectedError: experr,
			Original: field("Original"), Modified: field("Modified"), Current: field("Current"),
			TwoWay: field("TwoWay"), ThreeWay: field("ThreeWay"), Result: field("Result"),
		}
		if _, ok := data["TwoWayResult"]; ok {
			c.TwoWayResult = field("TwoWayResult")
		}
		cases = append(cases, c)
	}
	if len(cases) == 0 {
		t.Fatalf("%s has no test cases", name)
	}
	return cases
}

// sortMergeLists orders merged lists by merge key and sorts merged lists of
// primitives, recursively, as the upstream test prepares its YAML cases
// (strategicpatch's unexported sortMergeListsByName, reimplemented here
// over the oracle's public lookup interface).
func sortMergeLists(m map[string]any, s strategicpatch.LookupPatchMeta) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		switch {
		case k == "$retainKeys" || strings.HasPrefix(k, "$deleteFromPrimitiveList/"):
			if l, ok := v.([]any); ok {
				v = sortScalars(l)
			}
		case strings.HasPrefix(k, "$setElementOrder/") || k == "$patch":
		default:
			switch tv := v.(type) {
			case map[string]any:
				if sub, _, err := s.LookupPatchMetadataForStruct(k); err == nil {
					v = sortMergeLists(tv, sub)
				}
			case []any:
				sub, meta, err := s.LookupPatchMetadataForSlice(k)
				if err == nil && slices.Contains(meta.GetPatchStrategies(), "merge") {
					v = sortMergeList(tv, sub, meta.GetPatchMergeKey())
				}
			}
		}
		out[k] = v
	}
	return out
}

func sortMergeList(l []any, s strategicpatch.LookupPatchMeta, key string) []any {
	if len(l) == 0 {
		return l
	}
	if _, ok := l[0].(map[string]any); !ok {
		var dedup []any
		for _, e := range l {
			if !slices.Contains(dedup, e) {
				dedup = append(dedup, e)
			}
		}
		return sortScalars(dedup)
	}
	out := make([]any, 0, len(l))
	for _, e := range l {
		if m, ok := e.(map[string]any); ok {
			e = sortMergeLists(m, s)
		}
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool {
		return fmt.Sprint(out[i].(map[string]any)[key]) < fmt.Sprint(out[j].(map[string]any)[key])
	})
	return out
}

func sortScalars(l []any) []any {
	l = slices.Clone(l)
	sort.SliceStable(l, func(i, j int) bool { return fmt.Sprint(l[i]) < fmt.Sprint(l[j]) })
	return l
}

// caseRunner compares both implementations on upstream cases and checks
// the engine against the expectations of the tables.
type caseRunner struct {
	t    testing.TB
	ours impl
	p    schemaPair
	n    tally
}

// call compares one call's outcomes and reports a disagreement.
func (r *caseRunner) call(c k8sCase, what string, ours outcome, theirs func() outcome, inputs ...[2]string) outcome {
	v, th := compareCall(ours, theirs)
	r.n.add(v)
	if !v.agree {
		r.t.Errorf("%s", describe(fmt.Sprintf("%q %s", c.Description, what), v, ours, th, inputs...))
	}
	return th
}

// expect checks the engine's outcome against the table's expectation.
func (r *caseRunner) expect(c k8sCase, what string, got outcome, want []byte, wantErr string) {
	switch {
	case got.panic != "":
		// Already reported by call.
	case wantErr != "":
		if got.err == nil || !strings.Contains(got.err.Error(), wantErr) {
			r.t.Errorf("%q %s: want error containing %q, engine gave %s", c.Description, what, wantErr, got)
		}
	case got.err != nil:
		r.t.Errorf("%q %s: engine failed: %v", c.Description, what, got.err)
	case !sameMeaning(got.out, want):
		r.t.Errorf("%q %s:\n  want   %s\n  engine %s", c.Description, what, want, got.out)
	}
}

func (r *caseRunner) twoWay(c k8sCase) {
	in := [][2]string{{"original", string(c.Original)}, {"modified", string(c.Modified)}}
	ours := r.ours.TwoWay(r.p, c.Original, c.Modified)
	theirs := r.call(c, "CreateTwoWayMergePatch", ours, func() outcome { return apimachinery.TwoWay(r.p, c.Original, c.Modified) }, in...)
	r.expect(c, "CreateTwoWayMergePatch", ours, c.TwoWay, "")
	if ours.err != nil || ours.panic != "" || theirs.err != nil || theirs.panic != "" {
		return
	}
	oa := r.ours.Apply(r.p, c.Original, ours.out)
	r.call(c, "StrategicMergePatch of the two-way patch", oa, func() outcome { return apimachinery.Apply(r.p, c.Original, theirs.out) },
		[2]string{"original", string(c.Original)}, [2]string{"patch", string(theirs.out)})
	want := c.TwoWayResult
	if want == nil {
		want = c.Modified
	}
	r.expect(c, "two-way result", oa, want, c.ExpectedError)
}

func (r *caseRunner) threeWay(c k8sCase) {
	in := [][2]string{{"original", string(c.Original)}, {"modified", string(c.Modified)}, {"current", string(c.Current)}}
	var outs [2]outcome
	for i, overwrite := range []bool{false, true} {
		what := fmt.Sprintf("CreateThreeWayMergePatch(overwrite=%v)", overwrite)
		ours := r.ours.ThreeWay(r.p, c.Original, c.Modified, c.Current, overwrite)
		theirs := r.call(c, what, ours, func() outcome {
			return apimachinery.ThreeWay(r.p, c.Original, c.Modified, c.Current, overwrite)
		}, in...)
		outs[i] = ours
		if ours.err != nil || ours.panic != "" || theirs.err != nil || theirs.panic != "" {
			continue
		}
		oa := r.ours.Apply(r.p, c.Current, ours.out)
		r.call(c, "StrategicMergePatch of the "+what+" patch", oa, func() outcome { return apimachinery.Apply(r.p, c.Current, theirs.out) },
			[2]string{"current", string(c.Current)}, [2]string{"patch", string(theirs.out)})
	}
	// The upstream test's expectations: a conflict without overwrite exactly
	// for cases named so; then, if a result is given, the forced patch.
	conflict := strings.Contains(c.Description, "conflict")
	plain, forced := outs[0], outs[1]
	switch {
	case plain.panic != "" || forced.panic != "":
	case conflict && plain.err == nil:
		r.t.Errorf("%q: expected a conflict with overwrite=false, engine gave %s", c.Description, plain)
	case !conflict && plain.err != nil:
		r.t.Errorf("%q: engine failed with overwrite=false: %v", c.Description, plain.err)
	case conflict && errCategory(plain.err) != "conflict":
		r.t.Errorf("%q: want a conflict error, engine gave %v", c.Description, plain.err)
	case (conflict && len(c.Result) > 0) || !conflict:
		used := plain
		if conflict {
			used = forced
		}
		r.expect(c, "three-way patch", used, c.ThreeWay, "")
		if used.err == nil {
			r.expect(c, "three-way result", r.ours.Apply(r.p, c.Current, used.out), c.Result, c.ExpectedError)
		}
	}
}

// applyOnly runs the tables that test StrategicMergePatch alone: the TwoWay
// patch applied to Original gives TwoWayResult, or Modified.
func (r *caseRunner) applyOnly(c k8sCase) {
	ours := r.ours.Apply(r.p, c.Original, c.TwoWay)
	r.call(c, "StrategicMergePatch", ours, func() outcome { return apimachinery.Apply(r.p, c.Original, c.TwoWay) },
		[2]string{"original", string(c.Original)}, [2]string{"patch", string(c.TwoWay)})
	want := c.TwoWayResult
	if want == nil {
		want = c.Modified
	}
	r.expect(c, "StrategicMergePatch", ours, want, c.ExpectedError)
}

// upstreamTable is one table of patch_test.go and what is run per case.
type upstreamTable struct {
	name  string
	cases func(t testing.TB) []k8sCase
	run   func(r *caseRunner, c k8sCase)
}

func upstreamTables() []upstreamTable {
	mi := mergeItemPair()
	both := func(r *caseRunner, c k8sCase) { r.twoWay(c); r.threeWay(c) }
	return []upstreamTable{
		{"customStrategicMergePatchTestCaseData", func(t testing.TB) []k8sCase {
			return yamlCases(t, "customStrategicMergePatchTestCaseData", mi)
		}, (*caseRunner).applyOnly},
		{"customStrategicMergePatchRawTestCases", func(t testing.TB) []k8sCase {
			return rawCases(t, "customStrategicMergePatchRawTestCases")
		}, (*caseRunner).applyOnly},
		{"createStrategicMergePatchTestCaseData", func(t testing.TB) []k8sCase {
			return yamlCases(t, "createStrategicMergePatchTestCaseData", mi)
		}, both},
		{"strategicMergePatchRawTestCases", func(t testing.TB) []k8sCase {
			return rawCases(t, "strategicMergePatchRawTestCases")
		}, both},
		{"replaceRawExtensionPatchTestCases", func(t testing.TB) []k8sCase {
			return rawCases(t, "replaceRawExtensionPatchTestCases")
		}, both},
	}
}

func runUpstreamTable(t testing.TB, ours impl, tb upstreamTable) tally {
	r := &caseRunner{t: t, ours: ours, p: mergeItemPair()}
	for _, c := range tb.cases(t) {
		r.n.cases++
		tb.run(r, c)
	}
	return r.n
}

func TestDiffUpstreamTables(t *testing.T) {
	for _, tb := range upstreamTables() {
		t.Run(tb.name, func(t *testing.T) {
			t.Logf("%s: %v", tb.name, runUpstreamTable(t, engineImpl, tb))
		})
	}
}

// TestDiffUpstreamNumberConversion runs TestNumberConversion's table on the
// PrecisionItem schema; its expectations are exact bytes.
func TestDiffUpstreamNumberConversion(t *testing.T) {
	v, err := literal(upstreamLocal(t, "TestNumberConversion", "testcases"))
	if err != nil {
		t.Fatal(err)
	}
	p := precisionItemPair()
	r := &caseRunner{t: t, ours: engineImpl, p: p}
	rows := v.(map[string]any)
	for _, name := range sortedNames(rows) {
		row := rows[name].(map[string]any)
		str := func(k string) string { s, _ := row[k].(string); return s }
		c := k8sCase{Description: name, Original: []byte(str("Old")), Modified: []byte(str("New"))}
		r.n.cases++
		ours := r.ours.TwoWay(p, c.Original, c.Modified)
		theirs := r.call(c, "CreateTwoWayMergePatch", ours, func() outcome { return apimachinery.TwoWay(p, c.Original, c.Modified) })
		if string(ours.out) != str("ExpectedPatch") {
			t.Errorf("%s: patch %s, want exactly %s", name, ours, str("ExpectedPatch"))
		}
		oa := r.ours.Apply(p, c.Original, ours.out)
		r.call(c, "StrategicMergePatch", oa, func() outcome { return apimachinery.Apply(p, c.Original, theirs.out) })
		if string(oa.out) != str("ExpectedResult") {
			t.Errorf("%s: result %s, want exactly %s", name, oa, str("ExpectedResult"))
		}
	}
	if r.n.cases == 0 {
		t.Fatal("no cases in TestNumberConversion")
	}
	t.Logf("TestNumberConversion: %v", r.n)
}

// TestDiffUpstreamUnknownField runs TestUnknownField's table: fields the
// MergeItem schema does not declare. Expectations are exact bytes or error
// substrings.
func TestDiffUpstreamUnknownField(t *testing.T) {
	v, err := literal(upstreamLocal(t, "TestUnknownField", "testcases"))
	if err != nil {
		t.Fatal(err)
	}
	p := mergeItemPair()
	r := &caseRunner{t: t, ours: engineImpl, p: p}
	rows := v.(map[string]any)
	for _, name := range sortedNames(rows) {
		row := rows[name].(map[string]any)
		str := func(k string) string { s, _ := row[k].(string); return s }
		c := k8sCase{Description: name, Original: []byte(str("Original")), Modified: []byte(str("Modified")), Current: []byte(str("Current"))}
		r.n.cases++
		check := func(what string, got, gotResult outcome, want, wantErr, wantResult string) {
			if got.err != nil {
				if wantErr == "" || !strings.Contains(got.err.Error(), wantErr) {
					t.Errorf("%s %s: engine error %v, want %q", name, what, got.err, wantErr)
				}
				return
			}
			if wantErr != "" && want == "" {
				t.Errorf("%s %s: engine gave %s, want error %q", name, what, got, wantErr)
				return
			}
			if string(got.out) != want {
				t.Errorf("%s %s: patch %s, want exactly %s", name, what, got, want)
			}
			if string(gotResult.out) != wantResult {
				t.Errorf("%s %s: result %s, want exactly %s", name, what, gotResult, wantResult)
			}
		}

		ours := r.ours.TwoWay(p, c.Original, c.Modified)
		theirs := r.call(c, "CreateTwoWayMergePatch", ours, func() outcome { return apimachinery.TwoWay(p, c.Original, c.Modified) })
		oa := r.ours.Apply(p, c.Original, ours.out)
		if ours.err == nil && theirs.err == nil {
			r.call(c, "StrategicMergePatch of the two-way patch", oa, func() outcome { return apimachinery.Apply(p, c.Original, theirs.out) })
		}
		check("two-way", ours, oa, str("ExpectedTwoWay"), str("ExpectedTwoWayErr"), str("ExpectedTwoWayResult"))

		ours = r.ours.ThreeWay(p, c.Original, c.Modified, c.Current, false)
		theirs = r.call(c, "CreateThreeWayMergePatch", ours, func() outcome {
			return apimachinery.ThreeWay(p, c.Original, c.Modified, c.Current, false)
		})
		oa = r.ours.Apply(p, c.Current, ours.out)
		if ours.err == nil && theirs.err == nil {
			r.call(c, "StrategicMergePatch of the three-way patch", oa, func() outcome { return apimachinery.Apply(p, c.Current, theirs.out) })
		}
		check("three-way", ours, oa, str("ExpectedThreeWay"), str("ExpectedThreeWayErr"), str("ExpectedThreeWayResult"))
	}
	if r.n.cases == 0 {
		t.Fatal("no cases in TestUnknownField")
	}
	t.Logf("TestUnknownField: %v", r.n)
}

// TestDiffBadArguments covers the argument checks at the top of
// TestStrategicMergePatch: documents that are not JSON objects.
func TestDiffBadArguments(t *testing.T) {
	p := mergeItemPair()
	r := &caseRunner{t: t, ours: engineImpl, p: p}
	for _, tc := range []struct{ name, original, patch string }{
		{"bad original", "<THIS IS NOT JSON>", "{}"},
		{"bad patch", "{}", "<THIS IS NOT JSON>"},
		{"array original", "[1]", "{}"},
		{"string patch", "{}", `"x"`},
		{"null patch", "{}", "null"},
		{"trailing data", `{} {}`, "{}"},
	} {
		c := k8sCase{Description: tc.name}
		r.n.cases++
		r.call(c, "StrategicMergePatch", r.ours.Apply(p, []byte(tc.original), []byte(tc.patch)), func() outcome { return apimachinery.Apply(p, []byte(tc.original), []byte(tc.patch)) },
			[2]string{"original", tc.original}, [2]string{"patch", tc.patch})
		r.call(c, "CreateThreeWayMergePatch", r.ours.ThreeWay(p, []byte(tc.original), []byte(tc.patch), []byte("{}"), true), func() outcome {
			return apimachinery.ThreeWay(p, []byte(tc.original), []byte(tc.patch), []byte("{}"), true)
		},
			[2]string{"original", tc.original}, [2]string{"modified", tc.patch})
	}
	t.Logf("bad arguments: %v", r.n)
}

func sortedNames(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
