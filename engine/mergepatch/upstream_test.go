//go:build !js

package mergepatch

import (
	"go/ast"
	"go/token"
	"reflect"
	"strconv"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/applylens/applylens/engine/internal/gen"
	"github.com/applylens/applylens/engine/internal/upstream"
)

// upstreamData reads the YAML test tables of apimachinery's
// pkg/util/jsonmergepatch/patch_test.go from the module cache: the string
// literal assigned to the package-level variable name.
func upstreamData(t *testing.T, name string) []byte {
	t.Helper()
	// []byte(`...`)
	call, ok := upstream.Var(t, upstream.File(t, "pkg/util/jsonmergepatch/patch_test.go"), name).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		t.Fatalf("%s: unexpected form", name)
	}
	lit, ok := call.Args[0].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		t.Fatalf("%s: unexpected form", name)
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		t.Fatal(err)
	}
	return []byte(s)
}

type upstreamThreeWayCase struct {
	Description                                   string
	Original, Modified, Current, ThreeWay, Result map[string]any
}

func TestUpstreamThreeWayCases(t *testing.T) {
	var tc struct{ TestCases []upstreamThreeWayCase }
	if err := yaml.Unmarshal(upstreamData(t, "createJSONMergePatchTestCaseData"), &tc); err != nil {
		t.Fatal(err)
	}
	if len(tc.TestCases) < 10 {
		t.Fatalf("found only %d upstream cases", len(tc.TestCases))
	}
	for _, c := range tc.TestCases {
		t.Run(c.Description, func(t *testing.T) {
			original, modified, current := gen.EncodeObject(c.Original), gen.EncodeObject(c.Modified), gen.EncodeObject(c.Current)
			for _, kubectl := range []bool{false, true} {
				if d, _ := compareThreeWay(original, modified, current, kubectl); d != "" {
					t.Errorf("kubectl preconditions %v: %s", kubectl, d)
				}
			}
			// And the expectations written in the upstream table.
			patch, err := CreateThreeWay(original, modified, current)
			if err != nil {
				t.Fatal(err)
			}
			if want := gen.EncodeObject(c.ThreeWay); !sameMeaning(patch, want) {
				t.Errorf("patch %s, upstream table says %s", patch, want)
			}
			result, err := Apply(current, patch)
			if err != nil {
				t.Fatal(err)
			}
			if want := gen.EncodeObject(c.Result); !sameMeaning(result, want) {
				t.Errorf("result %s, upstream table says %s", result, want)
			}
		})
	}
}

func TestUpstreamFilterNullCases(t *testing.T) {
	var tc struct {
		TestCases []struct {
			Description                                        string
			OriginalObj, ExpectedWithNull, ExpectedWithoutNull map[string]any
		}
	}
	if err := yaml.Unmarshal(upstreamData(t, "filterNullTestCaseData"), &tc); err != nil {
		t.Fatal(err)
	}
	if len(tc.TestCases) < 10 {
		t.Fatalf("found only %d upstream cases", len(tc.TestCases))
	}
	for _, c := range tc.TestCases {
		t.Run(c.Description, func(t *testing.T) {
			for _, keep := range []bool{true, false} {
				want := c.ExpectedWithoutNull
				if keep {
					want = c.ExpectedWithNull
				}
				// Ours gives canonical numbers, as the patch reads back.
				canonWant, err := canonicalCopy(want)
				if err != nil {
					t.Fatal(err)
				}
				got, err := keepNulls(c.OriginalObj, keep)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(any(got), canonWant) {
					t.Errorf("keep nulls %v: got %v, want %v", keep, got, canonWant)
				}
			}
		})
	}
}
