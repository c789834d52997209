package engine

import (
	"strings"
	"testing"
)

func TestClusterScopedCustomKindGetsNoNamespace(t *testing.T) {
	file := "apiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: nightly\nspec: {a: 1}\n"
	cases := []struct {
		name          string
		clusterScoped bool
		wantNamespace bool
	}{
		{"guessed namespaced", false, true},
		{"told cluster-scoped", true, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Apply(Input{File: file, ClusterScoped: tc.clusterScoped})
			if err != nil {
				t.Fatal(err)
			}
			for _, text := range []string{res.LastApplied, string(res.Object)} {
				if got := strings.Contains(text, `"namespace":"default"`); got != tc.wantNamespace {
					t.Errorf("namespace written = %v, want %v in %s", got, tc.wantNamespace, text)
				}
			}
		})
	}
}
