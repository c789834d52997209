package schema

import (
	"errors"
	"fmt"
)

// The messages below are strategicpatch's, word for word, so that the engine
// reports what kubectl reports.

// ErrNotStruct reports a field lookup on a value that is not a struct, such
// as a map: strategicpatch has no metadata below a map.
type ErrNotStruct struct {
	Kind string // reflect kind of the value, like "map"
}

func (e *ErrNotStruct) Error() string {
	return "merging an object in json but data type is not struct, instead is: " + e.Kind
}

// ErrNotList reports a list lookup of a field that is not a list.
type ErrNotList struct {
	// Kind is the reflect kind of the type holding the field, not of the
	// field: strategicpatch's message names the receiver's kind.
	Kind string
}

func (e *ErrNotList) Error() string {
	return fmt.Sprintf("expected slice or array type, but got: %s", e.Kind)
}

// ErrSliceOfSlice reports a list lookup of a list of lists, which
// strategicpatch cannot merge.
var ErrSliceOfSlice = errors.New("unexpected slice of slice")
