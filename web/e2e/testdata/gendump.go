// Command gendump prints the benchmark scenarios of engine/internal/gen as
// the three panes of the page, in YAML, as one JSON object.
//
// engine/internal/gen is internal to engine/, so the page benchmark runs
// this file through a `go run -overlay` that places it at
// engine/internal/gen/e2edump/main.go (see bench_test.go); it is kept in
// testdata so that no build sees it otherwise.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"sigs.k8s.io/yaml"

	"github.com/applylens/applylens/engine/internal/gen"
)

// panes is one scenario as the page's panes.
type panes struct {
	LastApplied string `json:"lastApplied"`
	File        string `json:"file"`
	Live        string `json:"live"`
}

func toPanes(t gen.Triple) (panes, error) {
	var p panes
	for _, x := range []struct {
		in  []byte
		out *string
	}{{t.Original, &p.LastApplied}, {t.Modified, &p.File}, {t.Current, &p.Live}} {
		if x.in == nil {
			continue
		}
		y, err := yaml.JSONToYAML(x.in)
		if err != nil {
			return p, err
		}
		*x.out = string(y)
	}
	return p, nil
}

func main() {
	out := map[string]panes{}
	for name, t := range map[string]gen.Triple{"typical": gen.TypicalDeployment(), "large": gen.LargeDeployment(), "medium": gen.ListsDeployment(100, 400)} {
		p, err := toPanes(t)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gendump:", name, err)
			os.Exit(1)
		}
		out[name] = p
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		fmt.Fprintln(os.Stderr, "gendump:", err)
		os.Exit(1)
	}
}
