package document

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode"

	"sigs.k8s.io/yaml"

	"github.com/applylens/applylens/engine/fieldpath"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/kube"
)

// Limits of what a pane may hold. kubectl has no such limits; a browser tab
// needs them.
const (
	// MaxSize is the largest pane text read, in bytes.
	MaxSize = 5 << 20
	// MaxDepth is the deepest nesting of maps and lists read. Real objects
	// stay below 20.
	MaxDepth = 500
	// MaxListItems is the longest list read. Real lists hold at most a few
	// hundred items; past ten thousand containers the computation in a
	// browser nears the page's time limit (docs/limits.md).
	MaxListItems = 10000
	// MaxMapKeys is the most keys of one map read: the same bound as a
	// list's items, for the same reason (a ConfigMap of 400,000 keys, 5 MB,
	// took over 10 s). Real maps (a ConfigMap's data, labels) hold at most
	// a few hundred.
	MaxMapKeys = 10000
)

// jsonSniffLen is how far kubectl looks for a '{' to decide that a stream
// is JSON (the buffer size resource.StreamVisitor passes to
// NewYAMLOrJSONDecoder).
const jsonSniffLen = 4096

// Formats of a Document.
const (
	FormatYAML = "yaml"
	FormatJSON = "json"
)

// Document is one object read from a pane.
type Document struct {
	Pane   string
	Format string // FormatYAML or FormatJSON
	// Object is the value kubectl would work with: maps, []any, string,
	// bool, int64, float64 and nil.
	Object map[string]any
	// The object's identity, checked to be strings.
	APIVersion, Kind, Name, Namespace string
	// Warnings are things kubectl accepts silently, like duplicate keys.
	Warnings []Warning

	index *Index
	// whole is set when the pane is one YAML document read from its
	// index's tree with no warnings: Reparse can then read an edit of it
	// in part.
	whole bool
}

// Span returns the lines of the field at path (see ParsePath), from its
// key to the last line of its value.
func (d *Document) Span(path string) (line, endLine int, ok bool) {
	return d.index.Span(path)
}

// Index returns the position index of the document.
func (d *Document) Index() *Index { return d.index }

// Options tune what ParseWith requires.
type Options struct {
	// AllowEmpty makes a pane that holds no document (only blanks,
	// comments, "---" or null, which kubectl skips) return a nil Document
	// and no error.
	AllowEmpty bool
	// SkipIdentity does not require apiVersion, kind and metadata.name:
	// kubectl never checks them in the last-applied configuration.
	SkipIdentity bool
}

// Parse reads the one object a pane must hold and checks that it names
// its apiVersion, kind and metadata.name, as kubectl needs.
func Parse(pane, text string) (*Document, error) {
	return ParseWith(pane, text, Options{})
}

// ParseOptional is Parse for a pane that may be left empty: it returns
// nil and no error when the text holds no document.
func ParseOptional(pane, text string) (*Document, error) {
	return ParseWith(pane, text, Options{AllowEmpty: true})
}

// ParseWith reads the one object of a pane as kubectl reads a file.
func ParseWith(pane, text string, o Options) (*Document, error) {
	return parseWith(&reader{pane: pane, text: text}, o)
}

func parseWith(r *reader, o Options) (*Document, error) {
	pane, text := r.pane, r.text
	if len(text) > MaxSize {
		return nil, &Error{Reason: ReasonTooLarge, InputError: kube.InputError{Pane: pane,
			Message: fmt.Sprintf("%s is %s; applylens reads at most %s per pane.", capital(paneLabel(pane)), sizeString(len(text)), sizeString(MaxSize))}}
	}
	c, err := r.read()
	if err != nil {
		return nil, err
	}
	if c == nil {
		if o.AllowEmpty {
			return nil, nil
		}
		return nil, &Error{Reason: ReasonEmpty, InputError: kube.InputError{Pane: pane,
			Message: fmt.Sprintf("%s is empty: paste one Kubernetes object here, as YAML or JSON.", capital(paneLabel(pane)))}}
	}
	d, err := r.document(c, !o.SkipIdentity)
	if err == nil {
		d.whole = c.format == FormatYAML && c.json == nil && c.line == 1 && !r.markers && len(d.Warnings) == 0
	}
	return d, err
}

// chunk is one document of a stream.
type chunk struct {
	format string
	// line is the 1-based line where the chunk's text starts; for YAML
	// the chunk is whole lines, for JSON it starts at byte off of the pane.
	line int
	off  int
	text string
	json []byte // the document as JSON, as kubectl hands it on
	// index, when set, was made while reading the chunk; value is then
	// the document, read from the index's tree (see nodeValue), and json
	// is nil.
	index *Index
	value any
	// indexed is set when readJSONIndexed or readYAMLIndexed read the
	// chunk: its depth is checked and warnings holds its duplicate keys.
	indexed  bool
	warnings []Warning
	// withinLimits is set by those readers when the document holds no
	// list longer than MaxListItems (they refuse nesting past MaxDepth):
	// the walk that checks the limits is then not needed.
	withinLimits bool
}

type reader struct {
	pane string
	text string
	// markers is set when a line starts with "---".
	markers bool
	// general leaves every text to the general path (tests compare
	// readJSONIndexed and readYAMLIndexed with it).
	general bool
}

func (r *reader) errorf(reason Reason, line, col int, path, format string, args ...any) *Error {
	return &Error{Reason: reason, InputError: kube.InputError{Pane: r.pane, Line: line, Column: col, Path: path, Message: fmt.Sprintf(format, args...)}}
}

// read mirrors apimachinery's YAMLOrJSONDecoder as resource.StreamVisitor
// drives it: a stream starting with '{' is read as JSON values until one
// fails, then as YAML; documents that are empty or null are skipped. It
// returns the first document and fails when there is another.
func (r *reader) read() (*chunk, error) {
	line, col, c, invalid, printable := checkEncoding(r.text)
	if !printable {
		if invalid {
			return nil, r.errorf(ReasonEncoding, line, col, "", "This text is not valid UTF-8 at line %d, column %d. Save the file as UTF-8 and paste it again.", line, col)
		}
		if !isJSONStream(r.text) || c < 0x20 {
			return nil, r.errorf(ReasonEncoding, line, col, "", "A control character (%U) at line %d, column %d: YAML does not allow it. Remove it, or write it as an escape inside a double-quoted string (\"\\u%04X\").", c, line, col, c)
		}
	}
	var docs []*chunk
	if isJSONStream(r.text) {
		if printable && !r.general {
			if c, ok := readJSONIndexed(r.pane, r.text); ok {
				return c, nil
			}
		}
		var err error
		docs, err = r.readJSON()
		if err != nil {
			return nil, err
		}
	} else {
		if printable && !r.general {
			if c, ok := readYAMLIndexed(r.pane, r.text); ok {
				return c, nil
			}
		}
		var err error
		docs, err = r.readYAML(0, false)
		if err != nil {
			return nil, err
		}
	}
	if len(docs) == 0 {
		return nil, nil
	}
	return docs[0], nil
}

func isJSONStream(text string) bool {
	if len(text) > jsonSniffLen {
		text = text[:jsonSniffLen]
	}
	return strings.HasPrefix(strings.TrimLeftFunc(text, unicode.IsSpace), "{")
}

// readJSON reads a JSON stream, falling back to YAML as kubectl does when
// a value fails to decode before a second one was read.
func (r *reader) readJSON() ([]*chunk, error) {
	dec := json.NewDecoder(strings.NewReader(r.text))
	var docs []*chunk
	count, consumed := 0, 0
	for {
		var raw json.RawMessage
		err := dec.Decode(&raw)
		if err == io.EOF {
			return docs, nil
		}
		if err == nil {
			start := consumed + len(r.text[consumed:]) - len(strings.TrimLeftFunc(r.text[consumed:], unicode.IsSpace))
			consumed = int(dec.InputOffset())
			count++
			if bytes.Equal(raw, []byte("null")) {
				continue
			}
			line, _ := position(r.text, start)
			c := &chunk{format: FormatJSON, line: line, off: start, text: r.text[start:consumed], json: raw}
			if len(docs) > 0 {
				return nil, r.multiple(c.line)
			}
			docs = append(docs, c)
			continue
		}
		jsonErr := r.jsonError(err)
		if count > 1 {
			return nil, jsonErr
		}
		// The rest is YAML; kubectl first eats the whitespace left by
		// the JSON decoder, up to and including one newline.
		rest := consumed
		for rest < len(r.text) && (r.text[rest] == ' ' || r.text[rest] == '\t' || r.text[rest] == '\r') {
			rest++
		}
		if rest < len(r.text) && r.text[rest] == '\n' {
			rest++
		}
		ydocs, yerr := r.readYAML(rest, len(docs) > 0)
		if yerr != nil {
			var de *Error
			if errors.As(yerr, &de) && (de.Reason == ReasonSyntax || de.Reason == ReasonUnsupported) && len(docs) == 0 {
				return nil, jsonErr
			}
			return nil, yerr
		}
		return append(docs, ydocs...), nil
	}
}

// readYAML splits text[from:] into documents the way apimachinery's
// YAMLReader does (a line starting with "---" ends a document) and
// converts each with sigs.k8s.io/yaml. Once one document was found (or
// haveOne), any further non-empty document is an error.
func (r *reader) readYAML(from int, haveOne bool) ([]*chunk, error) {
	first, _ := position(r.text, from)
	lines := splitLines(r.text[from:])
	var docs []*chunk
	var buf []string
	start := first
	flush := func() error {
		if len(buf) == 0 {
			return nil
		}
		c := &chunk{format: FormatYAML, line: start, text: strings.Join(buf, "\n") + "\n"}
		buf = buf[:0]
		if !haveOne && len(docs) == 0 {
			// The first document is indexed anyway: its tree usually
			// gives the value too, which spares a second parse.
			c.index = indexText(strings.Repeat("\n", c.line-1)+c.text, nil)
			if c.index.root != nil && !hasOddLineBreaks(c.text) {
				if v, ok := nodeValue(c.index); ok {
					if v != nil {
						c.value = v
						docs = append(docs, c)
					}
					return nil
				}
			}
		}
		j, err := yaml.YAMLToJSON([]byte(c.text))
		if haveOne || len(docs) > 0 {
			if err != nil || !isNull(j) {
				return r.multiple(firstContentLine(c))
			}
			return nil
		}
		if err != nil {
			return r.yamlError(c, err)
		}
		if isNull(j) {
			return nil
		}
		c.json = j
		docs = append(docs, c)
		return nil
	}
	for i, l := range lines {
		n := first + i
		if strings.HasPrefix(l, "---") {
			if rest := strings.TrimSpace(l[3:]); rest != "" && rest[0] != '#' {
				return nil, r.errorf(ReasonSyntax, n, 4, "", "Line %d starts with \"---\", which separates documents, but has %q after it. kubectl allows only a comment there: put the content on the next line.", n, rest)
			}
			r.markers = true
			if err := flush(); err != nil {
				return nil, err
			}
			start = n + 1
			continue
		}
		if len(buf) == 0 {
			start = n
		}
		buf = append(buf, l)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return docs, nil
}

func isNull(j []byte) bool {
	j = bytes.TrimSpace(j)
	return len(j) == 0 || bytes.Equal(j, []byte("null"))
}

func firstContentLine(c *chunk) int {
	for i, l := range splitLines(c.text) {
		if !blankOrComment(l) {
			return c.line + i
		}
	}
	return c.line
}

func (r *reader) multiple(line int) *Error {
	return r.errorf(ReasonMultiple, line, 1, "", "A second document starts at line %d. Each pane holds one object: kubectl would apply every document of a file, but this playground shows one object at a time. Move the other one to its own session.", line)
}

// document decodes the chunk's JSON and checks what kubectl checks.
func (r *reader) document(c *chunk, identity bool) (*Document, error) {
	var v any
	var idx *Index
	if c.json == nil {
		v, idx = c.value, c.index
		idx.value = v
	} else {
		var err error
		if v, err = jsonvalue.Decode(c.json); err != nil {
			// YAMLToJSON produced it, so it is valid JSON; but go-yaml
			// reads one level more than encoding/json's 10000 (which
			// kubectl decodes with next), so a document at go-yaml's
			// limit gets here.
			if strings.Contains(err.Error(), "exceeded max depth") {
				return nil, r.errorf(ReasonTooDeep, c.line-1+deepLine(splitLines(c.text), MaxDepth), 0, "", "This object is nested more than %d levels deep (maps and lists inside each other), which applylens does not follow; past 10000 levels kubectl's YAML reader gives up too.", MaxDepth)
			}
			// A number past float64 (1e400): encoding/json refuses it
			// too, as kubectl decodes the document.
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) && strings.HasPrefix(te.Value, "number ") {
				num := strings.TrimPrefix(te.Value, "number ")
				line, col := c.line, 0
				if end := c.off + int(te.Offset); c.format == FormatJSON && end <= len(r.text) {
					// The offset is at or just past the number's end.
					if at := strings.LastIndex(r.text[c.off:end], num); at >= 0 {
						line, col = position(r.text, c.off+at)
					}
				}
				return nil, r.errorf(ReasonSyntax, line, col, "", "The number %s at line %d is too large: a number must fit in a 64-bit float (up to about 1.8e308) for kubectl to read it. If it is not meant as a number, write it as a string (\"%s\"). (kubectl: %q)", num, line, num, err.Error())
			}
			// Anything else is unreachable short of a bug.
			return nil, r.errorf(ReasonSyntax, c.line, 0, "", "Could not read this document: %v", err)
		}
		if idx = c.index; idx != nil {
			idx.value = v
		} else {
			idx = newIndex(c, r.text, v)
		}
	}
	d := &Document{Pane: r.pane, Format: c.format, index: idx}
	obj, ok := v.(map[string]any)
	if !ok {
		line, _, _ := idx.Span("")
		return nil, r.errorf(ReasonNotObject, line, 1, "", "%s holds %s, not an object. A Kubernetes object is a mapping of fields such as apiVersion: v1, kind: ConfigMap and metadata: {name: ...}.", capital(paneLabel(r.pane)), describe(v))
	}
	d.Object = obj
	// Walked without sorting or allocating first: the usual document
	// is within the limits (readJSONIndexed checks the depth, not the
	// lists' lengths).
	if !c.withinLimits && pastLimits(obj, 1, MaxDepth, MaxListItems) {
		if path, items, ok := overLimit(obj, MaxDepth, MaxListItems); !ok {
			line, _, _ := idx.Span(path)
			if items < 0 {
				where := "The map " + path
				if path == "" {
					where = "The object"
				}
				return nil, r.errorf(ReasonTooLong, line, 0, path, "%s in %s has %d keys; applylens reads maps of at most %d keys. Real maps hold a few hundred at most.", where, paneLabel(r.pane), -items, MaxMapKeys)
			}
			if items > 0 {
				return nil, r.errorf(ReasonTooLong, line, 0, path, "The list %s in %s has %d items; applylens reads lists of at most %d items. Real lists hold a few hundred at most.", path, paneLabel(r.pane), items, MaxListItems)
			}
			return nil, r.errorf(ReasonTooDeep, line, 0, path, "This object is nested more than %d levels deep (maps and lists inside each other), which applylens does not follow. Real objects are rarely deeper than 20.", MaxDepth)
		}
	}
	// kubectl's list detector is a case-sensitive JSON struct field, for
	// which null counts as absent.
	if items := obj["items"]; items != nil {
		line, _, _ := idx.Span("items")
		return nil, r.errorf(ReasonList, line, 1, "items", "%s has a top-level \"items\" field (%s), so kubectl reads it as a list of objects (kind: List) and would apply each item. Paste one object per pane instead.", capital(paneLabel(r.pane)), describe(items))
	}
	if identity {
		if err := r.identity(d); err != nil {
			return nil, err
		}
	}
	if c.indexed {
		d.Warnings = c.warnings
		return d, nil
	}
	var dupErr *Error
	if d.Warnings, dupErr = idx.duplicates(r.pane); dupErr != nil {
		return nil, dupErr
	}
	return d, nil
}

// identity checks the fields kubectl needs to find the object on the
// server: apiVersion and kind to pick the resource, metadata.name to
// address it.
func (r *reader) identity(d *Document) error {
	obj := d.Object
	var missing []string
	first := ""
	str := func(m map[string]any, key, path, example string) (string, error) {
		v, present := m[key]
		if !present || v == nil || v == "" {
			missing = append(missing, path)
			if first == "" {
				first = path
			}
			return "", nil
		}
		s, ok := v.(string)
		if !ok {
			line, _, _ := d.Span(path)
			return "", r.errorf(ReasonWrongType, line, 0, path, "%s must be a string, like %s, but %s has %s here. Put quotes around it if it is meant as text.", path, example, paneLabel(r.pane), describe(v))
		}
		return s, nil
	}
	var err error
	if d.APIVersion, err = str(obj, "apiVersion", "apiVersion", "apps/v1"); err != nil {
		return err
	}
	if strings.Count(d.APIVersion, "/") > 1 {
		line, _, _ := d.Span("apiVersion")
		return r.errorf(ReasonWrongType, line, 0, "apiVersion", "apiVersion %q has more than one \"/\". It is group/version, like apps/v1, or only the version, like v1, for the core group; kubectl cannot tell the kind without it.", d.APIVersion)
	}
	if d.Kind, err = str(obj, "kind", "kind", "Deployment"); err != nil {
		return err
	}
	switch md := obj["metadata"].(type) {
	case map[string]any:
		if d.Name, err = str(md, "name", "metadata.name", "nginx"); err != nil {
			return err
		}
		if ns, present := md["namespace"]; present && ns != nil {
			s, ok := ns.(string)
			if !ok {
				line, _, _ := d.Span("metadata.namespace")
				return r.errorf(ReasonWrongType, line, 0, "metadata.namespace", "metadata.namespace must be a string, like default, but %s has %s here.", paneLabel(r.pane), describe(ns))
			}
			d.Namespace = s
		}
	case nil:
		missing = append(missing, "metadata.name")
		if first == "" {
			first = "metadata.name"
		}
	default:
		line, _, _ := d.Span("metadata")
		return r.errorf(ReasonWrongType, line, 0, "metadata", "metadata must be a map of fields such as name and labels, but %s has %s here.", paneLabel(r.pane), describe(md))
	}
	if len(missing) == 0 {
		return nil
	}
	line, _, _ := d.Span("")
	if strings.HasPrefix(first, "metadata.") {
		if l, _, ok := d.Span("metadata"); ok {
			line = l
		}
	}
	return r.errorf(ReasonMissingField, line, 0, first, "%s is missing %s. Every object needs apiVersion, kind and metadata.name: kubectl uses them to find the object on the server.", capital(paneLabel(r.pane)), joinAnd(missing))
}

// pastLimits reports whether v, at depth, holds a map or list deeper than
// limit, a list longer than maxItems or a map of more than MaxMapKeys keys: overLimit's answer without its
// sorting, for the usual document that is within both.
func pastLimits(v any, depth, limit, maxItems int) bool {
	switch t := v.(type) {
	case map[string]any:
		if depth > limit || len(t) > MaxMapKeys {
			return true
		}
		for _, e := range t {
			if pastLimits(e, depth+1, limit, maxItems) {
				return true
			}
		}
	case []any:
		if depth > limit || len(t) > maxItems {
			return true
		}
		for _, e := range t {
			if pastLimits(e, depth+1, limit, maxItems) {
				return true
			}
		}
	}
	return false
}

// overLimit finds a path nested deeper than limit, a list longer than
// maxItems (items is then its length) or a map of more than MaxMapKeys
// keys (items is minus their number), without recursion and without
// building paths until it finds one.
func overLimit(root any, limit, maxItems int) (path string, items int, ok bool) {
	type item struct {
		v      any
		depth  int
		parent int // index in seen, -1 for the root
		key    string
		index  int // -1 for a map entry
	}
	var seen []item
	stack := []item{{v: root, depth: 1, parent: -1, index: -1}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch t := it.v.(type) {
		case map[string]any, []any:
			m, isMap := t.(map[string]any)
			if l, isList := t.([]any); it.depth > limit || isList && len(l) > maxItems || isMap && len(m) > MaxMapKeys {
				switch {
				case it.depth > limit:
				case isMap:
					items = -len(m)
				default:
					items = len(l)
				}
				var segs []item
				for p := it; ; p = seen[p.parent] {
					segs = append(segs, p)
					if p.parent < 0 {
						break
					}
				}
				path := ""
				for i := len(segs) - 2; i >= 0; i-- {
					if segs[i].index >= 0 {
						path = fieldpath.Index(path, segs[i].index)
					} else {
						path = fieldpath.Key(path, segs[i].key)
					}
				}
				return path, items, false
			}
			seen = append(seen, it)
			me := len(seen) - 1
			if m, ok := t.(map[string]any); ok {
				// Sorted, pushed in reverse: the first deep path in key
				// order is found, the same one every time.
				keys := make([]string, 0, len(m))
				for k := range m {
					keys = append(keys, k)
				}
				sort.Sort(sort.Reverse(sort.StringSlice(keys)))
				for _, k := range keys {
					stack = append(stack, item{v: m[k], depth: it.depth + 1, parent: me, key: k, index: -1})
				}
			} else {
				l := t.([]any)
				for i := len(l) - 1; i >= 0; i-- {
					stack = append(stack, item{v: l[i], depth: it.depth + 1, parent: me, index: i})
				}
			}
		}
	}
	return "", 0, true
}

// describe names a value's type for a learner.
func describe(v any) string {
	switch t := v.(type) {
	case nil:
		return "null"
	case map[string]any:
		return "a map"
	case []any:
		return "a list"
	case string:
		return fmt.Sprintf("the text %q", t)
	case bool:
		return fmt.Sprintf("the boolean %v", t)
	case int64, float64:
		return fmt.Sprintf("the number %v", t)
	}
	return fmt.Sprintf("%T", v)
}

func joinAnd(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func sizeString(n int) string {
	const mib = 1 << 20
	if n >= mib {
		return fmt.Sprintf("%.1f MiB", float64(n)/mib)
	}
	return fmt.Sprintf("%d KiB", n>>10)
}
