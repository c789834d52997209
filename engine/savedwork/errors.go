package savedwork

// ErrorKind classifies an Error; the page words its message by kind.
type ErrorKind string

const (
	// ErrInvalid: a malformed request, record or state.
	ErrInvalid ErrorKind = "invalid"
	// ErrNotFound: no record with that id (deleted in another tab, say).
	ErrNotFound ErrorKind = "not-found"
	// ErrConflict: a rename to a name another save has.
	ErrConflict ErrorKind = "conflict"
	// ErrTooLarge: a state or file over the limits.
	ErrTooLarge ErrorKind = "too-large"
	// ErrFormat: an imported file that is not an applylens export.
	ErrFormat ErrorKind = "format"
	// ErrQuota: the browser's storage is full.
	ErrQuota ErrorKind = "quota"
	// ErrUnavailable: the browser gives the page no storage (a private
	// window, storage blocked), or the store failed.
	ErrUnavailable ErrorKind = "unavailable"
	// ErrInternal: a bug, recovered.
	ErrInternal ErrorKind = "internal"
)

// Error is what a request failed with.
type Error struct {
	Kind    ErrorKind `json:"kind"`
	Message string    `json:"message"`
}

func (e *Error) Error() string { return string(e.Kind) + ": " + e.Message }
