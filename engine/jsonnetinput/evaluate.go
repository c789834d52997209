package jsonnetinput

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	jsonnet "github.com/google/go-jsonnet"
	"github.com/google/go-jsonnet/ast"
	"github.com/google/go-jsonnet/toolutils"
)

// Limits of one evaluation. Wall-clock time is not limited here: Go in
// wasm cannot interrupt a running computation, so the page's worker
// timeout does it.
const (
	// MaxSourceSize is the largest Jsonnet text evaluated, in bytes.
	MaxSourceSize = 1 << 20
	// MaxOutputSize is the largest JSON accepted: the engine's own limit
	// on a pane (engine/document.MaxSize).
	MaxOutputSize = 5 << 20
	// MaxStack is the deepest call stack of Jsonnet functions and
	// objects; past it evaluation fails with a runtime error instead of
	// growing the Go stack without bound. Calls marked tailstrict count
	// too (see Evaluate). As wasm every frame is also on the worker's own
	// stack: Chromium's ran out near 500 ("Maximum call stack size
	// exceeded", the evaluator lost), so the limit keeps a wide margin.
	MaxStack = 250
	// MaxMadeItems is the longest array std.range, std.makeArray and
	// std.repeat make in one call; MaxMadeChars the longest string
	// std.repeat makes. Past them the call
	// fails with a runtime error. go-jsonnet allocates such an array at
	// once, and Go cannot recover from running out of memory: natively
	// std.range(0, 1e9) ended the process, as wasm the worker. A million
	// items (some 80 MB in the evaluator) is already past anything a
	// pane can hold: printed, they would be over MaxOutputSize.
	MaxMadeItems = 1_000_000
	MaxMadeChars = MaxOutputSize
)

// guard is put before the pane's text, on its first line: it shadows the
// std functions that allocate in proportion to a number they are given
// (see MaxMadeItems). Only explicit std.… calls see it: go-jsonnet's
// desugared constructs and the standard library itself use their own
// reference to std, which is not the user's.
var guard = strings.Join([]string{
	"local applylensStd = std;",
	"local std = applylensStd + {",
	fmt.Sprintf("range(from, to):: if applylensStd.isNumber(from) && applylensStd.isNumber(to) && to - from + 1 > %d then error %q %% (to - from + 1) else super.range(from, to),", MaxMadeItems, tooManyItems("std.range", "%d")),
	fmt.Sprintf("makeArray(sz, func):: if applylensStd.isNumber(sz) && sz > %d then error %q %% sz else super.makeArray(sz, func),", MaxMadeItems, tooManyItems("std.makeArray", "%d")),
	fmt.Sprintf("repeat(what, count):: if applylensStd.isNumber(count) && applylensStd.isArray(what) && applylensStd.length(what) * count > %d then error %q %% (applylensStd.length(what) * count) "+
		"else if applylensStd.isNumber(count) && applylensStd.isString(what) && applylensStd.length(what) * count > %d then error %q %% (applylensStd.length(what) * count) else super.repeat(what, count),",
		MaxMadeItems, tooManyItems("std.repeat", "%d"), MaxMadeChars, tooManyChars("std.repeat", "%d")),
	"}; ",
}, " ")

func tooManyItems(fn, n string) string {
	return fmt.Sprintf("%s would make an array of %s items; applylens makes at most %d in one call (a pane could not hold more).", fn, n, MaxMadeItems)
}

func tooManyChars(fn, n string) string {
	return fmt.Sprintf("%s would make a string of %s characters; applylens makes at most %d in one call (a pane could not hold more).", fn, n, MaxMadeChars)
}

// Reason classifies an Error.
type Reason string

// Reasons of Error.
const (
	ReasonSyntax    Reason = "syntax"        // lexing, parsing or static checks (unknown variable)
	ReasonRuntime   Reason = "runtime"       // error, assert, std function failures, type errors
	ReasonImport    Reason = "import"        // import, importstr or importbin
	ReasonTooDeep   Reason = "too-deep"      // over MaxStack or MaxNesting
	ReasonTooLarge  Reason = "too-large"     // source or output over its limit
	ReasonNotObject Reason = "not-an-object" // evaluated, but not to an object
	ReasonInternal  Reason = "internal"      // the evaluator crashed
)

// Error is why a Jsonnet text gave no object.
type Error struct {
	Reason Reason
	// Line and Column are 1-based, in the Jsonnet text; Column counts
	// characters, not bytes. 0 when unknown.
	Line    int
	Column  int
	Message string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("jsonnet:%d:%d: %s", e.Line, e.Column, e.Message)
	}
	return "jsonnet: " + e.Message
}

// fileName is the diagnostic name of the pane's text; frames with another
// name are inside the standard library.
const fileName = "configuration file"

// errNoImports is what the importer answers; Evaluate recognizes it to
// name the import in its message.
var errNoImports = errors.New("no files to import from")

type noImports struct{}

func (noImports) Import(_, path string) (jsonnet.Contents, string, error) {
	return jsonnet.Contents{}, "", fmt.Errorf("%w: %q", errNoImports, path)
}

// Evaluate returns the JSON that source evaluates to, indented, ending in
// a newline. It is an error, of type *Error, unless that is one object.
func Evaluate(source string) (string, error) {
	if len(source) > MaxSourceSize {
		return "", &Error{Reason: ReasonTooLarge, Message: fmt.Sprintf("The Jsonnet is %s; applylens evaluates at most %s.", size(len(source)), size(MaxSourceSize))}
	}
	if line, col, kind := tooDeep(source); kind != withinLimits {
		e := &Error{Reason: ReasonTooDeep, Message: fmt.Sprintf("Brackets or prefix operators are nested more than %d levels deep here, which applylens does not evaluate.", MaxNesting)}
		if kind == tooChained {
			e.Message = fmt.Sprintf("Expressions are nested more than %d levels deep here (each operator, .field, call, local, if/else and bracket nests what follows it), which applylens does not evaluate: the evaluator would run out of stack. "+
				"Make the chain shorter: add many values with std.foldl or std.sum over an array, gather many locals into one object (local c = { a: …, b: … };), test many cases with a lookup in an object instead of if/else.", MaxDepth)
		}
		e.Line, e.Column = position(source, ast.Location{Line: line, Column: col})
		return "", e
	}
	node, err := jsonnet.SnippetToAST(fileName, guard+source)
	if err != nil {
		return "", locate(source, err)
	}
	countTailCalls(node)
	vm := jsonnet.MakeVM()
	vm.MaxStack = MaxStack
	vm.Importer(noImports{})
	// std.trace would otherwise write to the console of the worker.
	vm.SetTraceOut(io.Discard)
	out, err := vm.Evaluate(node)
	if err != nil {
		return "", locate(source, err)
	}
	if len(out) > MaxOutputSize {
		return "", &Error{Reason: ReasonTooLarge, Message: fmt.Sprintf("The Jsonnet evaluates to %s of JSON; applylens reads at most %s per pane.", size(len(out)), size(MaxOutputSize))}
	}
	if what := kindOf(out); what != "" {
		return "", &Error{Reason: ReasonNotObject, Message: fmt.Sprintf("The Jsonnet evaluates to %s, not an object: the configuration file must be one Kubernetes object.", what)}
	}
	return out, nil
}

// countTailCalls drops tailstrict from the calls in the pane's text.
// go-jsonnet runs a tailstrict call without counting it against MaxStack,
// but still on a deeper Go stack: endless tail recursion would overflow
// that, which kills the runtime instead of failing the evaluation. The
// only other effect of tailstrict is evaluating arguments eagerly, which
// changes no result, only which of two errors is reported first.
func countTailCalls(root ast.Node) {
	stack := []ast.Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if call, ok := n.(*ast.Apply); ok {
			call.TailStrict = false
		}
		stack = append(stack, toolutils.Children(n)...)
	}
}

// kindOf names what a JSON text is unless it is an object ("").
func kindOf(out string) string {
	s := strings.TrimLeft(out, " \t\r\n")
	switch {
	case strings.HasPrefix(s, "{"):
		return ""
	case strings.HasPrefix(s, "["):
		return "an array"
	case strings.HasPrefix(s, `"`):
		return "a string"
	case strings.HasPrefix(s, "true"), strings.HasPrefix(s, "false"):
		return "a boolean"
	case strings.HasPrefix(s, "null"):
		return "null"
	default:
		return "a number"
	}
}

// located is what go-jsonnet's static errors implement (the type is
// internal to it).
type located interface {
	Loc() ast.LocationRange
}

// locate turns an evaluator error into an *Error at the innermost place
// in the pane's text it points to.
func locate(source string, err error) *Error {
	var rt jsonnet.RuntimeError
	if errors.As(err, &rt) {
		e := &Error{Reason: ReasonRuntime, Message: rt.Msg}
		topLevel := false
		// Frames go from the outermost to the innermost.
		for i := len(rt.StackTrace) - 1; i >= 0; i-- {
			loc := rt.StackTrace[i].Loc
			if at, ok := inSource(loc.Begin); ok && loc.FileName == fileName {
				e.Line, e.Column = position(source, at)
				break
			}
		}
		for _, f := range rt.StackTrace {
			if f.Loc.FileName == "Top-level function call" {
				topLevel = true
			}
		}
		switch {
		case strings.Contains(rt.Msg, errNoImports.Error()):
			e.Reason = ReasonImport
			e.Message = fmt.Sprintf("Imports are not available: the playground has no files, so %s cannot be read. Paste what it holds into this pane instead (for example as a local).", importedPath(rt.Msg))
		case strings.HasPrefix(rt.Msg, "max stack frames exceeded"):
			e.Reason = ReasonTooDeep
			e.Message = fmt.Sprintf("Evaluation went more than %d calls deep (max stack frames exceeded; tailstrict calls count too): a function that calls itself without end, or values nested too deep.", MaxStack)
		case topLevel:
			e.Message = fmt.Sprintf("The Jsonnet is a function, and applylens passes no top-level arguments (%s). Call it in the text instead.", rt.Msg)
		}
		return e
	}
	var se located
	if errors.As(err, &se) {
		loc := se.Loc()
		e := &Error{Reason: ReasonSyntax, Message: err.Error()}
		// The message starts with the location, which the page shows
		// its own way.
		if loc.IsSet() {
			e.Message = strings.TrimPrefix(e.Message, loc.String()+" ")
			if at, ok := inSource(loc.Begin); ok {
				e.Line, e.Column = position(source, at)
			}
		}
		return e
	}
	// go-jsonnet turns its own panics into errors starting "(CRASH)",
	// followed by a Go stack that means nothing to the user.
	msg, _, _ := strings.Cut(err.Error(), "\n")
	return &Error{Reason: ReasonInternal, Message: "The Jsonnet evaluator failed: " + msg}
}

// importedPath picks the quoted path out of the importer's error.
func importedPath(msg string) string {
	if i := strings.Index(msg, `"`); i >= 0 {
		return msg[i:]
	}
	return "the imported file"
}

// inSource converts a location in the text evaluated (guard, then the
// pane's text) into one in the pane's text; false when it is unset or
// inside the guard.
func inSource(at ast.Location) (ast.Location, bool) {
	if !at.IsSet() {
		return at, false
	}
	if at.Line == 1 {
		if at.Column <= len(guard) {
			return at, false
		}
		at.Column -= len(guard)
	}
	return at, true
}

// position converts go-jsonnet's 1-based line and byte column into a
// 1-based character column.
func position(source string, at ast.Location) (line, column int) {
	rest := source
	for range at.Line - 1 {
		i := strings.IndexByte(rest, '\n')
		if i < 0 {
			return at.Line, at.Column
		}
		rest = rest[i+1:]
	}
	if nl := strings.IndexByte(rest, '\n'); nl >= 0 {
		rest = rest[:nl]
	}
	bytes := min(max(at.Column-1, 0), len(rest))
	return at.Line, utf8.RuneCountInString(rest[:bytes]) + 1
}

func size(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
}
