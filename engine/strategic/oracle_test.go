//go:build !js

package strategic_test

import (
	"bytes"
	"fmt"
	"reflect"
	"runtime/debug"
	"strings"
	"sync"
	"testing"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/schema"
	"github.com/applylens/applylens/engine/schema/schemagen"
	"github.com/applylens/applylens/engine/strategic"
	"k8s.io/apimachinery/pkg/runtime"
	kschema "k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/mergepatch"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"k8s.io/kubectl/pkg/scheme"
)

// The oracle is apimachinery's strategicpatch package at the pinned version;
// every differential test runs one input through it and through the engine
// and compares outcomes with compareOutcomes.

// MergeItem, RetainKeysMergeItem and PrecisionItem declare the same fields
// and tags as the types of the same names in strategicpatch's patch_test.go,
// the schemas its test tables are written against.
// TestOracleTypesMatchUpstream keeps them in step.
type MergeItem struct {
	Name                  string               `json:"name,omitempty"`
	Value                 string               `json:"value,omitempty"`
	Other                 string               `json:"other,omitempty"`
	MergingList           []MergeItem          `json:"mergingList,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	NonMergingList        []MergeItem          `json:"nonMergingList,omitempty"`
	MergingIntList        []int                `json:"mergingIntList,omitempty" patchStrategy:"merge"`
	NonMergingIntList     []int                `json:"nonMergingIntList,omitempty"`
	MergeItemPtr          *MergeItem           `json:"mergeItemPtr,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	SimpleMap             map[string]string    `json:"simpleMap,omitempty"`
	ReplacingItem         runtime.RawExtension `json:"replacingItem,omitempty" patchStrategy:"replace"`
	JSONItem              struct{ Raw []byte } `json:"jsonItem,omitempty"`
	RetainKeysMap         RetainKeysMergeItem  `json:"retainKeysMap,omitempty" patchStrategy:"retainKeys"`
	RetainKeysMergingList []MergeItem          `json:"retainKeysMergingList,omitempty" patchStrategy:"merge,retainKeys" patchMergeKey:"name"`
}

type RetainKeysMergeItem struct {
	Name           string            `json:"name,omitempty"`
	Value          string            `json:"value,omitempty"`
	Other          string            `json:"other,omitempty"`
	SimpleMap      map[string]string `json:"simpleMap,omitempty"`
	MergingIntList []int             `json:"mergingIntList,omitempty" patchStrategy:"merge"`
	MergingList    []MergeItem       `json:"mergingList,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	NonMergingList []MergeItem       `json:"nonMergingList,omitempty"`
}

type PrecisionItem struct {
	Name    string  `json:"name,omitempty"`
	Int32   int32   `json:"int32,omitempty"`
	Int64   int64   `json:"int64,omitempty"`
	Float32 float32 `json:"float32,omitempty"`
	Float64 float64 `json:"float64,omitempty"`
}

// schemaPair is one schema as both sides see it.
type schemaPair struct {
	name   string
	ours   schema.Node
	theirs strategicpatch.LookupPatchMeta
}

func pairForStruct(v any) schemaPair {
	meta, err := strategicpatch.NewPatchMetaFromStruct(v)
	if err != nil {
		panic(err)
	}
	return schemaPair{name: reflect.TypeOf(v).Name(), ours: schemagen.ForType(reflect.TypeOf(v)), theirs: meta}
}

var (
	mergeItemPair     = sync.OnceValue(func() schemaPair { return pairForStruct(MergeItem{}) })
	precisionItemPair = sync.OnceValue(func() schemaPair { return pairForStruct(PrecisionItem{}) })
	kindPairs         sync.Map // apiVersion/kind -> schemaPair
)

// pairForKind gives a built-in kind's schema: ours from schema.Builtin,
// apimachinery's from the Go type kubectl's scheme registers.
func pairForKind(t testing.TB, apiVersion, kind string) schemaPair {
	key := apiVersion + "/" + kind
	if p, ok := kindPairs.Load(key); ok {
		return p.(schemaPair)
	}
	gv, err := kschema.ParseGroupVersion(apiVersion)
	if err != nil {
		t.Fatal(err)
	}
	obj, err := scheme.Scheme.New(gv.WithKind(kind))
	if err != nil {
		t.Fatalf("kubectl's scheme has no %s: %v", key, err)
	}
	meta, err := strategicpatch.NewPatchMetaFromStruct(obj)
	if err != nil {
		t.Fatal(err)
	}
	ours, ok := schema.Builtin.Root(apiVersion, kind)
	if !ok {
		t.Fatalf("schema.Builtin has no %s", key)
	}
	p := schemaPair{name: kind, ours: ours, theirs: meta}
	kindPairs.Store(key, p)
	return p
}

// outcome is what one side returned for one call.
type outcome struct {
	out   []byte
	err   error
	panic string // recovered panic with stack, or ""
}

func (o outcome) String() string {
	switch {
	case o.panic != "":
		return "panic: " + o.panic
	case o.err != nil:
		return "error: " + o.err.Error()
	}
	return string(o.out)
}

func run(f func() ([]byte, error)) (o outcome) {
	defer func() {
		if r := recover(); r != nil {
			o.panic = fmt.Sprintf("%v\n%s", r, debug.Stack())
		}
	}()
	o.out, o.err = f()
	return o
}

// impl is one implementation of the functions under test.
type impl struct {
	threeWay func(p schemaPair, original, modified, current []byte, overwrite bool) ([]byte, error)
	twoWay   func(p schemaPair, original, modified []byte) ([]byte, error)
	apply    func(p schemaPair, original, patch []byte) ([]byte, error)
}

var (
	engineImpl = impl{
		threeWay: func(p schemaPair, original, modified, current []byte, overwrite bool) ([]byte, error) {
			return strategic.CreateThreeWayMergePatch(original, modified, current, p.ours, overwrite)
		},
		twoWay: func(p schemaPair, original, modified []byte) ([]byte, error) {
			return strategic.CreateTwoWayMergePatch(original, modified, p.ours)
		},
		apply: func(p schemaPair, original, patch []byte) ([]byte, error) {
			return strategic.StrategicMergePatch(original, patch, p.ours)
		},
	}
	apimachinery = impl{
		threeWay: func(p schemaPair, original, modified, current []byte, overwrite bool) ([]byte, error) {
			return strategicpatch.CreateThreeWayMergePatch(original, modified, current, p.theirs, overwrite)
		},
		twoWay: func(p schemaPair, original, modified []byte) ([]byte, error) {
			return strategicpatch.CreateTwoWayMergePatchUsingLookupPatchMeta(original, modified, p.theirs)
		},
		apply: func(p schemaPair, original, patch []byte) ([]byte, error) {
			return strategicpatch.StrategicMergePatchUsingLookupPatchMeta(original, patch, p.theirs)
		},
	}
)

func (i impl) ThreeWay(p schemaPair, original, modified, current []byte, overwrite bool) outcome {
	return run(func() ([]byte, error) { return i.threeWay(p, original, modified, current, overwrite) })
}

func (i impl) TwoWay(p schemaPair, original, modified []byte) outcome {
	return run(func() ([]byte, error) { return i.twoWay(p, original, modified) })
}

func (i impl) Apply(p schemaPair, original, patch []byte) outcome {
	return run(func() ([]byte, error) { return i.apply(p, original, patch) })
}

// sameMeaning compares two JSON documents as values: object key order does
// not matter, list order and number kinds (int64 vs float64) do.
func sameMeaning(a, b []byte) bool {
	va, errA := jsonvalue.Decode(a)
	vb, errB := jsonvalue.Decode(b)
	if errA != nil || errB != nil {
		return errA != nil && errB != nil && bytes.Equal(a, b)
	}
	return reflect.DeepEqual(va, vb)
}

// errCategory sorts an error message into the failure kinds a user can tell
// apart; both sides must agree on it.
func errCategory(err error) string {
	if err == nil {
		return ""
	}
	if mergepatch.IsConflict(err) {
		return "conflict"
	}
	msg := err.Error()
	for _, c := range []struct{ needle, name string }{
		{"conflicts with changes made", "conflict"},
		{"invalid JSON document", "bad JSON"},
		{"unable to find api field", "unknown field"},
		{"does not contain declared merge key", "missing merge key"},
		{"doesn't match $setElementOrder", "setElementOrder mismatch"},
		{"comparing uncomparable", "uncomparable"},
	} {
		if strings.Contains(msg, c.needle) {
			return c.name
		}
	}
	return "other"
}

// verdict is the comparison of two outcomes of the same call.
type verdict struct {
	agree       bool   // same meaning, or both failed alike
	reason      string // why not, when !agree
	sameBytes   bool   // byte-identical output (or identical error text)
	theirsPanic bool
	bothFailed  bool
	// oracleVaries: apimachinery's first answer differed, a rerun agreed.
	oracleVaries bool
}

func compareOutcomes(ours, theirs outcome) verdict {
	switch {
	case ours.panic != "":
		return verdict{reason: "engine panicked: " + ours.panic}
	case theirs.panic != "":
		// apimachinery panics on some malformed input; not panicking is all
		// that can be asked of the engine then.
		return verdict{agree: true, theirsPanic: true}
	case theirs.err != nil && ours.err == nil:
		return verdict{reason: "apimachinery failed, engine did not"}
	case theirs.err == nil && ours.err != nil:
		return verdict{reason: "engine failed, apimachinery did not"}
	case theirs.err != nil:
		if a, b := errCategory(ours.err), errCategory(theirs.err); a != b {
			return verdict{reason: fmt.Sprintf("different errors: engine %q, apimachinery %q", a, b)}
		}
		return verdict{agree: true, bothFailed: true, sameBytes: ours.err.Error() == theirs.err.Error()}
	case !sameMeaning(ours.out, theirs.out):
		return verdict{reason: "different output"}
	}
	return verdict{agree: true, sameBytes: bytes.Equal(ours.out, theirs.out)}
}

// oracleRetries bounds the reruns of apimachinery in compareCall. Answers
// apimachinery gives one time in ten are seen within 100 runs all but
// certainly (0.9^100 < 3e-5).
var oracleRetries = 100

// compareCall compares the engine's outcome with apimachinery's. Some of
// apimachinery's answers follow Go's random map iteration order: which of
// several errors it reports, whether a conflict is found before an error,
// and the result of a patch that both adds to and deletes from one list of
// primitives. A disagreement stands only if no rerun of apimachinery
// agrees. It returns the verdict and the apimachinery outcome it rests on.
func compareCall(ours outcome, theirs func() outcome) (verdict, outcome) {
	th := theirs()
	v := compareOutcomes(ours, th)
	if v.agree || ours.panic != "" {
		return v, th
	}
	for range oracleRetries {
		again := theirs()
		if w := compareOutcomes(ours, again); w.agree {
			w.oracleVaries = true
			return w, again
		}
	}
	return v, th
}

// describe renders a disagreement for a failure message.
func describe(what string, v verdict, ours, theirs outcome, inputs ...[2]string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", what, v.reason)
	for _, in := range inputs {
		if in[1] == "" {
			in[1] = "(none)"
		}
		fmt.Fprintf(&b, "  %-9s %s\n", in[0]+":", in[1])
	}
	fmt.Fprintf(&b, "  engine:       %s\n  apimachinery: %s", ours, theirs)
	return b.String()
}

// tally counts calls compared per table, for the test log.
type tally struct {
	cases, calls, agree, sameBytes, theirsPanics, oracleVaries, bothFailed, errTextDiffers int
}

func (t *tally) add(v verdict) {
	t.calls++
	if v.agree {
		t.agree++
	}
	if v.sameBytes {
		t.sameBytes++
	}
	if v.theirsPanic {
		t.theirsPanics++
	}
	if v.oracleVaries {
		t.oracleVaries++
	}
	if v.bothFailed {
		t.bothFailed++
		if !v.sameBytes {
			t.errTextDiffers++
		}
	}
}

func (t tally) String() string {
	return fmt.Sprintf("%d cases, %d calls compared: %d agree (%d byte-identical; %d both failing alike, %d of them with other error text; %d only on a rerun of apimachinery), %d disagree, %d apimachinery panics",
		t.cases, t.calls, t.agree, t.sameBytes, t.bothFailed, t.errTextDiffers, t.oracleVaries, t.calls-t.agree, t.theirsPanics)
}
