package strategic

import (
	"errors"

	"github.com/applylens/applylens/engine/schema"
)

// errTODO marks the functions still being written.
var errTODO = errors.New("strategic: not implemented yet")

// CreateThreeWayMergePatch mirrors strategicpatch.CreateThreeWayMergePatch:
// deletions come from original vs modified, additions and changes from
// current vs modified. original may be empty (no deletions).
func CreateThreeWayMergePatch(original, modified, current []byte, s schema.Node, overwrite bool) ([]byte, error) {
	return nil, errTODO
}

// CreateTwoWayMergePatch mirrors strategicpatch.CreateTwoWayMergePatch.
func CreateTwoWayMergePatch(original, modified []byte, s schema.Node) ([]byte, error) {
	return nil, errTODO
}

// StrategicMergePatch mirrors strategicpatch.StrategicMergePatch: it applies
// patch to original as the API server does.
func StrategicMergePatch(original, patch []byte, s schema.Node) ([]byte, error) {
	return nil, errTODO
}
