package jsonnetinput

import (
	"fmt"
	"strings"
	"testing"
)

// deepCase is a text and where tooDeep reports it (line 0: nowhere).
type deepCase struct {
	name      string
	src       string
	line, col int
}

// checkTooDeep runs tooDeep on each case: past the limit (a line given),
// it must report kind there; else nothing.
func checkTooDeep(t *testing.T, cases []deepCase, kind depthKind) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			line, col, got := tooDeep(tc.src)
			want := withinLimits
			if tc.line > 0 {
				want = kind
			}
			if line != tc.line || col != tc.col || got != want {
				t.Errorf("tooDeep = %d:%d (%d), want %d:%d (%d)", line, col, got, tc.line, tc.col, want)
			}
		})
	}
}

func TestTooDeep(t *testing.T) {
	deep := strings.Repeat("[", MaxNesting+1)
	cases := []deepCase{
		{name: "at the limit", src: strings.Repeat("(", MaxNesting)},
		{name: "one past the limit", src: deep, line: 1, col: MaxNesting + 1},
		{name: "closing brackets lower the depth", src: "[" + strings.Repeat("[], ", 3*MaxNesting) + "]"},
		{name: "mixed brackets", src: strings.Repeat("{a:[(", MaxNesting/3) + strings.Repeat("[", MaxNesting%3+1), line: 1, col: 5*(MaxNesting/3) + MaxNesting%3 + 1},
		{name: "after lines of comments and strings", src: "/* a\nb */ 'c\\'\nd'\n# e\n// f\n" + deep, line: 6, col: MaxNesting + 1},
		{name: "line comment with #", src: "# " + deep},
		{name: "line comment with //", src: "// " + deep + "\n1"},
		{name: "block comment", src: "/* " + deep + " */"},
		{name: "unterminated block comment", src: "/* " + deep},
		{name: "double-quoted string with an escaped quote", src: `"\"` + deep + `"`},
		{name: "single-quoted string", src: "'" + deep + "'"},
		{name: "verbatim string with a doubled quote", src: `@"a""` + deep + `"`},
		{name: "verbatim single-quoted string", src: `@'a''` + deep + `'`},
		{name: "text block", src: "|||\n  " + deep + "\n  more\n|||"},
		{name: "text block then code", src: "{ a: |||\n  x\n|||,\n b: " + deep + "}", line: 4, col: 4 + MaxNesting},
		{name: "prefix operators past the limit", src: "{ a: " + strings.Repeat("- ", MaxNesting+1) + "1 }", line: 1, col: 6 + 2*MaxNesting},
		{name: "binary operators are not a run", src: "1" + strings.Repeat(" - 1", 2*MaxNesting)},
	}
	checkTooDeep(t, cases, tooNested)
}

// The expression depth (MaxDepth) of each kind of chain, at the limit and
// one past it, where it is reported.
func TestTooDeepChains(t *testing.T) {
	n := MaxDepth
	locals := func(k int) string {
		var b strings.Builder
		for i := range k {
			fmt.Fprintf(&b, "local v%d = %d;\n", i, i)
		}
		return b.String() + "v0"
	}
	cases := []deepCase{
		{name: "binary operators at the limit", src: "1" + strings.Repeat(" + 1", n)},
		{name: "binary operators one past", src: "1" + strings.Repeat(" + 1", n+1), line: 1, col: 4*n + 3},
		{name: "two-character operators", src: "1" + strings.Repeat(" == 1", n+1), line: 1, col: 5*n + 3},
		{name: "an operator inside an object counts the brace", src: "{a: 1" + strings.Repeat("+1", n-1) + "}"},
		{name: "the issue's chain", src: "{a: 1" + strings.Repeat("+1", n) + "}", line: 1, col: 2*n + 4},
		// A local, if or function counts localWeight.
		{name: "local bindings at the limit", src: locals(n / localWeight)},
		{name: "local bindings one past", src: locals(n/localWeight + 1), line: n/localWeight + 1, col: 1},
		{name: "bindings of one local are siblings", src: "local " + strings.Repeat("a = 1 + 1, ", 2*n) + "b = 1; b"},
		{name: "else if at the limit", src: strings.Repeat("if false then 0 else ", n/localWeight) + "1"},
		{name: "else if one past", src: strings.Repeat("if false then 0 else ", n/localWeight+1) + "1", line: 1, col: 21*(n/localWeight) + 1},
		{name: "fields at the limit", src: "o" + strings.Repeat(".a", n)},
		{name: "fields one past", src: "o" + strings.Repeat(".a", n+1), line: 1, col: 2*n + 2},
		{name: "calls at the limit", src: "f" + strings.Repeat("(1)", n)},
		{name: "calls one past", src: "f" + strings.Repeat("(1)", n+1), line: 1, col: 3*n + 2},
		// The keyword and the parameters' bracket.
		{name: "functions at the limit", src: strings.Repeat("function(x) ", n/(localWeight+1)) + "1"},
		{name: "functions one past", src: strings.Repeat("function(x) ", n/(localWeight+1)+1) + "1", line: 1, col: 12*(n/(localWeight+1)) + 1},
		{name: "elements of an array are siblings", src: "[" + strings.Repeat("1 + 1 + 1, ", 3*n) + "]"},
		{name: "fields of an object are siblings", src: "{" + strings.Repeat("local x = 1 + 1, a: x.y.z, ", 3*n) + "}"},
		{name: "chains in strings and comments do not count", src: "'" + strings.Repeat("+1", 2*n) + "' # " + strings.Repeat(".a", 2*n) + "\n/* " + strings.Repeat("-1", 2*n) + " */ 1"},
		{name: "numbers with exponents are no operators", src: "1" + strings.Repeat(" + 1e+5 - 2.5E-3", n/2)},
		{name: "a text block does not count", src: "|||\n  " + strings.Repeat("+1", 2*n) + "\n|||"},
	}
	checkTooDeep(t, cases, tooChained)
}

// FuzzTooDeep: any text is scanned without a panic, and a reported place
// is in the text.
func FuzzTooDeep(f *testing.F) {
	for _, s := range []string{"{a: 1 + 2}", "local a = 1; if a then b else c", "[x for x in std.range(1, 2) if x > 1]", "'a' # b\n/* c */ |||\n  d\n|||", "1e+5 - .5", "{local a = 1, assert a : 'm', b: a.c(1)[2]}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		line, col, kind := tooDeep(src)
		if kind == withinLimits {
			if line != 0 || col != 0 {
				t.Fatalf("within the limits at %d:%d", line, col)
			}
			return
		}
		lines := strings.Split(src, "\n")
		if line < 1 || line > len(lines) || col < 1 || col > len(lines[line-1]) {
			t.Fatalf("place %d:%d outside the text (%d lines)", line, col, len(lines))
		}
	})
}
