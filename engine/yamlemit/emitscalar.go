package yamlemit

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/applylens/applylens/engine/yamlpos"
	"github.com/applylens/applylens/engine/yamlresolve"
)

// The helpers marked //go:noinline below run on rare inputs only (a key
// past 170 bytes, invalid UTF-8, a string starting with a digit...): kept
// out of their callers, they cost less WebAssembly.

// maxShortKey is the longest key (in bytes) whose JSON form cannot pass
// go-yaml's limit on simple keys: 6 characters a byte at most, quotes
// included.
const maxShortKey = (1024 - 2) / 6

// keyFits reports whether go-yaml reads key k of a JSON object: the ":"
// after a key must come at most 1024 characters after its opening quote.
//
//go:noinline
func keyFits(k string) bool {
	n := 2 // the quotes
	for i := 0; i < len(k); {
		c := k[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '<' || c == '>' || c == '&':
				n += 6
			case c == '"' || c == '\\' || c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t':
				n += 2
			case c < 0x20:
				n += 6
			default:
				n++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(k[i:])
		switch {
		case r == utf8.RuneError && size == 1, r == '\u2028', r == '\u2029':
			n += 6
		default:
			n++
		}
		i += size
	}
	return n <= 1024
}

// validUTF8 is s as the JSON encoder writes it: every byte that is not
// UTF-8 becomes U+FFFD.
//
//go:noinline
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteString("\uFFFD")
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// readBack is the string go-yaml reads from the JSON encoding of s (a key
// when key is set). ok is false when go-yaml fails: a character its reader
// refuses (DEL, C1 controls, U+FFFE, U+FFFF, which the JSON encoder leaves
// raw), a line break (U+0085, also left raw) in a key, or a line that the
// break starts with a document marker. Elsewhere a raw U+0085 is a line
// break in a double-quoted scalar, folded as YAML folds lines.
func readBack(s string, key bool) (string, bool) {
	i := 0
	for i < len(s) && s[i] < 0x7F {
		i++
	}
	if i == len(s) {
		return s, true // ASCII without DEL: the common case
	}
	s = validUTF8(s)
	nel := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x7F:
		case c == 0x7F:
			return "", false
		case c == 0xC2 && s[i+1] < 0xA0:
			if s[i+1] != 0x85 || key {
				return "", false
			}
			nel = true
		case c == 0xEF && s[i+1] == 0xBF && s[i+2] >= 0xBE:
			return "", false
		}
	}
	if !nel {
		return s, true
	}
	return foldNEL(s)
}

// isNEL reports a U+0085 at s[i].
func isNEL(s string, i int) bool {
	return i+1 < len(s) && s[i] == 0xC2 && s[i+1] == 0x85
}

// foldNEL reads s as go-yaml's scanner reads the double-quoted JSON string
// holding it, where only spaces are blanks and U+0085 the only raw line
// break (yaml_parser_scan_flow_scalar).
//
//go:noinline
func foldNEL(s string) (string, bool) {
	out := make([]byte, 0, len(s))
	atLineStart := false
	for i := 0; ; {
		if atLineStart && (strings.HasPrefix(s[i:], "---") || strings.HasPrefix(s[i:], "...")) &&
			i+3 < len(s) && (s[i+3] == ' ' || isNEL(s, i+3)) {
			return "", false // "found unexpected document indicator"
		}
		for i < len(s) && s[i] != ' ' && !isNEL(s, i) {
			out = append(out, s[i])
			i++
		}
		if i >= len(s) {
			return string(out), true
		}
		leadingBlanks := false
		spaces, trailing := 0, 0
		for i < len(s) && (s[i] == ' ' || isNEL(s, i)) {
			if s[i] == ' ' {
				if !leadingBlanks {
					spaces++
				}
				i++
				atLineStart = false
				continue
			}
			if !leadingBlanks {
				spaces = 0
				leadingBlanks = true
			} else {
				trailing++
			}
			i += 2
			atLineStart = true
		}
		switch {
		case !leadingBlanks:
			out = append(out, strings.Repeat(" ", spaces)...)
		case trailing == 0:
			out = append(out, ' ')
		default:
			out = append(out, strings.Repeat("\n", trailing)...)
		}
	}
}

// scalarInfo is what go-yaml's yaml_emitter_analyze_scalar finds, for the
// block context (the only one scalars are written in here).
type scalarInfo struct {
	multiline, blockPlain, singleQuoted, block bool
}

func analyze(s string) scalarInfo {
	// Most scalars are one word of ASCII: nothing in them but what may
	// start them.
	i := 0
	for i < len(s) && plainASCII[s[i]] {
		i++
	}
	if i > 0 && i == len(s) {
		indicator := strings.IndexByte("#,[]{}&*!|>'\"%@`", s[0]) >= 0 ||
			len(s) == 1 && strings.IndexByte("?:-", s[0]) >= 0 ||
			s[i-1] == ':' || strings.HasPrefix(s, "---") || strings.HasPrefix(s, "...")
		return scalarInfo{blockPlain: !indicator, singleQuoted: true, block: true}
	}
	return analyzeSlow(s)
}

// analyzeSlow is yaml_emitter_analyze_scalar.
//
//go:noinline
func analyzeSlow(s string) scalarInfo {
	if len(s) == 0 {
		return scalarInfo{blockPlain: true, singleQuoted: true}
	}
	var indicators, lineBreaks, special, leadingSpace, leadingBreak, trailingSpace, trailingBreak,
		breakSpace, spaceBreak, prevSpace, prevBreak bool
	if len(s) >= 3 && (s[:3] == "---" || s[:3] == "...") {
		indicators = true
	}
	preceded := true
	for i, w := 0, 0; i < len(s); i += w {
		c := s[i]
		w = width(c)
		followed := i+w >= len(s) || s[i+w] == ' ' || s[i+w] == '\t'
		if i == 0 {
			switch c {
			case '#', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
				indicators = true
			case '?', ':', '-':
				if followed {
					indicators = true
				}
			}
		} else if c == ':' && followed || c == '#' && preceded {
			indicators = true
		}
		var brk bool
		if c < utf8.RuneSelf {
			special = special || c != '\n' && (c < 0x20 || c == 0x7F)
			brk = c == '\n' || c == '\r'
		} else {
			special = special || !isPrintable(s, i)
			brk = isBreak(s, i)
		}
		switch {
		case c == ' ':
			leadingSpace = leadingSpace || i == 0
			trailingSpace = trailingSpace || i+w == len(s)
			breakSpace = breakSpace || prevBreak
			prevSpace, prevBreak = true, false
		case brk:
			lineBreaks = true
			leadingBreak = leadingBreak || i == 0
			trailingBreak = trailingBreak || i+w == len(s)
			spaceBreak = spaceBreak || prevSpace
			prevSpace, prevBreak = false, true
		default:
			prevSpace, prevBreak = false, false
		}
		preceded = c == ' ' || c == '\t' || c == 0 || brk
	}
	a := scalarInfo{multiline: lineBreaks, blockPlain: true, singleQuoted: true, block: true}
	if leadingSpace || leadingBreak || trailingSpace || trailingBreak || lineBreaks || indicators {
		a.blockPlain = false
	}
	if trailingSpace {
		a.block = false
	}
	if breakSpace {
		a.blockPlain, a.singleQuoted = false, false
	}
	if spaceBreak || special {
		a.blockPlain, a.singleQuoted, a.block = false, false, false
	}
	return a
}

// plainASCII[c] is set for the ASCII characters that tell analyze
// nothing where they stand after the first: not a blank, a line break, a
// control character or #.
var plainASCII = func() (t [256]bool) {
	for c := 0x21; c < 0x7F; c++ {
		t[c] = c != '#'
	}
	return t
}()

// width is the length of the UTF-8 sequence starting with b.
func width(b byte) int {
	switch {
	case b&0x80 == 0:
		return 1
	case b&0xE0 == 0xC0:
		return 2
	case b&0xF0 == 0xE0:
		return 3
	case b&0xF8 == 0xF0:
		return 4
	}
	return 0
}

// isPrintable is go-yaml's is_printable: what a scalar may hold
// unescaped. Characters beyond U+FFFF are not, nor U+0085 and U+FEFF.
func isPrintable(s string, i int) bool {
	b := s[i]
	switch {
	case b == 0x0A, b >= 0x20 && b <= 0x7E:
		return true
	case b == 0xC2:
		return s[i+1] >= 0xA0
	case b > 0xC2 && b < 0xED, b == 0xEE:
		return true
	case b == 0xED:
		return s[i+1] < 0xA0
	case b == 0xEF:
		return !(s[i+1] == 0xBB && s[i+2] == 0xBF) && !(s[i+1] == 0xBF && (s[i+2] == 0xBE || s[i+2] == 0xBF))
	}
	return false
}

// isBreak is go-yaml's is_break: CR, LF, U+0085, U+2028, U+2029.
func isBreak(s string, i int) bool {
	switch s[i] {
	case '\r', '\n':
		return true
	case 0xC2:
		return s[i+1] == 0x85
	case 0xE2:
		return s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9)
	}
	return false
}

// str writes a string scalar in the style go-yaml's encoder (stringv) asks
// for and its emitter (yaml_emitter_select_scalar_style) settles on.
func (e *emitter) str(s string, ctx nodeCtx, a scalarInfo) int32 {
	style := yamlpos.StyleDouble
	switch {
	case strings.IndexByte(s, '\n') >= 0:
		style = yamlpos.StyleLiteral
	case yamlresolve.PlainIsString(s) && !isBase60Float(s):
		style = yamlpos.StylePlain
	}
	if ctx.simpleKey && a.multiline {
		style = yamlpos.StyleDouble
	}
	if style == yamlpos.StylePlain && (!a.blockPlain || len(s) == 0 && ctx.simpleKey) {
		style = yamlpos.StyleSingle
	}
	if style == yamlpos.StyleSingle && !a.singleQuoted {
		style = yamlpos.StyleDouble
	}
	if style == yamlpos.StyleLiteral && (!a.block || ctx.simpleKey) {
		style = yamlpos.StyleDouble
	}
	saved := e.indent
	e.increaseIndent(true, false)
	allowBreaks := !ctx.simpleKey
	switch style {
	case yamlpos.StylePlain:
		e.writePlain(s, allowBreaks)
	case yamlpos.StyleSingle:
		e.writeSingle(s, allowBreaks)
	case yamlpos.StyleDouble:
		e.writeDouble(s, allowBreaks)
	default:
		e.writeLiteral(s)
	}
	e.indent = saved
	if e.tree == nil {
		return -1
	}
	n := yamlpos.Node{Kind: yamlpos.KindScalar, Style: style, Line: int32(e.tokLine), Col: int32(e.tokCol) + 1}
	if style == yamlpos.StyleSingle || style == yamlpos.StyleDouble {
		n.End = int32(e.endLine)
	}
	return e.tree.AddNode(n)
}

// startToken notes where the token about to be written starts: after
// the space go-yaml puts before it when the last character is not one.
func (e *emitter) startToken() {
	e.tokLine, e.tokCol = e.line, e.column
	if !e.whitespace {
		e.tokCol++
	}
}

func (e *emitter) writePlain(s string, allowBreaks bool) {
	e.startToken()
	if !e.whitespace {
		e.put(' ')
	}
	// A plain scalar holds no line break; without a space past the
	// width, it is written as it is.
	if n := utf8.RuneCountInString(s); e.column+n <= bestWidth+1 || strings.IndexByte(s, ' ') < 0 {
		e.buf = append(e.buf, s...)
		e.column += n
		e.whitespace = false
		e.indention = false
		return
	}
	spaces, breaks := false, false
	for i := 0; i < len(s); {
		switch {
		case s[i] == ' ':
			if allowBreaks && !spaces && e.column > bestWidth && !(i+1 < len(s) && s[i+1] == ' ') {
				e.writeIndent()
				i++
			} else {
				i = e.write(s, i)
			}
			spaces = true
		case isBreak(s, i):
			if !breaks && s[i] == '\n' {
				e.putBreak()
			}
			i = e.writeBreak(s, i)
			e.indention = true
			breaks = true
		default:
			if breaks {
				e.writeIndent()
			}
			i = e.write(s, i)
			e.indention = false
			spaces, breaks = false, false
		}
	}
	e.whitespace = false
	e.indention = false
}

func (e *emitter) writeSingle(s string, allowBreaks bool) {
	e.startToken()
	e.writeIndicator("'", true, false, false)
	spaces, breaks := false, false
	for i := 0; i < len(s); {
		switch {
		case s[i] == ' ':
			if allowBreaks && !spaces && e.column > bestWidth && i > 0 && i < len(s)-1 && s[i+1] != ' ' {
				e.writeIndent()
				i++
			} else {
				i = e.write(s, i)
			}
			spaces = true
		case isBreak(s, i):
			if !breaks && s[i] == '\n' {
				e.putBreak()
			}
			i = e.writeBreak(s, i)
			e.indention = true
			breaks = true
		default:
			if breaks {
				e.writeIndent()
			}
			if s[i] == '\'' {
				e.put('\'')
			}
			i = e.write(s, i)
			e.indention = false
			spaces, breaks = false, false
		}
	}
	e.endLine = e.line
	e.writeIndicator("'", false, false, false)
	e.whitespace = false
	e.indention = false
}

const upperHex = "0123456789ABCDEF"

func (e *emitter) writeDouble(s string, allowBreaks bool) {
	e.startToken()
	e.writeIndicator(`"`, true, false, false)
	// go-yaml's is_bom looks at the start of the value, not at i: a
	// value starting with U+FEFF is escaped whole.
	bom := strings.HasPrefix(s, "\uFEFF")
	spaces := false
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case bom || !isPrintable(s, i) || isBreak(s, i) || c == '"' || c == '\\':
			r, w := utf8.DecodeRuneInString(s[i:])
			i += w
			e.writeEscape(r)
			spaces = false
		case c == ' ':
			if allowBreaks && !spaces && e.column > bestWidth && i > 0 && i < len(s)-1 {
				e.writeIndent()
				if s[i+1] == ' ' {
					e.put('\\')
				}
				i++
			} else {
				i = e.write(s, i)
			}
			spaces = true
		default:
			i = e.write(s, i)
			spaces = false
		}
	}
	e.endLine = e.line
	e.writeIndicator(`"`, false, false, false)
	e.whitespace = false
	e.indention = false
}

// writeEscape writes character r escaped, as go-yaml does in a
// double-quoted scalar.
func (e *emitter) writeEscape(r rune) {
	e.put('\\')
	switch r {
	case 0x00, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1B, 0x22, 0x5C, 0x85, 0xA0, 0x2028, 0x2029:
		var c byte
		switch r {
		case 0x85:
			c = 'N'
		case 0xA0:
			c = '_'
		case 0x2028:
			c = 'L'
		case 0x2029:
			c = 'P'
		default:
			c = shortEscapes[r]
		}
		e.put(c)
		return
	}
	digits := 8
	switch {
	case r <= 0xFF:
		e.put('x')
		digits = 2
	case r <= 0xFFFF:
		e.put('u')
		digits = 4
	default:
		e.put('U')
	}
	for k := (digits - 1) * 4; k >= 0; k -= 4 {
		e.put(upperHex[(r>>uint(k))&0x0F])
	}
}

// shortEscapes are go-yaml's one-letter escapes of ASCII characters.
var shortEscapes = [0x80]byte{0x00: '0', 0x07: 'a', 0x08: 'b', 0x09: 't', 0x0A: 'n', 0x0B: 'v', 0x0C: 'f', 0x0D: 'r', 0x1B: 'e', 0x22: '"', 0x5C: '\\'}

func (e *emitter) writeLiteral(s string) {
	e.startToken()
	e.writeIndicator("|", true, false, false)
	// yaml_emitter_write_block_scalar_hints
	if s[0] == ' ' || isBreak(s, 0) {
		e.writeIndicator("2", false, false, false)
	}
	i := len(s) - 1
	for s[i]&0xC0 == 0x80 {
		i--
	}
	switch {
	case !isBreak(s, i):
		e.writeIndicator("-", false, false, false)
	case i == 0:
		e.writeIndicator("+", false, false, false)
	default:
		i--
		for s[i]&0xC0 == 0x80 {
			i--
		}
		if isBreak(s, i) {
			e.writeIndicator("+", false, false, false)
		}
	}
	e.putBreak()
	e.indention = true
	e.whitespace = true
	breaks := true
	for i := 0; i < len(s); {
		if isBreak(s, i) {
			i = e.writeBreak(s, i)
			e.indention = true
			breaks = true
			continue
		}
		if breaks {
			e.writeIndent()
		}
		i = e.write(s, i)
		e.indention = false
		breaks = false
	}
}

// isBase60Float is go-yaml's check for YAML 1.1 sexagesimal numbers, which
// it quotes: ^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$
//
//go:noinline
func isBase60Float(s string) bool {
	if s == "" || !(s[0] == '+' || s[0] == '-' || s[0] >= '0' && s[0] <= '9') || strings.IndexByte(s, ':') < 0 {
		return false
	}
	isDigit := func(i int) bool { return i < len(s) && s[i] >= '0' && s[i] <= '9' }
	i := 0
	if s[i] == '+' || s[i] == '-' {
		i++
	}
	if !isDigit(i) {
		return false
	}
	for i++; isDigit(i) || i < len(s) && s[i] == '_'; i++ {
	}
	groups := 0
	for i < len(s) && s[i] == ':' {
		i++
		switch {
		case isDigit(i) && s[i] <= '5' && isDigit(i+1):
			i += 2
		case isDigit(i):
			i++
		default:
			return false
		}
		groups++
	}
	if groups == 0 {
		return false
	}
	if i < len(s) && s[i] == '.' {
		for i++; isDigit(i) || i < len(s) && s[i] == '_'; i++ {
		}
	}
	return i == len(s)
}

// keyOrder sorts map keys as go-yaml's keyList does (sort.Sort with
// keyLess).
type keyOrder struct{ keys []string }

func (o *keyOrder) Len() int           { return len(o.keys) }
func (o *keyOrder) Swap(i, j int)      { o.keys[i], o.keys[j] = o.keys[j], o.keys[i] }
func (o *keyOrder) Less(i, j int) bool { return keyLess(o.keys[i], o.keys[j]) }

// keyLess orders strings as go-yaml's keyList.Less: letters after other
// characters, runs of digits by their value. The keys of one map are
// distinct, and for distinct strings it is total.
func keyLess(a, b string) bool {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	if i == n {
		return len(a) < len(b)
	}
	// Back to the start of the differing characters (the bytes before
	// are the same in both).
	for i > 0 && !utf8.RuneStart(a[i]) {
		i--
	}
	ra, _ := utf8.DecodeRuneInString(a[i:])
	rb, _ := utf8.DecodeRuneInString(b[i:])
	al, bl := isLetter(ra), isLetter(rb)
	if al && bl {
		return ra < rb
	}
	if al || bl {
		return bl
	}
	var an, bn int64
	if ra == '0' || rb == '0' {
		for j := i; j > 0; {
			r, size := utf8.DecodeLastRuneInString(a[:j])
			if !isDigit(r) {
				break
			}
			if r != '0' {
				an, bn = 1, 1
				break
			}
			j -= size
		}
	}
	ai, an := digitRun(a[i:], an)
	bi, bn := digitRun(b[i:], bn)
	if an != bn {
		return an < bn
	}
	if ai != bi {
		return ai < bi
	}
	return ra < rb
}

// digitRun reads the digits at the start of s as keyList.Less does: the
// count of them and n*10+digit for each, digits of any script included.
func digitRun(s string, n int64) (int, int64) {
	count := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !isDigit(r) {
			break
		}
		n = n*10 + int64(r-'0')
		count++
		i += size
	}
	return count, n
}

func isLetter(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	}
	return unicode.IsLetter(r)
}

func isDigit(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= '0' && r <= '9'
	}
	return unicode.IsDigit(r)
}
