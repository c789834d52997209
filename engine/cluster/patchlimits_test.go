package cluster

import (
	"fmt"
	"strings"
	"testing"
)

// The API server's limits on a patch (k8s.io/apiserver's patch handler),
// just under and just over, with the server's messages as kubectl prints
// them.
func TestPatchLimits(t *testing.T) {
	cm := newKindRegistry().byResource("configmap")
	if cm == nil {
		t.Fatal("no ConfigMap kind")
	}
	live := func(value string) map[string]any {
		return map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": "c"}, "data": map[string]any{"a": value}}
	}
	// n operations that each test data.a.
	ops := func(n int) string {
		return "[" + strings.TrimSuffix(strings.Repeat(`{"op":"test","path":"/data/a","value":"x"},`, n), ",") + "]"
	}
	// A merge patch of exactly n bytes.
	body := func(n int) string {
		open, end := `{"data":{"b":"`, `"}}`
		return open + strings.Repeat("y", n-len(open)-len(end)) + end
	}
	copyA := `[{"op":"copy","from":"/data/a","path":"/data/b"}]`
	tests := []struct {
		name      string
		value     string // data.a of the live object
		patchType string
		patch     string
		want      string // the error kubectl prints, "" when the patch applies
	}{
		{"10000 operations", "x", "json", ops(maxJSONPatchOperations), ""},
		{"10001 operations", "x", "json", ops(maxJSONPatchOperations + 1),
			"Error from server (RequestEntityTooLarge): Request entity too large: The allowed maximum operations in a JSON patch is 10000, got 10001"},
		// A copy adds the size of the value's JSON: the string and its quotes.
		{"a copy of 3 MiB", strings.Repeat("x", jsonPatchMaxCopyBytes-2), "json", copyA, ""},
		{"a copy of 3 MiB and a byte", strings.Repeat("x", jsonPatchMaxCopyBytes-1), "json", copyA,
			"The request is invalid: the server rejected our request due to an error in our request"},
		{"a body of 3 MiB", "x", "merge", body(maxRequestBodyBytes), ""},
		{"a body of 3 MiB and a byte", "x", "merge", body(maxRequestBodyBytes + 1),
			"Error from server (RequestEntityTooLarge): Request entity too large: limit is 3145728"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := applyPatch(cm, live(tt.value), tt.patchType, []byte(tt.patch))
			if tt.want == "" {
				if err != nil {
					t.Fatalf("applyPatch: %v", err.single())
				}
				if out == nil {
					t.Fatal("applyPatch returned no object")
				}
				return
			}
			if err == nil {
				t.Fatalf("applyPatch succeeded, want %q", tt.want)
			}
			if got := err.single(); got != tt.want {
				t.Errorf("kubectl prints %q, want %q", got, tt.want)
			}
		})
	}
}

// The sweep's patch: each copy of a list into itself doubles its size, so
// 20 of them would make a gigabyte from a kilobyte; the server stops them
// once the copies add more than 3 MiB (the 12th here), before validation
// would refuse the list in a ConfigMap's data.
func TestPatchCopiesCannotDoubleWithoutEnd(t *testing.T) {
	c := New(Options{})
	files := map[string]string{"d.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: x\n"}
	if out, err := c.Run("kubectl apply -f d.yaml", files); err != nil || out.ExitCode != 0 {
		t.Fatalf("apply: %v %+v", err, out)
	}
	ops := []string{`{"op":"add","path":"/data/l","value":["` + strings.Repeat("z", 1000) + `"]}`}
	for range 20 {
		ops = append(ops, `{"op":"copy","from":"/data/l","path":"/data/l/-"}`)
	}
	out, err := c.Run(fmt.Sprintf("kubectl patch cm c --type=json -p '[%s]'", strings.Join(ops, ",")), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "The request is invalid: the server rejected our request due to an error in our request\n"
	if out.ExitCode != 1 || out.Stderr != want {
		t.Errorf("patch: exit %d, stderr %q; want exit 1 and %q", out.ExitCode, out.Stderr, want)
	}
}
