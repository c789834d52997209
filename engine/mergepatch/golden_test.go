package mergepatch

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"testing"
)

// goldenFile holds the oracles' answers on generated triples, so that the
// WebAssembly build, which cannot link the oracles, is held to them too.
// A !js test checks that the file still matches the oracles and rewrites
// it with -mergepatch.update.
const goldenFile = "testdata/oracle-answers.json"

// goldenCase is the oracles' answer on the triple newCRGen(Seed) makes.
// The applied object is kept as a digest of its meaning, to keep the file
// small.
type goldenCase struct {
	Seed    uint64 `json:"seed"`
	Kubectl bool   `json:"kubectl"`
	Patch   string `json:"patch,omitempty"`
	Error   string `json:"error,omitempty"`
	Applied string `json:"applied,omitempty"`
}

// goldenSeeds are the seeds of the golden triples.
func goldenSeeds() (from, to uint64) { return 1_000_000, 1_000_150 }

// digest fingerprints what an applied object means (its decoded value,
// written with sorted keys and floats kept apart from integers).
func digest(t *testing.T, applied []byte) string {
	v, ok := decodeLenient(applied)
	if !ok {
		t.Fatalf("undecodable result %s", applied)
	}
	b, err := encode(v)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func readGolden(t *testing.T) []goldenCase {
	t.Helper()
	data, err := os.ReadFile(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	var cases []goldenCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if from, to := goldenSeeds(); len(cases) != 2*int(to-from) {
		t.Fatalf("%s has only %d cases", goldenFile, len(cases))
	}
	return cases
}

func TestGoldenOracleAnswers(t *testing.T) {
	for _, c := range readGolden(t) {
		original, modified, current := newCRGen(c.Seed).triple()
		patch, err := CreateThreeWay(original, modified, current, ours(c.Kubectl)...)
		if errText(err) != errText(errorOf(c.Error)) || string(patch) != c.Patch {
			t.Fatalf("seed %d kubectl %v: got %s / %v, oracle %s / %s", c.Seed, c.Kubectl, patch, err, c.Patch, c.Error)
		}
		if err != nil {
			continue
		}
		applied, err := Apply(current, patch)
		if err != nil {
			t.Fatalf("seed %d: apply: %v", c.Seed, err)
		}
		if d := digest(t, applied); d != c.Applied {
			t.Fatalf("seed %d: applied %s differs from the oracle's", c.Seed, applied)
		}
	}
}

func errorOf(s string) error {
	if s == "" {
		return nil
	}
	return goldenError(s)
}

type goldenError string

func (e goldenError) Error() string { return string(e) }

func encodeGolden(cases []goldenCase) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", " ")
	if err := enc.Encode(cases); err != nil {
		panic(err)
	}
	return buf.Bytes()
}
