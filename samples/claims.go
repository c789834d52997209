package samples

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/fieldpath"
	"github.com/applylens/applylens/engine/serverside"
)

// serverSideEngine applies a sample's server-side input (engine/serverside
// wired into the engine, as the page's server-side wasm has it).
var serverSideEngine = engine.Engine{ServerSide: serverside.ApplyResult}

// Claims are what a sample's description says of the results, as
// properties the samples test checks against the engine's result: a
// description states only what its claims (or the test's expectations)
// hold. In meta.yaml:
//
//	claims:
//	  client-side:
//	    present: [spec.template.spec.containers[name=dns].ports[containerPort=53][protocol=UDP]]
//	    absent: [spec.template.spec.containers[name=dns].ports[containerPort=53][protocol=TCP]]
//	  server-side:
//	    values: {spec.replicas: 3}
//
// Paths are the steps' field paths (engine/document); selectors in a row,
// [containerPort=53][protocol=UDP], narrow the same list, for the lists the
// server keys by more than one field.
type Claims struct {
	// ClientSide is about the result of kubectl apply.
	ClientSide *ResultClaims `json:"client-side,omitempty"`
	// ServerSide is about the result of kubectl apply --server-side.
	ServerSide *ResultClaims `json:"server-side,omitempty"`
}

// ResultClaims are claims about one resulting object.
type ResultClaims struct {
	// Present are fields the result has.
	Present []string `json:"present,omitempty"`
	// Absent are fields the result lacks.
	Absent []string `json:"absent,omitempty"`
	// Values are fields and the values the result gives them.
	Values map[string]any `json:"values,omitempty"`
}

// ClaimError is a claim that the result contradicts, or that cannot be
// read.
type ClaimError struct {
	Apply string // "client-side" or "server-side"
	Path  string
	// Reason says what the result has instead.
	Reason string
}

func (e *ClaimError) Error() string {
	return fmt.Sprintf("%s result: %s: %s", e.Apply, e.Path, e.Reason)
}

// Check applies the sample both ways its claims speak of and returns every
// claim the engine's results contradict (none: the description holds).
func (c *Claims) Check(s Sample) []error {
	if c == nil {
		return nil
	}
	var errs []error
	for _, side := range []struct {
		name   string
		claims *ResultClaims
		input  engine.Input
	}{
		{"client-side", c.ClientSide, s.ClientSideInput()},
		{"server-side", c.ServerSide, s.ServerSideInput()},
	} {
		if side.claims == nil {
			continue
		}
		r, err := serverSideEngine.Apply(side.input)
		if err != nil {
			errs = append(errs, &ClaimError{Apply: side.name, Reason: fmt.Sprintf("the apply fails: %v", err)})
			continue
		}
		var obj any
		if err := json.Unmarshal(r.Object, &obj); err != nil {
			errs = append(errs, &ClaimError{Apply: side.name, Reason: fmt.Sprintf("the result is not JSON: %v", err)})
			continue
		}
		for _, e := range side.claims.check(obj) {
			e.Apply = side.name
			errs = append(errs, e)
		}
	}
	return errs
}

// ServerSideInput is the sample as kubectl apply --server-side, with its
// flags (a client-side sample: the default field manager, not forced).
func (s Sample) ServerSideInput() engine.Input {
	in := s.ClientSideInput()
	in.ServerSide = true
	if s.Flags != nil {
		in.FieldManager, in.ForceConflicts = s.Flags.FieldManager, s.Flags.ForceConflicts
	}
	return in
}

// check returns the claims obj contradicts, in the order written (values
// by path).
func (rc *ResultClaims) check(obj any) []*ClaimError {
	var errs []*ClaimError
	for _, p := range rc.Present {
		if _, err := lookup(obj, p); err != nil {
			errs = append(errs, &ClaimError{Path: p, Reason: "claimed present, " + err.Error()})
		}
	}
	for _, p := range rc.Absent {
		v, err := lookup(obj, p)
		var missing *missingError
		switch {
		case err == nil:
			errs = append(errs, &ClaimError{Path: p, Reason: fmt.Sprintf("claimed absent, the result has %s", jsonText(v))})
		case !errors.As(err, &missing):
			errs = append(errs, &ClaimError{Path: p, Reason: "claimed absent, " + err.Error()})
		}
	}
	paths := make([]string, 0, len(rc.Values))
	for p := range rc.Values {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, p := range paths {
		v, err := lookup(obj, p)
		if err != nil {
			errs = append(errs, &ClaimError{Path: p, Reason: "claimed " + jsonText(rc.Values[p]) + ", " + err.Error()})
			continue
		}
		if !sameJSON(v, rc.Values[p]) {
			errs = append(errs, &ClaimError{Path: p, Reason: fmt.Sprintf("claimed %s, the result has %s", jsonText(rc.Values[p]), jsonText(v))})
		}
	}
	return errs
}

// missingError says where a path leaves the object: the field is absent.
type missingError struct{ where string }

func (e *missingError) Error() string { return "the result has no " + e.where }

// lookup finds the value at path in obj (decoded JSON), or says where the
// path leaves the object.
func lookup(obj any, path string) (any, error) {
	segs, err := fieldpath.Parse(path)
	if err != nil {
		return nil, fmt.Errorf("the path does not parse: %w", err)
	}
	cur := obj
	for i := 0; i < len(segs); i++ {
		seg := segs[i]
		switch seg.Kind {
		case fieldpath.SegKey:
			m, ok := cur.(map[string]any)
			if !ok {
				return nil, &missingError{fmt.Sprintf("map holding %q", seg.Key)}
			}
			if cur, ok = m[seg.Key]; !ok {
				return nil, &missingError{fmt.Sprintf("%q", seg.Key)}
			}
		case fieldpath.SegIndex:
			l, ok := cur.([]any)
			if !ok || seg.Index >= len(l) {
				return nil, &missingError{fmt.Sprintf("element %d", seg.Index)}
			}
			cur = l[seg.Index]
		case fieldpath.SegSelector:
			l, ok := cur.([]any)
			if !ok {
				return nil, &missingError{fmt.Sprintf("list at [%s=%s]", seg.Key, seg.Value)}
			}
			// Selectors in a row narrow the same list.
			sel := []fieldpath.Segment{seg}
			for i+1 < len(segs) && segs[i+1].Kind == fieldpath.SegSelector {
				i++
				sel = append(sel, segs[i])
			}
			var found []any
			for _, el := range l {
				if matches(el, sel) {
					found = append(found, el)
				}
			}
			switch len(found) {
			case 0:
				return nil, &missingError{"element " + selectorText(sel)}
			case 1:
				cur = found[0]
			default:
				return nil, fmt.Errorf("the result has %d elements %s", len(found), selectorText(sel))
			}
		}
	}
	return cur, nil
}

// matches tells whether a list element has every selector's value.
func matches(el any, sel []fieldpath.Segment) bool {
	m, ok := el.(map[string]any)
	if !ok {
		return false
	}
	for _, s := range sel {
		v, ok := m[s.Key]
		if !ok || !sameSelectorValue(v, s.Value) {
			return false
		}
	}
	return true
}

// sameSelectorValue compares a field's value with a selector's value as
// written: bare or JSON-quoted for strings, JSON for other scalars.
func sameSelectorValue(v any, written string) bool {
	if fieldpath.FormatValue(v) == written {
		return true
	}
	var w any
	return json.Unmarshal([]byte(written), &w) == nil && sameJSON(v, w)
}

func selectorText(sel []fieldpath.Segment) string {
	var b strings.Builder
	for _, s := range sel {
		fmt.Fprintf(&b, "[%s=%s]", s.Key, s.Value)
	}
	return b.String()
}

// sameJSON compares two values as JSON (numbers from YAML and from JSON
// decode to different Go types).
func sameJSON(a, b any) bool {
	var x, y any
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	if errA != nil || errB != nil || json.Unmarshal(ja, &x) != nil || json.Unmarshal(jb, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
