package quantity

import (
	"math/rand/v2"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/resource"
)

// realText is what the API server stores for s: ParseQuantity, then
// MarshalJSON (roundUp: after the defaulting's RoundUp(-3) of a
// ResourceList), or ParseQuantity's error.
func realText(s string, roundUp bool) (string, string) {
	q, err := resource.ParseQuantity(s)
	if err != nil {
		return "", err.Error()
	}
	if roundUp {
		q.RoundUp(-3)
	}
	b, err := q.MarshalJSON()
	if err != nil {
		return "", "marshal: " + err.Error()
	}
	return strings.Trim(string(b), `"`), ""
}

func ourText(s string, roundUp bool) (string, string) {
	q, err := Parse(s)
	if err != nil {
		return "", err.Error()
	}
	if roundUp {
		q.RoundUp(-3)
	}
	return q.String(), ""
}

func checkSame(t *testing.T, s string) {
	t.Helper()
	for _, roundUp := range []bool{false, true} {
		got, gotErr := ourText(s, roundUp)
		want, wantErr := realText(s, roundUp)
		if got != want || gotErr != wantErr {
			t.Errorf("%q (RoundUp(-3) %v): got %q %q, resource.Quantity %q %q", s, roundUp, got, gotErr, want, wantErr)
		}
	}
}

// TestNamedSpellings are the spellings learners and real manifests
// write, and the edges of each path of ParseQuantity.
func TestNamedSpellings(t *testing.T) {
	for _, s := range []string{
		"0", "0.0", "-0", "+0", ".5", "0.5", "0.3", "1", "1.0", "1000m", "1500m", "1e3", "1E3", "10e3", "1k", "1.5k",
		"100Mi", "1Gi", "8Gi", "1024Mi", "1000Mi", "1.5Gi", "0.5Gi", "0.5Ki", "512Ki", "1Ki", "+1", "01", "01Ki", "+1Ki",
		"500m", "250m", "0.25", "1n", "1.5n", "0.0000000001", "1e-10", "1e-3", "123456789012345678", "1234567890123456789",
		"9223372036854775807", "9223372036854775808", "9223372036854775807Ki", "8Ei", "16Ei", "1000E", "1e21", "1e-21",
		"-1", "-500m", "-1.5Gi", "-0.0000000001", "1.", ".", "Ki", "e3", "1e", "1Kib", "1 Gi", " 1", "1..5", "abc", "",
		"1i", "1KI", "1ki", "1e+3", "1e-07", "1e+21", "5e-324", "1e-3m", "1m3", "0x10", "1_000", "٣", "1.5e3", "20", "2000000000",
	} {
		checkSame(t, s)
	}
}

// TestGeneratedSpellings compares random spellings built from the pieces
// of the grammar (and some that are not).
func TestGeneratedSpellings(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 1))
	signs := []string{"", "", "+", "-"}
	suffixes := []string{"", "", "", "m", "n", "u", "k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei",
		"e0", "e1", "e2", "e3", "e-3", "e+6", "E-9", "e-12", "e18", "e-30", "e30", "i", "K", "mi", "e"}
	digits := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteByte(byte('0' + r.IntN(10)))
		}
		return b.String()
	}
	n := 20000
	if testing.Short() {
		n = 3000
	}
	for range n {
		s := signs[r.IntN(len(signs))]
		if r.IntN(4) == 0 {
			s += strings.Repeat("0", r.IntN(3))
		}
		s += digits(r.IntN(12))
		if r.IntN(2) == 0 {
			s += "." + digits(r.IntN(12))
		}
		s += suffixes[r.IntN(len(suffixes))]
		checkSame(t, s)
	}
}
