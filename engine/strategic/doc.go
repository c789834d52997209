// Package strategic computes and applies strategic merge patches, the patch
// kubectl sends for built-in kinds. It mirrors
// k8s.io/apimachinery/pkg/util/strategicpatch (CreateThreeWayMergePatch and
// StrategicMergePatch) on the same metadata, with list merges in linear time.
package strategic
