package cluster

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/applylens/applylens/engine/jsonvalue"
)

var labelSpec = flagSpec{
	values: []string{"dry-run", "selector", "filename", "resource-version"},
	bools:  []string{"overwrite", "all", "recursive"},
}

// splitPairs is cmdutil.GetResourcesAndPairs: the first argument with
// "=" or a trailing "-" starts the pairs.
func splitPairs(pos []string) (resources, pairs []string) {
	for i, p := range pos {
		if strings.Contains(p, "=") || (strings.HasSuffix(p, "-") && p != "-") {
			return pos[:i], pos[i:]
		}
	}
	return pos, nil
}

func (c *Cluster) runLabel(r *run, words []string) error {
	return c.runMetaUpdate(r, words, "label")
}

func (c *Cluster) runAnnotate(r *run, words []string) error {
	return c.runMetaUpdate(r, words, "annotate")
}

// runMetaUpdate is kubectl label and kubectl annotate: the object with
// its labels (annotations) changed, sent as a JSON merge patch of the
// difference.
func (c *Cluster) runMetaUpdate(r *run, words []string, command string) error {
	a, err := parseArgs(command, words, labelSpec)
	if err != nil {
		return err
	}
	resources, pairs := splitPairs(a.pos)
	a.pos = resources
	field, noun := "labels", "label"
	manager := managerLabel
	if command == "annotate" {
		field, noun, manager = "annotations", "annotation", managerAnnotate
	}
	if len(pairs) == 0 {
		return errorf("at least one %s update is required", noun)
	}
	set := map[string]string{}
	var remove []string
	for _, p := range pairs {
		switch {
		case strings.Contains(p, "="):
			k, v, _ := strings.Cut(p, "=")
			if command == "label" && strings.Contains(v, "=") {
				return errorf("invalid label spec: %v", p)
			}
			if command == "label" {
				if errs := labelValueErrors(v); len(errs) > 0 {
					return errorf("invalid label value: %q: %s", p, strings.Join(errs, ";"))
				}
			}
			set[k] = v
		case strings.HasSuffix(p, "-"):
			remove = append(remove, p[:len(p)-1])
		default:
			return errorf("unknown %s spec: %v", noun, p)
		}
	}
	for _, k := range remove {
		if _, ok := set[k]; ok {
			if command == "label" {
				return errorf("can not both modify and remove a label in the same command")
			}
			return errorf("can not both modify and remove the following annotation(s) in the same command: %s", k)
		}
	}
	mode, targets, cerr := dryRunAnd(r, a, c.targetsOf)
	if cerr != nil {
		return cerr
	}
	overwrite := a.boolFlag("overwrite", false)
	for t, live := range c.liveTargets(r, targets) {
		obj := jsonvalue.CopyObject(live)
		md := metadataOf(obj)
		current, _ := md[field].(map[string]any)
		if !overwrite {
			var clashes []string
			for _, k := range slices.Sorted(maps.Keys(set)) {
				if cur, ok := current[k]; ok && cur != set[k] {
					clashes = append(clashes, fmt.Sprintf("'%s' already has a value (%v)", k, cur))
				}
			}
			if len(clashes) > 0 {
				if command == "label" {
					for _, cl := range clashes {
						r.fail(errorf("%s, and --overwrite is false", cl))
					}
					continue
				}
				r.fail(errorf("--overwrite is false but found the following declared annotation(s): %s", strings.Join(clashes, "; ")))
				continue
			}
		}
		if command == "label" && mode != "client" {
			for _, k := range remove {
				if _, ok := current[k]; !ok {
					r.printf("label %q not found.\n", k)
				}
			}
		}
		next := map[string]any{}
		for k, v := range current {
			next[k] = v
		}
		added, removed := 0, 0
		for _, k := range remove {
			if _, ok := next[k]; ok {
				delete(next, k)
				removed++
			}
		}
		for k, v := range set {
			if cur, ok := next[k]; !ok || cur != v {
				added++
			}
			next[k] = v
		}
		md[field] = next // an empty map stays {}, as kubectl's merge patch leaves it
		action := "annotated"
		if command == "label" {
			switch {
			case added > 0 && removed > 0:
				action = "modified"
			case added > 0:
				action = "labeled"
			case removed > 0:
				action = "unlabeled"
			default:
				action = "not labeled"
			}
		}
		var w *write // a label command that changes nothing sends nothing
		if command == "annotate" || added+removed > 0 {
			w = &write{manager: manager}
		}
		if cerr := c.commit(r, t, action, mode, obj, live, w); cerr != nil {
			r.fail(cerr)
		}
	}
	return nil
}

const labelValueFormat = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?"

var labelValuePattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("^" + labelValueFormat + "$") })

// labelValueErrors is apimachinery's IsValidLabelValue, which kubectl
// label checks before sending anything.
func labelValueErrors(v string) []string {
	var errs []string
	if len(v) > 63 {
		errs = append(errs, "must be no more than 63 bytes")
	}
	if !labelValuePattern().MatchString(v) {
		errs = append(errs, "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '"+labelValueFormat+"')")
	}
	return errs
}

// targetsOf reads the objects a command names: -f files or arguments.
func (c *Cluster) targetsOf(r *run, a *args) ([]target, *cmdError) {
	if !a.has("filename") && len(a.pos) == 0 {
		return nil, errorf("one or more resources must be specified as <resource> <name> or <resource>/<name>")
	}
	return c.fileOrNamedTargets(r, a)
}
