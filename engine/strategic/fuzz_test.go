//go:build !js

package strategic_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/internal/gen"
)

// Fuzz targets comparing the engine with apimachinery on arbitrary bytes.
// The engine must never panic; where apimachinery answers, the engine must
// answer alike (see compareCall). The seed corpus lives in
// testdata/fuzz/<FuzzName>; regenerate it with -diff.writecorpus.

var (
	writeCorpus = flag.Bool("diff.writecorpus", false, "rewrite the generated seed corpus in testdata/fuzz")
	skipKnown   = flag.Bool("diff.skipknown", false, "while fuzzing, pass over inputs showing the disagreements of diff_regressions_test.go, to look for new ones")
)

// knownDefect recognises the disagreements already recorded in
// diff_regressions_test.go, so a fuzzing session is not stopped by them.
func knownDefect(ours outcome, original, modified, current []byte, overwrite bool) bool {
	if !*skipKnown {
		return false
	}
	for _, doc := range [][]byte{original, modified, current} {
		if len(doc) > 0 && !json.Valid(doc) && ours.panic == "" {
			return true // trailing data after the document is accepted
		}
	}
	if overwrite {
		return false
	}
	return bytes.Contains(current, []byte(`"$patch"`)) || strings.Contains(ours.panic, "index out of range")
}

func fuzzSchemas(t testing.TB) []schemaPair {
	return []schemaPair{pairForKind(t, "apps/v1", "Deployment"), mergeItemPair()}
}

func FuzzThreeWay(f *testing.F) {
	for seed := range uint64(8) {
		tr := gen.NewTriple(seed)
		f.Add(tr.Original, tr.Modified, tr.Current, seed%2 == 0)
		tr = gen.MergeItemTriple(seed)
		f.Add(tr.Original, tr.Modified, tr.Current, seed%2 == 0)
	}
	f.Fuzz(func(t *testing.T, original, modified, current []byte, overwrite bool) {
		for _, p := range fuzzSchemas(t) {
			ours := engineImpl.ThreeWay(p, original, modified, current, overwrite)
			v, theirs := compareCall(ours, func() outcome {
				return apimachinery.ThreeWay(p, original, modified, current, overwrite)
			})
			if !v.agree && knownDefect(ours, original, modified, current, overwrite) {
				t.Skip("known disagreement")
			}
			if !v.agree {
				t.Fatalf("%s", describe(p.name+" CreateThreeWayMergePatch", v, ours, theirs,
					[2]string{"original", string(original)}, [2]string{"modified", string(modified)}, [2]string{"current", string(current)}))
			}
			if ours.err != nil || theirs.err != nil || theirs.panic != "" {
				continue
			}
			oa := engineImpl.Apply(p, current, ours.out)
			v, ta := compareCall(oa, func() outcome { return apimachinery.Apply(p, current, theirs.out) })
			if !v.agree {
				t.Fatalf("%s", describe(p.name+" StrategicMergePatch", v, oa, ta,
					[2]string{"current", string(current)}, [2]string{"patch", string(theirs.out)}))
			}
		}
	})
}

// FuzzStrategicMergePatch applies arbitrary patches, directives included,
// which CreateThreeWayMergePatch would never produce but a server accepts.
func FuzzStrategicMergePatch(f *testing.F) {
	for _, s := range [][2]string{
		{`{"mergingList":[{"name":1},{"name":2}]}`, `{"$setElementOrder/mergingList":[{"name":2},{"name":1}],"mergingList":[{"name":2,"value":"x"}]}`},
		{`{"mergingIntList":[1,2,3]}`, `{"$deleteFromPrimitiveList/mergingIntList":[2]}`},
		{`{"retainKeysMap":{"name":"a","value":"b"}}`, `{"retainKeysMap":{"$retainKeys":["name"],"name":"c"}}`},
		{`{"mergingList":[{"name":1,"value":"a"}]}`, `{"mergingList":[{"name":1,"$patch":"delete"}]}`},
		{`{"simpleMap":{"a":"1"}}`, `{"simpleMap":{"$patch":"replace","b":"2"}}`},
		{`{"spec":{"template":{"spec":{"containers":[{"name":"a","image":"x"}]}}}}`, `{"spec":{"template":{"spec":{"containers":[{"name":"b","image":"y"}]}}}}`},
	} {
		f.Add([]byte(s[0]), []byte(s[1]))
	}
	f.Fuzz(func(t *testing.T, original, patch []byte) {
		for _, p := range fuzzSchemas(t) {
			ours := engineImpl.Apply(p, original, patch)
			v, theirs := compareCall(ours, func() outcome { return apimachinery.Apply(p, original, patch) })
			if !v.agree {
				t.Fatalf("%s", describe(p.name+" StrategicMergePatch", v, ours, theirs,
					[2]string{"original", string(original)}, [2]string{"patch", string(patch)}))
			}
		}
	})
}

// TestDiffWriteFuzzCorpus writes the generated part of the seed corpus:
// realistic triples, MergeItem triples and the upstream table cases.
func TestDiffWriteFuzzCorpus(t *testing.T) {
	if !*writeCorpus {
		t.Skip("run with -diff.writecorpus to rewrite testdata/fuzz")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzThreeWay")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name string, original, modified, current []byte, overwrite bool) {
		body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n[]byte(%q)\n[]byte(%q)\nbool(%v)\n", original, modified, current, overwrite)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for seed := range uint64(16) {
		tr := gen.NewTriple(1000 + seed)
		write(fmt.Sprintf("gen-kind-%d", tr.Seed), tr.Original, tr.Modified, tr.Current, seed%2 == 0)
		tr = gen.MergeItemTriple(1000 + seed)
		write(fmt.Sprintf("gen-mergeitem-%d", tr.Seed), tr.Original, tr.Modified, tr.Current, seed%2 == 0)
	}
	for _, tb := range upstreamTables() {
		for i, c := range tb.cases(t) {
			if c.Current == nil || i%4 != 0 {
				continue
			}
			write(fmt.Sprintf("upstream-%s-%d", tb.name, i), c.Original, c.Modified, c.Current, false)
		}
	}
	// FuzzStrategicMergePatch: the upstream tables' patches on their
	// documents, directives of every kind among them.
	smpDir := filepath.Join("testdata", "fuzz", "FuzzStrategicMergePatch")
	if err := os.MkdirAll(smpDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tb := range upstreamTables() {
		for i, c := range tb.cases(t) {
			if i%3 != 0 {
				continue
			}
			for j, in := range [][2][]byte{{c.Original, c.TwoWay}, {c.Current, c.ThreeWay}} {
				if in[1] == nil {
					continue
				}
				body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n[]byte(%q)\n", in[0], in[1])
				if err := os.WriteFile(filepath.Join(smpDir, fmt.Sprintf("upstream-%s-%d-%d", tb.name, i, j)), []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for i, r := range regressions {
		if r.twoWay {
			continue
		}
		var original []byte
		if r.original != "" {
			original = []byte(r.original)
		}
		write(fmt.Sprintf("regression-%d", i), original, []byte(r.modified), []byte(r.current), r.overwrite)
	}
}
