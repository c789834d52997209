package jsonnetinput

import "strings"

// MaxNesting is the deepest bracket nesting, and the longest run of
// prefix operators (as in - - - 1), read. go-jsonnet parses these
// recursively, and as wasm every Go call is a call on the host's own
// stack: Chromium's worker ran out of it at 1,000 brackets ("Maximum call
// stack size exceeded", the evaluator lost), where natively the Go stack
// lasts some ten thousand. Real Jsonnet nests a few dozen deep.
const MaxNesting = 200

// MaxDepth bounds how deep the expressions of the text nest: the depth of
// the syntax tree go-jsonnet builds, over-approximated by a scan of the
// text before it is parsed (tooDeep). Every pass over that tree (parser,
// desugarer, static checks, evaluator) recurses once or more per level,
// and as wasm on the worker's own stack, which a chain of 100,000 + or
// 50,000 local bindings overran ("Maximum call stack size exceeded"),
// leaving the runtime unusable. How much of the stack a level takes
// depends on how far V8 has optimized the code: under node with V8's
// default stack (about 1 MB, like a browser worker's), a fresh runtime
// ran out near 2,600 local bindings and 4,100 links of a + chain, one
// whose code was all optimized (--no-liftoff) near 510 and 860, and one
// in between (wasm/jsonnet/node_test.mjs) failed at 200 local bindings
// one run in six; after 50 evaluations of the walkthrough, at 516 local
// bindings and 886 operators (and 48 brackets: see docs/limits.md). Hence the weights (localWeight) and a limit well under
// those. Real Jsonnet is a few dozen deep; a file's top-level locals
// count three each.
const MaxDepth = 500

// localWeight is what a local, if, function, assert, error or import
// counts towards MaxDepth: go-jsonnet's parser recurses for each (for
// operators, calls and fields it loops), in a function whose frame is
// large once optimized.
const localWeight = 3

// Depth is what tooDeep found past a limit.
type depthKind int

const (
	withinLimits depthKind = iota
	tooNested              // brackets or prefix operators past MaxNesting
	tooChained             // expression depth past MaxDepth
)

// tooDeep returns the 1-based line and byte column of the first bracket or
// prefix operator past MaxNesting, or the first token taking the
// expression depth past MaxDepth, outside strings and comments, and which
// limit it is; or 0, 0, withinLimits.
//
// The depth is counted per element (between the commas of an array,
// object or argument list): each operator, '.' and bracket adds one, and
// each local, if, function, assert, error and import localWeight, as each
// nests what follows it one level deeper in the tree. What ends a part of an
// expression returns to the depth where it started: ';' to its local or
// assert, then and else to their if, ',' to its local's bindings or to
// the element's start, a closing bracket to its opening one. That never
// counts less than the parser nests (so no deep text gets past it), and
// counts a link of a chain once or twice.
func tooDeep(src string) (line, col int, kind depthKind) {
	s := depthScan{}
	line, lineStart := 1, 0
	depth, run := 0, 0
	// newlines counts the lines of src[from:to], which the loop skips
	// over inside strings and comments.
	newlines := func(from, to int) {
		for j := from; j < to; j++ {
			if src[j] == '\n' {
				line++
				lineStart = j + 1
			}
		}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\n':
			line++
			lineStart = i + 1
			continue
		case c == ' ' || c == '\t' || c == '\r':
			continue
		case c == '#' || (c == '/' && i+1 < len(src) && src[i+1] == '/'):
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				return 0, 0, withinLimits
			}
			i += end - 1 // the newline is counted next
			run = 0
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return 0, 0, withinLimits
			}
			newlines(i, i+2+end)
			i += end + 3
			run = 0
			continue
		case c == '"' || c == '\'':
			end := quoted(src, i, false)
			newlines(i, end)
			i = end
			run = 0
			continue
		case c == '@' && i+1 < len(src) && (src[i+1] == '"' || src[i+1] == '\''):
			end := quoted(src, i+1, true)
			newlines(i, end)
			i = end
			run = 0
			continue
		case strings.HasPrefix(src[i:], "|||"):
			end := textBlockEnd(src, i+3)
			newlines(i, end)
			i = end
			run = 0
			continue
		}
		at := i - lineStart + 1
		switch {
		case c == '(' || c == '[' || c == '{':
			depth++
			if depth > MaxNesting {
				return line, at, tooNested
			}
			run = 0
			if !s.open(c) {
				return line, at, tooChained
			}
			continue
		case c == ')' || c == ']' || c == '}':
			depth = max(depth-1, 0)
			run = 0
			s.close()
			continue
		case c == '-' || c == '+' || c == '!' || c == '~':
			run++
			if run > MaxNesting {
				return line, at, tooNested
			}
		default:
			run = 0
		}
		switch {
		case c == ',':
			s.comma()
		case c == ';':
			s.semicolon()
		case c == '.':
			if !s.deeper() {
				return line, at, tooChained
			}
		case isDigit(c):
			i = numberEnd(src, i) - 1
		case isIdentStart(c):
			end := i + 1
			for end < len(src) && (isIdentStart(src[end]) || isDigit(src[end])) {
				end++
			}
			if !s.word(src[i:end]) {
				return line, at, tooChained
			}
			i = end - 1
		case c == '-' || c == '+' || c == '!' || c == '~':
			// Each may be a unary operator of its own.
			if !s.deeper() {
				return line, at, tooChained
			}
		case strings.IndexByte(operatorChars, c) >= 0:
			// The rest of an operator token, at most one binary
			// operator.
			from, end := i, i
			for end < len(src) && strings.IndexByte(operatorChars, src[end]) >= 0 && strings.IndexByte("+-!~", src[end]) < 0 &&
				!strings.HasPrefix(src[end:], "|||") && !strings.HasPrefix(src[end:], "//") && !strings.HasPrefix(src[end:], "/*") {
				end++
			}
			i = end - 1
			switch src[from:end] {
			case ":", "::", ":::", "=":
				// Separators of fields, bindings and slices.
			default:
				if !s.deeper() {
					return line, at, tooChained
				}
			}
		}
	}
	return 0, 0, withinLimits
}

// operatorChars are the characters of Jsonnet's operator tokens.
const operatorChars = "!:~+-&|^=<>*/%"

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

// numberEnd returns the index after the number starting at src[i]: digits,
// a fraction and an exponent, whose sign is not an operator.
func numberEnd(src string, i int) int {
	for i < len(src) && (isDigit(src[i]) || src[i] == '.' || src[i] == '_') {
		i++
	}
	if i < len(src) && (src[i] == 'e' || src[i] == 'E') {
		i++
		if i < len(src) && (src[i] == '+' || src[i] == '-') {
			i++
		}
		for i < len(src) && isDigit(src[i]) {
			i++
		}
	}
	return i
}

// depthScan follows the expression depth for tooDeep.
type depthScan struct {
	frames []depthFrame
	// top is the innermost frame, or the top level.
	top depthFrame
}

// depthFrame is a bracket's content (or the whole text).
type depthFrame struct {
	object bool
	// base is the depth of the bracket's elements, cur the depth reached
	// in the current element.
	base, cur int
	// marks are the depths the open constructs of the element return to.
	marks []depthMark
}

type depthMark struct {
	depth int
	// word is "local" (its bindings are being read; ';' ends them),
	// "assert" (until ';'), or "if", "then", "else" (the part of the
	// conditional being read).
	word string
}

// deeper counts one level more in the current element; false past MaxDepth.
func (s *depthScan) deeper() bool {
	return s.deeperBy(1)
}

func (s *depthScan) deeperBy(n int) bool {
	s.top.cur += n
	return s.top.cur <= MaxDepth
}

func (s *depthScan) open(c byte) bool {
	if !s.deeper() {
		return false
	}
	s.frames = append(s.frames, s.top)
	s.top = depthFrame{object: c == '{', base: s.top.cur, cur: s.top.cur}
	return true
}

func (s *depthScan) close() {
	if len(s.frames) == 0 {
		return // unbalanced: the parser reports it
	}
	s.top = s.frames[len(s.frames)-1]
	s.frames = s.frames[:len(s.frames)-1]
}

// returnTo drops the marks above the innermost one whose word is one of
// words and returns it; ok is false (and nothing is dropped) if there is
// none.
func (s *depthScan) returnTo(words ...string) (m *depthMark, ok bool) {
	for j := len(s.top.marks) - 1; j >= 0; j-- {
		for _, w := range words {
			if s.top.marks[j].word == w {
				s.top.marks = s.top.marks[:j+1]
				return &s.top.marks[j], true
			}
		}
	}
	return nil, false
}

func (s *depthScan) comma() {
	if m, ok := s.returnTo("local"); ok {
		s.top.cur = m.depth // the next binding
		return
	}
	s.top.marks = s.top.marks[:0]
	s.top.cur = s.top.base
}

func (s *depthScan) semicolon() {
	if m, ok := s.returnTo("local", "assert"); ok {
		// The body: a child of the local or assert, like its bindings.
		s.top.cur = m.depth
		s.top.marks = s.top.marks[:len(s.top.marks)-1]
	}
}

// word counts a keyword; false past MaxDepth.
func (s *depthScan) word(w string) bool {
	switch w {
	case "local", "assert":
		if s.top.object && s.top.cur == s.top.base {
			// An object's local or assert ends at the next comma.
			return s.deeperBy(localWeight)
		}
		if !s.deeperBy(localWeight) {
			return false
		}
		s.top.marks = append(s.top.marks, depthMark{depth: s.top.cur, word: w})
	case "if":
		if !s.deeperBy(localWeight) {
			return false
		}
		s.top.marks = append(s.top.marks, depthMark{depth: s.top.cur, word: "if"})
	case "then":
		if m, ok := s.returnTo("if"); ok {
			m.word = "then"
			s.top.cur = m.depth
		}
	case "else":
		if m, ok := s.returnTo("then"); ok {
			m.word = "else"
			s.top.cur = m.depth
		}
	case "function", "error", "import", "importstr", "importbin":
		return s.deeperBy(localWeight)
	case "in", "for":
		return s.deeper()
	}
	return true
}

// quoted returns the index of the quote closing the string that opens at
// src[open] (the last index when it is unclosed). Verbatim strings escape
// their quote by doubling it; the others use backslashes.
func quoted(src string, open int, verbatim bool) int {
	q := src[open]
	for i := open + 1; i < len(src); i++ {
		switch {
		case !verbatim && src[i] == '\\':
			i++
		case src[i] == q && verbatim && i+1 < len(src) && src[i+1] == q:
			i++
		case src[i] == q:
			return i
		}
	}
	return len(src) - 1
}

// textBlockEnd returns the index of the last | of the ||| closing a text
// block whose opening ||| ends before from: the first line after the
// opening one that starts, after blanks, with |||.
func textBlockEnd(src string, from int) int {
	nl := strings.IndexByte(src[from:], '\n')
	if nl < 0 {
		return len(src) - 1
	}
	for i := from + nl + 1; i < len(src); {
		rest := src[i:]
		body := strings.TrimLeft(rest, " \t")
		if strings.HasPrefix(body, "|||") {
			return i + (len(rest) - len(body)) + 2
		}
		next := strings.IndexByte(rest, '\n')
		if next < 0 {
			break
		}
		i += next + 1
	}
	return len(src) - 1
}
