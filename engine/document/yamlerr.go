package document

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	yaml3 "go.yaml.in/yaml/v3"

	"github.com/applylens/applylens/engine/kube"
)

var lineRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^line (\d+): `) })

// parserProblems are go-yaml's parser (not scanner) messages. go-yaml
// prints the 0-based line of a parser error's token, so the line a person
// counts is one more than the message says.
var parserProblems = []string{
	"did not find expected <document start>",
	"did not find expected node content",
	"did not find expected key",
	"did not find expected '-' indicator",
	"did not find expected ',' or ']'",
	"did not find expected ',' or '}'",
	"found undefined tag handle",
	"found duplicate %YAML directive",
	"found incompatible YAML document",
	"found duplicate %TAG directive",
}

// yamlError turns an error of sigs.k8s.io/yaml on chunk c into an Error
// with the line (and column where it can be found) in the pane, and a
// message that says what to do.
func (r *reader) yamlError(c *chunk, err error) *Error {
	raw := err.Error()
	msg := strings.TrimPrefix(raw, "yaml: ")
	printed := 0
	if m := lineRE().FindStringSubmatch(msg); m != nil {
		printed, _ = strconv.Atoi(m[1])
		msg = msg[len(m[0]):]
	}
	parser := false
	for _, p := range parserProblems {
		if msg == p {
			parser = true
		}
	}
	rel := printed // 1-based line in the chunk
	if parser {
		rel = printed + 1
	} else if rel == 0 {
		rel = 1
	}
	lines := splitLines(c.text)
	if rel > len(lines) {
		rel = len(lines)
	}
	if rel < 1 {
		rel = 1
	}
	abs := func(l int) int { return c.line - 1 + l }
	cite := fmt.Sprintf(" (YAML parser: %q)", msg)
	e := &Error{Reason: ReasonSyntax, InputError: kube.InputError{Pane: r.pane, Line: abs(rel)}}
	line := func(l int) string {
		if l < 1 || l > len(lines) {
			return ""
		}
		return lines[l-1]
	}
	switch {
	case strings.Contains(msg, "exceeded max depth"):
		e.Reason = ReasonTooDeep
		e.Line = abs(deepLine(lines, MaxDepth))
		e.Message = fmt.Sprintf("This object is nested more than %d levels deep (maps and lists inside each other), which applylens does not follow; past 10000 levels kubectl's YAML reader gives up too.", MaxDepth)
	case msg == "document contains excessive aliasing":
		e.Reason = ReasonAliases
		e.Line, e.Column = 0, 0
		if l, col, ok := findToken(lines, "*", ""); ok {
			e.Line, e.Column = abs(l), col
		}
		e.Message = "This YAML uses aliases (*name) so much that expanding them would take an enormous amount of memory (a \"billion laughs\" document). kubectl's YAML reader refuses it, and so does applylens." + cite
	case strings.HasPrefix(msg, "unknown anchor"):
		name := strings.TrimSuffix(strings.TrimPrefix(msg, "unknown anchor '"), "' referenced")
		e.Line, e.Column = 0, 0
		if l, col, ok := findToken(lines, "*", name); ok {
			e.Line, e.Column = abs(l), col
		}
		e.Message = fmt.Sprintf("The alias *%s refers to an anchor &%s that is not defined before it. Define the anchor first, or write the value out.", name, name) + cite
	case strings.Contains(msg, "control characters are not allowed"), strings.Contains(msg, "UTF-8"), strings.Contains(msg, "Unicode"):
		e.Reason = ReasonEncoding
		e.Line = 0
		if l, col, _, _, ok := checkEncoding(c.text); !ok {
			e.Line, e.Column = abs(l), col
		}
		e.Message = "This text contains a character YAML does not allow (a control character or invalid UTF-8)." + cite
	case strings.HasPrefix(raw, "unsupported map key"):
		e.Reason = ReasonUnsupported
		e.Line = 0
		if l, col, ok := findNode(c, func(k, _ *yaml3.Node) *yaml3.Node {
			if k != nil && k.Tag == "!!null" {
				return k
			}
			return nil
		}); ok {
			e.Line, e.Column = l, col
		}
		e.Message = "A key here is null (written as null, ~ or nothing before the colon). JSON, and so Kubernetes, has only text keys: put the key in quotes, like \"null\":, if it is meant as text."
	case strings.HasPrefix(raw, "json: unsupported value"):
		e.Reason = ReasonUnsupported
		e.Line = 0
		if l, col, ok := findNode(c, func(_, v *yaml3.Node) *yaml3.Node {
			if v.Kind == yaml3.ScalarNode && v.Tag == "!!float" && isInfNaN(v.Value) {
				return v
			}
			return nil
		}); ok {
			e.Line, e.Column = l, col
		}
		e.Message = "A value here is .inf or .nan (infinity or not-a-number). JSON cannot hold these, so kubectl cannot send them. Put the value in quotes if it is meant as text."
	case (msg == "mapping values are not allowed in this context" || msg == "could not find expected ':'") && longKeyLine(lines) > 0:
		l := longKeyLine(lines)
		e.Reason = ReasonTooLong
		e.Line, e.Column = abs(l), len(line(l))-len(strings.TrimLeft(line(l), " -"))+1
		e.Message = fmt.Sprintf("The key on line %d is %d characters long; YAML, and so kubectl, reads a key of at most %d characters on one line (a longer one is not taken as a key, so the colon after it is an error). Shorten the key.", e.Line, len(keyText(line(l))), maxYAMLKey) + cite
	case msg == "mapping values are not allowed in this context":
		e.Column = colonColumn(line(rel))
		e.Message = fmt.Sprintf("Line %d has a colon followed by a space where YAML cannot start a new key. If the colon is part of the value, put the value in quotes (\"...\"); otherwise check the indentation: keys of one map start in the same column.", e.Line) + cite
	case msg == "found character that cannot start any token", msg == "found a tab character that violates indentation":
		if col, ok := tabColumn(line(rel)); ok {
			e.Column = col
			e.Message = fmt.Sprintf("Line %d is indented with a tab character. YAML indents with spaces only: replace the tab with spaces.", e.Line) + cite
			break
		}
		if col, ch, ok := badTokenStart(line(rel)); ok {
			e.Column = col
			e.Message = fmt.Sprintf("A value on line %d starts with %q, which YAML reserves. Put the value in quotes.", e.Line, ch) + cite
			break
		}
		e.Message = fmt.Sprintf("Line %d has a character that cannot start a YAML value here (a tab, @ or `?). Use spaces for indentation and quote such values.", e.Line) + cite
	case msg == "could not find expected ':'":
		l := rel
		if l > 1 && (rel == printed || printed == 0) {
			l--
		}
		for l > 1 && blankOrComment(line(l)) {
			l--
		}
		e.Line = abs(l)
		e.Column = indentOf(line(l)) + 1
		e.Message = fmt.Sprintf("Line %d looks like a key but no colon follows it. Write \"key: value\", or indent the line further if it continues the value above.", e.Line) + cite
	case msg == "found unexpected end of stream":
		if l, col, q, ok := openQuote(lines); ok {
			e.Line, e.Column = abs(l), col
			e.Message = fmt.Sprintf("The %s-quoted text that starts on line %d is never closed: add the closing %s.", quoteName(q), e.Line, string(q)) + cite
			break
		}
		e.Message = "The text ends in the middle of a value: a quote or bracket is not closed." + cite
	case msg == "did not find expected key":
		e.Column = indentOf(line(rel)) + 1
		e.Message = fmt.Sprintf("Line %d is not indented like the keys around it. Keys of one map must start in the same column; a deeper indentation needs a key ending in \":\" above it.", e.Line) + cite
	case msg == "did not find expected '-' indicator":
		e.Column = indentOf(line(rel)) + 1
		e.Message = fmt.Sprintf("Line %d is inside a list, whose items start with \"- \" at the same indentation, but it does not start with \"- \" there. Fix the indentation or add the dash.", e.Line) + cite
	case msg == "did not find expected ',' or ']'", msg == "did not find expected ',' or '}'":
		closer := msg[len(msg)-2 : len(msg)-1]
		e.Message = fmt.Sprintf("A bracketed %s is not closed before line %d, or two of its items lack a comma between them. Check the %s and the commas.", map[string]string{"]": "list [...]", "}": "map {...}"}[closer], e.Line, closer) + cite
	case msg == "did not find expected node content":
		e.Column = indentOf(line(rel)) + 1
		e.Message = fmt.Sprintf("Line %d has no value where YAML expects one. Check for a stray character such as a lone \"-\", \",\" or \"]\".", e.Line) + cite
	default:
		if strings.Contains(msg, "cannot unmarshal") {
			e.Message = "A value here does not fit its YAML tag." + cite
			break
		}
		e.Message = "This is not valid YAML" + cite + "."
	}
	return e
}

// jsonError turns the JSON decoder's error into an Error.
func (r *reader) jsonError(err error) *Error {
	e := &Error{Reason: ReasonSyntax, InputError: kube.InputError{Pane: r.pane}}
	off := len(r.text)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off = int(se.Offset) - 1
		if off < 0 {
			off = 0
		}
	}
	e.Line, e.Column = position(r.text, off)
	msg := err.Error()
	hint := ""
	switch {
	case strings.Contains(msg, "exceeded max depth"):
		e.Reason = ReasonTooDeep
		e.Message = fmt.Sprintf("This object is nested more than %d levels deep (maps and lists inside each other), which applylens does not follow.", MaxDepth)
		return e
	case strings.Contains(msg, "looking for beginning of object key string"):
		if off < len(r.text) && r.text[off] == '}' {
			hint = " JSON allows no comma after the last field."
		} else {
			hint = " In JSON every key is written in double quotes."
		}
	case strings.Contains(msg, "after object key:value pair"), strings.Contains(msg, "after array element"):
		hint = " A comma is probably missing before it."
	case strings.Contains(msg, "unexpected EOF"), strings.Contains(msg, "unexpected end"):
		hint = " The text ends before every { and [ is closed."
	case strings.Contains(msg, "in string literal"):
		hint = " Text in JSON strings cannot hold raw tabs or line breaks; write \\t or \\n."
	}
	e.Message = fmt.Sprintf("This looks like JSON (it starts with \"{\") but is not valid JSON at line %d, column %d.%s (JSON parser: %q)", e.Line, e.Column, hint, msg)
	return e
}

// colonColumn finds the colon go-yaml stops at on a line with "mapping
// values are not allowed": the second key indicator of the line, or the
// only one.
func colonColumn(l string) int {
	var cols []int
	quote := byte(0)
	for i := 0; i < len(l); i++ {
		c := l[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' {
				i++
			}
		case c == '"' || c == '\'':
			if i == 0 || strings.IndexByte(" \t:[{,-", l[i-1]) >= 0 {
				quote = c
			}
		case c == '#' && (i == 0 || l[i-1] == ' '):
			i = len(l)
		case c == ':' && (i+1 == len(l) || l[i+1] == ' ' || l[i+1] == '\t'):
			cols = append(cols, i)
		}
	}
	switch {
	case len(cols) >= 2:
		return runeColumn(l, cols[1])
	case len(cols) == 1:
		return runeColumn(l, cols[0])
	}
	return 0
}

func runeColumn(l string, byteOff int) int {
	return len([]rune(l[:byteOff])) + 1
}

func tabColumn(l string) (int, bool) {
	for i := 0; i < len(l); i++ {
		switch l[i] {
		case '\t':
			return i + 1, true
		case ' ', '-':
			continue
		}
		break
	}
	return 0, false
}

// badTokenStart finds a value starting with a character YAML reserves.
func badTokenStart(l string) (int, string, bool) {
	for i := 0; i < len(l); i++ {
		c := l[i]
		if c != '@' && c != '`' {
			continue
		}
		if i == 0 || strings.IndexByte(" \t[{,", l[i-1]) >= 0 {
			return runeColumn(l, i), string(c), true
		}
	}
	return 0, "", false
}

// findToken finds the first "*name" (or "*" of any alias when name is
// empty) outside quotes and comments.
func findToken(lines []string, indicator, name string) (int, int, bool) {
	for n, l := range lines {
		for i := 0; i < len(l); i++ {
			if l[i] == '#' && (i == 0 || l[i-1] == ' ') {
				break
			}
			if !strings.HasPrefix(l[i:], indicator) || (i > 0 && strings.IndexByte(" \t[{,:-", l[i-1]) < 0) {
				continue
			}
			rest := l[i+len(indicator):]
			if name == "" && rest != "" && rest[0] != ' ' {
				return n + 1, runeColumn(l, i), true
			}
			if name != "" && strings.HasPrefix(rest, name) && (len(rest) == len(name) || strings.IndexByte(" ,]}", rest[len(name)]) >= 0) {
				return n + 1, runeColumn(l, i), true
			}
		}
	}
	return 0, 0, false
}

// openQuote finds a quoted scalar that is never closed.
func openQuote(lines []string) (line, col int, q byte, ok bool) {
	for n := 0; n < len(lines); n++ {
		l := lines[n]
		for i := 0; i < len(l); i++ {
			c := l[i]
			if c == '#' && (i == 0 || l[i-1] == ' ') {
				break
			}
			if (c != '"' && c != '\'') || (i > 0 && strings.IndexByte(" \t[{,:-?", l[i-1]) < 0) {
				continue
			}
			el, ei, closed := closeQuote(lines, n, i)
			if !closed {
				return n + 1, runeColumn(l, i), c, true
			}
			n, i = el, ei
			l = lines[n]
		}
	}
	return 0, 0, 0, false
}

// closeQuote finds the quote closing the one at lines[n][i].
func closeQuote(lines []string, n, i int) (int, int, bool) {
	if n < 0 || n >= len(lines) || i < 0 || i >= len(lines[n]) {
		return 0, 0, false
	}
	q := lines[n][i]
	i++
	for ; n < len(lines); n, i = n+1, 0 {
		l := lines[n]
		for ; i < len(l); i++ {
			switch {
			case q == '"' && l[i] == '\\':
				i++
			case l[i] == q && q == '\'' && i+1 < len(l) && l[i+1] == '\'':
				i++
			case l[i] == q:
				return n, i, true
			}
		}
	}
	return 0, 0, false
}

func quoteName(q byte) string {
	if q == '"' {
		return "double"
	}
	return "single"
}

func isInfNaN(s string) bool {
	switch strings.ToLower(strings.TrimLeft(s, "+-")) {
	case ".inf", ".nan":
		return true
	}
	return false
}

// findNode walks chunk c's YAML 1.2 tree for the first mapping entry (key
// k, value v) or sequence item (k nil) for which match returns a node,
// and returns that node's position.
func findNode(c *chunk, match func(k, v *yaml3.Node) *yaml3.Node) (int, int, bool) {
	var root yaml3.Node
	if err := yaml3.Unmarshal([]byte(strings.Repeat("\n", c.line-1)+c.text), &root); err != nil {
		return 0, 0, false
	}
	stack := []*yaml3.Node{&root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch n.Kind {
		case yaml3.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				if m := match(n.Content[i], n.Content[i+1]); m != nil {
					return m.Line, m.Column, true
				}
			}
		case yaml3.SequenceNode:
			for _, e := range n.Content {
				if m := match(nil, e); m != nil {
					return m.Line, m.Column, true
				}
			}
		}
		for i := len(n.Content) - 1; i >= 0; i-- {
			stack = append(stack, n.Content[i])
		}
	}
	return 0, 0, false
}

// deepLine estimates the first line nested deeper than limit, counting
// open brackets and block indentation levels, for an error message.
func deepLine(lines []string, limit int) int {
	flow := 0
	var indents []int
	for n, l := range lines {
		if blankOrComment(l) {
			continue
		}
		ind := indentOf(l)
		if flow == 0 {
			for len(indents) > 0 && indents[len(indents)-1] >= ind {
				indents = indents[:len(indents)-1]
			}
			indents = append(indents, ind)
		}
		dashes := 0
		for i := ind; i+1 < len(l) && l[i] == '-' && l[i+1] == ' '; i += 2 {
			dashes++
			for i+2 < len(l) && l[i+2] == ' ' {
				i++
			}
		}
		if len(indents)+dashes+flow > limit {
			return n + 1
		}
		quote := byte(0)
		for i := 0; i < len(l); i++ {
			c := l[i]
			switch {
			case quote != 0:
				if c == quote {
					quote = 0
				}
			case c == '"' || c == '\'':
				quote = c
			case c == '[' || c == '{':
				flow++
				if len(indents)+dashes+flow > limit {
					return n + 1
				}
			case c == ']' || c == '}':
				flow--
			}
		}
	}
	return 1
}

// maxYAMLKey is the longest implicit key go-yaml's scanner reads (the
// YAML spec's 1024 characters): past it the key is not seen as one.
const maxYAMLKey = 1024

// keyText is what stands before the first ": " of a line (or the line
// without its indentation and dashes when it has none).
func keyText(l string) string {
	t := strings.TrimLeft(l, " -")
	if i := strings.Index(t, ": "); i >= 0 {
		return t[:i]
	}
	return strings.TrimSuffix(t, ":")
}

// longKeyLine is the 1-based number of the first line whose key is longer
// than maxYAMLKey, or 0.
func longKeyLine(lines []string) int {
	for i, l := range lines {
		if len(l) > maxYAMLKey && !blankOrComment(l) && (strings.Contains(l, ": ") || strings.HasSuffix(l, ":")) && len(keyText(l)) > maxYAMLKey {
			return i + 1
		}
	}
	return 0
}
