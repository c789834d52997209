// Package fieldpath is the one syntax the engine names a field in, with
// its parser, its printer and a walker over decoded objects
// (map[string]any and []any, as engine/jsonvalue decodes them):
//
//	spec.template.spec.containers[name=nginx].image
//	spec.template.spec.containers[0].args[1]
//	metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]
//
// Map keys are separated by dots, and written quoted in brackets when they
// hold characters that would read as syntax. An element of a list merged
// by a key is selected by [key=value]: the value bare when it cannot be
// mistaken for another type or for syntax, JSON-quoted otherwise. Other
// elements are selected by [index].
//
// Every package that names or finds a field uses this one: the steps and
// warnings of engine/explain, the spans of engine/document, the patch
// directives and differences of engine/api, engine/apiserver and
// engine/ssaview, and the server-side paths engine/serverside translates
// from structured-merge-diff's own syntax. The page shows these paths and
// sends them back to be located, so the printer's output is part of what
// the goldens pin.
package fieldpath
