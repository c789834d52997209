package samples

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"sync"

	"sigs.k8s.io/yaml"

	"github.com/applylens/applylens/engine"
)

// data holds index.yaml and one folder per sample.
//
//go:embed index.yaml */meta.yaml */file.yaml */live.yaml */last-applied.yaml
var data embed.FS

// File names inside a sample's folder.
const (
	indexFile       = "index.yaml"
	metaFile        = "meta.yaml"
	lastAppliedFile = "last-applied.yaml"
	fileFile        = "file.yaml"
	liveFile        = "live.yaml"
)

// Sample is one scenario of the playground.
type Sample struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	// Category is the id of the gallery group it belongs to (Categories).
	Category string `json:"category"`
	// Description says what the sample teaches.
	Description string `json:"description"`
	// Shows names the engine behaviours and traps the sample exercises.
	Shows []string `json:"shows"`
	// LastApplied is the last-applied pane; empty means it is read from
	// Live's annotation (or there is none).
	LastApplied string `json:"lastApplied,omitempty"`
	File        string `json:"file"`
	// Live is empty when the object does not exist yet.
	Live string `json:"live,omitempty"`
	// Overwrite is kubectl apply's --overwrite; nil means the default, true.
	Overwrite *bool `json:"overwrite,omitempty"`
	// Flags are kubectl's other flags, as the page's links carry them
	// (web/share/share.js Flags); nil: all at their defaults (client-side).
	Flags *Flags `json:"flags,omitempty"`
	// Claims are what the description says of the results, checked by the
	// samples test (not sent to the page: the description says them).
	Claims *Claims `json:"-"`
}

// Flags are a sample's kubectl flags besides --overwrite, each left out
// at its default.
type Flags struct {
	// Apply is "server" (kubectl apply --server-side) or "both" (the page
	// shows both applies; the golden result is the server-side one).
	Apply string `json:"apply,omitempty"`
	// FieldManager is --field-manager ("": kubectl).
	FieldManager   string `json:"fieldManager,omitempty"`
	ForceConflicts bool   `json:"forceConflicts,omitempty"`
}

// ServerSide tells whether the sample is a server-side apply.
func (s Sample) ServerSide() bool {
	return s.Flags != nil && (s.Flags.Apply == "server" || s.Flags.Apply == "both")
}

// Input is the sample as the engine's input.
func (s Sample) Input() engine.Input {
	in := engine.Input{LastApplied: s.LastApplied, File: s.File, Live: s.Live, Overwrite: s.Overwrite}
	if s.ServerSide() {
		in.ServerSide, in.FieldManager, in.ForceConflicts = true, s.Flags.FieldManager, s.Flags.ForceConflicts
	}
	return in
}

// ClientSideInput is the sample as a client-side apply (the "both" view's
// other half).
func (s Sample) ClientSideInput() engine.Input {
	return engine.Input{LastApplied: s.LastApplied, File: s.File, Live: s.Live, Overwrite: s.Overwrite}
}

// meta is the schema of a sample's meta.yaml.
type meta struct {
	Title       string   `json:"title"`
	Category    string   `json:"category"`
	Description string   `json:"description"`
	Shows       []string `json:"shows"`
	Overwrite   *bool    `json:"overwrite"`
	Flags       *Flags   `json:"flags"`
	Claims      *Claims  `json:"claims"`
}

// LoadError is embedded sample data that does not load; the tests catch it
// before a build ships.
type LoadError struct {
	Sample string
	File   string
	Err    error
}

func (e *LoadError) Error() string {
	return fmt.Sprintf("samples: %s/%s: %v", e.Sample, e.File, e.Err)
}

func (e *LoadError) Unwrap() error { return e.Err }

var loaded = sync.OnceValues(func() ([]Sample, error) { return load(data) })

// All returns the samples in display order.
func All() []Sample {
	all, err := loaded()
	if err != nil {
		panic(err)
	}
	return append([]Sample(nil), all...)
}

// Get returns the sample with this id.
func Get(id string) (Sample, bool) {
	for _, s := range All() {
		if s.ID == id {
			return s, true
		}
	}
	return Sample{}, false
}

// JSON returns all samples as a JSON array, in display order. The bytes
// depend on the embedded data only.
func JSON() []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(All()); err != nil {
		panic(err) // Sample holds strings only
	}
	return buf.Bytes()
}

func load(fsys fs.FS) ([]Sample, error) {
	return loadIndexed(fsys, indexFile, func(id string) (Sample, error) { return loadOne(fsys, id) })
}

// loadIndexed loads, with loadOne, each id the index file lists, in its
// order; an id listed twice is an error.
func loadIndexed[T any](fsys fs.FS, index string, loadOne func(id string) (T, error)) ([]T, error) {
	var ids []string
	if err := readYAML(fsys, index, &ids); err != nil {
		return nil, &LoadError{File: index, Err: err}
	}
	seen := map[string]bool{}
	out := make([]T, 0, len(ids))
	for _, id := range ids {
		if seen[id] {
			return nil, &LoadError{Sample: id, File: index, Err: errors.New("listed twice")}
		}
		seen[id] = true
		v, err := loadOne(id)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func loadOne(fsys fs.FS, id string) (Sample, error) {
	var m meta
	if err := readYAML(fsys, id+"/"+metaFile, &m); err != nil {
		return Sample{}, &LoadError{Sample: id, File: metaFile, Err: err}
	}
	if m.Title == "" || m.Description == "" {
		return Sample{}, &LoadError{Sample: id, File: metaFile, Err: errors.New("title and description are required")}
	}
	if !knownCategory(m.Category) {
		return Sample{}, &LoadError{Sample: id, File: metaFile, Err: fmt.Errorf("unknown category %q (see Categories)", m.Category)}
	}
	s := Sample{ID: id, Title: m.Title, Category: m.Category, Description: m.Description, Shows: m.Shows, Overwrite: m.Overwrite, Flags: m.Flags, Claims: m.Claims}
	if f := m.Flags; f != nil && f.Apply != "server" && f.Apply != "both" {
		return Sample{}, &LoadError{Sample: id, File: metaFile, Err: fmt.Errorf("flags.apply is %q: a sample with flags is server-side or both", f.Apply)}
	}
	var err error
	if s.File, err = readText(fsys, id, fileFile, true); err != nil {
		return Sample{}, err
	}
	if s.Live, err = readText(fsys, id, liveFile, false); err != nil {
		return Sample{}, err
	}
	if s.LastApplied, err = readText(fsys, id, lastAppliedFile, false); err != nil {
		return Sample{}, err
	}
	return s, nil
}

func readText(fsys fs.FS, id, name string, required bool) (string, error) {
	b, err := fs.ReadFile(fsys, id+"/"+name)
	if errors.Is(err, fs.ErrNotExist) && !required {
		return "", nil
	}
	if err != nil {
		return "", &LoadError{Sample: id, File: name, Err: err}
	}
	return string(b), nil
}

func readYAML(fsys fs.FS, name string, v any) error {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return err
	}
	return yaml.UnmarshalStrict(b, v)
}
