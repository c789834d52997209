package serverside

import (
	"bytes"
	"fmt"
	"strconv"
	"sync"

	"sigs.k8s.io/structured-merge-diff/v6/schema"
	"sigs.k8s.io/structured-merge-diff/v6/typed"
)

var (
	parserOnce sync.Once
	parser     *typed.Parser
)

// builtinParser is every built-in type in one parser, read on first use
// (Schema). The engine's computations use kindParser instead: one kind's
// types are a fraction of the whole.
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
	return kindParser(name).Type(name), true, nil
}

// Builtin reports whether apiVersion/kind has a generated schema.
func Builtin(apiVersion, kind string) bool {
	_, ok := kindTypes[apiVersion+"/"+kind]
	return ok
}

// builtinTypes reads the built-in types one at a time, when a kind first
// needs them. Reading all of them (over a thousand, 400 kB of text) was
// the largest part of the first server-side computation's start in the
// browser (about 100 ms under node, several times that on a slow phone),
// and a Deployment needs about a tenth of them. The generated file holds
// one type per line, so the index only finds each line's name.
var builtinTypes struct {
	sync.Mutex
	types   typeIndex
	parsers map[string]*typed.Parser // by the kind's type name
}

// typeIndex reads the types of text written as builtinSchemaJSON is, one
// at a time: find.
type typeIndex struct {
	data   []byte
	lines  map[string][]byte // a type's name → its line, built on first use
	defs   map[string]schema.TypeDef
	reader schemaReader // its names are shared by every line
}

// kindParser is a parser holding the type name and every type it refers
// to, made once per type. Values typed by two of them never merge: the
// field manager types a request's objects with the request's kind; only a
// last-applied annotation of another kind gets another kind's type
// (fieldManager.typeOfKind), and its comparison with the live object
// fails as it did in one schema (the types differ), an error that only
// drops the annotation's allowance (allowedConflictsFromLastApplied).
func kindParser(name string) *typed.Parser {
	b := &builtinTypes
	b.Lock()
	defer b.Unlock()
	if p, ok := b.parsers[name]; ok {
		return p
	}
	p := &typed.Parser{Schema: schema.Schema{Types: closure(builtinType(), name)}}
	if b.parsers == nil {
		b.parsers = map[string]*typed.Parser{}
	}
	b.parsers[name] = p
	return p
}

// builtinClosure is the named built-in types and every type they refer
// to, read one at a time.
func builtinClosure(names ...string) []schema.TypeDef {
	b := &builtinTypes
	b.Lock()
	defer b.Unlock()
	return closure(builtinType(), names...)
}

// builtinType finds a built-in type by its name (builtinTypes held).
func builtinType() func(name string) (schema.TypeDef, bool) {
	b := &builtinTypes
	if b.types.data == nil {
		b.types.data = builtinSchemaJSON
	}
	return b.types.find
}

// find reads the type name. It cannot fail but by a generator's bug,
// which TestKindParsers catches.
func (x *typeIndex) find(name string) (schema.TypeDef, bool) {
	if def, ok := x.defs[name]; ok {
		return def, true
	}
	if x.lines == nil {
		lines, err := indexSchemaLines(x.data)
		if err != nil {
			panic(err)
		}
		x.lines = lines
		x.defs = map[string]schema.TypeDef{}
	}
	line, ok := x.lines[name]
	if !ok {
		return schema.TypeDef{}, false
	}
	x.reader.data, x.reader.off = line, 0
	def, err := x.reader.typeDef()
	if err != nil {
		panic(err)
	}
	x.defs[name] = def
	return def, true
}

// indexSchemaLines finds the name of each type in text written as
// builtinSchemaJSON is: "[", then one type per line (ending in a comma
// but the last), then "]". Only the name is read: the key "name" at the
// object's top level, where the field lists' own names are deeper.
func indexSchemaLines(data []byte) (map[string][]byte, error) {
	lines := map[string][]byte{}
	for n, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSuffix(bytes.TrimSpace(line), []byte(","))
		if len(line) == 0 || (len(line) == 1 && (line[0] == '[' || line[0] == ']')) {
			continue
		}
		name, err := topLevelName(line)
		if err != nil {
			return nil, &SchemaError{Err: fmt.Errorf("line %d: %w", n+1, err)}
		}
		lines[name] = line
	}
	return lines, nil
}

// topLevelName is the string value of the key "name" of the JSON object
// line, skipping every nested value.
func topLevelName(line []byte) (string, error) {
	depth := 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case '"':
			end := stringEnd(line, i)
			if end < 0 {
				return "", fmt.Errorf("an unterminated string at offset %d", i)
			}
			if depth == 1 && string(line[i+1:end]) == "name" && end+2 < len(line) && line[end+1] == ':' && line[end+2] == '"' {
				valueEnd := stringEnd(line, end+2)
				if valueEnd < 0 {
					return "", fmt.Errorf("an unterminated string at offset %d", end+2)
				}
				return strconv.Unquote(string(line[end+2 : valueEnd+1]))
			}
			i = end
		}
	}
	return "", fmt.Errorf("a type without a name")
}

// stringEnd is the offset of the quote that ends the JSON string starting
// at line[start], or -1.
func stringEnd(line []byte, start int) int {
	for i := start + 1; i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}
