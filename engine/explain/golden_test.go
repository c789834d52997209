package explain_test

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/explain"
	"github.com/applylens/applylens/engine/internal/gen"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/kube"
	"github.com/applylens/applylens/engine/mergepatch"
	"github.com/applylens/applylens/engine/schema"
	"github.com/applylens/applylens/engine/schema/schemagen"
	"github.com/applylens/applylens/engine/strategic"
	"github.com/applylens/applylens/samples"
)

var (
	update = flag.Bool("update", false, "rewrite testdata/explain.golden and testdata/explain-full.golden from the current explanations")
	dump   = flag.String("dump", "", "write each input's steps and warnings to `DIR`/<input>.txt: run it on two versions and diff -r the folders to review a change of the hashes")
)

// goldenInput is one explanation the golden files pin: a name and what
// produced it.
type goldenInput struct {
	name string
	// full marks the few inputs whose whole text is kept, so that a
	// failure shows a readable diff and not only a hash.
	full bool
	// heavy inputs are skipped with -short and under js/wasm.
	heavy bool
	text  func(t *testing.T) string
}

// TestExplainGolden pins the steps and warnings, byte for byte, for every
// sample, hundreds of generated applies (also as creates, as custom
// resources and with --overwrite=false), the benchmark applies, the step
// fixtures and random MergeItem documents driven through explain directly.
// It is the safety net for rewriting how explain computes: any change in
// order, path, text or value shows up as a changed hash. After an intended
// change, run go test ./engine/explain -run TestExplainGolden -update and
// review the diff of testdata/explain-full.golden. The texts of all the
// inputs, about 13 MB, are not kept; a changed hash shows the input's
// text as it is now, and -dump DIR writes every text, so that the two
// versions' folders can be compared with diff -r.
func TestExplainGolden(t *testing.T) {
	short := testing.Short() || runtime.GOOS == "js"
	var lines, full strings.Builder
	texts := map[string]string{}
	lines.WriteString("# sha256 of the steps and warnings of each input (TestExplainGolden)\n")
	for _, in := range goldenInputs(t) {
		if in.heavy && short && !*update && *dump == "" {
			continue
		}
		text := in.text(t)
		texts[in.name] = text
		fmt.Fprintf(&lines, "%x %s\n", sha256.Sum256([]byte(text)), in.name)
		if in.full {
			fmt.Fprintf(&full, "=== %s\n%s", in.name, text)
		}
	}
	if *dump != "" {
		if err := os.MkdirAll(*dump, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, text := range texts {
			if err := os.WriteFile(filepath.Join(*dump, strings.ReplaceAll(name, "/", "_")+".txt"), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	hashes, fullFile := filepath.Join("testdata", "explain.golden"), filepath.Join("testdata", "explain-full.golden")
	if *update {
		for file, s := range map[string]string{hashes: lines.String(), fullFile: full.String()} {
			if err := os.WriteFile(file, []byte(s), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	want := map[string]string{}
	data, err := os.ReadFile(hashes)
	if err != nil {
		t.Fatalf("%v (run go test ./engine/explain -run TestExplainGolden -update)", err)
	}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		hash, name, _ := strings.Cut(l, " ")
		want[name] = hash
	}
	checked := 0
	for _, l := range strings.Split(strings.TrimSpace(lines.String()), "\n")[1:] {
		hash, name, _ := strings.Cut(l, " ")
		checked++
		if w, ok := want[name]; !ok {
			t.Errorf("%s: not in %s (run -update)", name, hashes)
		} else if w != hash {
			t.Errorf("%s: steps or warnings changed; now (compare all with -dump DIR on both versions):\n%s", name, head(texts[name], 40))
		}
	}
	if !short && checked != len(want) {
		t.Errorf("%d inputs checked, %s has %d", checked, hashes, len(want))
	}
	wantFull, err := os.ReadFile(fullFile)
	if err != nil {
		t.Fatal(err)
	}
	if full.String() != string(wantFull) {
		t.Errorf("the full texts differ from %s (- kept, + now):\n%s", fullFile, lineDiff(string(wantFull), full.String(), 3))
	}
}

// head is text's first n lines, with a line saying how many more there are.
func head(text string, n int) string {
	lines := strings.SplitAfter(text, "\n")
	if len(lines) <= n {
		return text
	}
	return strings.Join(lines[:n], "") + fmt.Sprintf("… %d more lines\n", len(lines)-n)
}

// lineDiff shows where two texts differ: the lines between their common
// start and their common end, - for want's and + for got's, with context
// lines around them.
func lineDiff(want, got string, context int) string {
	a, b := strings.SplitAfter(want, "\n"), strings.SplitAfter(got, "\n")
	start := 0
	for start < len(a) && start < len(b) && a[start] == b[start] {
		start++
	}
	end := 0
	for end < len(a)-start && end < len(b)-start && a[len(a)-1-end] == b[len(b)-1-end] {
		end++
	}
	var out strings.Builder
	from := max(0, start-context)
	fmt.Fprintf(&out, "@@ line %d @@\n", from+1)
	for _, l := range a[from:start] {
		out.WriteString("  " + l)
	}
	for _, l := range a[start : len(a)-end] {
		out.WriteString("- " + l)
	}
	for _, l := range b[start : len(b)-end] {
		out.WriteString("+ " + l)
	}
	for _, l := range a[len(a)-end : min(len(a), len(a)-end+context)] {
		out.WriteString("  " + l)
	}
	return out.String()
}

// goldenText writes steps and warnings with every field in full; Old and
// New are written as their exact bytes.
func goldenText(steps []explain.Step, warnings []explain.Warning, err error) string {
	var b strings.Builder
	if err != nil {
		fmt.Fprintf(&b, "error %q\n", err.Error())
		return b.String()
	}
	rawText := func(r []byte) string {
		if r == nil {
			return "<nil>"
		}
		return string(r)
	}
	for _, s := range steps {
		fmt.Fprintf(&b, "step %d %q %q %q %v/%v/%v %q\n  old %s\n  new %s\n  why %q\n",
			s.Phase, s.Path, s.Rule, s.MergeKey, s.Row.InFile, s.Row.InLive, s.Row.InLastApplied, s.Action,
			rawText(s.Old), rawText(s.New), s.Why)
	}
	for _, w := range warnings {
		fmt.Fprintf(&b, "warning %q %q %q\n", w.Code, w.Path, w.Message)
	}
	return b.String()
}

func applyText(in engine.Input) func(*testing.T) string {
	return func(*testing.T) string {
		res, err := engine.Apply(in)
		if err != nil {
			return goldenText(nil, nil, err)
		}
		return goldenText(res.Steps, res.Warnings, nil)
	}
}

func explainText(in explain.Inputs) string {
	return goldenText(explain.Steps(in), explain.Warnings(in), nil)
}

func boolp(b bool) *bool { return &b }

// asCustomResource moves a generated object to an API group kubectl does
// not know, so that it takes the JSON merge path.
func asCustomResource(doc []byte, apiVersion string) []byte {
	return bytes.ReplaceAll(doc, []byte(`"apiVersion":"`+apiVersion+`"`), []byte(`"apiVersion":"example.com/v1"`))
}

func goldenInputs(t *testing.T) []goldenInput {
	var ins []goldenInput
	add := func(name string, full, heavy bool, text func(*testing.T) string) {
		ins = append(ins, goldenInput{name: name, full: full, heavy: heavy, text: text})
	}
	for _, s := range samples.All() {
		in := s.Input()
		add("sample "+s.ID, s.ID == "walkthrough" || s.ID == "duplicate-merge-keys", false, applyText(in))
		if in.Live != "" {
			add("sample "+s.ID+" create", false, false, applyText(engine.Input{File: in.File}))
			in.Overwrite = boolp(!(in.Overwrite == nil || *in.Overwrite))
			add(fmt.Sprintf("sample %s overwrite=%v", s.ID, *in.Overwrite), false, false, applyText(in))
		}
	}
	for seed := uint64(1); seed <= 300; seed++ {
		tr := gen.NewTriple(seed)
		in := engine.Input{LastApplied: string(tr.Original), File: string(tr.Modified), Live: string(tr.Current), Overwrite: boolp(seed%3 != 0)}
		heavy := seed > 60
		add(fmt.Sprintf("triple %d %s", seed, tr.Kind), seed <= 2, heavy, applyText(in))
		add(fmt.Sprintf("triple %d %s create", seed, tr.Kind), false, heavy, applyText(engine.Input{File: in.File}))
		if seed%3 == 0 {
			cr := engine.Input{File: string(asCustomResource(tr.Modified, tr.APIVersion)), Live: string(asCustomResource(tr.Current, tr.APIVersion))}
			if tr.Original != nil {
				cr.LastApplied = string(asCustomResource(tr.Original, tr.APIVersion))
			}
			add(fmt.Sprintf("triple %d %s custom resource", seed, tr.Kind), false, heavy, applyText(cr))
		}
	}
	for _, b := range []struct {
		name  string
		tr    gen.Triple
		heavy bool
	}{{"typical", gen.TypicalDeployment(), false}, {"large", gen.LargeDeployment(), true}} {
		tr := b.tr
		in := engine.Input{LastApplied: string(tr.Original), File: string(tr.Modified), Live: string(tr.Current)}
		add("bench "+b.name, false, b.heavy, applyText(in))
		add("bench "+b.name+" create", false, b.heavy, applyText(engine.Input{File: in.File}))
		cr := engine.Input{LastApplied: string(asCustomResource(tr.Original, tr.APIVersion)), File: string(asCustomResource(tr.Modified, tr.APIVersion)), Live: string(asCustomResource(tr.Current, tr.APIVersion))}
		add("bench "+b.name+" custom resource", false, b.heavy, applyText(cr))
		add("bench "+b.name+" direct", false, b.heavy, func(t *testing.T) string {
			return mergeItemText(t, tr, benchSchema(t, tr), false)
		})
	}
	for i, in := range edgeApplies {
		add(fmt.Sprintf("edge apply %d", i), false, false, applyText(in))
	}
	names, fixtures := explain.FixtureInputs(t)
	for i, in := range fixtures {
		add("fixture "+names[i], i < 3, false, func(*testing.T) string { return explainText(in) })
		if in.Current != nil && in.Patch != nil {
			strict := in
			strict.Overwrite = boolp(false)
			add("fixture "+names[i]+" overwrite=false", false, false, func(*testing.T) string { return explainText(strict) })
		}
	}
	for i, e := range edgeItems {
		tr := gen.Triple{Modified: []byte(e[1]), Current: []byte(e[2])}
		if e[0] != "" {
			tr.Original = []byte(e[0])
		}
		add(fmt.Sprintf("edge %d", i), true, false, func(t *testing.T) string { return mergeItemText(t, tr, itemSchema(), false) })
	}
	for seed := uint64(1); seed <= 30; seed++ {
		tr := longItems(seed)
		add(fmt.Sprintf("long lists %d", seed), false, false, func(t *testing.T) string { return mergeItemText(t, tr, itemSchema(), false) })
	}
	for seed := uint64(1); seed <= 300; seed++ {
		tr := gen.MergeItemTriple(seed)
		if seed%4 == 0 {
			// Integer names against their string spelling: kubectl pairs
			// merge keys by their printed form.
			for _, end := range []string{",", "}"} {
				tr.Modified = bytes.ReplaceAll(tr.Modified, []byte(`"name":1`+end), []byte(`"name":"1"`+end))
			}
		}
		heavy := seed > 60
		add(fmt.Sprintf("mergeitem %d", seed), seed <= 2, heavy, func(t *testing.T) string {
			return mergeItemText(t, tr, itemSchema(), seed%5 == 0)
		})
	}
	return ins
}

// edgeApplies reach the warnings about the file's metadata.
var edgeApplies = []engine.Input{
	{File: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labels: {version: 2, ok: true, f: 1.5, n: null, m: {a: 1}, l: [1], s: x}\n  annotations: {big: '" + strings.Repeat("x", 200_000) + "'}\n"},
	{File: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  annotations: {big: '" + strings.Repeat("x", 300_000) + "', n: 3}\n",
		Live: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  annotations: {big: x}\n"},
}

// edgeItems are MergeItem documents (last-applied, file, live) for what
// the generators rarely reach: merge-key values that need quoting or read
// as another type, keys that need brackets, twins, mixed-type primitive
// lists and list directives.
var edgeItems = [][3]string{
	{`{"mergingList":[{"name":"true","value":"a"},{"name":"12"},{"name":"a b"},{"name":1.5},{"name":true},{"name":""},{"name":"x=y"},{"name":"1e3"},{"name":"+1"},{"name":"NaN"},{"name":"["},{"name":"null"},{"name":"q\"\\"}]}`,
		`{"mergingList":[{"name":"true","value":"b"},{"name":12},{"name":1.5,"value":"c"},{"name":"","value":"d"},{"name":"1e3"},{"name":"-"},{"name":"NaN","other":"o"},{"name":"null","value":"n"},{"name":"q\"\\","value":"q"}]}`,
		`{"mergingList":[{"name":"true","value":"a"},{"name":"12"},{"name":"a b"},{"name":"1.5"},{"name":true},{"name":"x=y"},{"name":"+1"},{"name":"NaN"},{"name":"["},{"name":"live"},{"name":"null"},{"name":"q\"\\"}]}`},
	{`{"mergingIntList":[1,2,3,4,6],"retainKeysMap":{"mergingIntList":[1,2]}}`,
		`{"mergingIntList":[2,1,5,4,8],"retainKeysMap":{"mergingIntList":[2,3]}}`,
		`{"mergingIntList":[1,2,3,7,6,8],"retainKeysMap":{"mergingIntList":[1,9],"name":"x"}}`},
	{`{"mergingIntList":["a","b","c","d"]}`, `{"mergingIntList":["b","a","e"]}`, `{"mergingIntList":["a","b","f","c"]}`},
	{`{"mergingIntList":[1.5,2.5]}`, `{"mergingIntList":[2.5,3.5]}`, `{"mergingIntList":[3.5,1.5,4.5]}`},
	{`{"mergingList":[{"name":"a","value":"1"},{"name":"a","value":"2"},{"name":"b"},{"name":"c"}]}`,
		`{"mergingList":[{"name":"a","value":"1"},{"name":"b","value":"x"}]}`,
		`{"mergingList":[{"name":"a","value":"1"},{"name":"a","value":"2"},{"name":"b"},{"name":"d"}]}`},
	{`{"mergingList":[{"name":"a"}],"simpleMap":{"a.b":"1","":"2","x y":"3","k":"v"}}`,
		`{"mergingList":[{"name":"b"}],"simpleMap":{"a.b":"2","":"2","ü":"4"}}`,
		`{"mergingList":[{"name":"a"},{"name":"z"}],"simpleMap":{"a.b":"1","":"3","x y":"3","k":"v","live":"l"}}`},
	{`{"mergingList":[{"name":"a","mergingList":[{"name":"x"},{"name":"y"}]}],"nonMergingList":[{"name":"a"}]}`,
		`{"mergingList":[{"name":"a","mergingList":[{"name":"y"},{"name":"x","value":"v"}]}],"nonMergingList":[{"name":"b"}]}`,
		`{"mergingList":[{"name":"a","mergingList":[{"name":"x"},{"name":"w"},{"name":"y"}]}],"nonMergingList":[{"name":"a"},{"name":"c"}],"other":"live"}`},
}

// longItems are MergeItem documents with lists long enough to be indexed
// by maps, with twins, reorderings, deletions and a few integer names.
func longItems(seed uint64) gen.Triple {
	r := rand.New(rand.NewPCG(seed, 17))
	name := func() any {
		if r.IntN(6) == 0 {
			return int64(r.IntN(8))
		}
		return fmt.Sprintf("n%d", r.IntN(40))
	}
	list := func(n int) []any {
		l := make([]any, n)
		for i := range l {
			l[i] = map[string]any{"name": name(), "value": fmt.Sprint(r.IntN(3))}
		}
		return l
	}
	ints := func(n int) []any {
		l := make([]any, n)
		for i := range l {
			l[i] = int64(r.IntN(50))
		}
		return l
	}
	// edit drops, changes, adds and swaps elements of a copy of l.
	edit := func(l []any) []any {
		out := make([]any, 0, len(l)+5)
		for _, e := range l {
			switch r.IntN(10) {
			case 0:
				continue
			case 1:
				m := maps.Clone(e.(map[string]any))
				m["value"] = "changed"
				e = m
			}
			out = append(out, e)
		}
		for range r.IntN(5) {
			out = append(out, map[string]any{"name": name(), "value": "new"})
		}
		for range r.IntN(4) {
			i, j := r.IntN(len(out)), r.IntN(len(out))
			out[i], out[j] = out[j], out[i]
		}
		return out
	}
	editInts := func(l []any) []any {
		out := slices.Clone(l[r.IntN(5):])
		for range r.IntN(5) {
			out = append(out, int64(r.IntN(60)))
		}
		return out
	}
	orig := map[string]any{"mergingList": list(20 + r.IntN(30)), "mergingIntList": ints(20 + r.IntN(20)), "nonMergingList": list(20)}
	mod := map[string]any{"mergingList": edit(orig["mergingList"].([]any)), "mergingIntList": editInts(orig["mergingIntList"].([]any)), "nonMergingList": orig["nonMergingList"]}
	cur := map[string]any{"mergingList": edit(orig["mergingList"].([]any)), "mergingIntList": editInts(orig["mergingIntList"].([]any)), "nonMergingList": edit(orig["nonMergingList"].([]any))}
	return gen.Triple{Original: gen.Encode(orig), Modified: gen.Encode(mod), Current: gen.Encode(cur)}
}

func benchSchema(t *testing.T, tr gen.Triple) schema.Node {
	n, ok := schema.Builtin.Root(tr.APIVersion, tr.Kind)
	if !ok {
		t.Fatalf("no schema for %s %s", tr.APIVersion, tr.Kind)
	}
	return n
}

func itemSchema() schema.Node { return schemagen.ForType(reflect.TypeFor[goldenItem]()) }

// mergeItemText explains a triple computed without the engine's wiring:
// the strategic patch and its result as the server would apply it, also
// with --overwrite=false, as a JSON merge patch (no schema) and as a
// create.
func mergeItemText(t *testing.T, tr gen.Triple, node schema.Node, withNulls bool) string {
	decode := func(b []byte) map[string]any {
		if b == nil {
			return nil
		}
		m, err := jsonvalue.DecodeObject(b)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	o, m, c := decode(tr.Original), decode(tr.Modified), decode(tr.Current)
	if withNulls {
		m["other"] = nil
	}
	var b strings.Builder
	orig := o
	if orig == nil {
		orig = map[string]any{}
	}
	patch, err := strategic.ThreeWay(jsonvalue.CopyObject(orig), jsonvalue.CopyObject(m), jsonvalue.CopyObject(c), node, true)
	in := explain.Inputs{Original: o, Modified: m, Current: c, Schema: node, PatchType: kube.PatchStrategic}
	if err != nil {
		fmt.Fprintf(&b, "patch error %q\n", err.Error())
	} else {
		in.Patch = patch
		in.Result, err = strategic.Apply(jsonvalue.CopyObject(c), jsonvalue.CopyObject(patch), node)
		if err != nil {
			fmt.Fprintf(&b, "apply error %q\n", err.Error())
		}
	}
	b.WriteString(explainText(in))
	in.Overwrite = boolp(false)
	b.WriteString("--- overwrite=false\n" + explainText(in))

	b.WriteString("--- json merge patch\n")
	mj, _ := jsonvalue.Encode(m)
	jp, err := mergepatch.CreateThreeWay(tr.Original, mj, tr.Current)
	jin := explain.Inputs{Original: o, Modified: m, Current: c, PatchType: kube.PatchMerge}
	if err != nil {
		fmt.Fprintf(&b, "patch error %q\n", err.Error())
	} else {
		jin.Patch = decode(jp)
		res, err := mergepatch.Apply(tr.Current, jp)
		if err != nil {
			fmt.Fprintf(&b, "apply error %q\n", err.Error())
		} else {
			jin.Result = decode(res)
		}
	}
	b.WriteString(explainText(jin))

	b.WriteString("--- create\n")
	created := jsonvalue.CopyObject(m)
	jsonvalue.PruneNulls(created)
	b.WriteString(explainText(explain.Inputs{Modified: m, Result: created, Schema: node, PatchType: kube.PatchStrategic}))
	return b.String()
}

// goldenItem is apimachinery's MergeItem test type: every patch strategy
// in one small type, the schema gen.MergeItemTriple writes for.
type goldenItem struct {
	Name                  string            `json:"name,omitempty"`
	Value                 string            `json:"value,omitempty"`
	Other                 string            `json:"other,omitempty"`
	MergingList           []goldenItem      `json:"mergingList,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	NonMergingList        []goldenItem      `json:"nonMergingList,omitempty"`
	MergingIntList        []int             `json:"mergingIntList,omitempty" patchStrategy:"merge"`
	NonMergingIntList     []int             `json:"nonMergingIntList,omitempty"`
	MergeItemPtr          *goldenItem       `json:"mergeItemPtr,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	SimpleMap             map[string]string `json:"simpleMap,omitempty"`
	ReplacingItem         map[string]any    `json:"replacingItem,omitempty" patchStrategy:"replace"`
	RetainKeysMap         goldenRetainItem  `json:"retainKeysMap,omitempty" patchStrategy:"retainKeys"`
	RetainKeysMergingList []goldenItem      `json:"retainKeysMergingList,omitempty" patchStrategy:"merge,retainKeys" patchMergeKey:"name"`
}

type goldenRetainItem struct {
	Name           string            `json:"name,omitempty"`
	Value          string            `json:"value,omitempty"`
	Other          string            `json:"other,omitempty"`
	SimpleMap      map[string]string `json:"simpleMap,omitempty"`
	MergingIntList []int             `json:"mergingIntList,omitempty" patchStrategy:"merge"`
	MergingList    []goldenItem      `json:"mergingList,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	NonMergingList []goldenItem      `json:"nonMergingList,omitempty"`
}
