// Package kustomize is a test-only module that checks engine/kustomize
// against the real kustomize that kubectl 1.37 links.
package kustomize
