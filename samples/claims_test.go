package samples

import (
	"strings"
	"testing"
)

// TestClaims checks every sample's claims against the engine's results:
// what a description says of a result is what the engine computes.
func TestClaims(t *testing.T) {
	claimed := 0
	for _, s := range All() {
		if s.Claims == nil {
			continue
		}
		claimed++
		t.Run(s.ID, func(t *testing.T) {
			for _, err := range s.Claims.Check(s) {
				t.Error(err)
			}
		})
	}
	// The samples whose descriptions say what a result keeps or loses.
	for _, id := range []string{"ssa-ports-tcp-udp", "walkthrough", "container-ports", "service-ports-tcp-udp", "env-merge", "replicas-removed"} {
		if s, ok := Get(id); !ok || s.Claims == nil {
			t.Errorf("%s has no claims in its meta.yaml", id)
		}
	}
	if claimed == 0 {
		t.Fatal("no sample has claims")
	}
}

// TestClaimsCatchContradictions: a claim the result contradicts is
// reported, naming the apply and the path, including the claim the ports
// sample's description used to make (client-side apply loses UDP).
func TestClaimsCatchContradictions(t *testing.T) {
	ports := "spec.template.spec.containers[name=dns].ports"
	for _, tc := range []struct {
		name   string
		sample string
		claims Claims
		want   []string // substrings of each error, in order
	}{
		{"the old ports text: UDP lost client-side", "ssa-ports-tcp-udp",
			Claims{ClientSide: &ResultClaims{Absent: []string{ports + "[containerPort=53][protocol=UDP]"}}},
			[]string{`client-side result: ` + ports + `[containerPort=53][protocol=UDP]: claimed absent, the result has {"containerPort":53,"name":"dns","protocol":"UDP"}`}},
		{"TCP kept client-side", "ssa-ports-tcp-udp",
			Claims{ClientSide: &ResultClaims{Present: []string{ports + "[containerPort=53][protocol=TCP]"}}},
			[]string{"claimed present, the result has no element [containerPort=53][protocol=TCP]"}},
		{"one selector matching two elements is not absent", "ssa-ports-tcp-udp",
			Claims{ServerSide: &ResultClaims{Absent: []string{ports + "[containerPort=53]"}}},
			[]string{"server-side result: " + ports + "[containerPort=53]: claimed absent, the result has 2 elements [containerPort=53]"}},
		{"a wrong value", "walkthrough",
			Claims{ClientSide: &ResultClaims{Values: map[string]any{"spec.replicas": 1}}},
			[]string{"spec.replicas: claimed 1, the result has 2"}},
		{"a value the result lacks", "walkthrough",
			Claims{ClientSide: &ResultClaims{Values: map[string]any{"spec.minReadySeconds": 5}}},
			[]string{`claimed 5, the result has no "minReadySeconds"`}},
		{"a malformed path", "walkthrough",
			Claims{ClientSide: &ResultClaims{Present: []string{"spec..replicas"}}},
			[]string{"the path does not parse"}},
		{"an apply that fails", "ssa-duplicate-env",
			Claims{ServerSide: &ResultClaims{Present: []string{"spec"}}},
			[]string{"server-side result: : the apply fails"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, ok := Get(tc.sample)
			if !ok {
				t.Fatalf("no sample %s", tc.sample)
			}
			errs := tc.claims.Check(s)
			if len(errs) != len(tc.want) {
				t.Fatalf("%d errors %v, want %d", len(errs), errs, len(tc.want))
			}
			for i, w := range tc.want {
				if !strings.Contains(errs[i].Error(), w) {
					t.Errorf("error %q lacks %q", errs[i], w)
				}
			}
		})
	}
}
