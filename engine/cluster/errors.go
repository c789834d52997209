package cluster

import (
	"errors"
	"fmt"
	"strings"

	"github.com/applylens/applylens/engine/apiserver"
	"github.com/applylens/applylens/engine/kube"
)

// cmdError is an error kubectl prints: either its own (msg) or the API
// server's (status), which kubectl prints in its own ways.
type cmdError struct {
	msg    string
	status *serverStatus
	// aggregate: msg holds several errors, one per line, which kubectl's
	// CheckErr prints without "error: " (MultipleErrors).
	aggregate bool
}

// serverStatus is the part of a metav1.Status kubectl reads.
type serverStatus struct {
	Reason  string
	Message string
	// Kind and Name are the status details kubectl names an invalid
	// object by ("The Deployment "x" is invalid").
	Kind, Name string
	Causes     []apiserver.Cause
}

func (e *cmdError) Error() string {
	if e.status != nil {
		return e.status.Message
	}
	return e.msg
}

func errorf(format string, a ...any) *cmdError {
	return &cmdError{msg: fmt.Sprintf(format, a...)}
}

func statusError(reason, format string, a ...any) *cmdError {
	return &cmdError{status: &serverStatus{Reason: reason, Message: fmt.Sprintf(format, a...)}}
}

func notFound(k *Kind, name string) *cmdError {
	return statusError("NotFound", "%s %q not found", k.groupResource(), name)
}

func asCmdError(err error) *cmdError {
	var ce *cmdError
	if errors.As(err, &ce) {
		return ce
	}
	return &cmdError{msg: err.Error()}
}

// withSource is cmdutil.AddSourceToErr: "error when creating "app.yaml": ...".
func (e *cmdError) withSource(verb, source string) *cmdError {
	if source == "" {
		return e
	}
	out := *e
	if e.status != nil {
		st := *e.status
		st.Message = fmt.Sprintf("error when %s %q: %s", verb, source, st.Message)
		out.status = &st
		return &out
	}
	out.msg = fmt.Sprintf("error when %s %q: %s", verb, source, e.msg)
	return &out
}

// wrap prefixes the message and keeps the status, as AddSourceToErr
// does with a verb that holds more text ("applying patch:\n...\nfor:").
func (e *cmdError) wrap(prefix string) *cmdError {
	out := *e
	if e.status != nil {
		st := *e.status
		st.Message = prefix + st.Message
		out.status = &st
		return &out
	}
	out.msg = prefix + e.msg
	return &out
}

// single is how kubectl's CheckErr prints the error when it is the only
// one.
func (e *cmdError) single() string {
	st := e.status
	if st == nil {
		if e.aggregate || strings.HasPrefix(e.msg, "error: ") || e.msg == "" {
			return e.msg
		}
		return "error: " + e.msg
	}
	if st.Reason == "Invalid" && st.Kind == "" && st.Name == "" && len(st.Causes) == 0 {
		return "The request is invalid: " + st.Message
	}
	if st.Reason == "Invalid" && (st.Kind != "" || st.Name != "" || len(st.Causes) > 0) {
		s := "The request is invalid"
		if st.Kind != "" || st.Name != "" {
			s = fmt.Sprintf("The %s %q is invalid", st.Kind, st.Name)
		}
		var msgs []string
		seen := map[string]bool{}
		for _, c := range st.Causes {
			m := c.Field + ": " + c.Message
			if !seen[m] {
				seen[m] = true
				msgs = append(msgs, m)
			}
		}
		switch len(msgs) {
		case 0:
			return s
		case 1:
			return s + ": " + msgs[0] + "\n"
		}
		return s + ": \n* " + strings.Join(msgs, "\n* ") + "\n"
	}
	return e.standard()
}

// standard is cmdutil.StandardErrorMessage, used for each error when
// there are several.
func (e *cmdError) standard() string {
	if e.status == nil {
		return e.msg
	}
	return kube.ErrorFromServer(e.status.Reason, e.status.Message)
}

// fromAPIServer turns a refusal of the simulated server's validation
// into the status kubectl receives.
func fromAPIServer(se *apiserver.StatusError, k *Kind, name string) *cmdError {
	st := &serverStatus{Reason: se.Reason, Message: se.Message, Causes: se.Causes}
	if se.Reason == "Invalid" {
		st.Kind, st.Name = k.Kind, name
		if st.Message == "" {
			st.Message = fmt.Sprintf("%s %q is invalid", k.qualifiedKind(), name)
		}
	}
	return &cmdError{status: st}
}
