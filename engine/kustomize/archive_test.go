package kustomize

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// archive is one testdata/build case: a txtar-like file whose first line
// describes the case, then "-- path --" sections: the files, ".dir" (the
// directory to build), and the expected ".want" output or ".error" text,
// which oracle/kustomize writes from the real kustomize (-update) and
// checks.
type archive struct {
	name, comment string
	files         map[string]string
	dir           string
	want, err     *string
}

func readArchives(t testing.TB) []archive {
	t.Helper()
	paths, err := filepath.Glob("testdata/build/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no testdata/build cases: %v", err)
	}
	sort.Strings(paths)
	var out []archive
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		a := archive{name: strings.TrimSuffix(filepath.Base(p), ".txtar"), files: map[string]string{}}
		var cur *strings.Builder
		var curName string
		flush := func() {
			if cur == nil {
				return
			}
			s := cur.String()
			switch curName {
			case ".dir":
				a.dir = strings.TrimSpace(s)
			case ".want":
				a.want = &s
			case ".error":
				e := strings.TrimSuffix(s, "\n")
				a.err = &e
			default:
				a.files[curName] = s
			}
		}
		for _, line := range strings.SplitAfter(string(b), "\n") {
			if strings.HasPrefix(line, "-- ") && strings.HasSuffix(line, " --\n") {
				flush()
				curName = strings.TrimSuffix(strings.TrimPrefix(line, "-- "), " --\n")
				cur = &strings.Builder{}
				continue
			}
			if cur == nil {
				a.comment += line
				continue
			}
			cur.WriteString(line)
		}
		flush()
		out = append(out, a)
	}
	return out
}

// TestArchives builds every testdata/build case and requires kustomize's
// output or error text, byte for byte.
func TestArchives(t *testing.T) {
	for _, a := range readArchives(t) {
		t.Run(a.name, func(t *testing.T) {
			if a.want == nil && a.err == nil {
				t.Fatal("no .want or .error: run go test -run TestArchives -update in oracle/kustomize")
			}
			in := Input{Files: map[string][]byte{}, Dir: a.dir}
			for p, c := range a.files {
				in.Files[p] = []byte(c)
			}
			res, err := Build(in)
			switch {
			case a.err != nil && err == nil:
				t.Fatalf("%s: no error, want %q", a.comment, *a.err)
			case a.err != nil && err.Error() != *a.err:
				t.Fatalf("%s: error\n%s\nwant\n%s", a.comment, err, *a.err)
			case a.want != nil && err != nil:
				t.Fatalf("%s: %v", a.comment, err)
			case a.want != nil && string(res.YAML) != *a.want:
				t.Fatalf("%s: got\n%s\nwant\n%s", a.comment, res.YAML, *a.want)
			}
		})
	}
}
