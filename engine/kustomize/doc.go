// Package kustomize computes what `kubectl kustomize DIR` prints (kubectl
// 1.37, which links kustomize v5.8.1: sigs.k8s.io/kustomize/api and kyaml
// v0.21.1) for a small in-memory file tree, and explains every change each
// transformer makes, object by object and field by field.
//
// It is our own implementation, not kustomize linked in: kustomize pulls
// kyaml's OpenAPI data (a 3.4 MB swagger.pb), protobuf, gnostic and
// kube-openapi into a js/wasm binary of 27 MB (4.5 MB brotli), far over the
// page's 2.5 MB on-demand budget (docs/kustomize.md). Fidelity comes from
// oracle/kustomize instead, a test-only module that runs the real kustomize
// (krusty) on the same trees, named and generated, and requires the output
// byte for byte.
//
// The phases follow kustomize's KustTarget: resources (files and
// directories, each directory a kustomization of its own, accumulated
// depth-first), the generators, the components (kind Component, run on the
// including kustomization's objects), then the builtin transformers in kustomize's fixed order
// (namespace, namePrefix, nameSuffix, labels and commonLabels,
// commonAnnotations, replicas, images, then replacements: replacement.go),
// then, once for the whole build, the
// name references to renamed objects (kustomize's nameReference
// configuration), the legacy sort order kubectl applies by default, and the
// output, written as kustomize writes it: each object through JSON and
// sigs.k8s.io/yaml, keys sorted. Objects are kept as yaml.v3 nodes, as
// kyaml keeps them, so that tags and styles decide values as they do there.
//
// Strategic merge patches merge as kyaml does, with kyaml's schema or the
// one the kustomization's openapi field names (openapi.go); each merge is
// kept in Result.Merges, for applydiff to set beside apimachinery's.
//
// The transformer configuration (field specs) and the kinds kyaml counts as
// cluster-scoped are kustomize's own, generated into zz_generated.go by
// oracle/kustomize, which also checks that they are current.
package kustomize
