package kustomize

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/kustomize"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/api/resource"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/kustomize/kyaml/openapi"
)

// bothFailed counts the cases where kustomize and the engine both refuse.
var bothFailed int

// engineRefused counts the cases the engine refuses as unsupported.
var engineRefused int

var randomCases = flag.Int("random", 400, "number of generated kustomizations")

// krustyBuild runs the real kustomize as `kubectl kustomize` does: its
// build command leaves --reorder unset (krusty.ReorderOptionUnspecified),
// which applies the legacy order unless the kustomization has sortOptions.
//
// kustomize panics in a few places (two objects renamed to the same id by
// a patch: IgnoreLocal's FromResourceSlice); kubectl then crashes with the
// panic's value, which is returned here as the error.
func krustyBuild(files map[string]string, dir string) (out string, err error) {
	out, _, err = krustyBuildWarn(files, dir)
	return out, err
}

// krustyBuildWarn also returns what kustomize printed on stderr (its
// deprecation warnings), read from a pipe put in os.Stderr's place.
func krustyBuildWarn(files map[string]string, dir string) (out, stderr string, err error) {
	r, w, perr := os.Pipe()
	if perr != nil {
		return "", "", perr
	}
	saved := os.Stderr
	os.Stderr = w
	done := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		done <- string(b)
	}()
	defer func() {
		os.Stderr = saved
		w.Close()
		stderr = <-done
		r.Close()
	}()
	defer func() {
		if p := recover(); p != nil {
			out, err = "", fmt.Errorf("%v", p)
		}
	}()
	fs := filesys.MakeFsInMemory()
	for p, c := range files {
		if err := fs.WriteFile("/"+p, []byte(c)); err != nil {
			return "", "", err
		}
	}
	o := krusty.MakeDefaultOptions()
	o.Reorder = krusty.ReorderOptionUnspecified
	// kyaml's schema is process-wide, and a kustomization's openapi field
	// changes it (SetSchema); a build without one does not set it back.
	// kubectl kustomize starts in a fresh process: so does every build
	// here, and the tests that read kyaml's builtin schema afterwards
	// (TestGenerated) find it again. Only a kustomization's openapi or
	// crds field changes the schema, so a build whose files name neither
	// keeps the parsed one (parsing it again costs a fifth of a second
	// for each build with a strategic merge patch).
	if changesSchema(files) {
		openapi.ResetOpenAPI()
		defer openapi.ResetOpenAPI()
	}
	m, err := krusty.MakeKustomizer(o).Run(fs, "/"+dir)
	if err != nil {
		return "", "", err
	}
	y, err := m.AsYaml()
	return string(y), "", err
}

// changesSchema reports files that may name a schema (a kustomization's
// openapi or crds field, in any file, to be safe).
func changesSchema(files map[string]string) bool {
	for _, c := range files {
		if strings.Contains(c, "openapi") || strings.Contains(c, "crds") {
			return true
		}
	}
	return false
}

// compare builds with both and reports a difference.
func compare(t *testing.T, name string, files map[string]string, dir string) bool {
	t.Helper()
	return compareWith(t, name, files, dir, false)
}

// compareOrUnsupported is compare, except that the engine may refuse the
// input as unsupported (fuzzed input reaches features it does not compute).
func compareOrUnsupported(t *testing.T, name string, files map[string]string, dir string) bool {
	t.Helper()
	return compareWith(t, name, files, dir, true)
}

func compareWith(t *testing.T, name string, files map[string]string, dir string, allowUnsupported bool) bool {
	t.Helper()
	want, wantStderr, wantErr := krustyBuildWarn(files, dir)
	in := kustomize.Input{Files: map[string][]byte{}, Dir: dir}
	for p, c := range files {
		in.Files[p] = []byte(c)
	}
	res, gotErr := kustomize.Build(in)
	var ke *kustomize.Error
	if allowUnsupported && gotErr != nil && asErr(gotErr, &ke) && ke.Kind == kustomize.ErrUnsupported {
		engineRefused++
		return true
	}
	dump := func() string {
		var b strings.Builder
		var keys []string
		for k := range files {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(&b, "=== %s\n%s\n", k, files[k])
		}
		return b.String()
	}
	switch {
	case wantErr != nil && gotErr != nil:
		bothFailed++
		if normalizeError(wantErr.Error()) != normalizeError(gotErr.Error()) {
			t.Errorf("%s: errors differ\n%s\nkustomize: %v\nengine:    %v", name, dump(), wantErr, gotErr)
			return false
		}
		return true
	case wantErr != nil:
		t.Errorf("%s: kustomize fails, engine does not.\nkustomize: %v\n%s", name, wantErr, dump())
		return false
	case gotErr != nil:
		t.Errorf("%s: engine fails, kustomize does not.\nengine: %v\n%s\nkustomize:\n%s", name, gotErr, dump(), want)
		return false
	case string(res.YAML) != want:
		t.Errorf("%s: outputs differ\n%s\n--- kustomize:\n%s\n--- engine:\n%s", name, dump(), want, res.YAML)
		return false
	}
	if gotErr == nil {
		got := ""
		for _, w := range res.Warnings {
			got += w + "\n"
		}
		if got != wantStderr {
			t.Errorf("%s: warnings differ\n%s\n--- kustomize:\n%s--- engine:\n%s", name, dump(), wantStderr, got)
			return false
		}
	}
	return true
}

// generatorInError matches how kustomize names a generator in a merge
// error: Go's %v of a pointer to its plugin, a memory address. The engine
// names the generator instead; the rest of the message must agree.
var generatorInError = regexp.MustCompile(`merging from generator (&\{0x[0-9a-f]+ <nil>\}|[A-Za-z]+Generator \S+):`)

func normalizeError(s string) string {
	return generatorInError.ReplaceAllString(s, "merging from generator …:")
}

func asErr(err error, target **kustomize.Error) bool {
	e, ok := err.(*kustomize.Error)
	if ok {
		*target = e
	}
	return ok
}

// TestBuildAnnotations: the engine removes kustomize's build annotations.
func TestBuildAnnotations(t *testing.T) {
	if fmt.Sprint(kustomize.BuildAnnotations) != fmt.Sprint(resource.BuildAnnotations) {
		t.Fatalf("engine: %v\nkustomize: %v", kustomize.BuildAnnotations, resource.BuildAnnotations)
	}
}

// generatedCases is how many generated cases a test compares (n, or
// short with -short), the seed its messages name (APPLYLENS_SEED, 1 by
// default) and its random source: the seed plus the test's own offset,
// so that each test draws its own stream and a failure is replayed by
// its seed.
func generatedCases(n, short int, offset int64) (int, int64, *rand.Rand) {
	if testing.Short() {
		n = short
	}
	seed := int64(1)
	if s := os.Getenv("APPLYLENS_SEED"); s != "" {
		fmt.Sscan(s, &seed)
	}
	return n, seed, rand.New(rand.NewSource(seed + offset))
}

func TestGeneratedCases(t *testing.T) {
	n, seed, r := generatedCases(*randomCases, 100, 0)
	failed, smpBuilt := 0, 0
	bothFailed, engineRefused = 0, 0
	for i := 0; i < n && failed < 3; i++ {
		files, dir := genKustomization(r)
		// The engine may refuse a strategic merge shape it has not
		// proven (counted, and bounded below); nothing else.
		sm := smpInFiles(files)
		before := bothFailed + engineRefused
		if !compareWith(t, fmt.Sprintf("case %d (seed %d)", i, seed), files, dir, sm) {
			failed++
		} else if sm && bothFailed+engineRefused == before {
			smpBuilt++
		}
	}
	t.Logf("%d generated kustomizations compared, %d refused by both, %d refused by the engine as unsupported; %d with strategic merge patches built alike", n, bothFailed, engineRefused, smpBuilt)
	if engineRefused > n/10 {
		t.Errorf("the engine refuses %d of %d generated cases as unsupported", engineRefused, n)
	}
	if bothFailed > n*2/5 {
		t.Errorf("%d of %d generated cases fail in kustomize: the generator makes too few valid ones", bothFailed, n)
	}
}

var _ = bytes.Equal
