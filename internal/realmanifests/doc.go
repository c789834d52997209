// Package realmanifests finds ../shared/real-manifests, the real
// manifests of public projects that the oracles test against (see its
// SOURCES.md). Both oracle modules use it: where the folder is is one
// fact, kept here.
package realmanifests
