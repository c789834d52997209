//go:build !js

package cluster

import (
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnifiedDiffAgainstGNU compares the hunks of unifiedDiff with GNU
// diff -u -N, which kubectl diff runs, on edited YAML-like texts.
func TestUnifiedDiffAgainstGNU(t *testing.T) {
	if _, err := exec.LookPath("diff"); err != nil {
		t.Skip("no diff program")
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewSource(1))
	base := strings.Split(strings.TrimSuffix(deployV1+configMapWeb+serviceWeb, "\n"), "\n")
	for i := 0; i < 60; i++ {
		a := append([]string(nil), base...)
		b := append([]string(nil), base...)
		for e := rng.Intn(6); e >= 0; e-- {
			switch p := rng.Intn(len(b) + 1); rng.Intn(3) {
			case 0:
				b = append(b[:p], append([]string{"  added: " + string(rune('a'+rng.Intn(26)))}, b[p:]...)...)
			case 1:
				if p < len(b) {
					b = append(b[:p], b[p+1:]...)
				}
			default:
				if p < len(b) {
					b[p] = b[p] + " # changed"
				}
			}
		}
		from, to := strings.Join(a, "\n")+"\n", strings.Join(b, "\n")+"\n"
		if i%10 == 0 {
			from = ""
		}
		pa, pb := filepath.Join(dir, "a"), filepath.Join(dir, "b")
		if from == "" {
			os.Remove(pa)
		} else if err := os.WriteFile(pa, []byte(from), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(pb, []byte(to), 0o644); err != nil {
			t.Fatal(err)
		}
		out, _ := exec.Command("diff", "-u", "-N", pa, pb).Output()
		want := hunks(string(out))
		got := hunks(unifiedDiff(pa, pb, from, to, from != "", "T"))
		if got != want {
			t.Fatalf("case %d:\nsimulation:\n%s\nGNU diff:\n%s", i, got, want)
		}
	}
}

// hunks drops the header lines, which hold paths and times.
func hunks(s string) string {
	i := strings.Index(s, "\n@@")
	if i < 0 {
		return ""
	}
	return s[i+1:]
}
