package jsonnetinput

import "strings"

// MaxNesting is the deepest bracket nesting, and the longest run of
// prefix operators (as in - - - 1), read. go-jsonnet parses these
// recursively, and as wasm every Go call is a call on the host's own
// stack: Chromium's worker ran out of it at 1,000 brackets ("Maximum call
// stack size exceeded", the evaluator lost), where natively the Go stack
// lasts some ten thousand. Real Jsonnet nests a few dozen deep.
const MaxNesting = 200

// tooDeep returns the 1-based line and byte column of the first bracket or
// prefix operator past MaxNesting, outside strings and comments, or 0, 0.
func tooDeep(src string) (line, col int) {
	depth, run := 0, 0
	line, lineStart := 1, 0
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
				return 0, 0
			}
			i += end - 1 // the newline is counted next
			run = 0
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return 0, 0
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
		switch c {
		case '(', '[', '{':
			depth++
			if depth > MaxNesting {
				return line, i - lineStart + 1
			}
			run = 0
		case ')', ']', '}':
			depth = max(depth-1, 0)
			run = 0
		case '-', '+', '!', '~':
			run++
			if run > MaxNesting {
				return line, i - lineStart + 1
			}
		default:
			run = 0
		}
	}
	return 0, 0
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
