package document

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	yaml3 "go.yaml.in/yaml/v3"

	"github.com/applylens/applylens/engine/internal/gen"
)

const reparseBase = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web # the app
spec:
  replicas: 3
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: app
        image: "shop/web:1.4.0"
        args: [--port, "8080"]
        env:
        - name: A
          value: "1"
        - name: B
          value: 'two'

        - name: C
          valueFrom:
            fieldRef: {fieldPath: metadata.name}
        ports:
        - containerPort: 8080
      - name: sidecar
        image: busybox
        command:
        - sh
        - -c
        - |
          echo hello
          sleep 1000
      volumes: []
`

// reparseCase edits reparseBase: replace old (its first occurrence) by new.
type reparseCase struct {
	name, old, new string
	// incremental: the edit must be read in part, not whole.
	incremental bool
}

var reparseCases = []reparseCase{
	{"type in a value", "replicas: 3", "replicas: 31", true},
	{"delete in a value", "replicas: 3", "replicas: ", true},
	{"type in a list item", "value: \"1\"", "value: \"12\"", true},
	{"type in a key", "  replicas: 3", "  replicass: 3", true},
	{"new env var line", "        - name: C", "        - name: X\n          value: x\n        - name: C", true},
	{"delete an env var", "        - name: A\n          value: \"1\"\n", "", true},
	{"join two lines", "value: 'two'\n\n", "value: 'two'\n", true},
	{"a new key in a map", "  replicas: 3\n", "  replicas: 3\n  paused: true\n", true},
	{"type in a block scalar", "echo hello", "echo hello world", true},
	{"type in a flow map", "{app: web}", "{app: webs}", true},
	{"a number becomes text", "containerPort: 8080", "containerPort: 8080a", true},
	{"yes is a boolean", "image: busybox", "image: yes", true},
	{"a comment", "# the app", "# the app!", true},
	{"a top-level value", "kind: Deployment", "kind: Deploy", true},
	{"the name", "  name: web\n  labels", "  name: webb\n  labels", true},

	{"a duplicate key", "  replicas: 3\n", "  replicas: 3\n  replicas: 4\n", false},
	{"an anchor", "image: busybox", "image: &b busybox", false},
	{"an alias", "image: busybox", "image: *b", false},
	{"a tag", "image: busybox", "image: !!str busybox", false},
	{"a timestamp", "image: busybox", "image: 2026-01-01", false},
	{"a document marker", "      volumes: []\n", "      volumes: []\n---\n", false},
	{"an unterminated quote", "value: 'two'", "value: 'two", false},
	{"an unterminated flow map", "{app: web}", "{app: web", false},
	{"a dedent out of the list", "        - name: C", "      - name: C", false},
	{"bad indentation", "          value: \"1\"", "           value: \"1\"", false},
	{"a tab", "          value: \"1\"", "\t  value: \"1\"", false},
	{"a merge key", "  replicas: 3\n", "  replicas: 3\n  <<: {a: 1}\n", false},
	{"a boolean key", "  replicas: 3\n", "  replicas: 3\n  on: 1\n", false},
	{"no identity", "kind: Deployment", "kind: ", false},
	{"items", "kind: Deployment\n", "kind: Deployment\nitems: [1]\n", false},
	{"the first line", "apiVersion: apps/v1", "apiVersion: apps/v2", true},
	{"the first character", "apiVersion: apps/v1", "{apiVersion: apps/v1", false},
	{"a control character", "echo hello", "echo \x01hello", false},
	{"a block scalar header", "command:\n        - sh", "command: |\n        - sh", false},
}

func TestReparse(t *testing.T) {
	for _, tc := range reparseCases {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(reparseBase, tc.old) {
				t.Fatalf("the base has no %q", tc.old)
			}
			text := strings.Replace(reparseBase, tc.old, tc.new, 1)
			doc, err := Parse("file", reparseBase)
			if err != nil || !doc.whole {
				t.Fatalf("base: %v, whole %v", err, doc != nil && doc.whole)
			}
			_, took := reparse(doc, reparseBase, "file", text, Options{})
			if took != tc.incremental {
				t.Errorf("read in part: %v, want %v", took, tc.incremental)
			}
			doc, _ = Parse("file", reparseBase)
			checkReparse(t, doc, reparseBase, text, Options{})
		})
	}
}

// TestReparseChain edits the same reading over and over, as typing does.
func TestReparseChain(t *testing.T) {
	text := reparseBase
	doc, err := Parse("file", text)
	if err != nil {
		t.Fatal(err)
	}
	for i, tc := range reparseCases {
		next := strings.Replace(text, tc.old, tc.new, 1)
		if next == text {
			continue
		}
		doc = checkReparse(t, doc, text, next, Options{})
		if doc == nil {
			// An error: start again from the base.
			text = reparseBase
			if doc, err = Parse("file", text); err != nil {
				t.Fatal(err)
			}
			continue
		}
		text = next
		_ = i
	}
}

// checkReparse fails unless Reparse reads text as ParseWith does (value,
// identity, warnings, error, and every position of the index), and
// returns Reparse's document.
func checkReparse(t *testing.T, doc *Document, prev, text string, o Options) *Document {
	t.Helper()
	got, gotErr := Reparse(doc, prev, "file", text, o)
	want, wantErr := ParseWith("file", text, o)
	if (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
		t.Fatalf("edit %q -> %q:\nReparse error %v\nParseWith error %v", prev, text, gotErr, wantErr)
	}
	if gotErr != nil {
		return nil
	}
	if got == nil || want == nil {
		if got != want {
			t.Fatalf("Reparse %v, ParseWith %v", got, want)
		}
		return nil
	}
	if !reflect.DeepEqual(got.Object, want.Object) {
		t.Fatalf("text:\n%s\nReparse reads\n%#v\nParseWith reads\n%#v", text, got.Object, want.Object)
	}
	if got.APIVersion != want.APIVersion || got.Kind != want.Kind || got.Name != want.Name || got.Namespace != want.Namespace || got.Format != want.Format {
		t.Fatalf("identity %+v, want %+v", got, want)
	}
	if !reflect.DeepEqual(got.Warnings, want.Warnings) {
		t.Fatalf("warnings %v, want %v", got.Warnings, want.Warnings)
	}
	if got.whole != want.whole {
		t.Fatalf("whole %v, want %v", got.whole, want.whole)
	}
	for _, p := range gen.SpanPaths(want.Object, 500) {
		l, e, ok := got.Span(p)
		wl, we, wok := want.Span(p)
		if l != wl || e != we || ok != wok {
			t.Fatalf("text:\n%s\nSpan(%q) = %d-%d %v, ParseWith %d-%d %v", text, p, l, e, ok, wl, we, wok)
		}
	}
	if got.index.root == nil {
		// Read whole, by readYAMLIndexed: no yaml.v3 tree to compare.
		return got
	}
	// Read in part: the tree is the one the general path builds.
	general, err := parseGeneral("file", text, o)
	if err != nil {
		t.Fatalf("the general path: %v", err)
	}
	if !reflect.DeepEqual(got.index.lines, general.index.lines) {
		t.Fatalf("lines differ")
	}
	if d := treeDiff(got.index.root, general.index.root, ""); d != "" {
		t.Fatalf("text:\n%s\ntrees differ at %s", text, d)
	}
	return got
}

// treeDiff compares what the index uses of two node trees.
func treeDiff(a, b *yaml3.Node, at string) string {
	if (a == nil) != (b == nil) {
		return at + ": one is nil"
	}
	if a == nil {
		return ""
	}
	if a.Kind != b.Kind || a.Style != b.Style || a.Tag != b.Tag || a.Value != b.Value || a.Line != b.Line || a.Column != b.Column || a.Anchor != b.Anchor || len(a.Content) != len(b.Content) {
		return fmt.Sprintf("%s: %v %q %q line %d col %d (%d children) vs %v %q %q line %d col %d (%d children)", at,
			a.Kind, a.Tag, a.Value, a.Line, a.Column, len(a.Content), b.Kind, b.Tag, b.Value, b.Line, b.Column, len(b.Content))
	}
	for i := range a.Content {
		if d := treeDiff(a.Content[i], b.Content[i], fmt.Sprintf("%s/%d", at, i)); d != "" {
			return d
		}
	}
	return ""
}

// FuzzReparse makes one or two edits of a document and checks Reparse
// against ParseWith.
func FuzzReparse(f *testing.F) {
	for _, tc := range reparseCases {
		i := strings.Index(reparseBase, tc.old)
		f.Add(uint16(i), uint8(len(tc.old)), tc.new, uint16(i), uint8(0), "")
	}
	f.Add(uint16(200), uint8(1), "x", uint16(300), uint8(2), "\n  - a")
	f.Fuzz(func(t *testing.T, at1 uint16, del1 uint8, ins1 string, at2 uint16, del2 uint8, ins2 string) {
		edit := func(s string, at uint16, del uint8, ins string) string {
			a := min(int(at), len(s))
			b := min(a+int(del), len(s))
			return s[:a] + ins + s[b:]
		}
		doc, err := Parse("file", reparseBase)
		if err != nil {
			t.Fatal(err)
		}
		t1 := edit(reparseBase, at1, del1, ins1)
		d1 := checkReparse(t, doc, reparseBase, t1, Options{})
		if d1 == nil {
			return
		}
		checkReparse(t, d1, t1, edit(t1, at2, del2, ins2), Options{})
	})
}

// TestReparseTyping types and deletes characters at random places of
// generated objects, as a user does, reading each text in part (where it
// can) and checking it against a whole reading.
func TestReparseTyping(t *testing.T) {
	const keys = " :-\n#'\"abcxyz019{}[],&*!|>?\t."
	read, edits := 0, 0
	for seed := range uint64(12) {
		tr := gen.NewTriple(seed)
		if seed == 0 {
			tr = gen.TypicalDeployment()
		}
		text, err := RenderJSONAsYAML(tr.Current)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := Parse("file", text)
		if err != nil {
			continue // generated objects may lack a name
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		base := text
		for range 60 {
			at := rng.IntN(len(text) + 1)
			var next string
			if rng.IntN(3) == 0 && at < len(text) {
				next = text[:at] + text[at+1:]
			} else {
				next = text[:at] + string(keys[rng.IntN(len(keys))]) + text[at:]
			}
			if !utf8.ValidString(next) {
				continue
			}
			edits++
			if _, ok := reparse(cloneDoc(t, text), text, "file", next, Options{}); ok {
				read++
			}
			doc = checkReparse(t, doc, text, next, Options{})
			text = next
			if doc == nil {
				text = base
				if doc, err = Parse("file", text); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d of %d edits read in part", read, edits)
	if read < edits/4 {
		t.Errorf("only %d of %d edits were read in part", read, edits)
	}
}

// cloneDoc reads text afresh: reparse changes the document it is given.
func cloneDoc(t *testing.T, text string) *Document {
	t.Helper()
	d, err := Parse("file", text)
	if err != nil {
		return nil
	}
	return d
}

// TestReparseLeavesAFailedReadingAlone: an edit read whole because it
// cannot be read in part leaves the previous reading as it was.
func TestReparseLeavesAFailedReadingAlone(t *testing.T) {
	for _, tc := range reparseCases {
		if tc.incremental {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			doc, err := Parse("file", reparseBase)
			if err != nil {
				t.Fatal(err)
			}
			// The tree of the general path: reparse builds it for a
			// document readYAMLIndexed read, which has none.
			fresh, _ := parseGeneral("file", reparseBase, Options{})
			if _, ok := reparse(doc, reparseBase, "file", strings.Replace(reparseBase, tc.old, tc.new, 1), Options{}); ok {
				t.Fatal("read in part")
			}
			if !reflect.DeepEqual(doc.Object, fresh.Object) {
				t.Fatal("the previous reading's value changed")
			}
			if doc.index.root == nil {
				return // left before the tree was built
			}
			if d := treeDiff(doc.index.root, fresh.index.root, ""); d != "" {
				t.Fatalf("the previous reading changed at %s", d)
			}
		})
	}
}
