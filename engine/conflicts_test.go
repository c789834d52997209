package engine

import (
	"errors"
	"os"
	"reflect"
	"testing"
)

// --overwrite=false on the documentation's walkthrough: kubectl's check
// finds the conflict in the last-applied annotation only (the containers
// are merged by name and agree), and that is the field named.
func TestConflictPaths(t *testing.T) {
	file, err := os.ReadFile("api/testdata/walkthrough/file.yaml")
	if err != nil {
		t.Fatal(err)
	}
	live, err := os.ReadFile("api/testdata/walkthrough/live.yaml")
	if err != nil {
		t.Fatal(err)
	}
	no := false
	_, err = Apply(Input{File: string(file), Live: string(live), Overwrite: &no})
	var ae *ApplyError
	if !errors.As(err, &ae) {
		t.Fatalf("Apply = %v, want an ApplyError", err)
	}
	want := []string{`metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]`}
	if !reflect.DeepEqual(ae.Paths, want) {
		t.Errorf("Paths = %q, want %q", ae.Paths, want)
	}
	if got := conflictPaths([][]string{{"spec", "replicas"}, {"metadata", "labels", "a.io/b"}}); !reflect.DeepEqual(got, []string{"spec.replicas", `metadata.labels["a.io/b"]`}) {
		t.Errorf("conflictPaths = %q", got)
	}
}
