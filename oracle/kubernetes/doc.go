// Package kubernetes is a test-only module that checks engine/apiserver
// against k8s.io/kubernetes itself: its defaulting (the scheme's
// SetObjectDefaults functions), its registry strategies (PrepareForCreate,
// PrepareForUpdate) and its validation (the strategies' Validate and
// ValidateUpdate, through rest.BeforeCreate and rest.BeforeUpdate, which
// build the Invalid status error kubectl prints).
//
// It is a module of its own so that the main go.mod never requires
// k8s.io/kubernetes; its tests run in scripts/test.
package kubernetes
