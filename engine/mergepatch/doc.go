// Package mergepatch computes and applies the JSON merge patch (RFC 7386)
// that kubectl apply sends for kinds outside its scheme, such as custom
// resources.
//
// It mirrors k8s.io/apimachinery/pkg/util/jsonmergepatch
// (CreateThreeWayJSONMergePatch with kubectl's preconditions) and
// gopkg.in/evanphx/json-patch.v4 (CreateMergePatch, MergePatch), quirks
// included: numbers are compared as float64 while the patch is built, lists
// are replaced whole, and nulls inside added objects are pruned except where
// they are list elements. It imports neither, so it can run in WebAssembly;
// the tests hold it to both.
//
// Values are decoded JSON as package jsonvalue produces them:
// map[string]any, []any, string, bool, nil, int64, float64, and json.Number
// for a literal that fits neither (which json-patch carries through
// untouched).
package mergepatch
