package kustomize

import (
	"errors"
	"strings"
	"testing"
)

const replBase = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  template:
    spec:
      containers:
      - name: app
        image: nginx:1.27
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  IMAGE: none
  COUNT: "5"
`

// TestReplacements builds kustomizations with replacements and checks the
// output's lines, the step the page shows, and errors with their file.
// (oracle/kustomize compares the same transformer with krusty.)
func TestReplacements(t *testing.T) {
	for _, tc := range []struct {
		name      string
		kust      string
		extra     map[string]string
		wantLines []string // each must be in the output
		wantStep  string   // a step's Rule must equal this
		wantErr   string
		wantKind  ErrorKind
	}{
		{
			name: "image copied into a ConfigMap",
			kust: `resources: [app.yaml]
replacements:
- source: {kind: Deployment, name: web, fieldPath: "spec.template.spec.containers.[name=app].image"}
  targets:
  - select: {kind: ConfigMap}
    fieldPaths: [data.IMAGE]
`,
			wantLines: []string{"  IMAGE: nginx:1.27"},
			wantStep:  "replacement 1: copied Deployment web's spec.template.spec.containers.[name=app].image (nginx:1.27) into ConfigMap cfg's data.IMAGE",
		},
		{
			name: "a string into an int field keeps the int",
			kust: `resources: [app.yaml]
replacements:
- source: {kind: ConfigMap, name: cfg, fieldPath: data.COUNT}
  targets:
  - select: {kind: Deployment}
    fieldPaths: [spec.replicas]
`,
			wantLines: []string{"  replicas: 5"},
		},
		{
			// A created field has no tag: its text decides its type, so
			// "1.27" becomes a number, as in kustomize (oracle/kustomize).
			name: "delimiter and create from a path file",
			kust: `resources: [app.yaml]
replacements:
- path: rep.yaml
`,
			extra: map[string]string{"rep.yaml": `source: {kind: Deployment, fieldPath: "spec.template.spec.containers.0.image", options: {delimiter: ":", index: 1}}
targets:
- select: {name: cfg}
  fieldPaths: [data.TAG]
  options: {create: true}
`},
			wantLines: []string{"  TAG: 1.27"},
		},
		{
			name: "a source that selects nothing",
			kust: `resources: [app.yaml]
replacements:
- source: {kind: Secret, name: nope}
  targets:
  - select: {kind: ConfigMap}
`,
			wantErr:  "nothing selected by Secret.[noVer].[noGrp]/nope.[noNs]",
			wantKind: ErrTransform,
		},
		{
			name: "a target field missing without create",
			kust: `resources: [app.yaml]
replacements:
- sourceValue: x
  targets:
  - select: {kind: ConfigMap}
    fieldPaths: [data.NEW.deep]
`,
			wantErr:  `unable to find field "data.NEW.deep" in replacement target`,
			wantKind: ErrTransform,
		},
		{
			name: "a path on past a scalar whose text is not a map",
			kust: `resources: [app.yaml]
replacements:
- sourceValue: x
  targets:
  - select: {kind: ConfigMap}
    fieldPaths: [data.IMAGE.deep]
`,
			wantErr:  "unable to find field \"data.IMAGE.deep\" in replacement target: wrong node kind: expected MappingNode but got ScalarNode: node contents:\nnone\n",
			wantKind: ErrTransform,
		},
		{
			// kustomize 5.8 edits JSON in a string and writes it back
			// compact, keys sorted.
			name: "a path into JSON text",
			kust: `resources: [app.yaml, json.yaml]
replacements:
- source: {kind: Deployment, fieldPath: "spec.template.spec.containers.0.image"}
  targets:
  - select: {name: js}
    fieldPaths: [data.config\.json.server.image]
`,
			extra: map[string]string{"json.yaml": `apiVersion: v1
kind: ConfigMap
metadata: {name: js}
data:
  config.json: '{"server": {"port": 80, "image": "old"}}'
`},
			wantLines: []string{`  config.json: '{"server":{"image":"nginx:1.27","port":80}}'`},
			wantStep:  "replacement 1: copied Deployment web's spec.template.spec.containers.0.image (nginx:1.27) into ConfigMap js's data.config\\.json.server.image, inside the text of data.config.json (read as JSON and written back)",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string][]byte{"kustomization.yaml": []byte(tc.kust), "app.yaml": []byte(replBase)}
			for k, v := range tc.extra {
				files[k] = []byte(v)
			}
			res, err := Build(Input{Files: files})
			if tc.wantErr != "" {
				var e *Error
				if !errors.As(err, &e) || !strings.Contains(e.Message, tc.wantErr) || e.Kind != tc.wantKind || e.File != "/kustomization.yaml" {
					t.Fatalf("got %#v, want kind %d in /kustomization.yaml containing %q", err, tc.wantKind, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range tc.wantLines {
				if !strings.Contains(string(res.YAML), l+"\n") {
					t.Errorf("no line %q in\n%s", l, res.YAML)
				}
			}
			if tc.wantStep == "" {
				return
			}
			for _, s := range res.Steps {
				if s.Transformer == "replacements" && s.Rule == tc.wantStep {
					return
				}
			}
			t.Errorf("no step %q in %+v", tc.wantStep, res.Steps)
		})
	}
}
