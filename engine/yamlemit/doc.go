// Package yamlemit writes a decoded JSON value as YAML byte for byte as
// kubectl does: `kubectl get -o yaml` and the page's renderings go
// through sigs.k8s.io/yaml's JSONToYAML, which reads the JSON with go-yaml
// v2 and writes it with go-yaml v2's emitter. The package is a port of
// that emitter (emit.go, emitscalar.go keep go-yaml's names and order),
// driven straight from the value instead of from go-yaml's reading of
// its JSON.
//
// It exists for two reasons. Writing the text directly keeps go-yaml's
// encoder and emitter out of the page's WebAssembly and costs no JSON
// round trip on every keystroke. And as it writes, Emit can note in a
// yamlpos.Tree where every node and key starts, which is all
// document.Index needs to say which lines a field of a rendering spans:
// the page locates a step or a warning in a rendering without parsing
// the text it just wrote.
//
// Emit declines (ok is false) a value go-yaml would not read back from
// its JSON, or reads as something else; JSONToYAML then does it the way
// kubectl does, and gives go-yaml's error. Encodes tells when a JSON text
// is exactly the JSON encoder's spelling of a value, so that the value
// can be written instead of the text. The renderings themselves
// (RenderYAML, RenderIndexed…) are in engine/document, with the index;
// the tests here compare them with sigs.k8s.io/yaml byte for byte and
// with document.LocateValue's positions.
package yamlemit
