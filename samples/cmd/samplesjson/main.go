package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/applylens/applylens/samples"
)

func main() {
	out := flag.String("o", "", "write to this file instead of standard output")
	flag.Parse()
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "samplesjson:", err)
		os.Exit(1)
	}
}

func run(out string) error {
	b, err := menuJSON()
	if err != nil {
		return err
	}
	if out == "" {
		_, err := os.Stdout.Write(b)
		return err
	}
	return os.WriteFile(out, b, 0o644)
}

// menuJSON is the examples menu: the single-apply samples, then the
// timeline samples (entries with a "timeline" field, web/examples/examples.js),
// then the Kustomize samples (entries with a "kustomize" field: the
// directory to build and the files, sorted by name).
func menuJSON() ([]byte, error) {
	var entries []json.RawMessage
	if err := json.Unmarshal(samples.JSON(), &entries); err != nil {
		return nil, fmt.Errorf("reading the samples: %w", err)
	}
	entries = append(entries, samples.TimelinesPageJSON()...)
	entries = append(entries, samples.KustomizePageJSON()...)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(entries); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
