package document

import (
	"testing"
)

type span struct{ line, end int }

func checkSpans(t *testing.T, spanOf func(string) (int, int, bool), want map[string]span) {
	t.Helper()
	for path, w := range want {
		l, e, ok := spanOf(path)
		switch {
		case w.line == 0 && ok:
			t.Errorf("Span(%q) = %d-%d, want not found", path, l, e)
		case w.line != 0 && (!ok || l != w.line || e != w.end):
			t.Errorf("Span(%q) = %d-%d %v, want %d-%d", path, l, e, ok, w.line, w.end)
		}
	}
}

func TestSpanYAML(t *testing.T) {
	text := `# a comment line
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"a": 1}

    plain: two
      lines
spec:
  template:
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
        args: ["a",
          "b"]
        ports:
        - containerPort: 80
          protocol: TCP
        # a comment between items
      - name: "side car"
        command:
          - sh
          - -c
        env: {A: "x
          y", B: 2}
      volumes: &vols
      - name: data
      initContainers:
      - <<: {name: init, image: busybox}
        args: *vols
`
	d, err := Parse("file", text)
	if err != nil {
		t.Fatal(err)
	}
	checkSpans(t, d.Span, map[string]span{
		"":           {2, 34},
		"apiVersion": {2, 2},
		"metadata":   {4, 11},
		`metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]`: {7, 8},
		"metadata.annotations.plain":                                        {10, 11},
		"spec.template.spec.containers":                                     {15, 29},
		"spec.template.spec.containers[name=nginx]":                         {16, 22},
		`spec.template.spec.containers[name="nginx"].image`:                 {17, 17},
		"spec.template.spec.containers[0].args":                             {18, 19},
		"spec.template.spec.containers[0].args[1]":                          {19, 19},
		"spec.template.spec.containers[name=nginx].ports[containerPort=80]": {21, 22},
		`spec.template.spec.containers[name="side car"]`:                    {24, 29},
		"spec.template.spec.containers[1].command":                          {25, 27},
		"spec.template.spec.containers[1].command[1]":                       {27, 27},
		"spec.template.spec.containers[1].env.A":                            {28, 29},
		"spec.template.spec.containers[1].env":                              {28, 29},
		"spec.template.spec.volumes":                                        {30, 31},
		"spec.template.spec.initContainers[name=init].image":                {33, 33},
		"spec.template.spec.initContainers[0].args":                         {34, 34},
		"spec.template.spec.initContainers[0].args[0].name":                 {31, 31},
		"spec.template.spec.containers[name=nope]":                          {},
		"spec.template.spec.containers[5]":                                  {},
		"spec.replicas":                                                     {},
		"spec.template.spec.containers.name":                                {},
		"spec..template":                                                    {},
	})
}

func TestSpanJSON(t *testing.T) {
	text := "\n{\n\t\"apiVersion\": \"v1\",\n\t\"kind\": \"ConfigMap\",\n\t\"metadata\": {\n\t\t\"name\": \"c\",\n\t\t\"labels\": {\"a.b/c\": \"x\"}\n\t},\n\t\"data\": {\"k\": \"multi\\nline\"}\n}\n"
	d, err := Parse("lastApplied", text)
	if err != nil {
		t.Fatal(err)
	}
	checkSpans(t, d.Span, map[string]span{
		"":                         {2, 10},
		"metadata":                 {5, 8},
		"metadata.name":            {6, 6},
		`metadata.labels["a.b/c"]`: {7, 7},
		"data.k":                   {9, 9},
	})
}

func TestLocateRendered(t *testing.T) {
	v := map[string]any{
		"metadata": map[string]any{"annotations": map[string]any{"yes": "no", "x.y/z": "long\ntext\n"}},
		"spec": map[string]any{
			"$setElementOrder/containers": []any{map[string]any{"name": "a"}, map[string]any{"name": "b"}},
			"containers":                  []any{map[string]any{"name": "b", "$patch": "delete"}},
			"empty":                       []any{},
		},
	}
	y, err := RenderYAML(v)
	if err != nil {
		t.Fatal(err)
	}
	ix := Locate(y)
	checkSpans(t, ix.Span, map[string]span{
		"metadata.annotations.yes":                    {6, 6},
		`metadata.annotations["x.y/z"]`:               {3, 5},
		`spec["$setElementOrder/containers"]`:         {8, 10},
		`spec["$setElementOrder/containers"][name=b]`: {10, 10},
		`spec.containers[name=b]`:                     {12, 13},
		`spec.containers[name=b]["$patch"]`:           {12, 12},
		"spec.empty":                                  {14, 14},
	})
	if l, _, ok := Locate("a: [").Span(""); ok {
		t.Errorf("Locate of bad YAML found line %d", l)
	}
	if _, _, ok := (*Index)(nil).Span(""); ok {
		t.Error("nil Index found something")
	}
}
