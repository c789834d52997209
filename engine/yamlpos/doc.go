// Package yamlpos holds where every node of a YAML text starts and ends,
// as yaml.v3's parse of the text would report it, without that parse.
//
// It is the one piece the writer and the readers of YAML share: the
// emitter (engine/yamlemit) notes in a Tree where it wrote each node of
// a rendering, and engine/document's one-pass readers of a pane (a JSON
// object, block YAML as kubectl prints it) note where they read each
// node; document.Index then answers Span from the Tree alone. Kept apart
// so that the emitter needs nothing from the readers and the readers
// nothing from the emitter.
package yamlpos
