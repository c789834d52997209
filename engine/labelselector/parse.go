package labelselector

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// The lexer and parser below follow labels' Lexer and Parser step by
// step (including their quirks: a NUL byte ends a token, "in" and "notin"
// are values where a value is expected), because which input is accepted
// and which error is printed depend on those steps.

type token int

const (
	errorToken token = iota
	endOfStringToken
	closedParToken
	commaToken
	doesNotExistToken
	doubleEqualsToken
	equalsToken
	greaterThanToken
	identifierToken
	inToken
	lessThanToken
	notEqualsToken
	notInToken
	openParToken
)

var string2token = map[string]token{
	")": closedParToken, ",": commaToken, "!": doesNotExistToken, "==": doubleEqualsToken,
	"=": equalsToken, ">": greaterThanToken, "in": inToken, "<": lessThanToken,
	"!=": notEqualsToken, "notin": notInToken, "(": openParToken,
}

// binaryOperators is labels' list, printed when an operator is missing.
var binaryOperators = "in, notin, =, ==, !=, gt, lt"

type scannedItem struct {
	tok     token
	literal string
}

func isWhitespace(ch byte) bool { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' }

func isSpecialSymbol(ch byte) bool {
	switch ch {
	case '=', '!', '(', ')', ',', '>', '<':
		return true
	}
	return false
}

type lexer struct {
	s   string
	pos int
}

func (l *lexer) read() byte {
	if l.pos < len(l.s) {
		b := l.s[l.pos]
		l.pos++
		return b
	}
	return 0
}

func (l *lexer) unread() { l.pos-- }

func (l *lexer) scanIDOrKeyword() (token, string) {
	var buf []byte
loop:
	for {
		switch ch := l.read(); {
		case ch == 0:
			break loop
		case isSpecialSymbol(ch) || isWhitespace(ch):
			l.unread()
			break loop
		default:
			buf = append(buf, ch)
		}
	}
	s := string(buf)
	if t, ok := string2token[s]; ok {
		return t, s
	}
	return identifierToken, s
}

func (l *lexer) scanSpecialSymbol() (token, string) {
	last := scannedItem{}
	var buf []byte
loop:
	for {
		switch ch := l.read(); {
		case ch == 0:
			break loop
		case isSpecialSymbol(ch):
			buf = append(buf, ch)
			if t, ok := string2token[string(buf)]; ok {
				last = scannedItem{tok: t, literal: string(buf)}
			} else if last.tok != 0 {
				l.unread()
				break loop
			}
		default:
			l.unread()
			break loop
		}
	}
	if last.tok == 0 {
		return errorToken, fmt.Sprintf("error expected: keyword found '%s'", buf)
	}
	return last.tok, last.literal
}

func (l *lexer) lex() (token, string) {
	ch := l.read()
	for isWhitespace(ch) {
		ch = l.read()
	}
	switch {
	case ch == 0:
		return endOfStringToken, ""
	case isSpecialSymbol(ch):
		l.unread()
		return l.scanSpecialSymbol()
	default:
		l.unread()
		return l.scanIDOrKeyword()
	}
}

type parser struct {
	l        *lexer
	items    []scannedItem
	position int
	// kustomize: the dialect of kyaml's copy of labels (an older
	// apimachinery), which kustomize parses patch targets' selectors with.
	kustomize bool
}

// inValues: where a value is expected, "in" and "notin" are identifiers.
func inValues(t token, values bool) token {
	if values && (t == inToken || t == notInToken) {
		return identifierToken
	}
	return t
}

func (p *parser) lookahead(values bool) (token, string) {
	it := p.items[p.position]
	return inValues(it.tok, values), it.literal
}

func (p *parser) consume(values bool) (token, string) {
	p.position++
	it := p.items[p.position-1]
	return inValues(it.tok, values), it.literal
}

// parse returns the requirements, or labels' error text.
func (p *parser) parse() ([]Requirement, string) {
	for {
		t, lit := p.l.lex()
		p.items = append(p.items, scannedItem{t, lit})
		if t == endOfStringToken {
			break
		}
	}
	var reqs []Requirement
	for {
		tok, lit := p.lookahead(true)
		switch tok {
		case identifierToken, doesNotExistToken:
			r, err := p.parseRequirement()
			if err != "" {
				return nil, "unable to parse requirement: " + err
			}
			reqs = append(reqs, r)
			t, l := p.consume(true)
			switch t {
			case endOfStringToken:
				return reqs, ""
			case commaToken:
				if t2, l2 := p.lookahead(true); t2 != identifierToken && t2 != doesNotExistToken {
					return nil, fmt.Sprintf("found '%s', expected: identifier after ','", l2)
				}
			default:
				return nil, fmt.Sprintf("found '%s', expected: ',' or 'end of string'", l)
			}
		case endOfStringToken:
			return reqs, ""
		default:
			return nil, fmt.Sprintf("found '%s', expected: !, identifier, or 'end of string'", lit)
		}
	}
}

func (p *parser) parseRequirement() (Requirement, string) {
	key, op, err := p.parseKeyAndInferOperator()
	if err != "" {
		return Requirement{}, err
	}
	if op == Exists || op == DoesNotExist {
		return p.newRequirement(key, op, []string{})
	}
	if op, err = p.parseOperator(); err != "" {
		return Requirement{}, err
	}
	var values []string
	switch op {
	case In, NotIn:
		values, err = p.parseValues()
	default:
		values, err = p.parseExactValue()
	}
	if err != "" {
		return Requirement{}, err
	}
	return p.newRequirement(key, op, sortedSet(values))
}

func (p *parser) parseKeyAndInferOperator() (string, Operator, string) {
	var op Operator
	tok, lit := p.consume(true)
	if tok == doesNotExistToken {
		op = DoesNotExist
		tok, lit = p.consume(true)
	}
	if tok != identifierToken {
		return "", "", fmt.Sprintf("found '%s', expected: identifier", lit)
	}
	if errs := labelKey(lit, p.kustomize); len(errs) != 0 {
		if p.kustomize {
			return "", "", fmt.Sprintf("invalid label key %q: %s", lit, strings.Join(errs, "; "))
		}
		// labels passes a nil field path here, which prints as "<nil>".
		return "", "", invalid("<nil>", lit, strings.Join(errs, "; "))
	}
	if t, _ := p.lookahead(true); (t == endOfStringToken || t == commaToken) && op != DoesNotExist {
		op = Exists
	}
	return lit, op, ""
}

func (p *parser) parseOperator() (Operator, string) {
	tok, lit := p.consume(false)
	switch tok {
	case inToken:
		return In, ""
	case equalsToken:
		return Equals, ""
	case doubleEqualsToken:
		return DoubleEquals, ""
	case greaterThanToken:
		return GreaterThan, ""
	case lessThanToken:
		return LessThan, ""
	case notInToken:
		return NotIn, ""
	case notEqualsToken:
		return NotEquals, ""
	}
	if p.kustomize {
		return "", fmt.Sprintf("found '%s', expected: '=', '!=', '==', 'in', notin'", lit)
	}
	return "", fmt.Sprintf("found '%s', expected: %s", lit, binaryOperators)
}

func (p *parser) parseValues() ([]string, string) {
	tok, lit := p.consume(true)
	if tok != openParToken {
		return nil, fmt.Sprintf("found '%s' expected: '('", lit)
	}
	tok, lit = p.lookahead(true)
	switch tok {
	case identifierToken, commaToken:
		s, err := p.parseIdentifiersList()
		if err != "" {
			return s, err
		}
		if tok, _ = p.consume(true); tok != closedParToken {
			return nil, fmt.Sprintf("found '%s', expected: ')'", lit)
		}
		return s, ""
	case closedParToken:
		p.consume(true)
		return []string{""}, ""
	}
	return nil, fmt.Sprintf("found '%s', expected: ',', ')' or identifier", lit)
}

func (p *parser) parseIdentifiersList() ([]string, string) {
	var s []string
	for {
		tok, lit := p.consume(true)
		switch tok {
		case identifierToken:
			s = append(s, lit)
			tok2, lit2 := p.lookahead(true)
			switch tok2 {
			case commaToken:
				continue
			case closedParToken:
				return s, ""
			}
			return nil, fmt.Sprintf("found '%s', expected: ',' or ')'", lit2)
		case commaToken:
			if len(s) == 0 {
				s = append(s, "")
			}
			tok2, _ := p.lookahead(true)
			if tok2 == closedParToken {
				return append(s, ""), ""
			}
			if tok2 == commaToken {
				if p.kustomize {
					// kyaml's copy consumes the second comma: "(a,,)"
					// is an error there.
					p.consume(true)
				}
				s = append(s, "")
			}
		default:
			return s, fmt.Sprintf("found '%s', expected: ',', or identifier", lit)
		}
	}
}

func (p *parser) parseExactValue() ([]string, string) {
	if tok, _ := p.lookahead(true); tok == endOfStringToken || tok == commaToken {
		return []string{""}, ""
	}
	tok, lit := p.consume(true)
	if tok == identifierToken {
		return []string{lit}, ""
	}
	return nil, fmt.Sprintf("found '%s', expected: identifier", lit)
}

// sortedSet is sets.String's List: sorted, without duplicates.
func sortedSet(vals []string) []string {
	sort.Strings(vals)
	out := vals[:0]
	for i, v := range vals {
		if i == 0 || v != vals[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// newRequirement is labels.NewRequirement as Parse reaches it (the key is
// already checked, the number of values already right): the value checks,
// with their field paths, aggregated as field.ErrorList.ToAggregate does;
// in kyaml's copy, the first failed check alone, without a path.
func (p *parser) newRequirement(key string, op Operator, vals []string) (Requirement, string) {
	if p.kustomize {
		return kustomizeRequirement(key, op, vals)
	}
	var errs []string
	if op == GreaterThan || op == LessThan {
		for i, v := range vals {
			if _, err := strconv.ParseInt(v, 10, 64); err != nil {
				errs = append(errs, invalid("values["+strconv.Itoa(i)+"]", v, "for 'Gt', 'Lt' operators, the value must be an integer"))
			}
		}
	}
	for i, v := range vals {
		if msgs := labelValue(v, false); len(msgs) != 0 {
			errs = append(errs, invalid("values["+strconv.Itoa(i)+"]["+key+"]", v, strings.Join(msgs, "; ")))
		}
	}
	return Requirement{Key: key, Operator: op, Values: vals}, aggregate(errs)
}

func kustomizeRequirement(key string, op Operator, vals []string) (Requirement, string) {
	if op == GreaterThan || op == LessThan {
		for _, v := range vals {
			if _, err := strconv.ParseInt(v, 10, 64); err != nil {
				return Requirement{}, "for 'Gt', 'Lt' operators, the value must be an integer"
			}
		}
	}
	for _, v := range vals {
		if msgs := labelValue(v, true); len(msgs) != 0 {
			return Requirement{}, fmt.Sprintf("invalid label value: %q: at key: %q: %s", v, key, strings.Join(msgs, "; "))
		}
	}
	return Requirement{Key: key, Operator: op, Values: vals}, ""
}

// aggregate is the text of field.ErrorList.ToAggregate().Error():
// duplicates dropped, one error as it is, more in brackets.
func aggregate(errs []string) string {
	var uniq []string
	seen := map[string]bool{}
	for _, e := range errs {
		if !seen[e] {
			seen[e] = true
			uniq = append(uniq, e)
		}
	}
	switch len(uniq) {
	case 0:
		return ""
	case 1:
		return uniq[0]
	}
	return "[" + strings.Join(uniq, ", ") + "]"
}

// invalid is field.Invalid(path, value, detail).Error() for a string value.
func invalid(path, value, detail string) string {
	s := fmt.Sprintf("%s: Invalid value: %q", path, value)
	if detail != "" {
		s += ": " + detail
	}
	return s
}

const (
	labelKeyFmt         = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]"
	labelValueFmt       = "(" + labelKeyFmt + ")?"
	dns1123LabelFmt     = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
	dns1123SubdomainFmt = dns1123LabelFmt + "(\\." + dns1123LabelFmt + ")*"
	labelKeyMsg         = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '" + labelKeyFmt + "')"
	labelValueMsg       = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '" + labelValueFmt + "')"
	kyamlSubdomainMsg   = "a DNS-1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '" + dns1123SubdomainFmt + "')"
	dnsSubdomainMsg     = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '" + dns1123SubdomainFmt + "')"
)

var (
	labelKeyRegexp     = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("^" + labelKeyFmt + "$") })
	labelValueRegexp   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("^" + labelValueFmt + "$") })
	dnsSubdomainRegexp = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("^" + dns1123SubdomainFmt + "$") })
)

// KeyErrors is content.IsLabelKey: why key is not a label key (nil when
// it is), as the API server words it (engine/apiserver validates labels
// with it).
func KeyErrors(key string) []string { return labelKey(key, false) }

// ValueErrors is content.IsLabelValue: why v is not a label value (nil
// when it is).
func ValueErrors(v string) []string { return labelValue(v, false) }

// labelKey is content.IsLabelKey: an optional DNS subdomain prefix and
// '/', then a name of at most 63 bytes. With kustomize, kyaml's copy of
// validation.IsQualifiedName: the same rules, older words.
func labelKey(key string, kustomize bool) []string {
	var errs []string
	tooLong, subdomainMsg, whole := "bytes", dnsSubdomainMsg, "a valid label key "
	if kustomize {
		tooLong, subdomainMsg, whole = "characters", kyamlSubdomainMsg, "a qualified name "
	}
	parts := strings.Split(key, "/")
	name := parts[0]
	switch len(parts) {
	case 1:
	case 2:
		prefix := parts[0]
		name = parts[1]
		if prefix == "" {
			errs = append(errs, "prefix part must be non-empty")
		} else {
			if len(prefix) > 253 {
				errs = append(errs, "prefix part must be no more than 253 "+tooLong)
			}
			if !dnsSubdomainRegexp().MatchString(prefix) {
				errs = append(errs, "prefix part "+subdomainMsg)
			}
		}
	default:
		return []string{whole + labelKeyMsg + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"}
	}
	if name == "" {
		errs = append(errs, "name part must be non-empty")
	} else if len(name) > 63 {
		errs = append(errs, "name part must be no more than 63 "+tooLong)
	}
	if !labelKeyRegexp().MatchString(name) {
		errs = append(errs, "name part "+labelKeyMsg)
	}
	return errs
}

// labelValue is content.IsLabelValue (kyaml's validation.IsValidLabelValue
// with kustomize): at most 63 bytes, the label value pattern.
func labelValue(v string, kustomize bool) []string {
	var errs []string
	if len(v) > 63 {
		if kustomize {
			errs = append(errs, "must be no more than 63 characters")
		} else {
			errs = append(errs, "must be no more than 63 bytes")
		}
	}
	if !labelValueRegexp().MatchString(v) {
		errs = append(errs, labelValueMsg)
	}
	return errs
}
