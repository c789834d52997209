package strategic

import (
	"errors"
	"fmt"
)

// Errors with the messages apimachinery's mergepatch package gives, so a
// learner sees what kubectl would print.
var (
	ErrBadJSONDoc                           = errors.New("invalid JSON document")
	ErrNoListOfLists                        = errors.New("lists of lists are not supported")
	ErrBadPatchFormatForPrimitiveList       = errors.New("invalid patch format of primitive list")
	ErrBadPatchFormatForRetainKeys          = errors.New("invalid patch format of retainKeys")
	ErrBadPatchFormatForSetElementOrderList = errors.New("invalid patch format of setElementOrder list")
	errNoElements                           = errors.New("no elements in any of the given slices")
	errMergingListsInPatch                  = errors.New("merging lists cannot yet be specified in the patch")
	errConflictCheckPanics                  = errors.New("runtime error: index out of range: kubectl's --overwrite=false check crashes on lists of primitives with repeated items")
)

// ErrUncomparable reports a merge key (or element of a merged list of
// primitives) that is an object or a list. apimachinery panics on these
// ("comparing uncomparable type"); the engine reports it instead.
type ErrUncomparable struct{ Value any }

func (e *ErrUncomparable) Error() string {
	return fmt.Sprintf("runtime error: comparing uncomparable type %s (value %v): a merge key or merged list item must be a string, number or boolean", typeOf(e.Value), e.Value)
}

// ErrConflict is returned with --overwrite=false when the live object was
// changed, since the last apply, in a field the patch changes too.
type ErrConflict struct {
	Patch   map[string]any
	Changed map[string]any
	// Fields are the conflicting fields, each as its keys from the root.
	Fields [][]string
}

func (e *ErrConflict) Error() string {
	return fmt.Sprintf("patch:\n%s\nconflicts with changes made from original to current:\n%s\n", toYAMLOrError(e.Patch), toYAMLOrError(e.Changed))
}

func errNoMergeKey(m map[string]any, k string) error {
	return fmt.Errorf("map: %v does not contain declared merge key: %s", m, k)
}

// errBadArgType mirrors mergepatch.ErrBadArgType(expected, actual) where
// expected is always a typed nil of the wanted type.
func errBadArgType(expected typeCode, actual any) error {
	return fmt.Errorf("expected a %s, but received a %s", expected, typeName(actual))
}

func typeName(v any) string {
	if v == nil {
		return "%!s(<nil>)"
	}
	return typeOf(v).String()
}

func errBadPatchType(t any, m map[string]any) error {
	return fmt.Errorf("unknown patch type: %s in map: %v", t, m)
}

func errUnexpectedStrategy(strategies []string) error {
	return fmt.Errorf("unexpected patch strategy: %v", strategies)
}
