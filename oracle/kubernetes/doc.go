// Package kubernetes is a test-only module that checks engine/apiserver
// against k8s.io/kubernetes itself: its defaulting (the scheme's
// SetObjectDefaults functions), its registry strategies (PrepareForCreate,
// PrepareForUpdate) and its validation (the strategies' Validate and
// ValidateUpdate, through rest.BeforeCreate and rest.BeforeUpdate, which
// build the Invalid status error kubectl prints).
//
// It is a module of its own so that the main go.mod never requires
// k8s.io/kubernetes; its tests run in scripts/test ("defaulting and
// validation against k8s.io/kubernetes"). From cold caches the step
// downloads about 520 MB of modules (30 s here) and builds
// k8s.io/kubernetes' dependencies once, which is the long part (26 min on
// the shared 2-core machine at load 20; the build cache makes later runs
// take about 40 s, most of it linking the test binary).
//
// Cases: named writes (cases_test.go), the repository's samples, and
// generated objects (gen_test.go; APPLYLENS_RANDOM=N per kind for more).
//
// It also checks engine/serverside against the API server's field manager
// (ssa_*_test.go), and for custom resources against
// k8s.io/apiextensions-apiserver: the OpenAPI its CRD builder publishes,
// the type converter and CRD field manager its handler builds, the CR
// strategy's reset fields (ssa_crd_test.go), on named CRDs and random
// ones (ssa_crd_cases_test.go, ssa_crd_random_test.go).
package kubernetes
