//go:build !js

package strategic_test

import (
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/internal/upstream"
)

// upstreamFile is strategicpatch's patch_test.go from the module cache,
// parsed (engine/internal/upstream).
func upstreamFile(t testing.TB) *ast.File {
	t.Helper()
	return upstream.File(t, "pkg/util/strategicpatch/patch_test.go")
}

// upstreamVar returns the initializer of a package-level variable of
// strategicpatch's patch_test.go.
func upstreamVar(t testing.TB, name string) ast.Expr {
	t.Helper()
	return upstream.Var(t, upstreamFile(t), name)
}

// upstreamLocal returns the value assigned to a local variable of a test
// function (the map literals of TestNumberConversion and TestUnknownField).
func upstreamLocal(t testing.TB, fn, name string) ast.Expr {
	t.Helper()
	for _, d := range upstreamFile(t).Decls {
		f, ok := d.(*ast.FuncDecl)
		if !ok || f.Name.Name != fn {
			continue
		}
		var found ast.Expr
		ast.Inspect(f.Body, func(n ast.Node) bool {
			a, ok := n.(*ast.AssignStmt)
			if ok && found == nil && len(a.Lhs) == len(a.Rhs) {
				for i, l := range a.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Name == name {
						found = a.Rhs[i]
					}
				}
			}
			return found == nil
		})
		if found != nil {
			return found
		}
	}
	t.Fatalf("patch_test.go no longer assigns %s in %s", name, fn)
	return nil
}

// upstreamType returns a struct type declaration.
func upstreamType(t testing.TB, name string) *ast.StructType {
	t.Helper()
	for _, d := range upstreamFile(t).Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.TYPE {
			continue
		}
		for _, s := range g.Specs {
			ts := s.(*ast.TypeSpec)
			if st, ok := ts.Type.(*ast.StructType); ok && ts.Name.Name == name {
				return st
			}
		}
	}
	t.Fatalf("patch_test.go no longer declares struct %s", name)
	return nil
}

// literal evaluates the constant part of Go syntax the tables use: string
// literals, []byte(...) conversions, string concatenation, and composite
// literals, keyed ones becoming map[string]any (keys by field name or
// string) and the rest []any. Anything else is an error, so a table written
// differently upstream fails loudly instead of being skipped.
func literal(e ast.Expr) (any, error) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return nil, fmt.Errorf("unsupported literal %s", e.Value)
		}
		return strconv.Unquote(e.Value)
	case *ast.ParenExpr:
		return literal(e.X)
	case *ast.CallExpr:
		if at, ok := e.Fun.(*ast.ArrayType); ok && len(e.Args) == 1 && at.Len == nil {
			if id, ok := at.Elt.(*ast.Ident); ok && id.Name == "byte" {
				return literal(e.Args[0])
			}
		}
		return nil, fmt.Errorf("unsupported call at offset %d", e.Pos())
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return nil, fmt.Errorf("unsupported operator %s", e.Op)
		}
		l, err := literal(e.X)
		if err != nil {
			return nil, err
		}
		r, err := literal(e.Y)
		if err != nil {
			return nil, err
		}
		ls, ok1 := l.(string)
		rs, ok2 := r.(string)
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("+ of non-strings")
		}
		return ls + rs, nil
	case *ast.CompositeLit:
		if len(e.Elts) > 0 {
			if _, keyed := e.Elts[0].(*ast.KeyValueExpr); keyed {
				m := map[string]any{}
				for _, el := range e.Elts {
					kv, ok := el.(*ast.KeyValueExpr)
					if !ok {
						return nil, fmt.Errorf("mixed keyed and unkeyed elements")
					}
					var key string
					switch k := kv.Key.(type) {
					case *ast.Ident:
						key = k.Name
					case *ast.BasicLit:
						s, err := strconv.Unquote(k.Value)
						if err != nil {
							return nil, err
						}
						key = s
					default:
						return nil, fmt.Errorf("unsupported key")
					}
					v, err := literal(kv.Value)
					if err != nil {
						return nil, fmt.Errorf("%s: %w", key, err)
					}
					m[key] = v
				}
				return m, nil
			}
		}
		l := []any{}
		for _, el := range e.Elts {
			v, err := literal(el)
			if err != nil {
				return nil, err
			}
			l = append(l, v)
		}
		return l, nil
	}
	return nil, fmt.Errorf("unsupported expression %T", e)
}

// typeString renders a type expression the way reflect.Type.String does,
// with byte as uint8, and with the types of this file unqualified.
func typeString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		if e.Name == "byte" {
			return "uint8"
		}
		return e.Name
	case *ast.StarExpr:
		return "*" + typeString(e.X)
	case *ast.ArrayType:
		if e.Len != nil {
			return "[?]" + typeString(e.Elt)
		}
		return "[]" + typeString(e.Elt)
	case *ast.MapType:
		return "map[" + typeString(e.Key) + "]" + typeString(e.Value)
	case *ast.SelectorExpr:
		return typeString(e.X) + "." + e.Sel.Name
	case *ast.StructType:
		var fs []string
		for _, f := range e.Fields.List {
			for _, n := range f.Names {
				fs = append(fs, n.Name+" "+typeString(f.Type))
			}
		}
		if len(fs) == 0 {
			return "struct {}"
		}
		return "struct { " + strings.Join(fs, "; ") + " }"
	}
	return fmt.Sprintf("<%T>", e)
}

func reflectTypeString(t reflect.Type) string {
	return strings.ReplaceAll(t.String(), "strategic_test.", "")
}

func TestOracleTypesMatchUpstream(t *testing.T) {
	for _, tc := range []struct {
		name string
		ours reflect.Type
	}{
		{"MergeItem", reflect.TypeFor[MergeItem]()},
		{"RetainKeysMergeItem", reflect.TypeFor[RetainKeysMergeItem]()},
		{"PrecisionItem", reflect.TypeFor[PrecisionItem]()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var want []string
			for _, f := range upstreamType(t, tc.name).Fields.List {
				tag := ""
				if f.Tag != nil {
					tag, _ = strconv.Unquote(f.Tag.Value)
				}
				for _, n := range f.Names {
					want = append(want, fmt.Sprintf("%s %s `%s`", n.Name, typeString(f.Type), tag))
				}
			}
			var got []string
			for i := range tc.ours.NumField() {
				f := tc.ours.Field(i)
				got = append(got, fmt.Sprintf("%s %s `%s`", f.Name, reflectTypeString(f.Type), f.Tag))
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("fields differ from upstream\n got: %q\nwant: %q", got, want)
			}
		})
	}
}
