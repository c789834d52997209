// Package serverside computes what `kubectl apply --server-side` does: the
// API server's field manager (k8s.io/apimachinery pkg/util/managedfields)
// around structured-merge-diff's merge.Updater, and the requests kubectl
// sends around it (the last-applied annotation handed to
// "kubectl-last-applied", the migration of client-side-apply managers,
// k8s.io/client-go util/csaupgrade).
//
// The merge itself is structured-merge-diff's own (merge, typed, fieldpath),
// driven by the schema of every built-in kind that
// oracle/kubernetes/cmd/genssaschema generates from the OpenAPI definitions
// of k8s.io/kubernetes (zz_generated_schema.json, read by schemajson.go; zz_generated.go). What the
// server wraps around the updater is mirrored here, wrapper by wrapper, in
// the order internal.NewDefaultFieldManager chains them: last-applied
// updater, last-applied conflict forgiveness, before-first-apply, the cap
// on Update managers, manager identifiers, timestamps, stripped metadata,
// and the registry strategy's reset fields (status) as the updater's
// ignore filter. The version checks always pass here: kubectl sends the
// file to the endpoint of its own apiVersion and kind.
//
// A custom resource is merged with the schema of the CustomResourceDefinition
// that serves its group, kind and version among Request.CustomResourceDefinitions
// (crd.go), converted as the API server's CRD handler converts it: the
// structural openAPIV3Schema as apiextensions-apiserver's OpenAPI builder
// publishes it (apiVersion, kind and the built-in ObjectMeta added to the
// object and to every x-kubernetes-embedded-resource), read as kube-openapi's
// schemaconv reads it (x-kubernetes-list-type and list-map-keys,
// x-kubernetes-map-type, x-kubernetes-preserve-unknown-fields, formats,
// defaults, nullable), with status never owned when the version has the
// status subresource. The conversion is written out here rather than linked
// (schemaconv and its OpenAPI types would add 1.2 MB brotli to the wasm;
// this adds 12 KB). A custom kind no CRD serves is merged with
// structured-merge-diff's deduced type, as the server does for a type it
// has no schema for: every map granular, every list atomic.
//
// Update is the same field manager for every other write (create, PUT,
// PATCH): engine/cluster runs it on each write it simulates, through the
// main resource or the status and scale subresources (the latter with the
// registry's ScaleHandler conversion), so that metadata.managedFields carry
// the fieldsV1 sets the server records. ApplyPatch is the server's part of
// one apply alone (kubectl diff --server-side's dry run).
//
// The live object is taken as the server holds it: its managedFields are
// the other managers' entries (none means before-first-apply, compared with
// the kind's Go zero value as the server's ObjectCreater makes it, which is
// also where a create starts), versions are not converted (managers
// recorded at another apiVersion are compared on the same object), the
// merged object is not taken through the Go types nor defaulted (that is
// engine/apiserver's part), and every timestamp the server would write is
// Clock (or one second after the latest live one).
//
// ApplyResult is the server-side engine of an engine.Engine: the packages
// that serve a server-side apply wire it (engine/ssaview for
// wasm/serverside); the page's first wasm links neither (its size, see
// docs/performance.md), and this package does not import the root engine,
// only the result types both share (engine/kube).
//
// ApplyResult also explains the apply field by field (steps.go, in
// Result.Steps with rule "server-side-apply"): every field of the field
// manager's set before (with the fields the migration hands it) and after,
// as applied, shared, taken, removed, kept or released, or the conflicts of
// a refused apply; deterministic, in the server's field order.
//
// oracle/kubernetes checks all of it against the real field manager.
package serverside
