// Command genssaschema writes the structured-merge-diff schema of every
// built-in kind (see package ssaschema) into engine/serverside:
// zz_generated_schema.json (the types, one a line, read by the engine
// on first use) and zz_generated.go (which type each apiVersion and kind is,
// reset fields, zero objects).
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
	schemaJSON, kindsGo, err := ssaschema.Files()
	if err != nil {
		log.Fatal(err)
	}
	for name, data := range map[string][]byte{"zz_generated_schema.json": schemaJSON, "zz_generated.go": kindsGo} {
		if err := os.WriteFile(filepath.Join(*dir, name), data, 0o644); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s: %d bytes\n", name, len(data))
	}
}
