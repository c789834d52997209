package yamlemit

import (
	"math"
	"slices"
	"sort"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/applylens/applylens/engine/yamlpos"
)

// The YAML renderings of the page come from a port of the part of
// go-yaml v2's emitter (go.yaml.in/yaml/v2 emitterc.go) that
// sigs.k8s.io/yaml's JSONToYAML drives: JSONToYAML reads the JSON with
// go-yaml v2 (numbers and strings come back as go-yaml resolves them) and
// marshals the result, block style, keys in go-yaml's natural order. The
// emitter below writes the same bytes straight from a decoded value, and
// can note on the way where every node starts, which is what
// document.Index.Span needs: no second parse of the text.
//
// The state (column, whitespace, indention, indent) and the functions
// keep go-yaml's names and order so that the two can be read side by
// side. Only block collections and scalars occur: JSONToYAML never asks
// for flow style, and the emitter uses it only for empty collections.

// bestWidth is go-yaml's default line width: scalars break at a space
// past it.
const bestWidth = 80

// maxFlowLevel is go-yaml's nesting limit when it reads the JSON.
const maxFlowLevel = 10000

// emitter writes one document.
type emitter struct {
	buf        []byte
	column     int  // characters since the last line break, as go-yaml counts
	whitespace bool // the last character written was whitespace
	indention  bool // only indentation since the last line break
	indent     int
	depth      int

	// fallback is set when the value holds something go-yaml would not
	// read back from its JSON or that the emitter does not model; the
	// caller then has go-yaml read the JSON (JSONToYAML), which fails
	// the same way or gives a decoded value.
	fallback bool
	// decoded is set when the value is go-yaml's own reading of a JSON
	// text (emitDecoded): its strings need no reading back and its
	// numbers are go-yaml's (int, uint64, float64), written as its
	// Marshal writes them.
	decoded bool

	// keys is scratch for sorting map keys, used as a stack; scratch for
	// the JSON of a scalar.
	keys    []string
	scratch []byte
	order   keyOrder

	// tree, when not nil, receives the positions of the nodes.
	tree *yamlpos.Tree
	// tokLine and tokCol are where the last scalar written starts (its
	// first character or opening quote): 1-based line, 0-based column.
	tokLine, tokCol int
	// endLine is the line a quoted scalar closes on.
	endLine int
	// line is the current line, 1-based: the count of "\n" written, plus
	// one (go-yaml's own count also goes up at U+2028 and U+2029).
	line int
}

// spare keeps one emitter, with its buffers, between renders: a
// sync.Pool would drop it at every collection, and the page renders the
// same few hundred kilobytes on every keystroke.
var spare struct {
	sync.Mutex
	e *emitter
}

func getEmitter() *emitter {
	spare.Lock()
	e := spare.e
	spare.e = nil
	spare.Unlock()
	if e == nil {
		e = &emitter{buf: make([]byte, 0, 4096)}
	}
	return e
}

func putEmitter(e *emitter) {
	if cap(e.buf) > 1<<22 {
		return
	}
	clear(e.keys[:cap(e.keys)]) // the keys of a value the caller may drop
	e.tree = nil
	spare.Lock()
	spare.e = e
	spare.Unlock()
}

// Emit renders v as sigs.k8s.io/yaml's JSONToYAML of its JSON writes it;
// tree, when not nil, receives the positions. ok is false when the caller
// must fall back to sigs.k8s.io/yaml's way (JSONToYAML), which fails as
// kubectl would or reads the value differently.
func Emit(v any, tree *yamlpos.Tree) (text string, ok bool) {
	e := getEmitter()
	defer putEmitter(e)
	e.reset(tree)
	e.node(v, nodeCtx{})
	if !e.fallback {
		// Document end: go-yaml breaks the line unless it was just broken.
		e.indent = -1
		e.writeIndent()
		text = string(e.buf)
	}
	if tree != nil {
		tree.Text = text
	}
	return text, !e.fallback
}

// emitDecoded renders o, what go-yaml v2 reads from a JSON text, as its
// Marshal writes it: with JSONToYAML, sigs.k8s.io/yaml's JSONToYAML
// without go-yaml's encoder and emitter in the page's WebAssembly.
func emitDecoded(o any) (text string, ok bool) {
	e := getEmitter()
	defer putEmitter(e)
	e.reset(nil)
	e.decoded = true
	e.node(o, nodeCtx{})
	if e.fallback {
		return "", false
	}
	e.indent = -1
	e.writeIndent()
	return string(e.buf), true
}

func (e *emitter) reset(tree *yamlpos.Tree) {
	*e = emitter{buf: e.buf[:0], keys: e.keys[:0], scratch: e.scratch, tree: tree}
	e.indent = -1
	e.whitespace = true
	e.indention = true
	e.line = 1
}

// nodeCtx is the part of go-yaml's emitter context for one node that
// matters here: whether it is a map's key or value (mapping_context),
// and a key written on the line of its ":" (simple_key_context).
type nodeCtx struct {
	mapping, simpleKey bool
}

// node writes one value and returns its node in the tree (-1 without a
// tree).
func (e *emitter) node(v any, ctx nodeCtx) int32 {
	if e.fallback {
		return -1
	}
	switch t := v.(type) {
	case nil:
		return e.plainWord("null")
	case bool:
		if t {
			return e.plainWord("true")
		}
		return e.plainWord("false")
	case string:
		s, ok := t, true
		if !e.decoded {
			s, ok = readBack(t, false)
		}
		if !ok {
			e.fallback = true
			return -1
		}
		return e.str(s, ctx, analyze(s))
	case int64:
		var b [24]byte
		return e.plainWord(string(strconv.AppendInt(b[:0], t, 10)))
	case float64:
		if e.decoded {
			return e.plainWord(marshalFloat(t))
		}
		w, ok := floatWord(t)
		if !ok {
			e.fallback = true
			return -1
		}
		return e.plainWord(w)
	case int:
		if e.decoded {
			var b [24]byte
			return e.plainWord(string(strconv.AppendInt(b[:0], int64(t), 10)))
		}
	case uint64:
		if e.decoded {
			var b [24]byte
			return e.plainWord(string(strconv.AppendUint(b[:0], t, 10)))
		}
	case map[any]any:
		if e.decoded {
			if m, ok := stringKeys(t); ok {
				return e.mapping(m, ctx)
			}
		}
	case map[string]any:
		if t == nil {
			return e.plainWord("null")
		}
		return e.mapping(t, ctx)
	case []any:
		if t == nil {
			return e.plainWord("null")
		}
		return e.sequence(t, ctx)
	}
	// json.Number, typed values: not what jsonvalue decodes.
	e.fallback = true
	return -1
}

// mapping writes a map: block style, or {} when empty.
func (e *emitter) mapping(m map[string]any, ctx nodeCtx) int32 {
	if e.depth++; e.depth > maxFlowLevel {
		e.fallback = true
		return -1
	}
	defer func() { e.depth-- }()
	if len(m) == 0 {
		return e.emptyFlow('{', '}', yamlpos.KindFlowMap)
	}
	base := len(e.keys)
	clean := true
	for k := range m {
		if len(k) > maxShortKey && !e.decoded && !keyFits(k) {
			e.fallback = true
			return -1
		}
		if clean && !utf8.ValidString(k) {
			clean = false
		}
		e.keys = append(e.keys, k)
	}
	if !clean {
		// The JSON encoder turns invalid UTF-8 into U+FFFD: keys may
		// collide, and go-yaml keeps the last one of the JSON, whose keys
		// are in byte order of the originals.
		e.keys = e.keys[:base]
		var ok bool
		if m, ok = e.cleanKeys(m); !ok {
			e.fallback = true
			return -1
		}
		for k := range m {
			e.keys = append(e.keys, k)
		}
	}
	keys := e.keys[base:]
	if !clean || keysWithDigits(keys) {
		// Around digits go-yaml's order is not always transitive ("0001"
		// < "000a" < "001" < "0001"): its result then depends on the
		// order it found the keys in, the map's random one. Start from
		// a fixed one, so that the text depends only on the value.
		slices.Sort(keys)
	}
	e.order.keys = keys
	sort.Sort(&e.order)
	e.order.keys = nil
	defer func() { e.keys = e.keys[:base] }()

	var node, first int32 = -1, -1
	if e.tree != nil {
		node, first = e.tree.AddMap(len(keys))
	}
	saved := e.indent
	e.increaseIndent(false, false)
	for i, k := range keys {
		key, ok := k, true
		if !e.decoded {
			key, ok = readBack(k, true)
		}
		if !ok {
			e.fallback = true
			return -1
		}
		a := analyze(key)
		e.writeIndent()
		simple := !a.multiline && len(key) <= 128
		if i == 0 && e.tree != nil {
			nd := e.tree.Nodes.At(node)
			nd.Line, nd.Col = int32(e.line), int32(e.column)+1
		}
		if !simple {
			e.writeIndicator("?", true, false, true)
		}
		e.str(key, nodeCtx{mapping: true, simpleKey: simple}, a)
		keyLine, keyCol := e.tokLine, e.tokCol
		if simple {
			e.writeIndicator(":", false, false, false)
		} else {
			e.writeIndent()
			e.writeIndicator(":", true, false, true)
		}
		val := e.node(m[k], nodeCtx{mapping: true})
		if e.fallback {
			return -1
		}
		if e.tree != nil {
			*e.tree.Entries.At(first + int32(i)) = yamlpos.Entry{Key: key, Line: int32(keyLine), Col: int32(keyCol) + 1, Value: val}
		}
	}
	e.indent = saved
	return node
}

// stringKeys is m, a map go-yaml decoded, with its keys as strings; false
// when one is not a string (never for a JSON text, whose keys are quoted).
func stringKeys(m map[any]any) (map[string]any, bool) {
	out := make(map[string]any, len(m))
	for k, v := range m {
		s, ok := k.(string)
		if !ok {
			return nil, false
		}
		out[s] = v
	}
	return out, true
}

// marshalFloat is the word go-yaml's encoder writes for f (floatv).
func marshalFloat(f float64) string {
	switch s := strconv.FormatFloat(f, 'g', -1, 64); s {
	case "+Inf":
		return ".inf"
	case "-Inf":
		return "-.inf"
	case "NaN":
		return ".nan"
	default:
		return s
	}
}

// keysWithDigits reports keys holding an ASCII digit or a non-ASCII
// character (which may be a digit).
func keysWithDigits(keys []string) bool {
	for _, k := range keys {
		for i := 0; i < len(k); i++ {
			if c := k[i]; c >= '0' && c <= '9' || c >= utf8.RuneSelf {
				return true
			}
		}
	}
	return false
}

// cleanKeys returns m with its keys as the JSON encoder writes them. The
// values it drops are still read by go-yaml: ok is false when one of them
// would make it fail.
func (e *emitter) cleanKeys(m map[string]any) (map[string]any, bool) {
	raw := make([]string, 0, len(m))
	for k := range m {
		raw = append(raw, k)
	}
	slices.Sort(raw)
	out := make(map[string]any, len(m))
	for _, k := range raw {
		c := validUTF8(k)
		if dropped, dup := out[c]; dup {
			check := &emitter{indent: -1, whitespace: true, indention: true, depth: e.depth}
			if check.node(dropped, nodeCtx{mapping: true}); check.fallback {
				return nil, false
			}
		}
		out[c] = m[k]
	}
	return out, true
}

// sequence writes a list: block style, or [] when empty.
func (e *emitter) sequence(l []any, ctx nodeCtx) int32 {
	if e.depth++; e.depth > maxFlowLevel {
		e.fallback = true
		return -1
	}
	defer func() { e.depth-- }()
	if len(l) == 0 {
		return e.emptyFlow('[', ']', yamlpos.KindFlowSeq)
	}
	var node, first int32 = -1, -1
	if e.tree != nil {
		node, first = e.tree.AddSeq(len(l))
	}
	saved := e.indent
	e.increaseIndent(false, ctx.mapping && !e.indention)
	for i, item := range l {
		e.writeIndent()
		if i == 0 && e.tree != nil {
			nd := e.tree.Nodes.At(node)
			nd.Line, nd.Col = int32(e.line), int32(e.column)+1
		}
		e.writeIndicator("-", true, false, true)
		n := e.node(item, nodeCtx{})
		if e.fallback {
			return -1
		}
		if e.tree != nil {
			*e.tree.Kids.At(first + int32(i)) = n
		}
	}
	e.indent = saved
	return node
}

// emptyFlow writes {} or [].
func (e *emitter) emptyFlow(open, close byte, kind uint8) int32 {
	if !e.whitespace {
		e.put(' ')
	}
	var n int32 = -1
	if e.tree != nil {
		n = e.tree.AddNode(yamlpos.Node{Kind: kind, Line: int32(e.line), Col: int32(e.column) + 1})
	}
	e.buf = append(e.buf, open, close)
	e.column += 2
	e.whitespace = false
	e.indention = false
	return n
}

// plainWord writes a scalar that is plain, one word of ASCII: null, a
// boolean, a number.
func (e *emitter) plainWord(w string) int32 {
	if !e.whitespace {
		e.put(' ')
	}
	var n int32 = -1
	if e.tree != nil {
		n = e.tree.AddNode(yamlpos.Node{Kind: yamlpos.KindScalar, Style: yamlpos.StylePlain, Line: int32(e.line), Col: int32(e.column) + 1})
	}
	e.buf = append(e.buf, w...)
	e.column += len(w)
	e.whitespace = false
	e.indention = false
	return n
}

// floatWord is the text go-yaml gives a float64 after reading back the
// JSON encoder's spelling of it: a whole number below 1e21 is written
// without a fraction, so it comes back as an int (or uint64).
func floatWord(f float64) (string, bool) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return "", false // the JSON encoder refuses it
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e21 {
		lit := strconv.FormatFloat(f, 'f', -1, 64)
		if i, err := strconv.ParseInt(lit, 10, 64); err == nil {
			return strconv.FormatInt(i, 10), true
		}
		if f > 0 && f < 1<<64 {
			return lit, true // uint64
		}
	}
	return strconv.FormatFloat(f, 'g', -1, 64), true
}

// put writes one ASCII character.
func (e *emitter) put(c byte) {
	e.buf = append(e.buf, c)
	e.column++
}

// The writers from here on are not inlined (//go:noinline): they are
// called from every style's loop, each inlined copy costs WebAssembly
// size, and the hot paths (a word of ASCII) do not call them.

// putBreak writes a line break.
//
//go:noinline
func (e *emitter) putBreak() {
	e.buf = append(e.buf, '\n')
	e.column = 0
	e.line++
}

// write copies the character at s[i] and returns the index after it.
//
//go:noinline
func (e *emitter) write(s string, i int) int {
	w := width(s[i])
	e.buf = append(e.buf, s[i:i+w]...)
	e.column++
	return i + w
}

// writeBreak copies the line break at s[i].
//
//go:noinline
func (e *emitter) writeBreak(s string, i int) int {
	if s[i] == '\n' {
		e.putBreak()
		return i + 1
	}
	i = e.write(s, i)
	e.column = 0
	if e.tree != nil {
		// U+2028 or U+2029, which go-yaml writes raw in single-quoted and
		// literal scalars: document.LocateValue reads them as spaces, and
		// what follows on the line may not parse. Leave such a text to it.
		e.tree.Legacy = true
	}
	return i
}

func (e *emitter) increaseIndent(flow, indentless bool) {
	if e.indent < 0 {
		if flow {
			e.indent = 2
		} else {
			e.indent = 0
		}
	} else if !indentless {
		e.indent += 2
	}
}

// writeIndent breaks the line unless the emitter is at its start, and
// indents.
//
//go:noinline
func (e *emitter) writeIndent() {
	indent := max(e.indent, 0)
	if !e.indention || e.column > indent || (e.column == indent && !e.whitespace) {
		e.putBreak()
	}
	for e.column < indent {
		e.put(' ')
	}
	e.whitespace = true
	e.indention = true
}

// writeIndicator writes an indicator (":", "-", a quote), after a space
// when it needs one.
//
//go:noinline
func (e *emitter) writeIndicator(ind string, needWhitespace, isWhitespace, isIndention bool) {
	if needWhitespace && !e.whitespace {
		e.put(' ')
	}
	e.buf = append(e.buf, ind...)
	e.column += len(ind)
	e.whitespace = isWhitespace
	e.indention = e.indention && isIndention
}
