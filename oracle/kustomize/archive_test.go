package kustomize

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const archiveDir = "../../engine/kustomize/testdata/build"

// TestArchives runs engine/kustomize's testdata/build cases through the
// real kustomize: their .want (output) or .error (message) must be
// kustomize's (-update writes them), and the engine must agree.
func TestArchives(t *testing.T) {
	paths, err := filepath.Glob(archiveDir + "/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no cases in %s: %v", archiveDir, err)
	}
	sort.Strings(paths)
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			head, files, dir := splitArchive(string(b))
			out, kerr := krustyBuild(files, dir)
			var want string
			if kerr != nil {
				want = head + "-- .error --\n" + kerr.Error() + "\n"
			} else {
				want = head + "-- .want --\n" + out
			}
			if *update {
				if err := os.WriteFile(p, []byte(want), 0o644); err != nil {
					t.Fatal(err)
				}
			} else if string(b) != want {
				t.Fatalf("%s is not kustomize's: run go test -run TestArchives -update\ngot:\n%s\nkustomize:\n%s", p, b, want)
			}
			compare(t, filepath.Base(p), files, dir)
		})
	}
}

// splitArchive returns the archive without its .want/.error section, its
// files and its directory.
func splitArchive(s string) (head string, files map[string]string, dir string) {
	files = map[string]string{}
	var b strings.Builder
	name := ""
	var cur *strings.Builder
	flush := func() {
		if cur == nil {
			return
		}
		switch name {
		case ".dir":
			dir = strings.TrimSpace(cur.String())
		case ".want", ".error":
		default:
			files[name] = cur.String()
		}
	}
	skip := false
	for _, line := range strings.SplitAfter(s, "\n") {
		if strings.HasPrefix(line, "-- ") && strings.HasSuffix(line, " --\n") {
			flush()
			name = strings.TrimSuffix(strings.TrimPrefix(line, "-- "), " --\n")
			cur = &strings.Builder{}
			skip = name == ".want" || name == ".error"
			if !skip {
				b.WriteString(line)
			}
			continue
		}
		if !skip {
			b.WriteString(line)
		}
		if cur != nil {
			cur.WriteString(line)
		}
	}
	flush()
	return b.String(), files, dir
}
