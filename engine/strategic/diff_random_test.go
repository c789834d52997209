//go:build !js

package strategic_test

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/internal/gen"
)

// Randomized differential testing: realistic kubectl apply triples of
// built-in kinds, and MergeItem-shaped documents, through both
// implementations. Seeds are fixed; raise the count with -diff.cases=N or
// APPLYLENS_DIFF_CASES=N, move the window with -diff.seed or
// APPLYLENS_DIFF_SEED.

var (
	diffCases = flag.Int("diff.cases", envInt("APPLYLENS_DIFF_CASES", 2500), "random triples per generator in TestDiffRandom")
	diffSeed  = flag.Uint64("diff.seed", uint64(envInt("APPLYLENS_DIFF_SEED", 1)), "first seed of TestDiffRandom")
)

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}

type randomConfig struct {
	kinds, mergeItems int
	seed              uint64
	noShrink          bool // report the generated triple as it is
}

// disagreement is one failed comparison on one triple.
type disagreement struct {
	tr     gen.Triple
	what   string // the call, e.g. "CreateThreeWayMergePatch(overwrite=false)"
	reason string
}

func (d disagreement) signature() string { return d.tr.Kind + " " + d.what + ": " + d.reason }

// checkTriple runs every comparison on one triple and returns the first
// disagreement, if any.
func checkTriple(ours impl, p schemaPair, tr gen.Triple, n *tally) *disagreement {
	fail := func(what string, v verdict) *disagreement {
		return &disagreement{tr: tr, what: what, reason: strings.SplitN(v.reason, "\n", 2)[0]}
	}
	for _, overwrite := range []bool{true, false} {
		what := fmt.Sprintf("CreateThreeWayMergePatch(overwrite=%v)", overwrite)
		o := ours.ThreeWay(p, tr.Original, tr.Modified, tr.Current, overwrite)
		v, th := compareCall(o, func() outcome { return apimachinery.ThreeWay(p, tr.Original, tr.Modified, tr.Current, overwrite) })
		n.add(v)
		if !v.agree {
			return fail(what, v)
		}
		if o.err != nil || th.err != nil || th.panic != "" {
			continue
		}
		what = "StrategicMergePatch(current, patch of " + what + ")"
		patch := th.out
		v, _ = compareCall(ours.Apply(p, tr.Current, o.out), func() outcome { return apimachinery.Apply(p, tr.Current, patch) })
		n.add(v)
		if !v.agree {
			return fail(what, v)
		}
	}
	if tr.Original != nil {
		o := ours.TwoWay(p, tr.Original, tr.Modified)
		v, th := compareCall(o, func() outcome { return apimachinery.TwoWay(p, tr.Original, tr.Modified) })
		n.add(v)
		if !v.agree {
			return fail("CreateTwoWayMergePatch", v)
		}
		if o.err == nil && th.err == nil && th.panic == "" {
			patch := th.out
			v, _ = compareCall(ours.Apply(p, tr.Original, o.out), func() outcome { return apimachinery.Apply(p, tr.Original, patch) })
			n.add(v)
			if !v.agree {
				return fail("StrategicMergePatch(original, two-way patch)", v)
			}
		}
	}
	return nil
}

// runRandom compares the implementations on generated triples and reports
// each kind of disagreement once, shrunk to a minimal input.
func runRandom(t testing.TB, ours impl, cfg randomConfig) (kinds, items tally) {
	type group struct {
		first disagreement
		count int
	}
	groups := map[string]*group{}
	record := func(d *disagreement) {
		if d == nil {
			return
		}
		g, ok := groups[d.signature()]
		if !ok {
			g = &group{first: *d}
			groups[d.signature()] = g
		}
		g.count++
	}
	for i := range cfg.kinds {
		tr := gen.NewTriple(cfg.seed + uint64(i))
		kinds.cases++
		record(checkTriple(ours, pairForKind(t, tr.APIVersion, tr.Kind), tr, &kinds))
	}
	for i := range cfg.mergeItems {
		tr := gen.MergeItemTriple(cfg.seed + uint64(i))
		items.cases++
		record(checkTriple(ours, mergeItemPair(), tr, &items))
	}
	sigs := make([]string, 0, len(groups))
	for s := range groups {
		sigs = append(sigs, s)
	}
	sort.Strings(sigs)
	for _, s := range sigs {
		g := groups[s]
		d := g.first
		p := mergeItemPair()
		if d.tr.Kind != "MergeItem" {
			p = pairForKind(t, d.tr.APIVersion, d.tr.Kind)
		}
		small := d.tr
		if !cfg.noShrink {
			small = shrinkTriple(d.tr, func(c gen.Triple) bool {
				var n tally
				got := checkTriple(ours, p, c, &n)
				return got != nil && got.signature() == d.signature()
			})
		}
		t.Errorf("%s\n  %d triples, first seed %d; minimal repro:\n%s", s, g.count, d.tr.Seed, reproString(ours, p, small))
	}
	return kinds, items
}

// reproString prints a triple and what both sides make of it, in the form
// diff_regressions_test.go takes.
func reproString(ours impl, p schemaPair, tr gen.Triple) string {
	var b strings.Builder
	fmt.Fprintf(&b, "    schema:   %s\n", p.name)
	fmt.Fprintf(&b, "    original: %s\n    modified: %s\n    current:  %s\n", docOrNone(tr.Original), tr.Modified, tr.Current)
	for _, overwrite := range []bool{true, false} {
		o, th := ours.ThreeWay(p, tr.Original, tr.Modified, tr.Current, overwrite), apimachinery.ThreeWay(p, tr.Original, tr.Modified, tr.Current, overwrite)
		fmt.Fprintf(&b, "    three-way overwrite=%v:\n      engine:       %s\n      apimachinery: %s\n", overwrite, oneLine(o), oneLine(th))
		if th.err == nil && th.panic == "" {
			oa, ta := ours.Apply(p, tr.Current, th.out), apimachinery.Apply(p, tr.Current, th.out)
			fmt.Fprintf(&b, "    applying apimachinery's patch to current:\n      engine:       %s\n      apimachinery: %s\n", oneLine(oa), oneLine(ta))
		}
	}
	return b.String()
}

func docOrNone(b []byte) string {
	if b == nil {
		return "(none)"
	}
	return string(b)
}

func oneLine(o outcome) string {
	s := o.String()
	if o.panic != "" {
		s = strings.SplitN(s, "\n", 2)[0]
	}
	return s
}

func TestDiffRandom(t *testing.T) {
	n := *diffCases
	if testing.Short() {
		n /= 10
	}
	kinds, items := runRandom(t, engineImpl, randomConfig{kinds: n, mergeItems: n, seed: *diffSeed})
	t.Logf("built-in kinds: %v", kinds)
	t.Logf("MergeItem:      %v", items)
	if kinds.calls == 0 || items.calls == 0 {
		t.Fatal("no comparisons ran")
	}
}

// TestDiffBenchInputs holds the benchmark inputs to the same standard: a
// fast engine that gets the large Deployment wrong is no win.
func TestDiffBenchInputs(t *testing.T) {
	for _, tr := range []gen.Triple{gen.TypicalDeployment(), gen.LargeDeployment()} {
		var n tally
		if d := checkTriple(engineImpl, pairForKind(t, tr.APIVersion, tr.Kind), tr, &n); d != nil {
			t.Errorf("%s", d.signature())
		}
		if n.calls == 0 {
			t.Error("nothing compared")
		}
	}
}
