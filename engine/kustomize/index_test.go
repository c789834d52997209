package kustomize

// Every test of the package checks the indexes against the scans they
// replace (index.go).
func init() { checkIndexes = true }
