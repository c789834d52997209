//go:build !js

package strategic_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/jsonvalue"
)

// The differential harness is only worth something if it notices a wrong
// engine. These tests feed it deliberately broken engines (mutants) and
// require it to complain.

// recorder is a testing.TB that counts failures instead of failing.
type recorder struct {
	testing.TB
	failures []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.failures = append(r.failures, fmt.Sprintf(format, args...))
}

func (r *recorder) Error(args ...any) { r.failures = append(r.failures, fmt.Sprint(args...)) }

// rewrite decodes a JSON object, lets f change it, and encodes it again.
func rewrite(b []byte, f func(m map[string]any)) []byte {
	m, err := jsonvalue.DecodeObject(b)
	if err != nil || m == nil {
		return b
	}
	f(m)
	out, _ := jsonvalue.Encode(m)
	return out
}

// walk calls f on every object in the tree.
func walk(v any, f func(m map[string]any)) {
	switch t := v.(type) {
	case map[string]any:
		f(t)
		for _, e := range t {
			walk(e, f)
		}
	case []any:
		for _, e := range t {
			walk(e, f)
		}
	}
}

func mutantPatch(f func(m map[string]any)) impl {
	m := engineImpl
	m.threeWay = func(p schemaPair, o, mod, c []byte, overwrite bool) ([]byte, error) {
		out, err := engineImpl.threeWay(p, o, mod, c, overwrite)
		return rewrite(out, func(m map[string]any) { walk(m, f) }), err
	}
	m.twoWay = func(p schemaPair, o, mod []byte) ([]byte, error) {
		out, err := engineImpl.twoWay(p, o, mod)
		return rewrite(out, func(m map[string]any) { walk(m, f) }), err
	}
	return m
}

var mutants = map[string]impl{
	"drops $setElementOrder": mutantPatch(func(m map[string]any) {
		for k := range m {
			if strings.HasPrefix(k, "$setElementOrder/") {
				delete(m, k)
			}
		}
	}),
	"drops deletions": mutantPatch(func(m map[string]any) {
		for k, v := range m {
			if v == nil {
				delete(m, k)
			}
		}
	}),
	"never conflicts": func() impl {
		m := engineImpl
		m.threeWay = func(p schemaPair, o, mod, c []byte, _ bool) ([]byte, error) {
			return engineImpl.threeWay(p, o, mod, c, true)
		}
		return m
	}(),
	"reverses lists when applying": func() impl {
		m := engineImpl
		m.apply = func(p schemaPair, o, patch []byte) ([]byte, error) {
			out, err := engineImpl.apply(p, o, patch)
			return rewrite(out, func(m map[string]any) {
				walk(m, func(m map[string]any) {
					for _, v := range m {
						if l, ok := v.([]any); ok {
							for i, j := 0, len(l)-1; i < j; i, j = i+1, j-1 {
								l[i], l[j] = l[j], l[i]
							}
						}
					}
				})
			}), err
		}
		return m
	}(),
	"cannot apply deletions": func() impl {
		m := engineImpl
		m.apply = func(p schemaPair, o, patch []byte) ([]byte, error) {
			if strings.Contains(string(patch), `"$patch":"delete"`) {
				return nil, errors.New("mutant: no deletions")
			}
			return engineImpl.apply(p, o, patch)
		}
		return m
	}(),
}

// failureLines runs the upstream tables and random triples against one
// implementation and returns the first line of every failure reported.
func failureLines(t *testing.T, m impl) map[string]bool {
	rec := &recorder{TB: t}
	for _, tb := range upstreamTables() {
		runUpstreamTable(rec, m, tb)
	}
	runRandom(rec, m, randomConfig{kinds: 200, mergeItems: 200, seed: 1, noShrink: true})
	lines := map[string]bool{}
	for _, f := range rec.failures {
		lines[strings.SplitN(f, "\n", 2)[0]] = true
	}
	return lines
}

func TestOracleHarnessCatchesMutants(t *testing.T) {
	// Failures the real engine already has must not count as catching a
	// mutant.
	// Mutants disagree all the time; rerunning apimachinery a hundred
	// times for each disagreement would only slow this test down.
	defer func(n int) { oracleRetries = n }(oracleRetries)
	oracleRetries = 4
	baseline := failureLines(t, engineImpl)
	for name, m := range mutants {
		t.Run(name, func(t *testing.T) {
			caught := 0
			for line := range failureLines(t, m) {
				if !baseline[line] {
					caught++
				}
			}
			if caught == 0 {
				t.Errorf("mutant %q passed every differential test", name)
			}
			t.Logf("mutant %q: %d new kinds of failure reported", name, caught)
		})
	}
}

func TestOracleCompareOutcomes(t *testing.T) {
	ok := func(s string) outcome { return outcome{out: []byte(s)} }
	fail := func(s string) outcome { return outcome{err: errors.New(s)} }
	for _, tc := range []struct {
		name             string
		ours, theirs     outcome
		agree, identical bool
	}{
		{"same bytes", ok(`{"a":1}`), ok(`{"a":1}`), true, true},
		{"key order is no difference", ok(`{"a":1,"b":2}`), ok(`{"b":2,"a":1}`), true, false},
		{"list order is", ok(`{"a":[1,2]}`), ok(`{"a":[2,1]}`), false, false},
		{"int vs float is", ok(`{"a":1}`), ok(`{"a":1.0}`), false, false},
		{"null vs absent is", ok(`{"a":null}`), ok(`{}`), false, false},
		{"both fail alike", fail("invalid JSON document"), fail("invalid JSON document"), true, true},
		{"different failures", fail("invalid JSON document"), fail(`unable to find api field "x"`), false, false},
		{"only engine fails", fail("x"), ok(`{}`), false, false},
		{"only apimachinery fails", ok(`{}`), fail("x"), false, false},
		{"apimachinery panics", ok(`{}`), outcome{panic: "boom"}, true, false},
		{"engine panics", outcome{panic: "boom"}, ok(`{}`), false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := compareOutcomes(tc.ours, tc.theirs)
			if v.agree != tc.agree {
				t.Errorf("agree = %v, want %v (%s)", v.agree, tc.agree, v.reason)
			}
			if tc.identical && !v.sameBytes {
				t.Errorf("sameBytes = false, want true")
			}
		})
	}
}
