package document

import (
	"errors"
	"strings"
	"testing"
)

// Errors that once said only what Go or go-yaml said: a number past
// float64, and a key past go-yaml's 1024 characters (just at and just
// over it). Each is located and plain, the reader's own text kept.
func TestNumberAndKeyErrorsAreLocated(t *testing.T) {
	head := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n"
	jsonHead := `{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"},` + "\n"
	tests := []struct {
		name      string
		text      string
		reason    Reason // "" when it reads
		line, col int
		message   string
	}{
		{"a JSON number at float64's end", jsonHead + `"spec": {"a": 1e308}}`, "", 0, 0, ""},
		{"a JSON number past float64", jsonHead + `"spec": {"a": 1e400}}`, ReasonSyntax, 2, 15,
			`The number 1e400 at line 2 is too large: a number must fit in a 64-bit float (up to about 1.8e308) for kubectl to read it. If it is not meant as a number, write it as a string ("1e400"). (kubectl: "json: cannot unmarshal number 1e400 into Go value of type float64")`},
		{"a key of 1024 characters", head + "data:\n  " + strings.Repeat("k", 1024) + ": v\n", "", 0, 0, ""},
		{"a key of 1025 characters", head + "data:\n  " + strings.Repeat("k", 1025) + ": v\n", ReasonTooLong, 5, 3,
			"The key on line 5 is 1025 characters long; YAML, and so kubectl, reads a key of at most 1024 characters on one line"},
		{"a key of 1 MiB", head + "data:\n  " + strings.Repeat("k", 1<<20) + ": v\n", ReasonTooLong, 5, 3, "is 1048576 characters long"},
		{"a key of 1025 characters, its value below", head + "data:\n  " + strings.Repeat("k", 1025) + ":\n    v\n", ReasonTooLong, 5, 3, "is 1025 characters long"},
		{"a key of 1025 characters in a list item", head + "l:\n- " + strings.Repeat("k", 1025) + ": v\n", ReasonTooLong, 5, 3, "is 1025 characters long"},
		{"a long value is no long key", head + "data:\n  a: " + strings.Repeat("v", 2000) + "\n  b: c: d\n", ReasonSyntax, 6, 0, "colon followed by a space"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkParseError(t, tt.text, tt.reason, tt.line, tt.col, tt.message)
		})
	}
}

// checkParseError parses text as the file pane: with reason "" it must
// read, else fail with a *Error of that reason at line (and column col,
// when not 0) whose message contains message.
func checkParseError(t *testing.T, text string, reason Reason, line, col int, message string) {
	t.Helper()
	_, err := Parse("file", text)
	if reason == "" {
		if err != nil {
			t.Fatalf("Parse: %v", err)
		}
		return
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("Parse = %v, want a *Error", err)
	}
	if e.Reason != reason || e.Line != line || (col > 0 && e.Column != col) || !strings.Contains(e.Message, message) {
		t.Errorf("Parse = %s at %d:%d: %q\nwant %s at %d:%d containing %q", e.Reason, e.Line, e.Column, e.Message, reason, line, col, message)
	}
}
