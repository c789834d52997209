package main

import (
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
	if out == "" {
		_, err := os.Stdout.Write(samples.JSON())
		return err
	}
	return os.WriteFile(out, samples.JSON(), 0o644)
}
