package kustomize

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/kustomize"
	"sigs.k8s.io/kustomize/api/filters/patchjson6902"
	"sigs.k8s.io/kustomize/api/filters/patchstrategicmerge"
	"sigs.k8s.io/kustomize/kyaml/kio"
	kfilters "sigs.k8s.io/kustomize/kyaml/kio/filters"
	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"
	"sigs.k8s.io/kustomize/kyaml/yaml/merge2"
)

// The peer suite: kustomize's own table tests for its merges and patches
// (kyaml/yaml/merge2, api/filters/patchstrategicmerge and
// api/filters/patchjson6902, v0.21.1), read from the module cache at test
// time (nothing of them is copied into the project) and run on the
// engine's two primitives, kustomize.MergeYAML and ApplyJSON6902. Each
// case is first run on kustomize itself, which must give the case's
// expected output: that proves the extraction read the case right.
//
// A case whose options the engine's primitive does not have (merge2's
// ListIncreaseDirection append, or InferAssociativeLists: a build merges
// with neither) is skipped with its reason counted; a case the engine
// refuses (ErrUnsupported, smp.go's refused merge shapes) is counted as
// refused; every other case must agree.

// peerCase is one table case, its fields as the test file writes them.
type peerCase struct {
	file, name string
	fields     map[string]any // string, bool, or map[string]any for a composite
}

// peerTally counts a suite's cases.
type peerTally struct {
	ran, agreed, refused int
	// appendSame: merge2 cases written with ListIncreaseDirection append
	// that prepending does not change, run as a build would merge them.
	appendSame int
	// prependAgreed, prependRefused: of the merge2 cases skipped because
	// prepending changes their result, those where the engine gives
	// kyaml's prepended result, and those it refuses.
	prependAgreed, prependRefused int
	skipped                       map[string]int
}

func (t *peerTally) skip(reason string) { t.skipped[reason]++ }

// readsOnly skips, and counts, a case holding fields other than allowed:
// the suite would not test what they ask for.
func (tally *peerTally) readsOnly(t *testing.T, c peerCase, allowed ...string) {
	t.Helper()
	if x := onlyFields(c, allowed...); x != "" {
		tally.skip("with fields the suite does not read (" + x + ")")
		t.Skipf("fields %s", x)
	}
}

// merge runs the engine's strategic merge of patch into object on a case
// that runs: format renders its answer as kustomize's test writes the
// expected output, want. A refusal (what the engine does not support) is
// counted, not failed.
func (tally *peerTally) merge(t *testing.T, object, patch string, format func(string) (string, error), want string) {
	t.Helper()
	tally.ran++
	got, err := kustomize.MergeYAML(object, patch)
	if isRefusal(err) {
		tally.refused++
		t.Logf("refused: %v", err)
		return
	}
	if err != nil {
		t.Fatalf("engine: %v", err)
	}
	g, err := format(got)
	if err != nil {
		t.Fatal(err)
	}
	if g != want {
		t.Fatalf("engine:\n%s\nkustomize's test expects:\n%s", g, want)
	}
	tally.agreed++
}

func (t *peerTally) String() string {
	var rs []string
	for r, n := range t.skipped {
		rs = append(rs, fmt.Sprintf("%d %s", n, r))
	}
	sort.Strings(rs)
	s := fmt.Sprintf("ran %d, agreed %d, refused %d", t.ran, t.agreed, t.refused)
	if t.appendSame > 0 {
		s += fmt.Sprintf(" (%d of those ran written with ListIncreaseDirection append, which prepending does not change)", t.appendSame)
	}
	if len(rs) > 0 {
		s += ", skipped: " + strings.Join(rs, "; ")
	}
	if t.prependAgreed+t.prependRefused > 0 {
		s += fmt.Sprintf(" (of the append cases skipped, %d agree with kyaml prepending, %d refused)", t.prependAgreed, t.prependRefused)
	}
	return s
}

// peerCases reads the table cases of the _test.go files of dir: every
// composite literal of slice or map type whose elements are keyed
// composites that set every field named in known. A map's key is the case's name.
func peerCases(t *testing.T, dir string, known map[string]bool) []peerCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files in %s (%v)", dir, err)
	}
	sort.Strings(files)
	fset := token.NewFileSet()
	var parsed []*ast.File
	consts := map[string]ast.Expr{}
	for _, f := range files {
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, af)
		for _, d := range af.Decls {
			if g, ok := d.(*ast.GenDecl); ok && (g.Tok == token.CONST || g.Tok == token.VAR) {
				for _, s := range g.Specs {
					vs := s.(*ast.ValueSpec)
					for i, n := range vs.Names {
						if i < len(vs.Values) {
							consts[n.Name] = vs.Values[i]
						}
					}
				}
			}
		}
	}
	ev := &peerEval{consts: consts}
	var cases []peerCase
	for i, af := range parsed {
		base := filepath.Base(files[i])
		ast.Inspect(af, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			switch lit.Type.(type) {
			case *ast.ArrayType, *ast.MapType:
			default:
				return true
			}
			found := false
			for j, e := range lit.Elts {
				name := ""
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					k, err := ev.eval(kv.Key)
					if s, isStr := k.(string); err == nil && isStr {
						name = s
					}
					e = kv.Value
				}
				el, ok := e.(*ast.CompositeLit)
				if !ok || !keyedWith(el, known) {
					continue
				}
				found = true
				fields, err := ev.fields(el)
				if err != nil {
					t.Errorf("%s: case %d: %v", base, j, err)
					continue
				}
				if name == "" {
					for _, k := range []string{"description", "testName", "name"} {
						if s, ok := fields[k].(string); ok {
							name = s
							break
						}
					}
				}
				cases = append(cases, peerCase{file: base, name: name, fields: fields})
			}
			return !found
		})
	}
	return cases
}

// keyedWith says whether a composite literal sets every field in known.
func keyedWith(lit *ast.CompositeLit, known map[string]bool) bool {
	n := 0
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && known[id.Name] {
				n++
			}
		}
	}
	return n == len(known)
}

// peerEval evaluates the constant expressions the tables are written with.
type peerEval struct{ consts map[string]ast.Expr }

func (ev *peerEval) fields(lit *ast.CompositeLit) (map[string]any, error) {
	out := map[string]any{}
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return nil, fmt.Errorf("an unkeyed field")
		}
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			return nil, fmt.Errorf("a field key that is not a name")
		}
		v, err := ev.eval(kv.Value)
		if err != nil {
			return nil, fmt.Errorf("field %s: %v", id.Name, err)
		}
		out[id.Name] = v
	}
	return out, nil
}

func (ev *peerEval) eval(e ast.Expr) (any, error) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind == token.STRING {
			return strconv.Unquote(x.Value)
		}
		return x.Value, nil
	case *ast.Ident:
		switch x.Name {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		if c, ok := ev.consts[x.Name]; ok {
			return ev.eval(c)
		}
		return nil, fmt.Errorf("unknown name %s", x.Name)
	case *ast.SelectorExpr:
		// yaml.MergeOptionsListAppend and the like: the name stands.
		return x.Sel.Name, nil
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return nil, fmt.Errorf("operator %s", x.Op)
		}
		a, err := ev.eval(x.X)
		if err != nil {
			return nil, err
		}
		b, err := ev.eval(x.Y)
		if err != nil {
			return nil, err
		}
		as, ok1 := a.(string)
		bs, ok2 := b.(string)
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("+ of non-strings")
		}
		return as + bs, nil
	case *ast.CallExpr:
		// yaml.MustParse(text): the patch as its text.
		if sel, ok := x.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "MustParse" && len(x.Args) == 1 {
			return ev.eval(x.Args[0])
		}
		return nil, fmt.Errorf("a call")
	case *ast.CompositeLit:
		return ev.fields(x)
	case *ast.ParenExpr:
		return ev.eval(x.X)
	}
	return nil, fmt.Errorf("an expression of type %T", e)
}

// onlyFields returns the name of a field of c outside allowed, or "".
func onlyFields(c peerCase, allowed ...string) string {
	ok := map[string]bool{}
	for _, a := range allowed {
		ok[a] = true
	}
	var extra []string
	for k := range c.fields {
		if !ok[k] {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	return strings.Join(extra, ", ")
}

// kioRoundTrip writes YAML text as filtertest.RunFilter writes a filter's
// output (kio.ByteReadWriter, no filter): the peer tests' normal form.
func kioRoundTrip(text string) (string, error) {
	var out bytes.Buffer
	rw := kio.ByteReadWriter{Reader: bytes.NewBufferString(text), Writer: &out}
	err := kio.Pipeline{Inputs: []kio.Reader{&rw}, Outputs: []kio.Writer{&rw}}.Execute()
	return out.String(), err
}

// runFilter is filtertest.RunFilter (api/testutils/filtertest).
func runFilter(input string, f kio.Filter) (string, error) {
	var out bytes.Buffer
	rw := kio.ByteReadWriter{Reader: bytes.NewBufferString(input), Writer: &out}
	err := kio.Pipeline{Inputs: []kio.Reader{&rw}, Filters: []kio.Filter{f}, Outputs: []kio.Writer{&rw}}.Execute()
	return out.String(), err
}

// formatInput is TestMerge's normal form in merge2_test.go.
func formatInput(text string) (string, error) {
	b, err := kfilters.FormatInput(bytes.NewBufferString(text))
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(b.String()), nil
}

func isRefusal(err error) bool {
	var e *kustomize.Error
	return errors.As(err, &e) && e.Kind == kustomize.ErrUnsupported
}

// peerSuite reads the cases of one of kustomize's test tables in dir
// (known: the fields a case must have) and a tally for them; done, once
// the cases have run, logs the tally under name and fails the test when
// fewer than min cases were read (the table moved or its form changed).
func peerSuite(t *testing.T, name, dir string, min int, known ...string) (cases []peerCase, tally *peerTally, done func()) {
	t.Helper()
	fields := map[string]bool{}
	for _, k := range known {
		fields[k] = true
	}
	cases = peerCases(t, dir, fields)
	tally = &peerTally{skipped: map[string]int{}}
	return cases, tally, func() {
		if len(cases) < min {
			t.Errorf("read only %d %s cases", len(cases), name)
		}
		t.Logf("%s (%d cases): %s", name, len(cases), tally)
	}
}

func TestPeerMerge2(t *testing.T) {
	cases, tally, done := peerSuite(t, "merge2", filepath.Join(moduleDir(t, "sigs.k8s.io/kustomize/kyaml"), "yaml", "merge2"), 50, "source", "dest", "expected")
	defer done()
	for _, c := range cases {
		t.Run(c.file+"/"+c.name, func(t *testing.T) {
			tally.readsOnly(t, c, "description", "source", "dest", "expected", "infer", "mergeOptions")
			src, _ := c.fields["source"].(string)
			dest, _ := c.fields["dest"].(string)
			expected, _ := c.fields["expected"].(string)
			infer, _ := c.fields["infer"].(bool)
			dir := "MergeOptionsListAppend" // the zero value
			if mo, ok := c.fields["mergeOptions"].(map[string]any); ok {
				if d, ok := mo["ListIncreaseDirection"].(string); ok {
					dir = d
				}
				if x := onlyFields(peerCase{fields: mo}, "ListIncreaseDirection"); x != "" {
					tally.skip("merge options other than ListIncreaseDirection (" + x + ")")
					t.Skipf("merge options %s", x)
				}
			}
			// kustomize itself, on the case as read.
			opts := kyaml.MergeOptions{ListIncreaseDirection: kyaml.MergeOptionsListAppend}
			if dir == "MergeOptionsListPrepend" {
				opts.ListIncreaseDirection = kyaml.MergeOptionsListPrepend
			}
			real, err := merge2.MergeStrings(src, dest, infer, opts)
			if err != nil {
				t.Fatalf("kyaml fails on the case as read: %v", err)
			}
			want, err := formatInput(expected)
			if err != nil {
				t.Fatal(err)
			}
			if r, err := formatInput(real); err != nil || r != want {
				t.Fatalf("the case as read does not pass on kyaml (%v):\n%s\nwant\n%s", err, r, want)
			}
			if infer {
				tally.skip("InferAssociativeLists (a build never infers)")
				t.Skip("infer")
			}
			if dir != "MergeOptionsListPrepend" {
				// A build prepends. An append case still tests the
				// build's merge when kyaml, prepending, gives the same
				// expected output (nothing is added to a keyed list).
				pre, err := merge2.MergeStrings(src, dest, false, kyaml.MergeOptions{ListIncreaseDirection: kyaml.MergeOptionsListPrepend})
				p, errF := formatInput(pre)
				if err != nil || errF != nil {
					t.Fatalf("kyaml fails on the case prepending: %v %v", err, errF)
				}
				if p != want {
					// Not the table's case any more, but still kyaml's
					// merge as a build runs it: the engine must give
					// what kyaml gives prepending.
					tally.skip("ListIncreaseDirection append, whose result prepending changes (a build prepends)")
					got, err := kustomize.MergeYAML(dest, src)
					g, errG := formatInput(got)
					switch {
					case isRefusal(err):
						tally.prependRefused++
						t.Logf("refused: %v", err)
					case err != nil || errG != nil || g != p:
						t.Fatalf("engine (%v %v):\n%s\nkyaml prepending:\n%s", err, errG, g, p)
					default:
						tally.prependAgreed++
					}
					t.Skip("append changes the result")
				}
				tally.appendSame++
			}
			tally.merge(t, dest, src, formatInput, want)
		})
	}
}

func TestPeerPatchStrategicMerge(t *testing.T) {
	cases, tally, done := peerSuite(t, "patchstrategicmerge", filepath.Join(moduleDir(t, "sigs.k8s.io/kustomize/api"), "filters", "patchstrategicmerge"), 20, "input", "patch", "expected")
	defer done()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tally.readsOnly(t, c, "input", "patch", "expected")
			input, _ := c.fields["input"].(string)
			patch, _ := c.fields["patch"].(string)
			want := strings.TrimSpace(c.fields["expected"].(string))
			real, err := runFilter(input, patchstrategicmerge.Filter{Patch: kyaml.MustParse(patch)})
			if err != nil || strings.TrimSpace(real) != want {
				t.Fatalf("the case as read does not pass on kustomize (%v):\n%s\nwant\n%s", err, real, want)
			}
			nodes, err := (&kio.ByteReader{Reader: strings.NewReader(input)}).Read()
			if err != nil || len(nodes) != 1 {
				tally.skip("an input of other than one object")
				t.Skipf("%d objects (%v)", len(nodes), err)
			}
			tally.merge(t, input, patch, func(got string) (string, error) {
				g, err := kioRoundTrip(got)
				return strings.TrimSpace(g), err
			}, want)
		})
	}
}

func TestPeerPatchJSON6902(t *testing.T) {
	cases, tally, done := peerSuite(t, "patchjson6902", filepath.Join(moduleDir(t, "sigs.k8s.io/kustomize/api"), "filters", "patchjson6902"), 4, "input", "filter", "expectedOutput")
	defer done()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tally.readsOnly(t, c, "testName", "input", "filter", "expectedOutput")
			input, _ := c.fields["input"].(string)
			f, _ := c.fields["filter"].(map[string]any)
			if x := onlyFields(peerCase{fields: f}, "Patch"); x != "" {
				tally.skip("a filter with fields other than Patch (" + x + ")")
				t.Skipf("filter fields %s", x)
			}
			ops, _ := f["Patch"].(string)
			want := strings.TrimSpace(c.fields["expectedOutput"].(string))
			real, err := runFilter(input, patchjson6902.Filter{Patch: ops})
			if err != nil || strings.TrimSpace(real) != want {
				t.Fatalf("the case as read does not pass on kustomize (%v):\n%s\nwant\n%s", err, real, want)
			}
			tally.ran++
			got, err := kustomize.ApplyJSON6902(input, ops)
			if err != nil {
				t.Fatalf("engine: %v", err)
			}
			g, err := kioRoundTrip(got)
			if err != nil {
				t.Fatal(err)
			}
			if strings.TrimSpace(g) != want {
				t.Fatalf("engine:\n%s\nkustomize's test expects:\n%s", g, want)
			}
			tally.agreed++
		})
	}
}
