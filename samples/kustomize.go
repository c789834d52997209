package samples

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"
)

// kustomizeData holds kustomize/index.yaml and one folder per sample of the
// page's Kustomize mode: meta.yaml, the kustomization's file tree under
// files/, and output.yaml, what `kubectl kustomize DIR` prints (a golden
// file, checked against engine/kustomize here and against the real
// kustomize in oracle/kustomize).
//
//go:embed kustomize
var kustomizeData embed.FS

const (
	kustomizeDir        = "kustomize"
	kustomizeFilesDir   = "files"
	kustomizeOutputFile = "output.yaml"
	// KustomizeIDPrefix starts every Kustomize sample's id.
	KustomizeIDPrefix = "kustomize-"
	// KustomizeCategory is the gallery category of every Kustomize sample
	// (web/gallery/categories.js lists it).
	KustomizeCategory = "kustomize"
)

// Kustomize is a sample of the page's Kustomize mode: a file tree and the
// directory `kubectl kustomize` builds.
type Kustomize struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	Description string `json:"description"`
	// Dir is the directory to build ("." for the top of the tree).
	Dir string `json:"dir"`
	// Files are the tree's files, sorted by name.
	Files []TimelineFile `json:"files"`
	// Output is the golden output.yaml (not sent to the page: it computes it).
	Output string `json:"-"`
}

// FileMap is the tree as engine/kustomize's Input reads it.
func (k Kustomize) FileMap() map[string][]byte {
	m := make(map[string][]byte, len(k.Files))
	for _, f := range k.Files {
		m[f.Name] = []byte(f.Text)
	}
	return m
}

// kustomizeMeta is the schema of a Kustomize sample's meta.yaml.
type kustomizeMeta struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Dir         string `json:"dir"`
}

var loadedKustomize = sync.OnceValues(func() ([]Kustomize, error) { return loadKustomize(kustomizeData) })

// KustomizeSamples returns the Kustomize samples in display order.
func KustomizeSamples() []Kustomize {
	all, err := loadedKustomize()
	if err != nil {
		panic(err)
	}
	return append([]Kustomize(nil), all...)
}

// KustomizePageJSON returns the Kustomize samples as entries of the page's
// examples menu: id, title, category, description and the kustomization
// ({dir, files: [{name, text}]}, files sorted by name).
func KustomizePageJSON() []json.RawMessage {
	type pageKustomize struct {
		Dir   string         `json:"dir"`
		Files []TimelineFile `json:"files"`
	}
	type entry struct {
		ID          string        `json:"id"`
		Title       string        `json:"title"`
		Category    string        `json:"category"`
		Description string        `json:"description"`
		Kustomize   pageKustomize `json:"kustomize"`
	}
	var out []json.RawMessage
	for _, k := range KustomizeSamples() {
		out = append(out, pageEntry(entry{k.ID, k.Title, KustomizeCategory, k.Description, pageKustomize{k.Dir, k.Files}}))
	}
	return out
}

func loadKustomize(fsys fs.FS) ([]Kustomize, error) {
	index := kustomizeDir + "/" + indexFile
	return loadIndexed(fsys, index, func(id string) (Kustomize, error) {
		if !strings.HasPrefix(id, KustomizeIDPrefix) {
			return Kustomize{}, &LoadError{Sample: id, File: index, Err: fmt.Errorf("a Kustomize sample's id starts with %q", KustomizeIDPrefix)}
		}
		return loadKustomizeOne(fsys, id)
	})
}

func loadKustomizeOne(fsys fs.FS, id string) (Kustomize, error) {
	dir := kustomizeDir + "/" + id
	var m kustomizeMeta
	if err := readYAML(fsys, dir+"/"+metaFile, &m); err != nil {
		return Kustomize{}, &LoadError{Sample: id, File: metaFile, Err: err}
	}
	if m.Title == "" || m.Description == "" || m.Dir == "" {
		return Kustomize{}, &LoadError{Sample: id, File: metaFile, Err: errors.New("title, description and dir are required")}
	}
	k := Kustomize{ID: id, Title: m.Title, Description: m.Description, Dir: m.Dir, Files: []TimelineFile{}}
	root := dir + "/" + kustomizeFilesDir
	err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		k.Files = append(k.Files, TimelineFile{Name: strings.TrimPrefix(p, root+"/"), Text: string(b)})
		return nil
	})
	if err != nil {
		return Kustomize{}, &LoadError{Sample: id, File: kustomizeFilesDir, Err: err}
	}
	if len(k.Files) == 0 {
		return Kustomize{}, &LoadError{Sample: id, File: kustomizeFilesDir, Err: errors.New("no files")}
	}
	sort.Slice(k.Files, func(i, j int) bool { return k.Files[i].Name < k.Files[j].Name })
	if m.Dir != "." {
		if _, err := fs.Stat(fsys, path.Join(root, m.Dir)); err != nil {
			return Kustomize{}, &LoadError{Sample: id, File: metaFile, Err: fmt.Errorf("dir %q is not in files/: %w", m.Dir, err)}
		}
	}
	out, err := fs.ReadFile(fsys, dir+"/"+kustomizeOutputFile)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return Kustomize{}, &LoadError{Sample: id, File: kustomizeOutputFile, Err: err}
	}
	k.Output = string(out)
	return k, nil
}
