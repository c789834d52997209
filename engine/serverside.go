package engine

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/applylens/applylens/engine/document"
	"github.com/applylens/applylens/engine/fieldpath"
)

// ServerSideFunc computes a server-side apply of file (the context's
// namespace already set) to live (nil: create), on a server that knows the
// CRDs crds; a CRD the server would not admit is a *CRDSchemaError
// (engine/serverside.ApplyResult).
type ServerSideFunc func(file, live map[string]any, fieldManager string, forceConflicts bool, crds []map[string]any) (*Result, error)

// Engine is the apply with the engines a build links. Its ServerSide
// computes `kubectl apply --server-side`; nil in the page's first wasm,
// which stays within the first-visit budget without structured-merge-diff
// (the packages that link engine/serverside set it: engine/ssaview for
// wasm/serverside, samples' claims). The zero Engine is the client-side apply, as the
// package's functions Apply, ApplyPanesIn and ApplyServerSidePanes.
type Engine struct {
	ServerSide ServerSideFunc
}

// ApplyServerSidePanes is `kubectl apply --server-side` on panes already
// read (the last-applied pane is unused; a custom resource takes its
// schema from p.CustomResourceDefinitions); fieldManager "" means
// "kubectl".
func (e Engine) ApplyServerSidePanes(p Panes, fieldManager string, forceConflicts bool) (*Result, error) {
	return e.applyServerSide(p, Input{ServerSide: true, FieldManager: fieldManager, ForceConflicts: forceConflicts})
}

// ApplyServerSidePanes is Engine.ApplyServerSidePanes of the zero Engine:
// an *ApplyError saying the build has no server-side apply.
func ApplyServerSidePanes(p Panes, fieldManager string, forceConflicts bool) (*Result, error) {
	return Engine{}.ApplyServerSidePanes(p, fieldManager, forceConflicts)
}

func (e Engine) applyServerSide(p Panes, in Input) (*Result, error) {
	if e.ServerSide == nil {
		return nil, &ApplyError{Message: "server-side apply is not part of this build (link engine/serverside)"}
	}
	sc, err := scopeFile(p, in) // kubectl's builder does it for both paths
	if err != nil {
		return nil, err
	}
	away := elsewhere(p, sc, in, "serverside-applied")
	var live map[string]any
	if p.Live != nil && away == nil {
		live = p.Live.Object
	}
	var crds []map[string]any
	for _, d := range p.CustomResourceDefinitions {
		crds = append(crds, d.Object)
	}
	res, err := e.ServerSide(sc.file, live, in.FieldManager, in.ForceConflicts, crds)
	var se *CRDSchemaError
	if errors.As(err, &se) {
		return nil, locateCRDSchemaError(se, p.CustomResourceDefinitions)
	}
	if res != nil {
		res.Namespace = sc.namespace
		res.Elsewhere = away
		res.Warnings = append(sc.warnings, res.Warnings...)
	}
	var ae *ApplyError
	if errors.As(err, &ae) && strings.HasPrefix(ae.Message, managedFieldsError) {
		return nil, locateManagedFields(ae, p.Live)
	}
	return res, explainTypeError(err)
}

// managedFieldsError starts the API server's error about managedFields
// it cannot read, which names neither the pane nor the line.
const managedFieldsError = "failed to decode managed fields: "

var managedEntry = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`managed fields entry (\d+)`) })

// locateManagedFields points the server's error at the live object's
// metadata.managedFields (the entry, when the message names it) and says
// it in plain words; Message stays the server's text.
func locateManagedFields(ae *ApplyError, live *document.Document) *ApplyError {
	out := *ae
	out.Pane = PaneLive
	out.Path = "metadata.managedFields"
	if m := managedEntry().FindStringSubmatch(ae.Message); m != nil {
		if i, err := strconv.Atoi(m[1]); err == nil {
			out.Path = fieldpath.Index(out.Path, i)
		}
	}
	if live != nil {
		if line, _, ok := live.Span(out.Path); ok {
			out.Line = line
		} else {
			out.Line, _, _ = live.Span("metadata.managedFields")
		}
	}
	out.Explanation = fmt.Sprintf("The live object's %s cannot be read by the API server (%s). Each entry needs manager, operation (Apply or Update), apiVersion, fieldsType: FieldsV1 and fieldsV1; correct it, or remove metadata.managedFields from the live object.",
		out.Path, strings.TrimPrefix(ae.Message, managedFieldsError))
	return &out
}
