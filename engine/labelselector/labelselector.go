// Package labelselector parses and matches Kubernetes label selectors
// ("app=web,tier in (front,back),!canary"), the syntax of kubectl's -l and
// of a kustomize patch target's labelSelector and annotationSelector.
//
// It is a port of k8s.io/apimachinery/pkg/labels.Parse (v0.37.2, what
// kubectl links: Parse) and of kyaml's internal copy of an older labels
// (what kustomize links: ParseKustomize): the same lexer and recursive
// descent, so that what is accepted, the requirements' order, String and
// the error texts are the same (kubectl and kustomize print those texts).
// It exists so that the wasm binaries link no k8s.io module: labels drags
// klog, net, log/slog and flag in (about 100 KB brotli,
// docs/performance.md). The differential tests: labels.Parse in
// labelselector_test.go, kyaml's in oracle/kustomize (selector_test.go).
package labelselector

import (
	"sort"
	"strconv"
	"strings"
)

// Operator is a requirement's operator, spelled as in
// k8s.io/apimachinery/pkg/selection.
type Operator string

// The operators of a label selector.
const (
	DoesNotExist Operator = "!"
	Equals       Operator = "="
	DoubleEquals Operator = "=="
	In           Operator = "in"
	NotEquals    Operator = "!="
	NotIn        Operator = "notin"
	Exists       Operator = "exists"
	GreaterThan  Operator = "gt"
	LessThan     Operator = "lt"
)

// Requirement is one term of a selector: a key, an operator and the
// values (sorted and without duplicates, as labels keeps them).
type Requirement struct {
	Key      string
	Operator Operator
	Values   []string
}

// Selector is a parsed selector: requirements sorted by key. The zero
// value (the empty selector) matches everything.
type Selector []Requirement

// Error is a selector that does not parse; Error() is labels.Parse's text.
type Error struct {
	Selector string // the selector as given
	Text     string // labels.Parse's error text
}

func (e *Error) Error() string { return e.Text }

// Parse reads a selector as labels.Parse does (kubectl's -l).
func Parse(selector string) (Selector, error) {
	return parse(selector, false)
}

// ParseKustomize reads a selector as kustomize does for a patch target's
// labelSelector and annotationSelector: with kyaml's copy of an older
// labels (yaml/internal/k8sgen/pkg/labels, kyaml v0.21.1), which accepts
// the same selectors but for "(a,,)", and words its errors differently.
func ParseKustomize(selector string) (Selector, error) {
	return parse(selector, true)
}

func parse(selector string, kustomize bool) (Selector, error) {
	p := &parser{l: &lexer{s: selector}, kustomize: kustomize}
	reqs, text := p.parse()
	if text != "" {
		return nil, &Error{Selector: selector, Text: text}
	}
	// sort.Sort, not a stable sort: labels sorts with sort.Sort(ByKey),
	// and the same algorithm on the same input gives the same order of
	// requirements with equal keys (which String shows).
	sort.Sort(byKey(reqs))
	return Selector(reqs), nil
}

type byKey []Requirement

func (a byKey) Len() int           { return len(a) }
func (a byKey) Swap(i, j int)      { a[i], a[j] = a[j], a[i] }
func (a byKey) Less(i, j int) bool { return a[i].Key < a[j].Key }

// Matches says whether every requirement holds for labels.
func (s Selector) Matches(labels map[string]string) bool {
	for i := range s {
		if !s[i].Matches(labels) {
			return false
		}
	}
	return true
}

// Empty says whether the selector has no requirement (matches everything).
func (s Selector) Empty() bool { return len(s) == 0 }

// String is labels' Selector.String: the requirements joined by commas.
func (s Selector) String() string {
	parts := make([]string, len(s))
	for i := range s {
		parts[i] = s[i].String()
	}
	return strings.Join(parts, ",")
}

// Matches is labels' Requirement.Matches.
func (r *Requirement) Matches(labels map[string]string) bool {
	val, exists := labels[r.Key]
	switch r.Operator {
	case In, Equals, DoubleEquals:
		return exists && r.hasValue(val)
	case NotIn, NotEquals:
		return !exists || !r.hasValue(val)
	case Exists:
		return exists
	case DoesNotExist:
		return !exists
	case GreaterThan, LessThan:
		if !exists || len(r.Values) != 1 {
			return false
		}
		have, err := strconv.ParseInt(val, 10, 64)
		if err != nil {
			return false
		}
		want, err := strconv.ParseInt(r.Values[0], 10, 64)
		if err != nil {
			return false
		}
		return (r.Operator == GreaterThan && have > want) || (r.Operator == LessThan && have < want)
	}
	return false
}

func (r *Requirement) hasValue(v string) bool {
	for _, x := range r.Values {
		if x == v {
			return true
		}
	}
	return false
}

// String is labels' Requirement.String.
func (r *Requirement) String() string {
	var sb strings.Builder
	if r.Operator == DoesNotExist {
		sb.WriteString("!")
	}
	sb.WriteString(r.Key)
	switch r.Operator {
	case Equals:
		sb.WriteString("=")
	case DoubleEquals:
		sb.WriteString("==")
	case NotEquals:
		sb.WriteString("!=")
	case In:
		sb.WriteString(" in ")
	case NotIn:
		sb.WriteString(" notin ")
	case GreaterThan:
		sb.WriteString(">")
	case LessThan:
		sb.WriteString("<")
	case Exists, DoesNotExist:
		return sb.String()
	}
	if r.Operator == In || r.Operator == NotIn {
		sb.WriteString("(")
	}
	if len(r.Values) == 1 {
		sb.WriteString(r.Values[0])
	} else {
		vals := r.Values
		if !sort.StringsAreSorted(vals) {
			vals = append([]string(nil), vals...)
			sort.Strings(vals)
		}
		sb.WriteString(strings.Join(vals, ","))
	}
	if r.Operator == In || r.Operator == NotIn {
		sb.WriteString(")")
	}
	return sb.String()
}
