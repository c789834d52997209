package cluster

import "github.com/applylens/applylens/engine/labelselector"

// selector is a label selector (-l) as typed and as parsed; the zero
// value matches everything.
type selector struct {
	text   string
	parsed labelselector.Selector
}

func (s selector) String() string {
	if s.text == "" {
		return "(none: --all)"
	}
	return s.text
}

// parseSelector reads the label selector syntax kubectl accepts
// (labels.Parse, ported in engine/labelselector).
func parseSelector(text string) (selector, error) {
	parsed, err := labelselector.Parse(text)
	if err != nil {
		return selector{text: text}, err
	}
	return selector{text: text, parsed: parsed}, nil
}

func (s selector) matches(labels map[string]string) bool {
	return s.parsed.Matches(labels)
}
