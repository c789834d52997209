package labelselector

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/validate/content"
	"k8s.io/apimachinery/pkg/labels"
)

// labelSets are the label sets every selector is matched against.
var labelSets = []map[string]string{
	nil, {}, {"app": "web"}, {"app": "db"}, {"app": "web", "tier": "front"}, {"tier": "back"},
	{"app": "api", "tier": "front"}, {"app": ""}, {"n": "3"}, {"n": "10"}, {"n": "-2"}, {"n": "x"},
	{"in": "notin"}, {"example.com/app": "web"}, {"a": "b", "b": "a", "n": "5"},
}

// compare checks Parse against labels.Parse on one selector: both accept
// or both refuse with the same text; accepted, the same String and the
// same verdict on every label set.
func compare(t *testing.T, sel string, extra ...map[string]string) {
	t.Helper()
	want, wantErr := labels.Parse(sel)
	got, err := Parse(sel)
	if (err == nil) != (wantErr == nil) {
		t.Fatalf("%q: error %v, labels.Parse %v", sel, err, wantErr)
	}
	if err != nil {
		var e *Error
		if !errors.As(err, &e) || e.Selector != sel {
			t.Fatalf("%q: error %#v is not an *Error naming the selector", sel, err)
		}
		if err.Error() != wantErr.Error() {
			t.Fatalf("%q: error\n%s\nlabels.Parse\n%s", sel, err, wantErr)
		}
		return
	}
	if g, w := got.String(), want.String(); g != w {
		t.Fatalf("%q: String %q, labels %q", sel, g, w)
	}
	if g, w := got.Empty(), want.Empty(); g != w {
		t.Fatalf("%q: Empty %v, labels %v", sel, g, w)
	}
	for _, ls := range append(labelSets, extra...) {
		if g, w := got.Matches(ls), want.Matches(labels.Set(ls)); g != w {
			t.Fatalf("%q on %v: Matches %v, labels %v", sel, ls, g, w)
		}
	}
}

func TestParseAgainstApimachinery(t *testing.T) {
	cases := map[string]string{
		"empty":                "",
		"blank":                "  \t ",
		"equals":               "app=web",
		"double equals":        "app==web",
		"not equals":           "app!=web",
		"exists":               "app",
		"does not exist":       "!app",
		"in":                   "app in (web,db)",
		"notin spaced":         "app notin (web, db)",
		"two terms":            "app=web,tier=front",
		"exists and not":       "tier,app!=db",
		"empty value":          "app=",
		"empty set":            "app in ()",
		"empty members":        "app in (,web,,)",
		"duplicate values":     "app in (web,web,db)",
		"greater":              "n>3",
		"less":                 "n<3",
		"greater not integer":  "n>x",
		"greater bad value":    "n>-",
		"prefixed key":         "example.com/app=web",
		"bad prefix":           "Example.com/app",
		"empty prefix":         "/app",
		"two slashes":          "a/b/c",
		"long name":            "k" + strings.Repeat("x", 63),
		"long value":           "k=" + strings.Repeat("x", 64),
		"bad value":            "k=-x-",
		"bad value in set":     "k in (a,-b-)",
		"in as key":            "in",
		"in as value":          "k=in",
		"notin as set member":  "k in (notin,in)",
		"not then operator":    "!app=web",
		"trailing comma":       "app,",
		"leading comma":        ",app",
		"missing paren":        "app in web",
		"unclosed set":         "app in (web",
		"set then junk":        "app in (web db)",
		"operator only":        "=web",
		"triple equals":        "a===b",
		"bang equals bang":     "a!=!b",
		"junk after value":     "a=b c",
		"nul byte":             "a\x00b",
		"equal keys":           "a,a=b,a!=c,a in (x),!a",
		"many equal keys":      "k=1,k=2,k=3,k=4,k=5,k=6,k=7,k=8,k=9,k=10,k=11,k=12,k=13,k=14,k=15,b,a",
		"newline separated":    "a=b\n,\tc",
		"not bad key":          "!-a",
		"utf-8":                "ключ=значение",
		"key with underscore":  "a_b.c-d=e",
		"value only operators": "a in (=)",
	}
	for name, sel := range cases {
		t.Run(name, func(t *testing.T) { compare(t, sel) })
	}
}

// TestParseGenerated compares Parse with labels.Parse on selectors made
// of the syntax's pieces, valid and not, in random orders.
func TestParseGenerated(t *testing.T) {
	pieces := []string{
		"app", "tier", "n", "a", "in", "notin", "example.com/app", "Bad/", "-x", "web", "db", "3", "10", "x_y",
		"=", "==", "!=", "!", ">", "<", "(", ")", ",", " ", " in ", " notin ", "\t", "===", "!!", "\x00", "é",
	}
	values := []string{"web", "db", "", "3", "10", "-2", "x", "notin"}
	n := 20000
	if testing.Short() {
		n = 2000
	}
	r := rand.New(rand.NewPCG(21, 20))
	accepted := 0
	for i := 0; i < n; i++ {
		var sb strings.Builder
		for k := r.IntN(8); k >= 0; k-- {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
		if r.IntN(3) == 0 {
			// A set of values and empty members.
			sb.WriteString([]string{"app", "n", "in"}[r.IntN(3)] + []string{" in ", " notin "}[r.IntN(2)] + "(")
			for k := r.IntN(5); k >= 0; k-- {
				sb.WriteString([]string{",", "web", "x", ""}[r.IntN(4)])
			}
			sb.WriteString(")")
		}
		sel := sb.String()
		extra := map[string]string{}
		for _, k := range []string{"app", "tier", "n", "a", "in", "example.com/app", "x_y"} {
			if r.IntN(2) == 0 {
				extra[k] = values[r.IntN(len(values))]
			}
		}
		compare(t, sel, extra)
		if _, err := Parse(sel); err == nil {
			accepted++
		}
	}
	t.Logf("%d of %d generated selectors parse", accepted, n)
	// Both outcomes must be exercised, or the comparison proves little.
	if accepted < n/20 || accepted > n-n/20 {
		t.Fatalf("%d of %d generated selectors parse: the generator is lopsided", accepted, n)
	}
}

// TestKeyAndValueErrors compares KeyErrors and ValueErrors with
// content.IsLabelKey and IsLabelValue on keys and values made of their
// pieces, good and bad, short and long.
func TestKeyAndValueErrors(t *testing.T) {
	pieces := []string{"a", "Z", "0", "-", "_", ".", "/", "example.com", "Example", "é", " ", strings.Repeat("x", 60), strings.Repeat("y.", 130)}
	r := rand.New(rand.NewPCG(21, 21))
	for i := 0; i < 20000; i++ {
		var sb strings.Builder
		for k := r.IntN(6); k >= 0; k-- {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := sb.String()
		if g, w := KeyErrors(s), content.IsLabelKey(s); !slices.Equal(g, w) {
			t.Fatalf("key %q: %q, content.IsLabelKey %q", s, g, w)
		}
		if g, w := ValueErrors(s), content.IsLabelValue(s); !slices.Equal(g, w) {
			t.Fatalf("value %q: %q, content.IsLabelValue %q", s, g, w)
		}
	}
}
