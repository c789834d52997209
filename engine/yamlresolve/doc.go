// Package yamlresolve is go-yaml v2's resolution of plain scalars: what
// kubectl (through sigs.k8s.io/yaml) reads 010, yes, 1e3 or 2024-01-02
// as. It is in one place for the readers of engine/document (nodeValue,
// the one-pass reader yamlindex.go, the keys of the index) and for the
// emitter of engine/yamlemit (whether a string can be written plain and
// read back as the same string), which must agree on it and import
// nothing of each other.
package yamlresolve
