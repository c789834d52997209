package kube

// Directives of a strategic merge patch (apimachinery's strategicpatch):
// keys of a patch that tell the server how to merge rather than what to
// set. SetElementOrder and DeleteFromPrimitiveList are prefixes: the key
// is the prefix, "/" and the list's field name.
const (
	DirectivePatch                   = "$patch"
	DirectiveRetainKeys              = "$retainKeys"
	DirectiveSetElementOrder         = "$setElementOrder"
	DirectiveDeleteFromPrimitiveList = "$deleteFromPrimitiveList"
)
