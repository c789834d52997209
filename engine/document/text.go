package document

import (
	"strings"
	"unicode/utf8"
)

// splitLines splits text into lines as bufio.Reader.ReadLine sees them,
// which is how kubectl's YAML reader cuts a stream: "\n" ends a line and a
// "\r" before it is dropped. A final line without "\n" is still a line,
// and keeps a final "\r".
func splitLines(text string) []string {
	lines := strings.Split(text, "\n")
	last := len(lines) - 1
	if lines[last] == "" {
		lines = lines[:last]
	}
	// lines[last], when there, is not terminated: it keeps its "\r".
	for i := range last {
		lines[i] = strings.TrimSuffix(lines[i], "\r")
	}
	return lines
}

// position turns a byte offset in text into a 1-based line and column
// (the column counts characters, as editors do).
func position(text string, off int) (line, col int) {
	if off > len(text) {
		off = len(text)
	}
	before := text[:off]
	line = strings.Count(before, "\n") + 1
	start := strings.LastIndexByte(before, '\n') + 1
	col = utf8.RuneCountInString(before[start:]) + 1
	return line, col
}

// offsetOf turns a 1-based line and column back into a byte offset.
func offsetOf(lines []string, line, col int) (int, bool) {
	if line < 1 || line > len(lines) {
		return 0, false
	}
	l := lines[line-1]
	off := 0
	for c := 1; c < col; c++ {
		if off >= len(l) {
			return len(l), true
		}
		_, n := utf8.DecodeRuneInString(l[off:])
		off += n
	}
	return off, true
}

// checkEncoding finds the first character go-yaml refuses: invalid UTF-8
// or a character outside YAML's printable set. It returns ok when there is
// none.
func checkEncoding(text string) (line, col int, r rune, invalid, ok bool) {
	for i := 0; i < len(text); {
		// Printable ASCII, the bulk of any pane, without decoding.
		if b := text[i]; b >= 0x20 && b <= 0x7E || b == '\n' {
			i++
			continue
		}
		c, n := utf8.DecodeRuneInString(text[i:])
		if c == utf8.RuneError && n == 1 {
			line, col = position(text, i)
			return line, col, c, true, false
		}
		if !printable(c) {
			line, col = position(text, i)
			return line, col, c, false, false
		}
		i += n
	}
	return 0, 0, 0, false, true
}

// printable is YAML 1.1's set of characters allowed in a stream, which
// go-yaml's reader enforces (plus the byte order mark it skips).
func printable(c rune) bool {
	switch {
	case c == 0x09, c == 0x0A, c == 0x0D:
	case c >= 0x20 && c <= 0x7E:
	case c == 0x85:
	case c >= 0xA0 && c <= 0xD7FF:
	case c >= 0xE000 && c <= 0xFFFD:
	case c >= 0x10000 && c <= 0x10FFFF:
	default:
		return false
	}
	return true
}

// indentOf counts the leading spaces of a line.
func indentOf(l string) int {
	n := 0
	for n < len(l) && l[n] == ' ' {
		n++
	}
	return n
}

// blankOrComment reports a line holding no YAML content.
func blankOrComment(l string) bool {
	t := strings.TrimLeft(l, " \t")
	return t == "" || t[0] == '#'
}
