package serverside

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/applylens/applylens/engine/kube"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
	"sigs.k8s.io/structured-merge-diff/v6/merge"
)

// Conflict is kube.Conflict: one field another manager owns with a
// different value.
type Conflict = kube.Conflict

// ConflictError is the API server's 409 for a server-side apply that
// conflicts with other managers.
type ConflictError struct {
	Conflicts []Conflict
	// Paths are the conflicting fields, one per conflict, in order.
	Paths []fieldpath.Path
	// Message is the server's status message.
	Message string
}

func (e *ConflictError) Error() string { return e.Message }

// KubectlMessage is kubectl's error for it, which kubectl prints after
// "error: " (cmdutil.CheckErr) and exits 1.
func (e *ConflictError) KubectlMessage() string {
	return e.Message + `
Please review the fields above--they currently have other managers. Here
are the ways you can resolve this warning:
* If you intend to manage all of these fields, please re-run the apply
  command with the ` + "`--force-conflicts`" + ` flag.
* If you do not intend to manage all of the fields, please edit your
  manifest to remove references to the fields that should keep their
  current managers.
* You may co-own fields by updating your manifest to match the existing
  value; in this case, you'll become the manager if the other manager(s)
  stop managing the field (remove it from their configuration).
See https://kubernetes.io/docs/reference/using-api/server-side-apply/#conflicts`
}

// newConflictError is internal.NewConflictError. The conflicts are sorted
// by manager (the server lists managers in map order), each manager's in
// the order of its field set, as the server's message lists them.
func newConflictError(conflicts merge.Conflicts) *ConflictError {
	sort.SliceStable(conflicts, func(i, j int) bool { return conflicts[i].Manager < conflicts[j].Manager })
	e := &ConflictError{Message: conflictMessage(conflicts)}
	for _, c := range conflicts {
		var m managerEntry
		_ = json.Unmarshal([]byte(c.Manager), &m)
		e.Conflicts = append(e.Conflicts, Conflict{Manager: m.Manager, Operation: m.Operation, APIVersion: m.APIVersion,
			Subresource: m.Subresource, Field: c.Path.String()})
		e.Paths = append(e.Paths, c.Path)
	}
	return e
}

func conflictMessage(conflicts merge.Conflicts) string {
	if len(conflicts) == 1 {
		return fmt.Sprintf("Apply failed with 1 conflict: conflict with %v: %v", printManager(conflicts[0].Manager), conflicts[0].Path)
	}
	byManager := map[string][]fieldpath.Path{}
	for _, c := range conflicts {
		byManager[c.Manager] = append(byManager[c.Manager], c.Path)
	}
	var managers []string
	for m := range byManager {
		managers = append(managers, m)
	}
	sort.Strings(managers)
	var lines []string
	for _, m := range managers {
		lines = append(lines, fmt.Sprintf("conflicts with %v:", printManager(m)))
		for _, p := range byManager[m] {
			lines = append(lines, fmt.Sprintf("- %v", p))
		}
	}
	return fmt.Sprintf("Apply failed with %d conflicts: %s", len(conflicts), strings.Join(lines, "\n"))
}

// printManager is internal.printManager for identifiers (which carry no time).
func printManager(manager string) string {
	var e managerEntry
	if err := json.Unmarshal([]byte(manager), &e); err != nil {
		return fmt.Sprintf("%q", manager)
	}
	s := fmt.Sprintf("%q", e.Manager)
	if e.Subresource != "" {
		s = fmt.Sprintf("%s with subresource %q", s, e.Subresource)
	}
	if e.Operation == OperationUpdate {
		if e.Time != nil {
			return fmt.Sprintf("%s using %v at %v", s, e.APIVersion, *e.Time)
		}
		return fmt.Sprintf("%s using %v", s, e.APIVersion)
	}
	return s
}
