// Command genschema writes engine/schema/zz_generated.go: the patch metadata
// of every kind registered in kubectl's scheme, the scheme kubectl consults
// to decide whether a kind is built in; and
// engine/schema/typedschema/zz_generated.go: the same kinds with what the
// API server's typed decoding reads (engine/typedjson).
//
// Usage, from the repository root: go run ./scripts/genschema [-o file] [-typed file]
package main

import (
	"flag"
	"fmt"
	"os"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/kubectl/pkg/scheme"

	"github.com/applylens/applylens/engine/schema/schemagen"
)

func main() {
	out := flag.String("o", "engine/schema/zz_generated.go", "file to write")
	typed := flag.String("typed", "engine/schema/typedschema/zz_generated.go", "file to write the typed schema to")
	flag.Parse()
	src, err := schemagen.Generate(Roots(scheme.Scheme))
	if err == nil {
		err = os.WriteFile(*out, src, 0o644)
	}
	if err == nil {
		src, err = schemagen.GenerateTyped(Roots(scheme.Scheme))
	}
	if err == nil {
		err = os.WriteFile(*typed, src, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genschema:", err)
		os.Exit(1)
	}
}

// Roots lists every kind of s that s.New can create, except the internal
// versions, which never appear in a manifest.
func Roots(s *runtime.Scheme) []schemagen.Root {
	var roots []schemagen.Root
	for gvk, t := range s.AllKnownTypes() {
		if gvk.Version == runtime.APIVersionInternal {
			continue
		}
		roots = append(roots, schemagen.Root{APIVersion: gvk.GroupVersion().String(), Kind: gvk.Kind, Type: t})
	}
	return roots
}
