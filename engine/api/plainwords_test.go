package api_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/applylens/applylens/engine/api"
	"github.com/applylens/applylens/engine/ssaview"
	"github.com/applylens/applylens/samples"
)

// goValueSyntax is how Go prints its own values (fmt's %v of a map, a
// slice of interfaces, a nil, a bad verb): never the page's own words.
var goValueSyntax = regexp.MustCompile(`map\[|\[\]interface ?\{\}|interface \{\}|%!|<nil>`)

// pageWords is what the page says of an error in its own words: the
// explanation when there is one (kubectl's text, Message, is then shown
// folded below it, exact), else the message itself.
func pageWords(e *api.Error) string {
	if e.Explanation != "" {
		return e.Explanation
	}
	return e.Message
}

// errorInputs are inputs that make the engine fail: every sample (every
// other one in short mode) with each of its panes' values (every node,
// from the root down) replaced by a value of another type, through the
// client-side and the server-side apply.
type errorInput struct {
	name string
	req  api.ServerSideRequest // Apply "" is the client-side apply (op apply)
}

// replacements are the values a field is replaced by: each is another
// type than most fields have.
var replacements = []string{`[]`, `{}`, `"x"`, `1`, `null`, `[{"a": 1}]`, `[1, [2]]`, `{"a": {"b": [null]}}`}

func errorInputs(t *testing.T, short bool) []errorInput {
	t.Helper()
	var out []errorInput
	for i, s := range samples.All() {
		if short && i%2 == 1 {
			continue // every other sample: the kinds of fields recur
		}
		in := s.Input()
		panes := map[string]string{"file": in.File, "live": in.Live, "lastApplied": in.LastApplied}
		for _, pane := range []string{"file", "live", "lastApplied"} {
			text := panes[pane]
			if strings.TrimSpace(text) == "" {
				continue
			}
			for i, mutated := range mutations(t, text, short) {
				p := map[string]string{"file": in.File, "live": in.Live, "lastApplied": in.LastApplied}
				p[pane] = mutated
				base := api.ServerSideRequest{File: p["file"], Live: p["live"], LastApplied: p["lastApplied"], LastAppliedFromLive: p["lastApplied"] == "", Overwrite: in.Overwrite}
				name := fmt.Sprintf("%s %s #%d", s.ID, pane, i)
				out = append(out, errorInput{name + " client-side", base})
				if pane != "lastApplied" {
					server := base
					server.Op, server.Apply = api.OpServerSide, ssaview.ApplyServer
					out = append(out, errorInput{name + " server-side", server})
				}
			}
		}
	}
	return append(out, handMadeErrors()...)
}

// handMadeErrors are errors the replaced values do not make: the texts'
// syntax, a file of another kind or namespace, kubectl's flags.
func handMadeErrors() []errorInput {
	w, _ := samples.Get("walkthrough")
	f := func(old, new string) string { return strings.Replace(w.File, old, new, 1) }
	no := false
	var out []errorInput
	for _, tc := range []struct {
		name string
		req  api.ServerSideRequest
	}{
		{"YAML syntax", api.ServerSideRequest{File: f("spec:", "spec: [")}},
		{"a tab", api.ServerSideRequest{File: f("  name:", "\tname:")}},
		{"two documents", api.ServerSideRequest{File: w.File + "---\n" + w.File}},
		{"a scalar", api.ServerSideRequest{File: "42\n"}},
		{"no kind", api.ServerSideRequest{File: f("kind: Deployment\n", "")}},
		{"a near-miss kind", api.ServerSideRequest{File: f("kind: Deployment", "kind: Deploymnet"), Live: w.Live, LastAppliedFromLive: true}},
		{"another name, custom kind", api.ServerSideRequest{File: f("kind: Deployment", "kind: Widget"), Live: strings.Replace(w.Live, "kind: Deployment", "kind: Widget", 1), LastAppliedFromLive: true}},
		{"-n against the file", api.ServerSideRequest{File: w.File, Namespace: "production"}},
		{"--overwrite=false", api.ServerSideRequest{File: f("nginx:1.16.1", "nginx:1.17"), Live: w.Live, LastAppliedFromLive: true, Overwrite: &no}},
		{"a broken annotation", api.ServerSideRequest{File: w.File, Live: strings.Replace(w.Live, `{"apiVersion"`, `{apiVersion"`, 1), LastAppliedFromLive: true}},
		{"a number past float64", api.ServerSideRequest{File: f("containerPort: 80", "containerPort: 1e400")}},
		{"managedFields not a list", api.ServerSideRequest{File: w.File, Live: strings.Replace(w.Live, "  name: nginx-deployment\n", "  name: nginx-deployment\n  managedFields: 3\n", 1)}},
	} {
		out = append(out, errorInput{tc.name + " client-side", tc.req})
		server := tc.req
		server.Op, server.Apply = api.OpServerSide, ssaview.ApplyBoth
		out = append(out, errorInput{tc.name + " server-side", server})
	}
	return out
}

// mutations returns text with each node replaced by replacements (one a
// node in short mode, half of them otherwise, in turn).
func mutations(t *testing.T, text string, short bool) []string {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil || len(doc.Content) == 0 {
		return nil
	}
	var nodes []*yaml.Node
	var walk func(n *yaml.Node, isKey bool)
	walk = func(n *yaml.Node, isKey bool) {
		if !isKey {
			nodes = append(nodes, n)
		}
		for i, c := range n.Content {
			walk(c, n.Kind == yaml.MappingNode && i%2 == 0)
		}
	}
	walk(doc.Content[0], false)
	var out []string
	for i, n := range nodes {
		saved := *n
		// Each node gets one replacement (short) or half of them, in turn:
		// the nodes of a sample are many, and alike.
		k := 1
		if !short {
			k = len(replacements) / 2
		}
		var reps []string
		for j := range k {
			reps = append(reps, replacements[(i+j*2)%len(replacements)])
		}
		for _, r := range reps {
			var v yaml.Node
			if err := yaml.Unmarshal([]byte(r), &v); err != nil {
				t.Fatal(err)
			}
			*n = *v.Content[0]
			b, err := yaml.Marshal(&doc)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, string(b))
		}
		*n = saved
	}
	return out
}

// TestErrorsInPlainWords feeds every error the engine returns for the
// inputs above (the replaced values and the hand-made errors) through
// the function that turns it into the page's message ((*api.Session).Handle's and
// the server-side view's): the page's own words never show Go value
// syntax. kubectl's exact text may (its precondition error is a Go map):
// the page shows it only folded below an explanation.
func TestErrorsInPlainWords(t *testing.T) {
	offending := map[string]string{} // message → first input
	kinds := map[string]int{}
	check := func(name string, e *api.Error) {
		if e == nil {
			return
		}
		kinds[e.Kind]++
		if strings.Contains(e.Explanation, "\n") {
			t.Errorf("%s: the explanation is not one line: %q", name, e.Explanation)
		}
		if w := pageWords(e); goValueSyntax.MatchString(w) {
			if _, seen := offending[w]; !seen {
				offending[w] = name
			}
		}
	}
	n := 0
	for _, in := range errorInputs(t, testing.Short()) {
		n++
		if in.req.Apply == "" {
			req := api.Request{File: in.req.File, Live: in.req.Live, LastApplied: in.req.LastApplied, LastAppliedFromLive: in.req.LastAppliedFromLive, Overwrite: in.req.Overwrite}
			b, _ := json.Marshal(req)
			var r api.Response
			if err := json.Unmarshal([]byte(new(api.Session).Handle(string(b))), &r); err != nil {
				t.Fatal(err)
			}
			check(in.name, r.Error)
			continue
		}
		out, e := ssaview.Compute(in.req)
		check(in.name, e)
		if out != nil {
			check(in.name+" (client-side beside it)", out.ClientError)
		}
	}
	if kinds[api.KindInput] == 0 || kinds[api.KindApply] == 0 {
		t.Fatalf("the inputs make too few errors: %v", kinds)
	}
	t.Logf("%d inputs, errors by kind: %v", n, kinds)
	var msgs []string
	for m := range offending {
		msgs = append(msgs, m)
	}
	sort.Strings(msgs)
	for _, m := range msgs {
		t.Errorf("%s: the page's words show Go value syntax: %q", offending[m], m)
	}
}
