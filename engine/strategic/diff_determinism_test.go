package strategic_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"runtime"
	"sort"
	"testing"

	"github.com/applylens/applylens/engine/internal/gen"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/schema"
	"github.com/applylens/applylens/engine/schema/schemagen"
	"github.com/applylens/applylens/engine/strategic"
)

// The engine's output must be a function of its input alone: Go's map
// iteration order is random on every run, and the page must show the same
// patch each time. These tests need no oracle, so they also run as
// WebAssembly.

// detItem has MergeItem's patch strategies (see oracle_test.go) without the
// k8s.io types, so the test builds for js/wasm.
type detItem struct {
	Name                  string            `json:"name,omitempty"`
	Value                 string            `json:"value,omitempty"`
	Other                 string            `json:"other,omitempty"`
	MergingList           []detItem         `json:"mergingList,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	NonMergingList        []detItem         `json:"nonMergingList,omitempty"`
	MergingIntList        []int             `json:"mergingIntList,omitempty" patchStrategy:"merge"`
	NonMergingIntList     []int             `json:"nonMergingIntList,omitempty"`
	MergeItemPtr          *detItem          `json:"mergeItemPtr,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	SimpleMap             map[string]string `json:"simpleMap,omitempty"`
	ReplacingItem         map[string]any    `json:"replacingItem,omitempty" patchStrategy:"replace"`
	RetainKeysMap         detRetainItem     `json:"retainKeysMap,omitempty" patchStrategy:"retainKeys"`
	RetainKeysMergingList []detItem         `json:"retainKeysMergingList,omitempty" patchStrategy:"merge,retainKeys" patchMergeKey:"name"`
}

type detRetainItem struct {
	Name           string            `json:"name,omitempty"`
	Value          string            `json:"value,omitempty"`
	Other          string            `json:"other,omitempty"`
	SimpleMap      map[string]string `json:"simpleMap,omitempty"`
	MergingIntList []int             `json:"mergingIntList,omitempty" patchStrategy:"merge"`
	MergingList    []detItem         `json:"mergingList,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	NonMergingList []detItem         `json:"nonMergingList,omitempty"`
}

// shuffledJSON re-encodes a JSON document with every object's keys in a
// random order: the same value, built into maps in a different order.
func shuffledJSON(t testing.TB, doc []byte, r *rand.Rand) []byte {
	t.Helper()
	if doc == nil {
		return nil
	}
	v, err := jsonvalue.Decode(doc)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	var enc func(v any)
	enc = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			r.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
			b.WriteByte('{')
			for i, k := range keys {
				if i > 0 {
					b.WriteByte(',')
				}
				kb, _ := json.Marshal(k)
				b.Write(kb)
				b.WriteByte(':')
				enc(x[k])
			}
			b.WriteByte('}')
		case []any:
			b.WriteByte('[')
			for i, e := range x {
				if i > 0 {
					b.WriteByte(',')
				}
				enc(e)
			}
			b.WriteByte(']')
		case float64:
			// Keep floats floats: json.Marshal(1.0) would print an int.
			s, _ := json.Marshal(x)
			b.Write(s)
			if !bytes.ContainsAny(s, ".eE") {
				b.WriteString(".0")
			}
		default:
			s, err := json.Marshal(x)
			if err != nil {
				t.Fatal(err)
			}
			b.Write(s)
		}
	}
	enc(v)
	out := b.Bytes()
	if w, _ := jsonvalue.Decode(out); !reflect.DeepEqual(v, w) {
		t.Fatalf("shuffling changed the document:\n%s\n%s", doc, out)
	}
	return out
}

// result is everything the engine says about one triple, as text.
func engineResult(tr gen.Triple, s schema.Node) string {
	var b bytes.Buffer
	for _, overwrite := range []bool{true, false} {
		patch, err := strategic.CreateThreeWayMergePatch(tr.Original, tr.Modified, tr.Current, s, overwrite)
		b.Write(patch)
		if err != nil {
			b.WriteString("error: " + err.Error())
			continue
		}
		b.WriteByte('\n')
		out, err := strategic.StrategicMergePatch(tr.Current, patch, s)
		b.Write(out)
		if err != nil {
			b.WriteString("error: " + err.Error())
		}
		b.WriteByte('\n')
	}
	if tr.Original != nil {
		patch, err := strategic.CreateTwoWayMergePatch(tr.Original, tr.Modified, s)
		b.Write(patch)
		if err != nil {
			b.WriteString("error: " + err.Error())
		}
	}
	return b.String()
}

func TestDiffDeterminism(t *testing.T) {
	const runs = 8
	cases := 80
	if testing.Short() || runtime.GOOS == "js" {
		// WebAssembly under node runs this several times slower.
		cases = 30
	}
	type input struct {
		name string
		tr   gen.Triple
		node func() schema.Node
	}
	builtin := func(tr gen.Triple) func() schema.Node {
		return func() schema.Node {
			n, ok := schema.Builtin.Root(tr.APIVersion, tr.Kind)
			if !ok {
				t.Fatalf("schema.Builtin has no %s %s", tr.APIVersion, tr.Kind)
			}
			return n
		}
	}
	// A fresh schema per run for the test type: nothing may depend on
	// where its tables were built.
	item := func() schema.Node { return schemagen.ForType(reflect.TypeFor[detItem]()) }
	var inputs []input
	typical := gen.TypicalDeployment()
	inputs = append(inputs, input{"typical Deployment", typical, builtin(typical)})
	for seed := range uint64(cases) {
		tr := gen.NewTriple(seed)
		inputs = append(inputs, input{tr.Kind, tr, builtin(tr)})
		inputs = append(inputs, input{"MergeItem", gen.MergeItemTriple(seed), item})
	}
	r := rand.New(rand.NewPCG(7, 11))
	errorsSeen := 0
	for _, in := range inputs {
		want := engineResult(in.tr, in.node())
		if bytes.Contains([]byte(want), []byte("error: ")) {
			errorsSeen++
		}
		for run := range runs {
			tr := in.tr
			if run%2 == 1 {
				tr.Original = shuffledJSON(t, tr.Original, r)
				tr.Modified = shuffledJSON(t, tr.Modified, r)
				tr.Current = shuffledJSON(t, tr.Current, r)
			}
			if got := engineResult(tr, in.node()); got != want {
				t.Fatalf("%s seed %d: run %d differs\nfirst: %s\nnow:   %s\noriginal: %s\nmodified: %s\ncurrent:  %s",
					in.name, in.tr.Seed, run, want, got, tr.Original, tr.Modified, tr.Current)
			}
		}
	}
	if errorsSeen == 0 {
		t.Error("no input made the engine fail: error paths went untested")
	}
	t.Logf("%d inputs x %d runs, %d with errors, all identical", len(inputs), runs, errorsSeen)
}
