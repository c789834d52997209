package explain

import (
	"reflect"
	"strings"
	"testing"
)

func TestWarnings(t *testing.T) {
	big := strings.Repeat("x", 100_000)
	huge := strings.Repeat("x", 140_000)
	cases := []struct {
		name string
		f    fixture
		// edit adjusts the built inputs, for what build cannot express.
		edit func(*Inputs)
		want []string // "code|path"
		// says is a phrase the first warning's message must contain.
		says string
	}{
		{name: "clean apply: no warning",
			f: fixture{original: walkOriginal, file: walkFile, live: walkLive, patch: walkPatch, result: walkResult}},
		{name: "custom resource",
			f:    fixture{original: widget(`{"a":1}`), file: widget(`{"a":2}`), live: widget(`{"a":1}`), patch: `{"spec":{"a":2}}`, result: widget(`{"a":2}`)},
			want: []string{"not-built-in|kind"}, says: "example.com/v1 Widget"},
		{name: "no last-applied annotation",
			f:    fixture{file: deploy(`{"paused":true}`), live: deploy(`{"paused":false}`), patch: `{"spec":{"paused":true}}`, result: deploy(`{"paused":true}`)},
			want: []string{"missing-annotation|" + annotationPath}, says: "never cleared"},
		// A conflict of --overwrite=false is the engine's error (its
		// plain words in engine/conflicts.go), never a warning here: the
		// patch is not computed, so nothing is explained.
		{name: "overwrite=false: no warning of its own",
			f: fixture{original: walkOriginal, file: walkFile, live: walkLive, patch: walkPatch, result: walkResult, overwrite: &no}},
		{name: "overwrite=false: drifted field without annotation",
			f:    fixture{file: deploy(`{"replicas":2}`), live: deploy(`{"replicas":3}`), patch: `{"spec":{"replicas":2}}`, result: deploy(`{"replicas":2}`), overwrite: &no},
			want: []string{"missing-annotation|" + annotationPath}},
		{name: "overwrite=false: new field only, no conflict",
			f:    fixture{file: deploy(`{"paused":true}`), live: deploy(`{"replicas":3}`), patch: `{"spec":{"paused":true}}`, result: deploy(`{"paused":true,"replicas":3}`), overwrite: &no},
			want: []string{"missing-annotation|" + annotationPath}},
		{name: "annotation value is a boolean",
			f:    fixture{original: withMeta(`{"name":"web"}`), file: withMeta(`{"name":"web","annotations":{"prometheus.io/scrape":true,"team":"a"}}`), live: withMeta(`{"name":"web"}`)},
			want: []string{`non-string-annotation|metadata.annotations["prometheus.io/scrape"]`}, says: `"true"`},
		{name: "label value is a number",
			f:    fixture{original: withMeta(`{"name":"web"}`), file: withMeta(`{"name":"web","labels":{"version":2}}`), live: withMeta(`{"name":"web"}`)},
			want: []string{"non-string-label|metadata.labels.version"}, says: "rejects"},
		{name: "annotations near the size limit",
			f:    fixture{file: withMeta(`{"name":"web","annotations":{"blob":"` + big + `"}}`)},
			want: []string{"annotation-size|metadata.annotations"}, says: "close to"},
		{name: "annotations over the size limit",
			f:    fixture{file: withMeta(`{"name":"web","annotations":{"blob":"` + huge + `"}}`)},
			want: []string{"annotation-size|metadata.annotations"}, says: "rejected"},
		{name: "replicas removed from the file",
			f: fixture{original: deploy(`{"replicas":3}`), file: deploy(`{}`), live: deploy(`{"replicas":5}`),
				patch: `{"spec":{"replicas":null}}`, result: deploy(`{}`)},
			want: []string{"replicas-removed|spec.replicas"}, says: "from 5 live replicas"},
		{name: "container ports share a number with different protocols",
			f:    fixture{file: pod(`{"containers":[{"name":"dns","ports":[{"containerPort":53,"protocol":"TCP"},{"containerPort":53,"protocol":"UDP"}]}]}`)},
			want: []string{"merge-key-narrow|spec.template.spec.containers[name=dns].ports"}, says: `protocol "TCP", "UDP"`},
		{name: "service ports share a number, in the live object",
			f: fixture{original: `{"apiVersion":"v1","kind":"Service","metadata":{"name":"dns"},"spec":{"ports":[{"port":53,"protocol":"UDP"}]}}`,
				file: `{"apiVersion":"v1","kind":"Service","metadata":{"name":"dns"},"spec":{"ports":[{"port":53,"protocol":"UDP"}]}}`,
				live: `{"apiVersion":"v1","kind":"Service","metadata":{"name":"dns"},"spec":{"ports":[{"port":53,"protocol":"UDP"},{"port":53,"protocol":"TCP"}]}}`},
			want: []string{"merge-key-narrow|spec.ports"}, says: "live object"},
		{name: "topology spread constraints share a topologyKey",
			f: fixture{file: pod(`{"topologySpreadConstraints":[{"topologyKey":"zone","whenUnsatisfiable":"DoNotSchedule","maxSkew":1},
				{"topologyKey":"zone","whenUnsatisfiable":"ScheduleAnyway","maxSkew":2}]}`)},
			want: []string{"merge-key-narrow|spec.template.spec.topologySpreadConstraints"}},
		{name: "duplicate merge keys",
			f:    fixture{file: pod(`{"containers":[{"name":"app","image":"a"},{"name":"app","image":"b"}]}`)},
			want: []string{"duplicate-merge-key|spec.template.spec.containers"}, says: "deletes all of them"},
		{name: "element without its merge key, list unchanged",
			f:    fixture{file: pod(`{"containers":[{"image":"a"}]}`)},
			want: []string{"missing-merge-key|spec.template.spec.containers[0]"}, says: "once the list needs merging"},
		{name: "element without its merge key, list merged",
			f: fixture{original: pod(`{"containers":[{"image":"a"}]}`), file: pod(`{"containers":[{"image":"a"}]}`), live: pod(`{"containers":[{"image":"a"}]}`)},
			edit: func(in *Inputs) {
				in.Patch = decode(t, `{"spec":{"template":{"spec":{"containers":[{"image":"b"}]}}}}`)
			},
			want: []string{"missing-merge-key|spec.template.spec.containers[0]"}, says: "apply fails"},
		{name: "cpu 0.5 against the server's 500m",
			f: fixture{original: pod(`{"containers":[{"name":"app","resources":{"requests":{"cpu":0.5,"memory":"1Gi"},"limits":{"cpu":1}}}]}`),
				file: pod(`{"containers":[{"name":"app","resources":{"requests":{"cpu":0.5,"memory":"1Gi"},"limits":{"cpu":1}}}]}`),
				live: pod(`{"containers":[{"name":"app","resources":{"requests":{"cpu":"500m","memory":"1Gi"},"limits":{"cpu":"1"}}}]}`)},
			want: []string{
				"non-canonical-quantity|spec.template.spec.containers[name=app].resources.limits.cpu",
				"non-canonical-quantity|spec.template.spec.containers[name=app].resources.requests.cpu",
			}, says: `Write "500m"`},
		{name: "different quantities are a change, not a trap",
			f: fixture{original: pod(`{"containers":[{"name":"app","resources":{"requests":{"cpu":"250m"}}}]}`),
				file: pod(`{"containers":[{"name":"app","resources":{"requests":{"cpu":"0.5"}}}]}`),
				live: pod(`{"containers":[{"name":"app","resources":{"requests":{"cpu":"250m"}}}]}`)}},
		{name: "Secret stringData",
			f: fixture{original: `{"apiVersion":"v1","kind":"Secret","metadata":{"name":"s"},"stringData":{"k":"v"}}`,
				file: `{"apiVersion":"v1","kind":"Secret","metadata":{"name":"s"},"stringData":{"k":"v"}}`,
				live: `{"apiVersion":"v1","kind":"Secret","metadata":{"name":"s"},"data":{"k":"dg=="}}`},
			want: []string{"secret-stringdata|stringData"}, says: "configured"},
		{name: "big integer in a custom resource",
			f:    fixture{file: widget(`{"big":9007199254740993,"small":9007199254740992}`)},
			want: []string{"not-built-in|kind", "big-integer|spec.big"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := build(t, tc.f)
			if tc.edit != nil {
				tc.edit(&in)
			}
			ws := Warnings(in)
			var got []string
			for _, w := range ws {
				got = append(got, w.Code+"|"+w.Path)
				if !strings.HasSuffix(w.Message, ".") {
					t.Errorf("%s: message %q is not a sentence", w.Code, w.Message)
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("warnings:\n got %q\nwant %q", got, tc.want)
			}
			if tc.says != "" && !strings.Contains(ws[len(ws)-1].Message, tc.says) {
				t.Errorf("message %q does not say %q", ws[len(ws)-1].Message, tc.says)
			}
			if again := Warnings(build(t, tc.f)); tc.edit == nil && !reflect.DeepEqual(again, ws) {
				t.Errorf("Warnings is not deterministic")
			}
		})
	}
}

func TestSameQuantity(t *testing.T) {
	tests := []struct {
		name       string
		file, live any
		want       bool
	}{
		{"0.5 vs 500m", 0.5, "500m", true},
		{"int 1 vs string 1", int64(1), "1", true},
		{"1000m vs 1", "1000m", "1", true},
		{"1Gi vs 1024Mi", "1Gi", "1024Mi", true},
		{"1e3 vs 1k", "1e3", "1k", true},
		{"0.1 vs 100m", 0.1, "100m", true},
		{"same text", "500m", "500m", false},
		{"same number", int64(2), int64(2), false},
		{"different values", "1", "2", false},
		{"1G vs 1Gi differ", "1G", "1Gi", false},
		{"not a quantity", "fast", "fast", false},
		{"bool", true, "1", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := sameQuantity(tc.file, tc.live); got != tc.want {
				t.Errorf("sameQuantity(%v, %v) = %v, want %v", tc.file, tc.live, got, tc.want)
			}
		})
	}
}

func TestParseQuantityExact(t *testing.T) {
	tests := []struct{ a, b string }{
		{"1Ei", "1152921504606846976"},
		{"1.5Gi", "1610612736"},
		{"0.000000001", "1n"},
		{"-2k", "-2000"},
		{"0", "0m"},
		{"1e-3", "1m"},
		{"12.50", "12500m"},
	}
	for _, tc := range tests {
		a, ok1 := parseQuantity(tc.a)
		b, ok2 := parseQuantity(tc.b)
		if !ok1 || !ok2 || a != b {
			t.Errorf("%s and %s: %+v %+v (%v %v), want equal", tc.a, tc.b, a, b, ok1, ok2)
		}
	}
	if a, _ := parseQuantity("1Gi"); a == (decimal{digits: "1", exp: 9}) {
		t.Error("1Gi read as 1G")
	}
}
