package document

import (
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	yaml3 "go.yaml.in/yaml/v3"

	"github.com/applylens/applylens/engine/fieldpath"
	"github.com/applylens/applylens/engine/internal/gen"
	"github.com/applylens/applylens/engine/yamlpos"
)

// takesYAMLIndexedPath reports whether ParseWith reads text with
// readYAMLIndexed.
func takesYAMLIndexedPath(text string) bool {
	if _, _, _, _, ok := checkEncoding(text); !ok || isJSONStream(text) {
		return false
	}
	_, ok := readYAMLIndexed("file", text)
	return ok
}

// checkYAMLIndexed fails when ParseWith and the general path read text
// differently (checkIndexed), when readYAMLIndexed's positions are not
// yaml.v3's node by node, or when its value is not kubectl's
// (sigs.k8s.io/yaml). It returns whether readYAMLIndexed read the text.
func checkYAMLIndexed(t *testing.T, text string) bool {
	t.Helper()
	checkIndexed(t, text)
	if !takesYAMLIndexedPath(text) {
		return false
	}
	c, _ := readYAMLIndexed("file", text)
	ix := indexText(text, nil)
	if ix.root == nil {
		t.Fatalf("%q: readYAMLIndexed reads it, yaml.v3 does not", text)
	}
	if d := posDiff(c.index.tree, 0, ix.root, ""); d != "" {
		t.Fatalf("%q: positions differ from yaml.v3's at %s", text, d)
	}
	// kubectl's line reader ends the last line with a line break.
	doc := text
	if !strings.HasSuffix(doc, "\n") {
		doc += "\n"
	}
	want, err := readSlow(doc)
	if err != nil {
		t.Fatalf("%q: kubectl fails (%v) but readYAMLIndexed reads %#v", text, err, c.value)
	}
	if !reflect.DeepEqual(c.value, want) {
		t.Fatalf("%q: readYAMLIndexed reads\n%#v\nkubectl reads\n%#v", text, c.value, want)
	}
	return true
}

// posDiff compares node n of tree with yaml.v3's node y: kinds, styles
// that matter to Span, lines and columns of every node and key.
func posDiff(tree *yamlpos.Tree, n int32, y *yaml3.Node, at string) string {
	d := tree.Nodes.At(n)
	if int(d.Line) != y.Line || int(d.Col) != y.Column {
		return fmt.Sprintf("%s: %d:%d, yaml.v3 %d:%d", at, d.Line, d.Col, y.Line, y.Column)
	}
	flow := y.Style&yaml3.FlowStyle != 0
	switch d.Kind {
	case yamlpos.KindScalar:
		if y.Kind != yaml3.ScalarNode {
			return at + ": a scalar, yaml.v3 " + fmt.Sprint(y.Kind)
		}
		quoted := y.Style&(yaml3.SingleQuotedStyle|yaml3.DoubleQuotedStyle) != 0
		block := y.Style&(yaml3.LiteralStyle|yaml3.FoldedStyle) != 0
		if (d.Style == yamlpos.StyleSingle || d.Style == yamlpos.StyleDouble) != quoted || (d.Style == yamlpos.StyleLiteral) != block {
			return fmt.Sprintf("%s: style %d, yaml.v3 %v", at, d.Style, y.Style)
		}
	case yamlpos.KindMap, yamlpos.KindFlowMap:
		if y.Kind != yaml3.MappingNode || (d.Kind == yamlpos.KindFlowMap) != flow || int(d.N)*2 != len(y.Content) {
			return fmt.Sprintf("%s: map of %d (kind %d), yaml.v3 kind %v of %d", at, d.N, d.Kind, y.Kind, len(y.Content))
		}
		for i := range d.N {
			e := tree.Entries.At(d.First + i)
			k := y.Content[2*i]
			if int(e.Line) != k.Line || int(e.Col) != k.Column || e.Key != k.Value {
				return fmt.Sprintf("%s: key %q at %d:%d, yaml.v3 %q at %d:%d", at, e.Key, e.Line, e.Col, k.Value, k.Line, k.Column)
			}
			if s := posDiff(tree, e.Value, y.Content[2*i+1], fieldpath.Key(at, e.Key)); s != "" {
				return s
			}
		}
	case yamlpos.KindSeq, yamlpos.KindFlowSeq:
		if y.Kind != yaml3.SequenceNode || (d.Kind == yamlpos.KindFlowSeq) != flow || int(d.N) != len(y.Content) {
			return fmt.Sprintf("%s: list of %d (kind %d), yaml.v3 kind %v of %d", at, d.N, d.Kind, y.Kind, len(y.Content))
		}
		for i := range d.N {
			if s := posDiff(tree, *tree.Kids.At(d.First + i), y.Content[i], fieldpath.Index(at, int(i))); s != "" {
				return s
			}
		}
	}
	return ""
}

var yamlIndexedCases = []indexedCase{
	{"deployment", deployment, true},
	{"no final line break", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: b", true},
	{"indentless and indented lists", "kind: A\nmetadata:\n  name: x\na:\n- 1\n- two\nb:\n  - x: 1\n    z: 2\n  -\n  - - nested\n    - list\n", true},
	{"empty values", "kind: A\nmetadata:\n  name: x\na:\nb:   \nc: # comment\nd:\n- \n-\n- x\ne:\n", true},
	{"YAML 1.1 scalars", "kind: A\nmetadata:\n  name: x\na: 0644\nb: yes\nc: on\nd: 3.0\ne: 1e3\nf: 12345678901234567890\ng: 0x1F\ni: 1_000\nk: ~\nl: .5\nm: +12\nnn: null\no: 1:20\nq: -x\nr: 'yes'\n", true},
	{"timestamp", "kind: A\nmetadata:\n  name: x\na: 2001-12-14\n", false},
	{"infinity", "kind: A\nmetadata:\n  name: x\na: .inf\n", false},
	{"comments and blank lines", "# head\n\nkind: A # trailing\n  # indented comment\nmetadata:\n\n  # between\n  name: x   \n\n# tail\n", true},
	{"multi-line plain", "kind: A\nmetadata:\n  name: x\na: one\n  two\n\n  three\n\n\n   four\nb:\n  five\n  six\n- \n", false},
	{"multi-line plain in a list", "kind: A\nmetadata:\n  name: x\na:\n- one\n  two\n- three\n   four # c\n", true},
	{"multi-line plain value", "kind: A\nmetadata:\n  name: x\na:\n  one\n  two\nb: 1\n", true},
	{"plain with a colon after", "kind: A\nmetadata:\n  name: x\na: b\n  c: d\n", false},
	{"plain with hash and colons", "kind: A\nmetadata:\n  name: x\nimage: nginx:1.27#x\nurl: http://a/b?c=d\n", true},
	{"single-quoted", "kind: A\nmetadata:\n  name: 'x'\na: 'it''s'\nb: ''\nc: 'one\n  two\n\n  three  \n   '\n'key': 1\n'k y': 2\n", true},
	{"double-quoted", "kind: A\nmetadata:\n  name: \"x\"\na: \"tab\\tnew\\nline \\\" \\\\ \\u00e9 \\0 \\e \\ \"\nb: \"folded\n  text\\\n  joined\\\n\n  after\"\n\"key\": 1\n", false},
	{"double-quoted escapes left to yaml.v3", "kind: A\nmetadata:\n  name: x\na: \"\\x41\"\n", false},
	{"escaped slash", "kind: A\nmetadata:\n  name: x\na: \"a\\/b\"\n", false},
	{"literal", "kind: A\nmetadata:\n  name: x\na: |\n  one\n    two\n\n  three\n\nb: |-\n  x\n\n\nc: |+\n  keep\n\n\nd: x\n", true},
	{"literal at the end", "kind: A\nmetadata:\n  name: x\na: |+\n  keep\n\n", true},
	{"folded", "kind: A\nmetadata:\n  name: x\na: >\n  one\n  two\n\n  three\n    more\n  four\nb: >-\n  x\n  y\nc: >+\n  z\n\n", true},
	{"block scalars in lists", "kind: A\nmetadata:\n  name: x\na:\n- |\n  one\n- >\n   two\n   three\n- x: |\n    four\n  z: 1\n", true},
	{"block scalar with leading blank lines", "kind: A\nmetadata:\n  name: x\na: |\n\n \n  one\n", true},
	{"block scalar too deep blank line", "kind: A\nmetadata:\n  name: x\na: |\n     \n  one\n", false},
	{"block scalar indicator", "kind: A\nmetadata:\n  name: x\na: |2\n   one\n", false},
	{"block scalar comment and content", "kind: A\nmetadata:\n  name: x\na: | # c\n  # not a comment\n  x\n # a comment\nb: 1\n", true},
	{"empty block scalars", "kind: A\nmetadata:\n  name: x\na: |\nb: >+\n\n   \nc: |-\n\nd:\n- |+\n\n- >\ne: |+\n\n", true},
	{"empty block scalar, deeper blank line", "kind: A\nmetadata:\n  name: x\na: |\n     \n  b\n", false},
	{"flow", "kind: A\nmetadata: {name: x, labels: {}}\na: []\nb: [1, two, 'three', \"four\", [], {}, [x]]\nc: {k: v, 'q': \"w\"}\nd: [ a b , c ]  # comment\n", false},
	{"double-quoted without escapes", "kind: A\nmetadata:\n  name: \"x\"\na: \"one 'two'\n  three\n\n   four  \"\n\"key\": \"\"\n", true},
	{"empty flow collections", "kind: A\nmetadata:\n  name: x\n  labels: {}\na: []\nb:\n- {}\n- []   # c\n", true},
	{"empty flow with a space", "kind: A\nmetadata:\n  name: x\na: [ ]\n", false},
	{"flow over lines", "kind: A\nmetadata:\n  name: x\na: [1,\n  2]\n", false},
	{"flow with a colon", "kind: A\nmetadata:\n  name: x\na: [a:b]\n", false},
	{"flow trailing comma", "kind: A\nmetadata:\n  name: x\na: [1, 2,]\n", false},
	{"anchors", "kind: A\nmetadata:\n  name: x\nx: &x {a: 1}\ny: *x\n", false},
	{"tag", "kind: A\nmetadata:\n  name: x\na: !!str 1\n", false},
	{"merge key", "kind: A\nmetadata:\n  name: x\n<<: {a: 1}\n", false},
	{"quoted merge key", "kind: A\nmetadata:\n  name: x\n'<<': 1\n", false},
	{"number key", "kind: A\nmetadata:\n  name: x\n1: a\n", false},
	{"bool key", "kind: A\nmetadata:\n  name: x\nyes: a\n", false},
	{"key that go-yaml reads again as a marker", "kind: A\nmetadata:\n  name: x\nA:\n --- 0: 1\n", false},
	{"keys not starting with a letter", "kind: A\nmetadata:\n  name: x\n_a: 1\n/b: 2\né: 3\n.c: 4\n", true},
	{"complex key", "kind: A\nmetadata:\n  name: x\n? a\n: b\n", false},
	{"duplicate keys", "kind: A\nmetadata:\n  name: x\na: 1\nb:\n  c: 1\n  c:\n    d: 1\n    d: 2\na:\n- m: 1\n  m: 2\n'a': 3\n", true},
	{"duplicate keys in flow", "kind: A\nmetadata:\n  name: x\na: {d: 1, d: 2}\n", false},
	{"document marker", "---\nkind: A\nmetadata:\n  name: x\n", false},
	{"two documents", "kind: A\nmetadata:\n  name: x\n---\nkind: B\n", false},
	{"document end", "kind: A\nmetadata:\n  name: x\n...\n", false},
	{"directive", "%YAML 1.1\n---\nkind: A\n", false},
	{"tab", "kind: A\nmetadata:\n  name: x\na: b\tc\n", false},
	{"CRLF", "kind: A\r\nmetadata:\r\n  name: x\r\n", false},
	{"byte order mark", "\ufeffkind: A\nmetadata:\n  name: x\n", false},
	{"line separator", "kind: A\nmetadata:\n  name: x\na: \"x\u2028y\"\n", false},
	{"non-ASCII columns", "kind: A\nmetadata:\n  name: café\nd:\n  ключ: значение\n  😀:\n  - é\n  - x: 1\n  'ü': \"ö\"\n  l:\n  - ä: |\n      ß\n", true},
	{"root list", "- a\n- b\n", false},
	{"root scalar", "hello\n", false},
	{"root indented", "  kind: A\n  metadata:\n    name: x\n", true},
	{"root then less indented", "  kind: A\nmetadata: {}\n", false},
	{"wrong indentation", "kind: A\nmetadata:\n    name: x\n  b: 1\n", false},
	{"deeper key", "kind: A\n metadata: x\n", false},
	{"list after map entry", "kind: A\nmetadata:\n  name: x\n- a\n", false},
	{"list in a map at its indentation", "kind: A\nmetadata:\n  name: x\n  - a\n", false},
	{"mapping value in a value", "kind: A\nmetadata:\n  name: x\na: b: c\n", false},
	{"only comments", "# a\n\n# b\n", false},
	{"empty", "", false},
	{"missing name", "apiVersion: v1\nkind: X\nmetadata: {}\n", true},
	{"name not a string", "apiVersion: v1\nkind: X\nmetadata:\n  name: 7\n", true},
	{"list kind", "apiVersion: v1\nkind: List\nmetadata:\n  name: x\nitems:\n- a: 1\n", true},
	{"long key", "kind: A\nmetadata:\n  name: x\n" + strings.Repeat("k", 1100) + ": 1\n", false},
	{"long value", "kind: A\nmetadata:\n  name: x\nk: " + strings.Repeat("v", 3000) + "\n", true},
	{"too deep", "kind: A\nmetadata:\n  name: x\na:" + strings.Repeat(" [", 200) + strings.Repeat("]", 200) + "\n", false},
	{"quote not closed", "kind: A\nmetadata:\n  name: 'x\n", false},
	{"quoted then text", "kind: A\nmetadata:\n  name: 'x' y\n", false},
	{"quoted continuation not indented", "kind: A\nmetadata:\n  name: 'x\n  y'\n", false},
	{"comment without space", "kind: A\nmetadata:\n  name: x#y\na: 'b'#c\n", false},
	{"key with spaces", "kind: A\nmetadata:\n  name: x\na b  : c\n\"q\" : d\n", true},
	{"dash words", "kind: A\nmetadata:\n  name: x\n-a: -b\nc:\n- -d\n", true},
}

func TestYAMLIndexed(t *testing.T) {
	checkIndexedCases(t, yamlIndexedCases, "readYAMLIndexed", takesYAMLIndexedPath, func(t *testing.T, text string) { checkYAMLIndexed(t, text) })
}

// TestYAMLIndexedFiles compares the two paths on every YAML file of the
// repository (samples, test data) and on the benchmark scenarios' YAML
// documents (engine/testdata/perf/*-yaml).
func TestYAMLIndexedFiles(t *testing.T) {
	var files []string
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "dist" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if ext := filepath.Ext(p); !d.IsDir() && (ext == ".yaml" || ext == ".yml") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"typical-yaml", "large-yaml"} {
		for _, name := range []string{"lastApplied.json", "file.json", "live.json"} {
			files = append(files, filepath.Join("..", "testdata", "perf", dir, name))
		}
	}
	read := 0
	for _, p := range files {
		t.Run(p, func(t *testing.T) {
			text := readMaybeGzipped(t, p)
			if checkYAMLIndexed(t, text) {
				read++
			} else if strings.Contains(p, "perf") {
				t.Error("not read by readYAMLIndexed")
			}
		})
	}
	t.Logf("%d of %d files read by readYAMLIndexed", read, len(files))
	if len(files) < 100 || read < len(files)*3/4 {
		t.Errorf("readYAMLIndexed read %d of %d files", read, len(files))
	}
}

func readMaybeGzipped(t *testing.T, p string) string {
	t.Helper()
	data, err := os.ReadFile(p)
	if err == nil {
		return string(data)
	}
	f, err := os.Open(p + ".gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	data, err = io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestYAMLIndexedRandom compares the two paths on generated objects as
// kubectl prints them and on random documents written in every style
// the reader takes (and some it leaves), and on each with a few random
// edits. APPLYLENS_RANDOM=N runs N times as many.
func TestYAMLIndexedRandom(t *testing.T) {
	n := 150 * randomScale()
	read, total := 0, 0
	for seed := range uint64(n) {
		rng := rand.New(rand.NewPCG(seed, 11))
		var text string
		if seed%5 == 0 {
			tr := gen.NewTriple(seed)
			var err error
			if text, err = RenderJSONAsYAML(tr.Current); err != nil {
				t.Fatal(err)
			}
		} else {
			var b strings.Builder
			b.WriteString("apiVersion: v1\nkind: A\nmetadata:\n  name: x\n")
			writeRandomMap(&b, rng, 0, 0)
			text = b.String()
		}
		for i := range 4 {
			if i > 0 {
				text = randomEdit(rng, text)
			}
			total++
			if checkYAMLIndexed(t, text) {
				read++
			}
		}
	}
	t.Logf("%d of %d texts read by readYAMLIndexed", read, total)
	if read < total/3 {
		t.Errorf("readYAMLIndexed read only %d of %d texts", read, total)
	}
}

func randomScale() int {
	n := 1
	fmt.Sscan(os.Getenv("APPLYLENS_RANDOM"), &n)
	return max(n, 1)
}

// randomEdit inserts or deletes one character, as a user typing.
func randomEdit(rng *rand.Rand, text string) string {
	const keys = " :-\n#'\"abc019{}[],|>\\"
	at := rng.IntN(len(text) + 1)
	for at > 0 && at < len(text) && text[at]&0xC0 == 0x80 {
		at--
	}
	if rng.IntN(3) == 0 && at < len(text) {
		end := at + 1
		for end < len(text) && text[end]&0xC0 == 0x80 {
			end++
		}
		return text[:at] + text[end:]
	}
	return text[:at] + string(keys[rng.IntN(len(keys))]) + text[at:]
}

var randomKeys = []string{"a", "b", "name", "image", "k y", "'q'", "\"d\"", "é", "-x", "a#b", "a"}

// rareKeys and rareScalars are left to the general path: written
// rarely, so that most documents are read by readYAMLIndexed.
var rareKeys = []string{"yes", "1", "'<<'", "<<", "? a", "&a k", "[a]"}

var rareScalars = []string{"2001-12-14", ".inf", "&a x", "*a", "!!str 1", "a: b", "'unclosed", "- x", "[1,", "\"\\x41\"", "|2"}

func pick(rng *rand.Rand, common, rare []string) string {
	if rng.IntN(40) == 0 {
		return rare[rng.IntN(len(rare))]
	}
	return common[rng.IntN(len(common))]
}

var randomScalars = []string{
	"x", "two words", "0644", "yes", "No", "on", "~", "null", "3.0", "1e3", "-1", "+5", "0x1F", "1_000",
	"12345678901234567890", ".5", "http://a:b/c?d#e", "-", "-x", "'single'", "'it''s'", "''", "\"double\"",
	"\"esc \\\" \\\\ \\n \\t \\u00e9\"", "\"\"", "[]", "{}", "[a, 'b', \"c\", 1, [x], {k: v}]", "{a: 1, b: [2]}",
	"café", "x # comment", "a#b", "'quoted' # comment",
}

// writeRandomMap writes the entries of a random block map at indent.
func writeRandomMap(b *strings.Builder, rng *rand.Rand, indent, depth int) {
	pad := strings.Repeat(" ", indent)
	for range 1 + rng.IntN(5) {
		switch rng.IntN(12) {
		case 0:
			b.WriteString(pad + "# comment\n")
		case 1:
			b.WriteString("\n")
		}
		fmt.Fprintf(b, "%s%s:", pad, pick(rng, randomKeys, rareKeys))
		writeRandomValue(b, rng, indent, depth, false)
	}
}

// writeRandomValue writes a value after "key:" or "-" (list) of a
// collection at indent, with its line break.
func writeRandomValue(b *strings.Builder, rng *rand.Rand, indent, depth int, list bool) {
	pad := strings.Repeat(" ", indent)
	deeper := indent + 2
	switch k := rng.IntN(14); {
	case depth < 4 && k < 3:
		if list && rng.IntN(2) == 0 {
			// A compact map: "- key: value".
			var m strings.Builder
			writeRandomMap(&m, rng, indent+2, depth+1)
			b.WriteString(" " + strings.TrimLeft(m.String(), " "))
			return
		}
		b.WriteString("\n")
		writeRandomMap(b, rng, deeper, depth+1)
	case depth < 4 && k < 5:
		b.WriteString("\n")
		at := deeper
		if !list && rng.IntN(2) == 0 {
			at = indent // indentless
		}
		for range 1 + rng.IntN(4) {
			b.WriteString(strings.Repeat(" ", at) + "-")
			writeRandomValue(b, rng, at, depth+1, true)
		}
	case k < 7:
		// A block scalar.
		b.WriteString(" " + []string{"|", ">", "|-", ">-", "|+", ">+"}[rng.IntN(6)])
		if rng.IntN(4) == 0 {
			b.WriteString(" # c")
		}
		b.WriteString("\n")
		for range 1 + rng.IntN(4) {
			switch rng.IntN(5) {
			case 0:
				b.WriteString("\n")
			case 1:
				b.WriteString(pad + "    more indented\n")
			default:
				b.WriteString(pad + "  " + pick(rng, randomScalars, rareScalars) + "\n")
			}
		}
	case k < 8:
		// A quoted scalar over lines.
		q := []string{"'", "\""}[rng.IntN(2)]
		b.WriteString(" " + q + "one")
		for range 1 + rng.IntN(3) {
			b.WriteString([]string{"\n", "\n\n", " \\\n", "  \n"}[rng.IntN(4)] + pad + "   " + []string{"two", "three  ", "'' x", "\\ y"}[rng.IntN(4)])
		}
		b.WriteString(q + "\n")
	case k < 9:
		// A plain scalar over lines.
		b.WriteString(" one")
		for range 1 + rng.IntN(3) {
			b.WriteString([]string{"\n", "\n\n"}[rng.IntN(2)] + pad + "   " + []string{"two", "three words", "x#y"}[rng.IntN(3)])
		}
		b.WriteString("\n")
	case k < 10:
		b.WriteString("\n") // empty
	default:
		b.WriteString(" " + pick(rng, randomScalars, rareScalars) + "\n")
	}
}

// FuzzYAMLIndexed compares readYAMLIndexed with the general path (values,
// errors, warnings, spans), its positions with yaml.v3's and its values
// with kubectl's, on any text.
func FuzzYAMLIndexed(f *testing.F) {
	for _, tc := range yamlIndexedCases {
		if len(tc.text) < 2000 {
			f.Add(tc.text)
		}
	}
	for seed := range uint64(20) {
		var b strings.Builder
		b.WriteString("kind: A\nmetadata:\n  name: x\n")
		writeRandomMap(&b, rand.New(rand.NewPCG(seed, 3)), 0, 0)
		f.Add(b.String())
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 1<<14 {
			return
		}
		defer panicIfHangs(text)()
		checkYAMLIndexed(t, text)
	})
}

// BenchmarkReadYAML reads the benchmark scenarios' YAML live objects
// (engine/testdata/perf) with readYAMLIndexed (/indexed) and with the
// general path, yaml.v3's node tree (/general).
func BenchmarkReadYAML(b *testing.B) {
	for _, dir := range []string{"typical-yaml", "large-yaml"} {
		text := readMaybeGzipped(&testing.T{}, filepath.Join("..", "testdata", "perf", dir, "live.json"))
		for _, general := range []bool{false, true} {
			name := dir + "/indexed"
			if general {
				name = dir + "/general"
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					if _, err := parseWith(&reader{pane: "live", text: text, general: general}, Options{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
