package ssaview

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/api"
)

// TestBothOrderAndWholeValues: the ports sample's differences list the
// lost port first, whole, and the last-applied annotation (kubectl's
// bookkeeping) after it.
func TestBothOrderAndWholeValues(t *testing.T) {
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join("..", "..", "samples", "ssa-ports-tcp-udp", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	s, e := Compute(api.ServerSideRequest{File: read("file.yaml"), Live: read("live.yaml"), Apply: "both"})
	if e != nil {
		t.Fatal(e.Message)
	}
	if len(s.Differences) != 2 {
		t.Fatalf("differences %+v, want the ports and the annotation", s.Differences)
	}
	ports, note := s.Differences[0], s.Differences[1]
	if ports.Path != "spec.template.spec.containers[0].ports" || ports.Bookkeeping {
		t.Errorf("first difference %s (bookkeeping %v), want the ports", ports.Path, ports.Bookkeeping)
	}
	if len(ports.OnlyClient) != 0 || len(ports.OnlyServer) != 1 || string(ports.OnlyServer[0]) != `{"containerPort":53,"name":"dns-tcp","protocol":"TCP"}` {
		t.Errorf("ports only client-side %s, only server-side %s: want the TCP port, whole, only server-side", ports.OnlyClient, ports.OnlyServer)
	}
	if note.Path != "metadata.annotations" || !note.Bookkeeping {
		t.Errorf("last difference %s (bookkeeping %v), want the annotations as bookkeeping", note.Path, note.Bookkeeping)
	}
}

func TestLastAppliedOnly(t *testing.T) {
	lastApplied := map[string]any{"kubectl.kubernetes.io/last-applied-configuration": "{}"}
	withTeam := map[string]any{"kubectl.kubernetes.io/last-applied-configuration": "{}", "team": "a"}
	for _, tc := range []struct {
		name     string
		path     string
		cv, sv   any
		cok, sok bool
		want     bool
	}{
		{name: "the annotation itself", path: `metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]`, cv: "{}", cok: true, want: true},
		{name: "annotations only client-side, only last-applied", path: "metadata.annotations", cv: lastApplied, cok: true, want: true},
		{name: "annotations only client-side, with another key", path: "metadata.annotations", cv: withTeam, cok: true, want: false},
		{name: "another annotation", path: "metadata.annotations.team", cv: "a", cok: true, sv: "b", sok: true, want: false},
		{name: "an object field", path: "spec.replicas", cv: 1.0, cok: true, sv: 2.0, sok: true, want: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := lastAppliedOnly(tc.path, tc.cv, tc.cok, tc.sv, tc.sok); got != tc.want {
				t.Errorf("lastAppliedOnly(%s) = %v, want %v", tc.path, got, tc.want)
			}
		})
	}
}

func TestOnlyIn(t *testing.T) {
	tcp := map[string]any{"containerPort": 53.0, "protocol": "TCP"}
	udp := map[string]any{"containerPort": 53.0, "protocol": "UDP"}
	for _, tc := range []struct {
		name         string
		a, b         any
		onlyA, onlyB string
	}{
		{name: "an element lost", a: []any{udp}, b: []any{udp, tcp}, onlyA: "", onlyB: `{"containerPort":53,"protocol":"TCP"}`},
		{name: "each has its own", a: []any{udp}, b: []any{tcp}, onlyA: `{"containerPort":53,"protocol":"UDP"}`, onlyB: `{"containerPort":53,"protocol":"TCP"}`},
		{name: "a repeated element counted once per match", a: []any{"x", "x"}, b: []any{"x"}, onlyA: `"x"`, onlyB: ""},
		{name: "not lists", a: "x", b: []any{"x"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := onlyIn(tc.a, tc.b)
			join := func(l []json.RawMessage) string {
				var s []string
				for _, e := range l {
					s = append(s, string(e))
				}
				return strings.Join(s, " ")
			}
			if join(a) != tc.onlyA || join(b) != tc.onlyB {
				t.Errorf("onlyIn = %q, %q; want %q, %q", join(a), join(b), tc.onlyA, tc.onlyB)
			}
		})
	}
}
