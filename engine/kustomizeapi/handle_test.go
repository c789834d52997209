package kustomizeapi

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/kustomize"
	"github.com/applylens/applylens/engine/kustomize/applydiff"
)

// applydiffOrderingReason is the sentence the page shows for a reordered list.
var applydiffOrderingReason = applydiff.Ordering.Explain()

const (
	baseKust   = "resources:\n- deployment.yaml\n"
	deployment = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 1\n  template:\n    spec:\n      containers:\n      - name: web\n        image: nginx:1.25\n"
	prodKust   = "resources:\n- ../../base\nnamePrefix: prod-\npatches:\n- path: replicas.yaml\n"
	prodPatch  = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3\n"
)

func tree() []File {
	return []File{
		{Name: "base/kustomization.yaml", Text: baseKust},
		{Name: "base/deployment.yaml", Text: deployment},
		{Name: "overlays/prod/kustomization.yaml", Text: prodKust},
		{Name: "overlays/prod/replicas.yaml", Text: prodPatch},
	}
}

func handle(t *testing.T, h *Handler, req any) Response {
	t.Helper()
	var raw string
	if s, ok := req.(string); ok {
		raw = s
	} else {
		b, err := json.Marshal(req)
		if err != nil {
			t.Fatal(err)
		}
		raw = string(b)
	}
	var resp Response
	if err := json.Unmarshal([]byte(h.Handle(raw)), &resp); err != nil {
		t.Fatal(err)
	}
	if resp.Version != Version {
		t.Errorf("version %q, want %q", resp.Version, Version)
	}
	return resp
}

func TestHandleBuild(t *testing.T) {
	resp := handle(t, &Handler{}, Request{Op: OpBuild, Dir: "overlays/prod", Files: tree()})
	if resp.Error != nil {
		t.Fatalf("error: %+v", resp.Error)
	}
	out := resp.Kustomize
	for _, want := range []string{"name: prod-web", "replicas: 3", "image: nginx:1.25"} {
		if !strings.Contains(out.YAML, want) {
			t.Errorf("output lacks %q:\n%s", want, out.YAML)
		}
	}
	if out.Warnings == nil {
		t.Error("warnings is null, want [] (the page reads a list)")
	}
	var prefix, patch bool
	for _, s := range out.Steps {
		if strings.HasPrefix(s.Kustomization, "/") {
			t.Errorf("step's kustomization %q keeps the tree's leading /", s.Kustomization)
		}
		if s.Kustomization == "overlays/prod/kustomization.yaml" && s.Transformer == "namePrefix" && s.Old == "web" && s.New == "prod-web" {
			prefix = true
		}
		if s.Kustomization == "overlays/prod/kustomization.yaml" && s.New == "3" && s.Old == "1" {
			patch = true
		}
	}
	if !prefix || !patch {
		t.Errorf("steps lack the prefix (%v) or the patch's replicas 1 → 3 (%v): %+v", prefix, patch, out.Steps)
	}
}

func TestHandleErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		req  any
		kind string
		file string
		line int
		msg  string
	}{
		{name: "not JSON", req: "{", kind: KindRequest, msg: "not valid JSON"},
		{name: "not a string", req: "", kind: KindRequest, msg: "not valid JSON"},
		{name: "unknown op", req: Request{Op: "apply"}, kind: KindRequest, msg: `unknown op "apply"`},
		{name: "absolute name", req: Request{Op: OpBuild, Files: []File{{Name: "/kustomization.yaml"}}}, kind: KindRequest, file: "/kustomization.yaml", msg: "without a leading /"},
		{name: "dot dot name", req: Request{Op: OpBuild, Files: []File{{Name: "a/../b.yaml"}}}, kind: KindRequest, file: "a/../b.yaml", msg: ". or .. parts"},
		{name: "empty part", req: Request{Op: OpBuild, Files: []File{{Name: "a//b.yaml"}}}, kind: KindRequest, file: "a//b.yaml", msg: "empty part"},
		{name: "no name", req: Request{Op: OpBuild, Files: []File{{Text: "x"}}}, kind: KindRequest, msg: "no name"},
		{name: "twice", req: Request{Op: OpBuild, Files: []File{{Name: "a.yaml"}, {Name: "a.yaml"}}}, kind: KindRequest, file: "a.yaml", msg: "two files are named a.yaml"},
		{name: "dir outside", req: Request{Op: OpBuild, Dir: "../x", Files: tree()}, kind: KindRequest, msg: "inside the tree"},
		{name: "too many files", req: Request{Op: OpBuild, Files: make([]File, MaxFiles+1)}, kind: KindRequest, msg: "at most 200"},
		{name: "too many bytes", req: Request{Op: OpBuild, Files: []File{{Name: "a", Text: strings.Repeat("x", MaxBytes)}, {Name: "b", Text: "y"}}}, kind: KindRequest, file: "b", msg: "more than"},
		{name: "no kustomization", req: Request{Op: OpBuild, Dir: "base", Files: []File{{Name: "base/deployment.yaml", Text: deployment}}}, kind: KindMissing, msg: "unable to find one of 'kustomization.yaml'"},
		{name: "missing dir", req: Request{Op: OpBuild, Dir: "overlays/dev", Files: tree()}, kind: KindMissing, msg: "doesn't exist"},
		{
			name: "malformed resource names its file and line",
			req: Request{Op: OpBuild, Files: []File{
				{Name: "kustomization.yaml", Text: "resources:\n- cm.yaml\n"},
				{Name: "cm.yaml", Text: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  labels: [\n"},
			}},
			kind: KindInput, file: "cm.yaml", line: 5, msg: "MalformedYAMLError",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := handle(t, &Handler{}, tc.req)
			if resp.Error == nil {
				t.Fatalf("no error; output %+v", resp.Kustomize)
			}
			if resp.Kustomize != nil {
				t.Errorf("an error and an output: %+v", resp.Kustomize)
			}
			e := resp.Error
			if e.Kind != tc.kind || e.File != tc.file || e.Line != tc.line || !strings.Contains(e.Message, tc.msg) {
				t.Errorf("error %+v, want kind %s, file %q, line %d, message containing %q", e, tc.kind, tc.file, tc.line, tc.msg)
			}
		})
	}
}

func TestHandleDirForms(t *testing.T) {
	files := []File{{Name: "kustomization.yaml", Text: "resources:\n- cm.yaml\n"}, {Name: "cm.yaml", Text: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n"}}
	var first string
	for _, dir := range []string{"", ".", "/", "./"} {
		resp := handle(t, &Handler{}, Request{Op: OpBuild, Dir: dir, Files: files})
		if resp.Error != nil {
			t.Fatalf("dir %q: %+v", dir, resp.Error)
		}
		if first == "" {
			first = resp.Kustomize.YAML
		} else if resp.Kustomize.YAML != first {
			t.Errorf("dir %q built %q, dir \"\" %q", dir, resp.Kustomize.YAML, first)
		}
	}
	if !strings.Contains(first, "name: a") {
		t.Errorf("output %q", first)
	}
}

func TestHandleWarmUp(t *testing.T) {
	h := &Handler{}
	if resp := handle(t, h, Request{Op: OpWarmUp}); resp.Error != nil || resp.Kustomize != nil {
		t.Errorf("warm-up before any build: %+v", resp)
	}
	built := h.Handle(`{"op":"kustomize","dir":"overlays/prod","files":` + mustJSON(t, tree()) + `}`)
	if resp := handle(t, h, Request{Op: OpWarmUp}); resp.Error != nil || resp.Kustomize != nil {
		t.Errorf("warm-up: %+v", resp)
	}
	again := h.Handle(`{"op":"kustomize","dir":"overlays/prod","files":` + mustJSON(t, tree()) + `}`)
	if again != built {
		t.Error("a build after a warm-up answers otherwise than before it")
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestHandlePanicBecomesError(t *testing.T) {
	saved := build
	t.Cleanup(func() { build = saved })
	build = func(kustomize.Input) (*kustomize.Result, error) { panic("boom") }
	h := &Handler{}
	resp := handle(t, h, Request{Op: OpBuild, Files: tree()})
	if resp.Error == nil || resp.Error.Kind != KindInternal || !strings.Contains(resp.Error.Message, "boom") {
		t.Fatalf("a panic answered %+v, want an internal error naming it", resp.Error)
	}
	build = saved
	if resp := handle(t, h, Request{Op: OpBuild, Dir: "overlays/prod", Files: tree()}); resp.Error != nil {
		t.Errorf("after a panic: %+v", resp.Error)
	}
}

// TestHandleDifferences: the answer lists where kubectl apply's merge
// differs from kustomize's (applydiff), with the patch's and the
// kustomization's name relative to the tree's top (the patch named as
// kustomize's messages name it), and an empty list
// (not null) when the two agree.
func TestHandleDifferences(t *testing.T) {
	orderDeployment := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n      - name: app\n        image: nginx:1.25\n      - name: metrics\n        image: nginx-exporter:1.1\n"
	orderPatch := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n      - name: metrics\n        image: nginx-exporter:1.2\n"
	cases := []struct {
		name  string
		dir   string
		files []File
		want  []Difference
	}{
		{name: "a patch of a keyed list's second element: kyaml puts it first, apimachinery keeps it in place",
			dir: "app",
			files: []File{
				{Name: "app/kustomization.yaml", Text: "resources:\n- deployment.yaml\npatches:\n- path: metrics-image.yaml\n"},
				{Name: "app/deployment.yaml", Text: orderDeployment},
				{Name: "app/metrics-image.yaml", Text: orderPatch},
			},
			want: []Difference{{
				Kustomization: "app/kustomization.yaml", Patch: `[path: "metrics-image.yaml"]`, Object: "Deployment web",
				Field:     "spec.template.spec.containers",
				Kustomize: `[{"image":"nginx-exporter:1.2","name":"metrics"},{"image":"nginx:1.25","name":"app"}]`,
				Apply:     `[{"image":"nginx:1.25","name":"app"},{"image":"nginx-exporter:1.2","name":"metrics"}]`,
				Why:       "ordering", Reason: applydiffOrderingReason,
			}}},
		{name: "a patch of a scalar: the two agree", dir: "overlays/prod", files: tree(), want: []Difference{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp := handle(t, &Handler{}, Request{Op: OpBuild, Dir: c.dir, Files: c.files})
			if resp.Error != nil {
				t.Fatalf("error: %+v", resp.Error)
			}
			out := resp.Kustomize
			if out.DifferencesError != "" {
				t.Fatalf("the comparison failed: %s", out.DifferencesError)
			}
			if out.Differences == nil {
				t.Fatal("differences is null, want a list (the page reads a list)")
			}
			got, _ := json.MarshalIndent(out.Differences, "", "  ")
			want, _ := json.MarshalIndent(c.want, "", "  ")
			if string(got) != string(want) {
				t.Errorf("differences\n%s\nwant\n%s", got, want)
			}
		})
	}
}
