// Package typedschema holds the schema of the built-in kinds with what the
// API server's typed decoding reads (schemagen.BuildTyped): Go type names,
// map value types, the types with their own UnmarshalJSON, the embedded
// structs of promoted fields. It is a package of its own so that only the
// wasms that simulate the server link its table; the merge engine's
// schema.Builtin, in the page's first download, goes without.
package typedschema
