package savedwork

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// Kind tells a named save from a tab's autosave.
type Kind string

const (
	// Named is a save the user named (Save as, Duplicate, Import).
	Named Kind = "named"
	// Autosave is the working state of one browser tab (one per session).
	Autosave Kind = "autosave"
)

// Limits of what a record may hold: a state is the page's panes (at most
// 5 MiB each, as the engine reads them) and its flags.
const (
	MaxIDLen    = 100
	MaxNameLen  = 200
	MaxStateLen = 16 << 20
	// MaxAutosaves is how many tabs' autosaves are kept; older ones are
	// dropped when a tab autosaves for the first time.
	MaxAutosaves = 10
)

// Record is one saved state: its Item, whose fields its JSON carries
// inline, and the state.
type Record struct {
	Item
	State json.RawMessage `json:"state"`
}

// Item is a record without its state, as lists show it. Times are
// milliseconds since the Unix epoch, as the page's Date.now() gives them.
type Item struct {
	ID      string `json:"id"`
	Kind    Kind   `json:"kind"`
	Name    string `json:"name,omitempty"`
	Summary string `json:"summary,omitempty"`
	Created int64  `json:"created"`
	Updated int64  `json:"updated"`
}

// Validate checks a record read from outside (an imported file, a
// request): its kind, id, name and state.
func (r Record) Validate() error {
	switch {
	case r.Kind != Named && r.Kind != Autosave:
		return &Error{Kind: ErrInvalid, Message: "unknown kind " + quote(string(r.Kind))}
	case r.ID == "" || len(r.ID) > MaxIDLen || !utf8.ValidString(r.ID):
		return &Error{Kind: ErrInvalid, Message: "an id must have 1 to 100 bytes"}
	case r.Kind == Named && strings.TrimSpace(r.Name) == "":
		return &Error{Kind: ErrInvalid, Message: "a save needs a name"}
	case len(r.Name) > MaxNameLen || !utf8.ValidString(r.Name):
		return &Error{Kind: ErrInvalid, Message: "a name may have at most 200 bytes"}
	case r.Created < 0 || r.Updated < 0:
		return &Error{Kind: ErrInvalid, Message: "negative time"}
	}
	return validState(r.State)
}

// validState checks that a state is a JSON object within MaxStateLen.
func validState(state json.RawMessage) error {
	if len(state) > MaxStateLen {
		return &Error{Kind: ErrTooLarge, Message: "the state is larger than 16 MiB"}
	}
	trimmed := bytes.TrimSpace(state)
	if len(trimmed) == 0 || trimmed[0] != '{' || !json.Valid(trimmed) {
		return &Error{Kind: ErrInvalid, Message: "the state must be a JSON object"}
	}
	return nil
}

// sameContent reports whether two records hold the same name and state
// (ids and times aside): an import of such a record adds nothing.
func sameContent(a, b Record) bool {
	return a.Kind == b.Kind && a.Name == b.Name && jsonEqual(a.State, b.State)
}

// jsonEqual compares two JSON texts by their compact form.
func jsonEqual(a, b json.RawMessage) bool {
	if bytes.Equal(a, b) {
		return true
	}
	var ca, cb bytes.Buffer
	if json.Compact(&ca, a) != nil || json.Compact(&cb, b) != nil {
		return false
	}
	return bytes.Equal(ca.Bytes(), cb.Bytes())
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
