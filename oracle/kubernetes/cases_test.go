package kubernetes

import (
	"strings"

	"github.com/applylens/applylens/engine/jsonvalue"
)

// obj parses a JSON object written in a test.
func obj(s string) map[string]any {
	m, err := jsonvalue.DecodeObject([]byte(s))
	if err != nil {
		panic(err.Error() + ": " + s)
	}
	return m
}

const podSpecJSON = `{"containers":[{"name":"nginx","image":"nginx:1.27"}]}`

func deploymentJSON(name, selector, labels, extra string) map[string]any {
	return obj(`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"` + name + `"},"spec":{` + extra +
		`"selector":` + selector + `,"template":{"metadata":{"labels":` + labels + `},"spec":` + podSpecJSON + `}}}`)
}

func workloadJSON(apiVersion, kind, extra string) map[string]any {
	return obj(`{"apiVersion":"` + apiVersion + `","kind":"` + kind + `","metadata":{"name":"web"},"spec":{` + extra +
		`"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":` + podSpecJSON + `}}}`)
}

// validationCase is a write the server accepts or refuses.
type validationCase struct {
	name string
	obj  map[string]any
	old  map[string]any // nil for a create; an update of the created old otherwise
}

func validationCases() []validationCase {
	app := `{"matchLabels":{"app":"nginx"}}`
	labels := `{"app":"nginx"}`
	dep := func(extra string) map[string]any { return deploymentJSON("nginx", app, labels, extra) }
	big := strings.Repeat("x", 262144)
	cases := []validationCase{
		{name: "deployment ok", obj: dep(``)},
		{name: "recreate with rollingUpdate", obj: dep(`"strategy":{"type":"Recreate","rollingUpdate":{"maxSurge":1}},`)},
		{name: "recreate with empty rollingUpdate", obj: dep(`"strategy":{"type":"Recreate","rollingUpdate":{}},`)},
		{name: "selector does not match labels", obj: deploymentJSON("nginx", `{"matchLabels":{"app":"web"}}`, `{"app":"x"}`, ``)},
		{name: "missing selector", obj: deploymentJSON("nginx", `null`, labels, ``)},
		{name: "empty selector", obj: deploymentJSON("nginx", `{}`, labels, ``)},
		{name: "negative replicas", obj: dep(`"replicas":-1,`)},
		{name: "container without name", obj: obj(`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"nginx"},"spec":{"selector":` + app + `,"template":{"metadata":{"labels":` + labels + `},"spec":{"containers":[{"image":"nginx"}]}}}}`)},
		{name: "container without image", obj: obj(`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"nginx"},"spec":{"selector":` + app + `,"template":{"metadata":{"labels":` + labels + `},"spec":{"containers":[{"name":"nginx"}]}}}}`)},
		{name: "no containers", obj: obj(`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"nginx"},"spec":{"selector":` + app + `,"template":{"metadata":{"labels":` + labels + `},"spec":{"containers":[]}}}}`)},
		{name: "uppercase name", obj: deploymentJSON("Nginx", app, labels, ``)},
		{name: "name with underscore", obj: deploymentJSON("my_app", app, labels, ``)},
		{name: "dotted name", obj: deploymentJSON("web.v2", app, labels, ``)},
		{name: "too long name", obj: deploymentJSON(strings.Repeat("a", 254), app, labels, ``)},
		{name: "missing name", obj: deploymentJSON("", app, labels, ``)},
		{name: "annotations too long", obj: func() map[string]any {
			o := dep(``)
			o["metadata"].(map[string]any)["annotations"] = map[string]any{"a": big}
			return o
		}()},
		{name: "annotations at the limit", obj: func() map[string]any {
			o := dep(``)
			o["metadata"].(map[string]any)["annotations"] = map[string]any{"a": big[:262143]}
			return o
		}()},
		{name: "two errors", obj: deploymentJSON("nginx", `{"matchLabels":{"app":"web"}}`, labels, `"replicas":-2,"strategy":{"type":"Recreate","rollingUpdate":{}},`)},
		{name: "selector immutable", obj: deploymentJSON("nginx", `{"matchLabels":{"app":"nginx","tier":"x"}}`, `{"app":"nginx","tier":"x"}`, ``), old: dep(``)},
		{name: "deployment update ok", obj: dep(`"replicas":3,`), old: dep(``)},
		{name: "replicaset ok", obj: workloadJSON("apps/v1", "ReplicaSet", ``)},
		{name: "replicaset selector immutable", obj: workloadJSON("apps/v1", "ReplicaSet", ``), old: obj(`{"apiVersion":"apps/v1","kind":"ReplicaSet","metadata":{"name":"web"},"spec":{"selector":{"matchLabels":{"app":"web","v":"1"}},"template":{"metadata":{"labels":{"app":"web","v":"1"}},"spec":` + podSpecJSON + `}}}`)},
		{name: "daemonset ok", obj: workloadJSON("apps/v1", "DaemonSet", ``)},
		{name: "daemonset selector immutable", obj: workloadJSON("apps/v1", "DaemonSet", ``), old: obj(`{"apiVersion":"apps/v1","kind":"DaemonSet","metadata":{"name":"web"},"spec":{"selector":{"matchLabels":{"app":"web","v":"1"}},"template":{"metadata":{"labels":{"app":"web","v":"1"}},"spec":` + podSpecJSON + `}}}`)},
		{name: "statefulset ok", obj: workloadJSON("apps/v1", "StatefulSet", `"serviceName":"web",`)},
		{name: "statefulset selector immutable", obj: workloadJSON("apps/v1", "StatefulSet", `"serviceName":"web",`), old: obj(`{"apiVersion":"apps/v1","kind":"StatefulSet","metadata":{"name":"web"},"spec":{"serviceName":"web","selector":{"matchLabels":{"app":"web","v":"1"}},"template":{"metadata":{"labels":{"app":"web","v":"1"}},"spec":` + podSpecJSON + `}}}`)},
		{name: "job ok", obj: obj(`{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"pi"},"spec":{"template":{"spec":{"restartPolicy":"Never","containers":[{"name":"pi","image":"perl"}]}}}}`)},
		{name: "job restartPolicy Always", obj: obj(`{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"pi"},"spec":{"template":{"spec":{"containers":[{"name":"pi","image":"perl"}]}}}}`)},
		{name: "pod ok", obj: obj(`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":` + podSpecJSON + `}`)},
		{name: "pod without image", obj: obj(`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c"}]}}`)},
		{name: "service ok", obj: obj(`{"apiVersion":"v1","kind":"Service","metadata":{"name":"web"},"spec":{"selector":{"app":"web"},"ports":[{"port":80}]}}`)},
		{name: "service uppercase name", obj: obj(`{"apiVersion":"v1","kind":"Service","metadata":{"name":"Web"},"spec":{"selector":{"app":"web"},"ports":[{"port":80}]}}`)},
		{name: "configmap ok", obj: obj(`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cfg.v1"},"data":{"a":"b"}}`)},
		{name: "configmap bad name", obj: obj(`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"Cfg"}}`)},
		{name: "secret ok", obj: obj(`{"apiVersion":"v1","kind":"Secret","metadata":{"name":"s"},"stringData":{"a":"b"}}`)},
		{name: "namespace dotted", obj: obj(`{"apiVersion":"v1","kind":"Namespace","metadata":{"name":"a.b"}}`)},
		{name: "namespace ok", obj: obj(`{"apiVersion":"v1","kind":"Namespace","metadata":{"name":"team-a"}}`)},
	}
	return cases
}
