//go:build !js

package engine

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/applylens/applylens/engine/internal/gen"
)

var writeCorpus = flag.Bool("engine.writecorpus", false, "rewrite testdata/fuzz/FuzzApply from the samples and generated applies")

// TestWriteFuzzCorpus keeps FuzzApply's seed corpus: every sample and a
// few hundred generated applies. go test replays the corpus on every run;
// -engine.writecorpus rewrites it.
func TestWriteFuzzCorpus(t *testing.T) {
	if !*writeCorpus {
		t.Skip("run with -engine.writecorpus to rewrite the corpus")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzApply")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(lastApplied, file, live string, overwrite bool) {
		body := fmt.Sprintf("go test fuzz v1\nstring(%s)\nstring(%s)\nstring(%s)\nbool(%v)\n",
			strconv.Quote(lastApplied), strconv.Quote(file), strconv.Quote(live), overwrite)
		name := fmt.Sprintf("%x", sha256.Sum256([]byte(body)))[:16]
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	samples, err := filepath.Glob(filepath.Join("..", "samples", "*", "file.yaml"))
	if err != nil || len(samples) == 0 {
		t.Fatalf("no samples found: %v", err)
	}
	read := func(p string) string {
		b, err := os.ReadFile(p)
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, f := range samples {
		d := filepath.Dir(f)
		write(read(filepath.Join(d, "last-applied.yaml")), read(f), read(filepath.Join(d, "live.yaml")), true)
	}
	for seed := uint64(1); seed <= 200; seed++ {
		tr := gen.NewTriple(seed)
		write(string(tr.Original), string(tr.Modified), string(tr.Current), seed%4 != 0)
	}
}
