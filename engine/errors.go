package engine

import "github.com/applylens/applylens/engine/kube"

// Panes of the playground, as named in InputError.
const (
	PaneLastApplied = kube.PaneLastApplied
	PaneFile        = kube.PaneFile
	PaneLive        = kube.PaneLive
)

// InputError is a problem with what the user typed: the pane, the place in
// it (1-based line and column, 0 when unknown) and the field path.
type InputError = kube.InputError

// ApplyError is an error kubectl itself would report (a patch it cannot
// compute, a precondition that fails), with kubectl's message.
type ApplyError = kube.ApplyError
