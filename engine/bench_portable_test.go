package engine

import (
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkApplyEngine is the engine half of BenchmarkApply without the
// Kubernetes oracle, so that it also runs as GOOS=js GOARCH=wasm under node:
// the two runs give the wasm/native ratio recorded in docs/performance.md.
func BenchmarkApplyEngine(b *testing.B) {
	for _, sc := range perfScenarios(b) {
		b.Run(sc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Apply(sc.in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// perfScenario is one apply of testdata/perf (see its README).
type perfScenario struct {
	name string
	in   Input
}

// perfScenarios reads the four benchmark scenarios: a typical and a large
// Deployment, each as JSON (kubectl get -o json) and as YAML.
func perfScenarios(tb testing.TB) []perfScenario {
	tb.Helper()
	var out []perfScenario
	for _, name := range []string{"typical", "typical-yaml", "large", "large-yaml"} {
		read := func(file string) string {
			p := filepath.Join("testdata", "perf", name, file)
			if b, err := os.ReadFile(p); err == nil {
				return string(b)
			}
			f, err := os.Open(p + ".gz")
			if err != nil {
				tb.Fatal(err)
			}
			defer f.Close()
			z, err := gzip.NewReader(f)
			if err != nil {
				tb.Fatal(err)
			}
			b, err := io.ReadAll(z)
			if err != nil {
				tb.Fatal(err)
			}
			return string(b)
		}
		out = append(out, perfScenario{name, Input{
			LastApplied: read("lastApplied.json"), File: read("file.json"), Live: read("live.json")}})
	}
	return out
}
