package cluster

import (
	"errors"
	"fmt"
	"strings"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/document"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/serverside"
)

var diffSpec = flagSpec{
	values: []string{"filename", "kustomize", "selector", "field-manager"},
	bools:  []string{"recursive", "show-managed-fields", "server-side", "force-conflicts"},
}

// Directories kubectl diff writes the two sides into; kubectl makes them
// with random suffixes, the simulation with fixed ones.
const (
	diffLiveDir   = "/tmp/LIVE-000000001"
	diffMergedDir = "/tmp/MERGED-000000001"
)

// runDiff is kubectl diff: for each object, the live object and what a
// server-side dry run of the apply would store, both printed as YAML
// without managedFields, compared by `diff -u -N`. The exit code is
// diff's: 0 when the same, 1 when different (kubectl errors exit 2 and
// up).
func (c *Cluster) runDiff(r *run, words []string) error {
	a, err := parseArgs("diff", words, diffSpec)
	if err != nil {
		return err
	}
	r.exitErr = 2 // CheckDiffErr adds one to kubectl's exit code
	serverSide := a.boolFlag("server-side", false)
	if a.boolFlag("force-conflicts", false) && !serverSide {
		return errorf("--force-conflicts only works with --server-side")
	}
	objs, cerr := c.readFiles(r, a)
	if cerr != nil {
		return cerr
	}
	showManaged := a.boolFlag("show-managed-fields", false)
	different := false
	for _, fo := range objs {
		live := c.get(fo.kind, fo.namespace, fo.name)
		if serverSide {
			merged, cerr := c.serverSideDryRun(fo, live, a.get("field-manager"), a.boolFlag("force-conflicts", false))
			if cerr != nil {
				return cerr
			}
			if c.printDiff(r, fo, live, merged, showManaged) {
				different = true
			}
			continue
		}
		in := engine.Input{File: string(encode(fo.obj)), ClusterScoped: !fo.kind.Namespaced}
		if live != nil {
			in.Live = string(encode(live))
		}
		res, err := engine.Apply(in)
		if err != nil {
			return errorf("%v", err)
		}
		r.out.Applies = append(r.out.Applies, res)
		obj, _ := jsonvalue.DecodeObject(res.Object)
		var merged map[string]any
		if live == nil {
			stored, _, cerr := c.serverCreate(fo.kind, obj, write{manager: managerClientSideApply, dryRun: true})
			if cerr != nil {
				return cerr.withSource("creating", fo.source)
			}
			merged = stored
		} else if res.Action == engine.ActionUnchanged {
			merged = live
		} else {
			stored, _, cerr := c.serverUpdate(fo.kind, obj, jsonvalue.CopyObject(live), write{manager: managerClientSideApply, dryRun: true})
			if cerr != nil {
				return cerr.withSource("patching", fo.source)
			}
			merged = stored
		}
		if c.printDiff(r, fo, live, merged, showManaged) {
			different = true
		}
	}
	if different {
		r.out.ExitCode = 1
	}
	return nil
}

// printDiff prints the unified diff of live and merged, and tells whether
// they differ.
func (c *Cluster) printDiff(r *run, fo *fileObject, live, merged map[string]any, showManaged bool) bool {
	liveText, mergedText := "", ""
	if live != nil {
		liveText = diffYAML(live, showManaged)
	}
	mergedText = diffYAML(merged, showManaged)
	if liveText == mergedText {
		return false
	}
	name := diffFileName(fo)
	r.stdout.WriteString(unifiedDiff(diffLiveDir+"/"+name, diffMergedDir+"/"+name, liveText, mergedText, live != nil, c.now().UTC().Format("2006-01-02 15:04:05.000000000 -0700")))
	return true
}

// serverSideDryRun is kubectl diff --server-side's merged object: the
// file sent as an apply patch in a server dry run (the manager "kubectl"
// unless --field-manager says otherwise); a conflict is kubectl's error.
func (c *Cluster) serverSideDryRun(fo *fileObject, live map[string]any, manager string, force bool) (map[string]any, *cmdError) {
	req := serverside.Request{File: jsonvalue.CopyObject(fo.obj), Manager: manager, Force: force,
		CustomResourceDefinitions: c.customResourceDefinitions(fo.obj), Now: c.now()}
	if live != nil {
		req.Live = jsonvalue.CopyObject(live)
	}
	obj, err := serverside.ApplyPatch(req)
	if err != nil {
		var ce *serverside.ConflictError
		if errors.As(err, &ce) {
			return nil, &cmdError{status: &serverStatus{Reason: "Conflict", Message: ce.Message}}
		}
		return nil, statusError("", "%s", err.Error())
	}
	w := write{manager: req.Manager, dryRun: true, applied: true, appliedFields: metadataOf(obj)["managedFields"]}
	var cerr *cmdError
	if live == nil {
		obj, _, cerr = c.serverCreate(fo.kind, obj, w)
	} else {
		obj, _, cerr = c.serverUpdate(fo.kind, obj, jsonvalue.CopyObject(live), w)
	}
	return obj, cerr
}

func diffYAML(obj map[string]any, showManaged bool) string {
	o := jsonvalue.CopyObject(obj)
	if !showManaged {
		delete(metadataOf(o), "managedFields")
	}
	text, _ := document.RenderYAML(o)
	return text
}

// diffFileName is kubectl diff's file name: group.version.Kind.namespace.name.
func diffFileName(fo *fileObject) string {
	parts := []string{}
	if fo.kind.Group != "" {
		parts = append(parts, fo.kind.Group)
	}
	parts = append(parts, fo.kind.Version, fo.kind.Kind)
	if fo.namespace != "" {
		parts = append(parts, fo.namespace)
	}
	parts = append(parts, fo.name)
	return strings.Join(parts, ".")
}

// unifiedDiff is GNU `diff -u -N` of two texts, with three lines of
// context.
func unifiedDiff(fromName, toName, from, to string, fromExists bool, stamp string) string {
	a, b := splitLines(from), splitLines(to)
	ops := diffLines(a, b)
	var sb strings.Builder
	fmt.Fprintf(&sb, "diff -u -N %s %s\n", fromName, toName)
	fromStamp := stamp
	if !fromExists {
		fromStamp = "1970-01-01 00:00:00.000000000 +0000"
	}
	fmt.Fprintf(&sb, "--- %s\t%s\n+++ %s\t%s\n", fromName, fromStamp, toName, stamp)
	const context = 3
	// Group the edit script into hunks.
	i := 0
	for i < len(ops) {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := i - context
		if start < 0 {
			start = 0
		}
		end := i
		for {
			for end < len(ops) && ops[end].kind != ' ' {
				end++
			}
			next := end
			for next < len(ops) && ops[next].kind == ' ' {
				next++
			}
			if next < len(ops) && next-end <= 2*context {
				end = next
				continue
			}
			end += context
			if end > len(ops) {
				end = len(ops)
			}
			break
		}
		aStart, bStart := ops[start].a, ops[start].b
		aCount, bCount := 0, 0
		for _, op := range ops[start:end] {
			if op.kind != '+' {
				aCount++
			}
			if op.kind != '-' {
				bCount++
			}
		}
		fmt.Fprintf(&sb, "@@ -%s +%s @@\n", hunkRange(aStart, aCount), hunkRange(bStart, bCount))
		for _, op := range ops[start:end] {
			sb.WriteByte(op.kind)
			sb.WriteString(op.line)
			sb.WriteByte('\n')
		}
		i = end
	}
	return sb.String()
}

func hunkRange(start, count int) string {
	switch count {
	case 0:
		return fmt.Sprintf("%d,0", start)
	case 1:
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, count)
}

type diffOp struct {
	kind byte // ' ', '-', '+'
	line string
	a, b int // 0-based positions in a and b before this line
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// diffLines is a longest-common-subsequence line diff.
func diffLines(a, b []string) []diffOp {
	n, m := len(a), len(b)
	lcs := make([][]int32, n+1)
	for i := range lcs {
		lcs[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else if lcs[i+1][j] >= lcs[i][j+1] {
				lcs[i][j] = lcs[i+1][j]
			} else {
				lcs[i][j] = lcs[i][j+1]
			}
		}
	}
	var ops []diffOp
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			ops = append(ops, diffOp{' ', a[i], i, j})
			i++
			j++
		case j < m && (i == n || lcs[i][j+1] > lcs[i+1][j]):
			ops = append(ops, diffOp{'+', b[j], i, j})
			j++
		default:
			ops = append(ops, diffOp{'-', a[i], i, j})
			i++
		}
	}
	return ops
}
