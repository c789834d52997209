package jsonnetinput

import (
	"strings"
	"testing"
)

func TestTooDeep(t *testing.T) {
	deep := strings.Repeat("[", MaxNesting+1)
	cases := []struct {
		name      string
		src       string
		line, col int
	}{
		{name: "at the limit", src: strings.Repeat("(", MaxNesting)},
		{name: "one past the limit", src: deep, line: 1, col: MaxNesting + 1},
		{name: "closing brackets lower the depth", src: strings.Repeat("[]", 3*MaxNesting)},
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
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			line, col := tooDeep(tc.src)
			if line != tc.line || col != tc.col {
				t.Errorf("tooDeep = %d:%d, want %d:%d", line, col, tc.line, tc.col)
			}
		})
	}
}
