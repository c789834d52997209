package serverside

import (
	"sync"

	"sigs.k8s.io/structured-merge-diff/v6/schema"
	"sigs.k8s.io/structured-merge-diff/v6/typed"
)

var (
	parserOnce sync.Once
	parser     *typed.Parser
)

// builtinParser reads the generated schema on first use.
func builtinParser() *typed.Parser {
	parserOnce.Do(func() {
		parser = &typed.Parser{Schema: schema.Schema{Types: newBuiltinSchema().Types}}
	})
	return parser
}

// newBuiltinSchema reads builtinSchemaJSON. It cannot fail but by a
// generator's bug, which TestBuiltinSchemaReads catches.
func newBuiltinSchema() *schema.Schema {
	s, err := decodeSchema(builtinSchemaJSON)
	if err != nil {
		panic(err)
	}
	return s
}

// Schema is the structured-merge-diff schema of every built-in kind.
func Schema() *schema.Schema { return &builtinParser().Schema }

// TypeOf returns the schema type of a kind and whether it is built in; a
// kind without a schema gets structured-merge-diff's deduced type.
func TypeOf(apiVersion, kind string) (typed.ParseableType, bool, error) {
	name, ok := kindTypes[apiVersion+"/"+kind]
	if !ok {
		return typed.DeducedParseableType, false, nil
	}
	return builtinParser().Type(name), true, nil
}

// Builtin reports whether apiVersion/kind has a generated schema.
func Builtin(apiVersion, kind string) bool {
	_, ok := kindTypes[apiVersion+"/"+kind]
	return ok
}
