// Package schemagen builds schema tables from Go types by reflection, seeing
// struct fields the way strategicpatch's forked encoding/json does, and
// writes them out as Go source. It is used by scripts/genschema and by
// tests; the WebAssembly build never links it.
package schemagen
