package kustomize

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// genReplacements makes a base and an overlay whose kustomizations carry
// replacements of many shapes: sources by kind and name (one, none or
// several objects selected; renamed by a prefix or moved to a namespace
// before), field paths through fields, list indexes, [name=value] element
// selectors and wildcards, delimiter options, literal sourceValues;
// targets with selects and rejects by id (regular expressions), labels and
// annotations, field paths found, missing or created; entries in path
// files (one replacement or a list), and malformed entries.
//
// Half the cases are clean (sources and field paths that exist, targets
// that create what is missing): most of those build, and their outputs
// are compared; the others mostly fail, and their errors are.
func genReplacements(r *rand.Rand) (map[string]string, string) {
	pick := func(xs ...string) string { return xs[r.Intn(len(xs))] }
	replClean = r.Intn(2) == 0
	files := map[string]string{}
	files["base/deploy.yaml"] = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web
  annotations:
    team: blue
spec:
  replicas: ` + pick("2", `"3"`, "null") + `
  template:
    spec:
      containers:
      - name: app
        image: nginx:1.27
        args: ["--port", "8080"]
        env:
        - name: MODE
          value: prod
      - name: sidecar
        image: ` + pick("envoy:v1.30", `"registry.io:5000/envoy:1.2"`) + `
`
	files["base/cm.yaml"] = `apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
  labels:
    app: ` + pick("web", "db") + `
data:
  HOST: db.example.com
  PORT: "5432"
  LIST: a,b,c
  config.json: ` + pick(`'{"db": {"host": "x", "port": 5432}, "list": [1, 2]}'`, "|\n    {\n      \"db\": {\"host\": \"x\"}\n    }") + `
  app.yaml: |
    server:
      image: old
      ports: [80]
` + pick("", "  EMPTY: \"\"\n", "  NUM: 12\n") + `---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  ports:
  - port: 80
    targetPort: 8080
`
	if r.Intn(3) == 0 {
		files["base/cm2.yaml"] = `apiVersion: v1
kind: ConfigMap
metadata:
  name: other
  namespace: ` + pick("prod", "default") + `
data:
  HOST: other.example.com
`
	}
	var res []string
	for f := range files {
		res = append(res, strings.TrimPrefix(f, "base/"))
	}
	sortStrings(res)
	base := "resources:\n"
	for _, f := range res {
		base += "- " + f + "\n"
	}
	if r.Intn(3) == 0 {
		base += "namePrefix: " + pick("p-", "x-") + "\n"
	}
	if r.Intn(4) == 0 {
		base += "namespace: " + pick("prod", "dev") + "\n"
	}
	if r.Intn(4) == 0 {
		base += "images:\n- name: nginx\n  newTag: \"1.28\"\n"
	}
	baseReps, overReps := r.Intn(3) == 0, r.Intn(3) != 0
	if !baseReps && !overReps {
		overReps = true
	}
	if baseReps {
		base += genReplacementList(r, files, "base")
	}
	files["base/kustomization.yaml"] = base
	over := "resources:\n- ../base\n"
	if r.Intn(3) == 0 {
		over += "nameSuffix: -v2\n"
	}
	if overReps {
		over += genReplacementList(r, files, "overlay")
	}
	files["overlay/kustomization.yaml"] = over
	return files, "overlay"
}

// replClean: the case being generated is a clean one.
var replClean bool

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// genReplacementList writes a replacements field (entries inline or in
// path files under dir).
func genReplacementList(r *rand.Rand, files map[string]string, dir string) string {
	out := "replacements:\n"
	n := 1 + r.Intn(2)
	for i := 0; i < n; i++ {
		k := r.Intn(16)
		if replClean {
			k = 3 + r.Intn(13)
		}
		switch k {
		case 0:
			name := fmt.Sprintf("rep%d.yaml", i)
			files[dir+"/"+name] = indentBy(genReplacement(r), "")
			out += "- path: " + name + "\n"
		case 1:
			name := fmt.Sprintf("reps%d.yaml", i)
			files[dir+"/"+name] = "- " + indentBy(genReplacement(r), "  ")[2:] + "- " + indentBy(genReplacement(r), "  ")[2:]
			out += "- path: " + name + "\n"
		case 2:
			switch r.Intn(4) {
			case 0:
				out += "- path: missing.yaml\n"
			case 1:
				files[dir+"/bad.yaml"] = "just a string\n"
				out += "- path: bad.yaml\n"
			case 2:
				out += "- path: x.yaml\n  source:\n    kind: ConfigMap\n"
			default:
				out += "- targets:\n  - select:\n      kind: ConfigMap\n"
			}
		default:
			out += "- " + indentBy(genReplacement(r), "  ")[2:]
		}
	}
	return out
}

func indentBy(s, prefix string) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for i := range lines {
		lines[i] = prefix + lines[i]
	}
	return strings.Join(lines, "\n") + "\n"
}

// genReplacement writes one replacement (a mapping, not indented).
func genReplacement(r *rand.Rand) string {
	pick := func(xs ...string) string { return xs[r.Intn(len(xs))] }
	var b strings.Builder
	if r.Intn(6) == 0 && !replClean {
		fmt.Fprintf(&b, "sourceValue: %s\n", pick("literal", `"42"`, "v1.2.3", `""`))
	} else {
		b.WriteString("source:\n")
		k := r.Intn(24)
		if replClean {
			k = 5 + r.Intn(19)
		}
		switch k {
		case 0:
			b.WriteString("  kind: ConfigMap\n  fieldPath: data.HOST\n") // several, when cm2 is there
		case 1:
			b.WriteString("  kind: Deployment\n  name: nope\n")
		case 2:
			b.WriteString("  name: web\n") // a Deployment and a Service
		case 3:
			b.WriteString("  kind: ConfigMap\n  name: other\n  namespace: prod\n  fieldPath: data.HOST\n")
		case 4:
			b.WriteString("  kind: Service\n  name: web\n  version: v1\n" + pick("", "  fieldPath: spec.ports.0.port\n", "  fieldPath: spec.ports.[port=80].targetPort\n", "  fieldPath: spec.ports\n"))
		case 5, 6, 7, 8, 9, 10, 11, 12, 13, 14:
			fmt.Fprintf(&b, "  kind: Deployment\n  name: %s\n", pick("web", "web", "web", "web", "p-web"))
			fps := []string{
				"spec.template.spec.containers.[name=app].image",
				"spec.template.spec.containers.[name=app].image",
				"metadata.name",
				"spec.replicas",
				"spec.template.spec.containers.1.image",
				"spec.template.spec.containers.-.name",
				"spec.template.spec.containers.[name=app].args.1",
				"spec.template.spec.containers.[name=ap].image",
				"spec.template.spec.containers.*.image",
				"spec.template.spec.containers",
				"spec.template.spec.containers.[name=app]",
				"spec.replicas",
				"metadata.labels",
				"metadata.labels.app",
				"metadata.annotations.team",
				"metadata.name",
				"spec.template.spec.containers.[image=nginx:1.27].name",
				"spec.replicas.x",
			}
			if replClean {
				fps = []string{"spec.template.spec.containers.[name=app].image", "metadata.name", "spec.template.spec.containers.1.image", "spec.template.spec.containers.[image=nginx:1.27].name", "metadata.labels.app"}
			}
			fmt.Fprintf(&b, "  fieldPath: %s\n", fps[r.Intn(len(fps))])
		default:
			fmt.Fprintf(&b, "  kind: ConfigMap\n  name: %s\n", pick("cfg", "cfg", "cfg", "cfg", "p-cfg"))
			if replClean {
				fmt.Fprintf(&b, "  fieldPath: %s\n", pick("data.HOST", "data.PORT", "data.LIST"))
			} else if r.Intn(5) != 0 {
				fmt.Fprintf(&b, "  fieldPath: %s\n", pick("data.HOST", "data.PORT", "data.LIST", "data.EMPTY", "data.NUM", "data.MISSING", "metadata.labels.app", "data.HOST.x"))
			}
		}
		if r.Intn(6) == 0 && !replClean {
			fmt.Fprintf(&b, "  options:\n    delimiter: %s\n    index: %s\n", pick(`":"`, `","`, `"."`, `"/"`), pick("0", "1", "2", "-1", "5"))
		}
	}
	b.WriteString("targets:\n")
	nt := 1 + r.Intn(2)
	for i := 0; i < nt; i++ {
		b.WriteString("- select:\n")
		// The kind selected decides the field paths that mostly exist.
		kind := pick("Deployment", "ConfigMap", "Service", "")
		if replClean {
			kind = pick("Deployment", "ConfigMap")
		}
		switch kind {
		case "Deployment":
			if replClean {
				b.WriteString("    kind: Deployment\n" + pick("", "    name: we.*\n", "    labelSelector: app=web\n", "    annotationSelector: team in (blue, red)\n"))
				break
			}
			b.WriteString("    kind: Deployment\n" + pick("", "    name: we.*\n", "    name: web\n", "    labelSelector: app=web\n", "    annotationSelector: team in (blue, red)\n", "    name: (\n"))
		case "ConfigMap":
			b.WriteString("    kind: ConfigMap\n" + pick("", "    name: cfg\n", "    namespace: prod\n", "    name: p-.*\n", "    labelSelector: app=db\n"))
		case "Service":
			b.WriteString("    kind: Service\n" + pick("", "    version: v1\n", "    name: web\n"))
		default:
			b.WriteString(pick("    name: web\n", "    labelSelector: app=web\n", "    kind: Secret\n", "    name: cfg\n"))
		}
		if r.Intn(4) == 0 {
			b.WriteString("  reject:\n")
			switch r.Intn(3) {
			case 0:
				b.WriteString("  - name: other\n")
			case 1:
				b.WriteString("  - labelSelector: app=db\n")
			default:
				b.WriteString("  - kind: Service\n  - {}\n")
			}
		}
		paths := map[string][]string{
			"Deployment": {
				"spec.replicas",
				"spec.template.spec.containers.[name=app].image",
				"spec.template.spec.containers.[name=app].env.[name=MODE].value",
				"spec.template.spec.containers.[name=app].env.[name=NEW].value",
				"spec.template.spec.containers.[name=a].image",
				"spec.template.spec.containers.*.image",
				"spec.template.spec.containers.0.args.1",
				"spec.template.spec.containers.0.args.2",
				"spec.template.spec.containers.0.args.[=--port]",
				"spec.template.spec.containers.[name=app]",
				"metadata.annotations.copied",
				"metadata.labels.[app.kubernetes.io/name]",
				"spec.template.metadata.labels.copied",
			},
			"ConfigMap": {"data.HOST", "data.[config.json].db.host", "data.[app.yaml].server.image", "data.NEW", "data.PORT", "data.LIST",
				"metadata.annotations.copied", "data.HOST.x", "data.config\\.json.db.new", "data.[config.json].list.1",
				"data.[app.yaml].server.ports.0", "data.[app.yaml].server.new.deep", "data.[app.yaml].server.ports.[=80]", "data.[config.json].*"},
			"Service": {"spec.ports.0.port", "spec.ports.[port=80].targetPort", "metadata.name", "spec.ports.1.port", "spec.selector.app"},
			"":        {"metadata.name", "metadata.annotations.copied", "spec.missing.deep"},
		}[kind]
		if r.Intn(6) != 0 {
			b.WriteString("  fieldPaths:\n")
			nf := 1 + r.Intn(2)
			for j := 0; j < nf; j++ {
				// Mostly one of the first three, which exist.
				k := r.Intn(3)
				if r.Intn(4) == 0 && !replClean {
					k = r.Intn(len(paths))
				}
				fmt.Fprintf(&b, "  - %s\n", paths[k])
			}
		}
		if r.Intn(2) == 0 || replClean {
			b.WriteString("  options:\n")
			if r.Intn(4) != 0 || replClean {
				b.WriteString("    create: true\n")
			}
			if r.Intn(4) == 0 && !replClean {
				fmt.Fprintf(&b, "    delimiter: %s\n    index: %s\n", pick(`":"`, `","`, `"-"`), pick("0", "1", "-1", "3"))
			}
		}
	}
	return b.String()
}

func TestGeneratedReplacementCases(t *testing.T) {
	n, built := generatedStream(t, "replacements", 3000, func(r *rand.Rand) (map[string]string, string, bool) {
		files, dir := genReplacements(r)
		return files, dir, true
	})
	if built < n/5 {
		t.Errorf("only %d of %d cases built: too few get past the replacements", built, n)
	}
}
