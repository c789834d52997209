// Command genssaschema writes the structured-merge-diff schema of every
// built-in kind (see package ssaschema) into engine/serverside: schema.yaml
// (the types, as typed.NewParser reads them) and zz_generated.go (which type
// each apiVersion and kind is).
//
// Usage (from the repository root): go -C oracle/kubernetes run ./cmd/genssaschema -dir ../../engine/serverside
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/applylens/applylens/oracle/kubernetes/ssaschema"
)

func main() {
	dir := flag.String("dir", "../../engine/serverside", "the engine/serverside directory")
	flag.Parse()
	schemaYAML, kindsGo, err := ssaschema.Files()
	if err != nil {
		log.Fatal(err)
	}
	for name, data := range map[string][]byte{"schema.yaml": schemaYAML, "zz_generated.go": kindsGo} {
		if err := os.WriteFile(filepath.Join(*dir, name), data, 0o644); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s: %d bytes\n", name, len(data))
	}
}
