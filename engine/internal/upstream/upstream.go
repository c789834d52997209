// Package upstream reads apimachinery's own test files from the module
// cache, for the tests that run their tables against the engine: the
// tables are read at test time, never copied into this repository.
package upstream

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var (
	mu    sync.Mutex
	files = map[string]*ast.File{}
)

// File parses rel, a file of k8s.io/apimachinery such as
// "pkg/util/strategicpatch/patch_test.go", from the module cache (once).
func File(t testing.TB, rel string) *ast.File {
	t.Helper()
	mu.Lock()
	defer mu.Unlock()
	if f, ok := files[rel]; ok {
		return f
	}
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "k8s.io/apimachinery").Output()
	if err != nil {
		t.Fatalf("locating k8s.io/apimachinery: %v", err)
	}
	dir := strings.TrimSpace(string(out))
	if dir == "" {
		t.Fatalf("k8s.io/apimachinery is not in the module cache; run go mod download")
	}
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, filepath.FromSlash(rel)), nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	files[rel] = f
	return f
}

// Var returns the initializer of the package-level variable name of f.
func Var(t testing.TB, f *ast.File, name string) ast.Expr {
	t.Helper()
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if n.Name == name && i < len(vs.Values) {
					return vs.Values[i]
				}
			}
		}
	}
	t.Fatalf("%s no longer declares var %s", f.Name.Name, name)
	return nil
}
