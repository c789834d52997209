package cluster

import (
	"fmt"
	"sort"
	"strings"
)

// requirement is one term of a label selector.
type requirement struct {
	key    string
	op     string // "=", "!=", "in", "notin", "exists", "!"
	values []string
}

// selector is a parsed label selector (-l); the zero value matches
// everything.
type selector struct {
	text string
	reqs []requirement
}

func (s selector) String() string {
	if s.text == "" {
		return "(none: --all)"
	}
	return s.text
}

// parseSelector reads the label selector syntax kubectl accepts:
// k=v, k==v, k!=v, k, !k, k in (a,b), k notin (a,b), joined by commas.
func parseSelector(text string) (selector, error) {
	s := selector{text: text}
	for _, term := range splitTerms(text) {
		term = strings.TrimSpace(term)
		if term == "" {
			continue
		}
		var r requirement
		switch {
		case strings.HasPrefix(term, "!"):
			r = requirement{key: strings.TrimSpace(term[1:]), op: "!"}
		case strings.Contains(term, " notin "), strings.Contains(term, " in "):
			op := "in"
			i := strings.Index(term, " in ")
			if j := strings.Index(term, " notin "); j >= 0 {
				op, i = "notin", j
			}
			rest := strings.TrimSpace(term[i+len(op)+2:])
			if !strings.HasPrefix(rest, "(") || !strings.HasSuffix(rest, ")") {
				return s, fmt.Errorf("unable to parse requirement: found '%s', expected: '('", rest)
			}
			var vals []string
			for _, v := range strings.Split(rest[1:len(rest)-1], ",") {
				vals = append(vals, strings.TrimSpace(v))
			}
			r = requirement{key: strings.TrimSpace(term[:i]), op: op, values: vals}
		case strings.Contains(term, "!="):
			i := strings.Index(term, "!=")
			r = requirement{key: strings.TrimSpace(term[:i]), op: "!=", values: []string{strings.TrimSpace(term[i+2:])}}
		case strings.Contains(term, "=="):
			i := strings.Index(term, "==")
			r = requirement{key: strings.TrimSpace(term[:i]), op: "=", values: []string{strings.TrimSpace(term[i+2:])}}
		case strings.Contains(term, "="):
			i := strings.Index(term, "=")
			r = requirement{key: strings.TrimSpace(term[:i]), op: "=", values: []string{strings.TrimSpace(term[i+1:])}}
		default:
			r = requirement{key: term, op: "exists"}
		}
		if r.key == "" {
			return s, fmt.Errorf("unable to parse requirement: %q", term)
		}
		s.reqs = append(s.reqs, r)
	}
	sort.SliceStable(s.reqs, func(i, j int) bool { return s.reqs[i].key < s.reqs[j].key })
	return s, nil
}

// splitTerms splits at commas outside parentheses.
func splitTerms(text string) []string {
	var out []string
	depth, start := 0, 0
	for i, ch := range text {
		switch ch {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, text[start:i])
				start = i + 1
			}
		}
	}
	return append(out, text[start:])
}

func (s selector) matches(labels map[string]string) bool {
	for _, r := range s.reqs {
		v, ok := labels[r.key]
		switch r.op {
		case "exists":
			if !ok {
				return false
			}
		case "!":
			if ok {
				return false
			}
		case "=", "in":
			if !ok || !contains(r.values, v) {
				return false
			}
		case "!=", "notin":
			if ok && contains(r.values, v) {
				return false
			}
		}
	}
	return true
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
