package cluster

import (
	"fmt"
	"strings"
	"testing"
)

// What -f reads, just under and just over its limits: the size of a file
// (checked before it is converted) and the files of a directory.
func TestFileLimits(t *testing.T) {
	// A file of exactly n bytes, mostly a comment: its object is small
	// (the object's own limit is the pane's, engine/document).
	sized := func(n int) string {
		obj := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n# "
		return obj + strings.Repeat("x", n-len(obj)-1) + "\n"
	}
	dir := func(n int) map[string]string {
		files := map[string]string{"other/x.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n"}
		for i := range n {
			files[fmt.Sprintf("d/%04d.yaml", i)] = fmt.Sprintf("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c%d\n", i)
		}
		return files
	}
	tests := []struct {
		name    string
		command string
		files   map[string]string
		applied int
		stderr  string
	}{
		{"a file of 5 MiB", "kubectl apply -f d.yaml", map[string]string{"d.yaml": sized(maxFileSize)}, 1, ""},
		{"a file of 5 MiB and a byte", "kubectl apply -f d.yaml", map[string]string{"d.yaml": sized(maxFileSize + 1)}, 0,
			"error: error parsing d.yaml: the file is 5.0 MiB; applylens reads at most 5.0 MiB per file.\n"},
		{"a YAML file of 20 MiB", "kubectl apply -f d.yaml", map[string]string{"d.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: " + strings.Repeat("x", 20<<20) + "\n"}, 0,
			"error: error parsing d.yaml: the file is 20.0 MiB; applylens reads at most 5.0 MiB per file.\n"},
		{"a directory of 1000 files", "kubectl apply -f d/", dir(maxDirFiles), maxDirFiles, ""},
		{"a directory of 1001 files", "kubectl apply -f d", dir(maxDirFiles + 1), 0,
			"error: the directory \"d\" holds 1001 .yaml, .yml and .json files; applylens reads at most 1000 from one directory. Apply it in parts (a subdirectory, or files by name).\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := New(Options{})
			out, err := c.Run(tt.command, tt.files)
			if err != nil {
				t.Fatal(err)
			}
			if out.Stderr != tt.stderr {
				t.Errorf("stderr = %q, want %q", out.Stderr, tt.stderr)
			}
			if len(out.Changes) != tt.applied {
				t.Errorf("%d objects applied, want %d", len(out.Changes), tt.applied)
			}
		})
	}
}
