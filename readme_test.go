package applylens_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestREADMEFacts checks each count and version README.md states against
// the tree it describes, so that the README cannot drift from it: a new
// wasm, embed or dependency version fails here until the README says so.
func TestREADMEFacts(t *testing.T) {
	readme := readText(t, "README.md")
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	number := func(n int) string {
		if n < len(words) {
			return words[n]
		}
		return "more than ten"
	}
	goMod := readText(t, "go.mod")
	required := func(mod, module string) string {
		m := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(module) + ` (v\S+)`).FindStringSubmatch(mod)
		if m == nil {
			t.Fatalf("go.mod requires no %s", module)
		}
		return m[1]
	}
	var pkg struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	if err := json.Unmarshal([]byte(readText(t, "package.json")), &pkg); err != nil {
		t.Fatal(err)
	}

	facts := []struct {
		name string
		// says is what the README must contain, computed from the tree.
		says string
	}{
		{"the wasm builds of serve (main packages under wasm/)", number(len(wasmMains(t))) + " wasm builds"},
		{"the embeds bench-page measures (docs/embed-example/index.html)",
			number(strings.Count(readText(t, "docs/embed-example/index.html"), "<iframe")) + " embeds on one page"},
		{"Go's version (go.mod)", "Go " + regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindStringSubmatch(goMod)[1]},
		{"the k8s.io modules' version (go.mod)", func() string {
			v := required(goMod, "k8s.io/apimachinery")
			for _, m := range []string{"k8s.io/api", "k8s.io/kubectl", "k8s.io/client-go"} {
				if w := required(goMod, m); w != v {
					t.Errorf("go.mod requires %s %s beside k8s.io/apimachinery %s: the README names one version", m, w, v)
				}
			}
			return "client-go " + v
		}()},
		{"k8s.io/kubernetes's version (oracle/kubernetes/go.mod)",
			"k8s.io/kubernetes " + required(readText(t, "oracle/kubernetes/go.mod"), "k8s.io/kubernetes")},
		{"CodeMirror's major version (package.json)", func() string {
			major := ""
			for name, v := range pkg.Dependencies {
				if !strings.HasPrefix(name, "@codemirror/") {
					continue
				}
				m, _, _ := strings.Cut(v, ".")
				if major != "" && m != major {
					t.Errorf("package.json has CodeMirror %s and %s: the README names one", major, m)
				}
				major = m
			}
			return "CodeMirror " + major
		}()},
		{"the fuzz time of scripts/test", "`-fuzztime " + regexp.MustCompile(`scripts/fuzz -fuzztime (\S+)`).FindStringSubmatch(readText(t, "scripts/test"))[1] + "`"},
		{"the default port of scripts/serve", "http://127.0.0.1:" + regexp.MustCompile(`(?m)^port=(\d+)$`).FindStringSubmatch(readText(t, "scripts/serve"))[1]},
	}
	for _, f := range facts {
		if !strings.Contains(oneLine(readme), f.says) {
			t.Errorf("%s: README.md does not say %q", f.name, f.says)
		}
	}
}

// wasmMains lists the folders under wasm/ that hold a main package: each
// is one wasm the build makes.
func wasmMains(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{}
	var out []string
	err := filepath.WalkDir("wasm", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		dir := filepath.Dir(p)
		if regexp.MustCompile(`(?m)^package main$`).Match(b) && !seen[dir] {
			seen[dir] = true
			out = append(out, dir)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// oneLine folds the README's line breaks, so that a phrase may wrap.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
