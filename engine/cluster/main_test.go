package cluster

import (
	"flag"
	"os"
	"testing"
)

// TestMain runs the tests with verifyStored: every command of every test
// checks that it changed no stored object in place (Clone shares them).
// Benchmarks run without the check.
func TestMain(m *testing.M) {
	flag.Parse()
	verifyStored = flag.Lookup("test.bench").Value.String() == ""
	os.Exit(m.Run())
}
