package strategic

import (
	"errors"
	"strings"
)

// PathError is an error at a field of the documents: Path is where (like
// spec.template.spec.containers[name=nginx]), Err what apimachinery reports.
type PathError struct {
	Path string
	Err  error
}

func (e *PathError) Error() string { return e.Path + ": " + e.Err.Error() }
func (e *PathError) Unwrap() error { return e.Err }

// wrap puts segment in front of err's path. Segments starting with '['
// attach without a dot.
func wrap(segment string, err error) error {
	if err == nil {
		return nil
	}
	var pe *PathError
	if errors.As(err, &pe) && pe == err {
		switch {
		case strings.HasPrefix(pe.Path, "["):
			pe.Path = segment + pe.Path
		default:
			pe.Path = segment + "." + pe.Path
		}
		return pe
	}
	return &PathError{Path: segment, Err: err}
}
