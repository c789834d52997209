// Package document reads what a user pastes into a pane the way kubectl
// reads a file given to `kubectl apply -f`, and remembers where every field
// is in the text.
//
// Values follow kubectl's path exactly: the text is split into documents
// as apimachinery's YAMLOrJSONDecoder splits a stream, YAML is converted to
// JSON by sigs.k8s.io/yaml (YAML 1.1: 0644 is 420, yes is true, 3.0 is 3)
// and JSON is decoded with apimachinery's number rules (engine/jsonvalue).
// Positions come from a second, YAML 1.2 parse (go.yaml.in/yaml/v3) that
// is used only to locate fields, never for their values. A pane that is
// one JSON object (`kubectl get -o json`) is read in one pass instead
// (jsonindex.go), which gives the same values and the positions yaml.v3
// would, and leaves any other text to the general path. A pane of block
// YAML as `kubectl get -o yaml` prints it is read in one pass too
// (yamlindex.go, natively and in the page's WebAssembly alike), with
// nodeValue's resolution of scalars and yaml.v3's positions, without
// building yaml.v3's node tree. go-yaml v2's resolution of plain scalars
// (010 is 8, yes is true) is engine/yamlresolve, which the emitter uses
// too; the one-pass readers note positions in an engine/yamlpos Tree, as
// the emitter does.
//
// The other way round, RenderYAML prints a value as kubectl does
// (sigs.k8s.io/yaml's JSONToYAML, go-yaml v2's emitter) with
// engine/yamlemit's port of that emitter, byte for byte; RenderIndexed
// also has it note where each field went, so that Index.Span answers for
// the rendering without a parse of it.
//
// Errors are *Error values naming the pane, the line and column when known
// and the field path when known, worded for someone learning YAML.
package document
