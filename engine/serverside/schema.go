package serverside

import (
	_ "embed"
	"sync"

	"sigs.k8s.io/structured-merge-diff/v6/typed"
)

//go:embed schema.yaml
var schemaYAML string

var (
	parserOnce sync.Once
	parser     *typed.Parser
	parserErr  error
)

// builtinParser parses the generated schema on first use (it is large).
func builtinParser() (*typed.Parser, error) {
	parserOnce.Do(func() {
		parser, parserErr = typed.NewParser(typed.YAMLObject(schemaYAML))
	})
	return parser, parserErr
}

// TypeOf returns the schema type of a kind and whether it is built in; a
// kind without a schema gets structured-merge-diff's deduced type.
func TypeOf(apiVersion, kind string) (typed.ParseableType, bool, error) {
	name, ok := kindTypes[apiVersion+"/"+kind]
	if !ok {
		return typed.DeducedParseableType, false, nil
	}
	p, err := builtinParser()
	if err != nil {
		return typed.ParseableType{}, false, err
	}
	return p.Type(name), true, nil
}

// Builtin reports whether apiVersion/kind has a generated schema.
func Builtin(apiVersion, kind string) bool {
	_, ok := kindTypes[apiVersion+"/"+kind]
	return ok
}
