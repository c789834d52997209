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
	pod := func(spec string) map[string]any {
		return obj(`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":` + spec + `}`)
	}
	job := func(name, extra, podSpec string) map[string]any {
		return obj(`{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"` + name + `"},"spec":{` + extra + `"template":{"spec":` + podSpec + `}}}`)
	}
	cronJob := func(name, podSpec string) map[string]any {
		return obj(`{"apiVersion":"batch/v1","kind":"CronJob","metadata":{"name":"` + name + `"},"spec":{"schedule":"*/5 * * * *","jobTemplate":{"spec":{"template":{"spec":` + podSpec + `}}}}}`)
	}
	never := `{"restartPolicy":"Never","containers":[{"name":"c","image":"busybox"}]}`
	cases = append(cases,
		validationCase{name: "init container without image", obj: pod(`{"containers":[{"name":"c","image":"nginx"}],"initContainers":[{"name":"init"}]}`)},
		validationCase{name: "init container without name", obj: pod(`{"containers":[{"name":"c","image":"nginx"}],"initContainers":[{"image":"busybox"}]}`)},
		validationCase{name: "container without name and image", obj: pod(`{"containers":[{"name":"c","image":"nginx"},{}]}`)},
		validationCase{name: "duplicate container names", obj: pod(`{"containers":[{"name":"c","image":"nginx"},{"name":"c","image":"busybox"}]}`)},
		validationCase{name: "init container named as a container", obj: pod(`{"containers":[{"name":"c","image":"nginx"}],"initContainers":[{"name":"c","image":"busybox"}]}`)},
		validationCase{name: "two containers without names", obj: pod(`{"containers":[{"image":"nginx"},{"image":"busybox"}]}`)},
		validationCase{name: "two init containers without names", obj: pod(`{"containers":[{"name":"c","image":"nginx"}],"initContainers":[{"image":"a"},{"image":"b"}]}`)},
		validationCase{name: "container name uppercase", obj: pod(`{"containers":[{"name":"Web","image":"nginx"}]}`)},
		validationCase{name: "container name dotted", obj: pod(`{"containers":[{"name":"web.v1","image":"nginx"}]}`)},
		validationCase{name: "pod bad name", obj: obj(`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"-p"},"spec":` + podSpecJSON + `}`)},
		validationCase{name: "job podFailurePolicy with OnFailure", obj: job("pi", `"podFailurePolicy":{"rules":[{"action":"Ignore","onPodConditions":[{"type":"DisruptionTarget"}]}]},`, `{"restartPolicy":"OnFailure","containers":[{"name":"c","image":"busybox"}]}`)},
		validationCase{name: "job restartPolicy Always set", obj: job("pi", ``, `{"restartPolicy":"Always","containers":[{"name":"c","image":"busybox"}]}`)},
		validationCase{name: "job negative backoffLimit", obj: job("pi", `"backoffLimit":-1,`, never)},
		validationCase{name: "job negative parallelism", obj: job("pi", `"parallelism":-1,"completions":-2,`, never)},
		validationCase{name: "job bad name", obj: job("Pi", ``, never)},
		validationCase{name: "job without containers", obj: job("pi", ``, `{"restartPolicy":"Never","containers":[]}`)},
		validationCase{name: "cronjob ok", obj: cronJob("backup", `{"restartPolicy":"OnFailure","containers":[{"name":"c","image":"busybox"}]}`)},
		validationCase{name: "cronjob without image", obj: cronJob("backup", `{"restartPolicy":"OnFailure","containers":[{"name":"c"}]}`)},
		validationCase{name: "cronjob restartPolicy Always", obj: cronJob("backup", `{"containers":[{"name":"c","image":"busybox"}]}`)},
		validationCase{name: "cronjob name too long", obj: cronJob(strings.Repeat("c", 53), `{"restartPolicy":"OnFailure","containers":[{"name":"c","image":"busybox"}]}`)},
		validationCase{name: "cronjob name at the limit", obj: cronJob(strings.Repeat("c", 52), `{"restartPolicy":"OnFailure","containers":[{"name":"c","image":"busybox"}]}`)},
		validationCase{name: "job name too long for its label", obj: job(strings.Repeat("j", 64), ``, never)},
		validationCase{name: "cronjob bad name", obj: cronJob("Backup", `{"restartPolicy":"OnFailure","containers":[{"name":"c","image":"busybox"}]}`)},
		validationCase{name: "deployment restartPolicy Never", obj: deploymentJSON("nginx", app, labels, ``)},
		validationCase{name: "statefulset missing selector", obj: obj(`{"apiVersion":"apps/v1","kind":"StatefulSet","metadata":{"name":"web"},"spec":{"serviceName":"web","template":{"metadata":{"labels":{"app":"web"}},"spec":` + podSpecJSON + `}}}`)},
		validationCase{name: "statefulset empty selector", obj: obj(`{"apiVersion":"apps/v1","kind":"StatefulSet","metadata":{"name":"web"},"spec":{"serviceName":"web","selector":{},"template":{"metadata":{"labels":{"app":"web"}},"spec":` + podSpecJSON + `}}}`)},
		validationCase{name: "statefulset dotted name", obj: obj(`{"apiVersion":"apps/v1","kind":"StatefulSet","metadata":{"name":"web.v1"},"spec":{"serviceName":"web","selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":` + podSpecJSON + `}}}`)},
		validationCase{name: "statefulset labels mismatch", obj: obj(`{"apiVersion":"apps/v1","kind":"StatefulSet","metadata":{"name":"web"},"spec":{"serviceName":"web","selector":{"matchLabels":{"app":"db"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":` + podSpecJSON + `}}}`)},
		validationCase{name: "statefulset negative replicas", obj: workloadJSON("apps/v1", "StatefulSet", `"serviceName":"web","replicas":-3,`)},
		validationCase{name: "daemonset missing selector", obj: obj(`{"apiVersion":"apps/v1","kind":"DaemonSet","metadata":{"name":"web"},"spec":{"template":{"metadata":{"labels":{"app":"web"}},"spec":` + podSpecJSON + `}}}`)},
		validationCase{name: "daemonset empty selector", obj: obj(`{"apiVersion":"apps/v1","kind":"DaemonSet","metadata":{"name":"web"},"spec":{"selector":{},"template":{"metadata":{"labels":{"app":"web"}},"spec":` + podSpecJSON + `}}}`)},
		validationCase{name: "daemonset bad name", obj: obj(`{"apiVersion":"apps/v1","kind":"DaemonSet","metadata":{"name":"Web"},"spec":{"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":` + podSpecJSON + `}}}`)},
		validationCase{name: "replicaset labels mismatch with expressions", obj: obj(`{"apiVersion":"apps/v1","kind":"ReplicaSet","metadata":{"name":"web"},"spec":{"selector":{"matchExpressions":[{"key":"app","operator":"In","values":["web","api"]},{"key":"tier","operator":"Exists"}]},"template":{"metadata":{"labels":{"app":"web"}},"spec":` + podSpecJSON + `}}}`)},
		validationCase{name: "replicaset expressions match", obj: obj(`{"apiVersion":"apps/v1","kind":"ReplicaSet","metadata":{"name":"web"},"spec":{"selector":{"matchExpressions":[{"key":"app","operator":"NotIn","values":["db"]},{"key":"tier","operator":"DoesNotExist"}]},"template":{"metadata":{"labels":{"app":"web"}},"spec":` + podSpecJSON + `}}}`)},
		validationCase{name: "replicaset empty selector", obj: obj(`{"apiVersion":"apps/v1","kind":"ReplicaSet","metadata":{"name":"web"},"spec":{"selector":{},"template":{"metadata":{"labels":{"app":"web"}},"spec":` + podSpecJSON + `}}}`)},
		validationCase{name: "service two unnamed ports", obj: obj(`{"apiVersion":"v1","kind":"Service","metadata":{"name":"web"},"spec":{"selector":{"app":"web"},"ports":[{"port":80},{"port":443,"name":"https"},{"port":8080}]}}`)},
		validationCase{name: "service name starting with a digit", obj: obj(`{"apiVersion":"v1","kind":"Service","metadata":{"name":"1web"},"spec":{"selector":{"app":"web"},"ports":[{"port":80}]}}`)},
		validationCase{name: "service dotted name", obj: obj(`{"apiVersion":"v1","kind":"Service","metadata":{"name":"web.v1"},"spec":{"selector":{"app":"web"},"ports":[{"port":80}]}}`)},
		validationCase{name: "ingress without pathType", obj: obj(`{"apiVersion":"networking.k8s.io/v1","kind":"Ingress","metadata":{"name":"web"},"spec":{"rules":[{"host":"example.com","http":{"paths":[{"path":"/","backend":{"service":{"name":"web","port":{"number":80}}}},{"path":"/api","pathType":"Prefix","backend":{"service":{"name":"api","port":{"number":80}}}}]}}]}}`)},
		validationCase{name: "ingress ok", obj: obj(`{"apiVersion":"networking.k8s.io/v1","kind":"Ingress","metadata":{"name":"web"},"spec":{"rules":[{"http":{"paths":[{"path":"/","pathType":"Prefix","backend":{"service":{"name":"web","port":{"number":80}}}}]}}]}}`)},
		validationCase{name: "ingress bad name", obj: obj(`{"apiVersion":"networking.k8s.io/v1","kind":"Ingress","metadata":{"name":"Web"},"spec":{"defaultBackend":{"service":{"name":"web","port":{"number":80}}}}}`)},
		validationCase{name: "secret bad name", obj: obj(`{"apiVersion":"v1","kind":"Secret","metadata":{"name":"my_secret"}}`)},
		validationCase{name: "tls secret without key", obj: obj(`{"apiVersion":"v1","kind":"Secret","metadata":{"name":"tls"},"type":"kubernetes.io/tls","stringData":{"tls.crt":"x"}}`)},
		validationCase{name: "tls secret empty", obj: obj(`{"apiVersion":"v1","kind":"Secret","metadata":{"name":"tls"},"type":"kubernetes.io/tls"}`)},
		validationCase{name: "tls secret ok", obj: obj(`{"apiVersion":"v1","kind":"Secret","metadata":{"name":"tls"},"type":"kubernetes.io/tls","data":{"tls.crt":"eA==","tls.key":"eA=="}}`)},
		validationCase{name: "dockerconfigjson secret without key", obj: obj(`{"apiVersion":"v1","kind":"Secret","metadata":{"name":"reg"},"type":"kubernetes.io/dockerconfigjson","data":{"x":"eA=="}}`)},
		validationCase{name: "basic-auth secret without keys", obj: obj(`{"apiVersion":"v1","kind":"Secret","metadata":{"name":"ba"},"type":"kubernetes.io/basic-auth"}`)},
		validationCase{name: "ssh-auth secret without key", obj: obj(`{"apiVersion":"v1","kind":"Secret","metadata":{"name":"ssh"},"type":"kubernetes.io/ssh-auth"}`)},
		validationCase{name: "service-account-token secret without annotation", obj: obj(`{"apiVersion":"v1","kind":"Secret","metadata":{"name":"tok"},"type":"kubernetes.io/service-account-token"}`)},
		validationCase{name: "serviceaccount bad name", obj: obj(`{"apiVersion":"v1","kind":"ServiceAccount","metadata":{"name":"Builder"}}`)},
		validationCase{name: "serviceaccount ok", obj: obj(`{"apiVersion":"v1","kind":"ServiceAccount","metadata":{"name":"builder"}}`)},
		validationCase{name: "hpa bad name", obj: obj(`{"apiVersion":"autoscaling/v2","kind":"HorizontalPodAutoscaler","metadata":{"name":"Web"},"spec":{"scaleTargetRef":{"apiVersion":"apps/v1","kind":"Deployment","name":"web"},"maxReplicas":3}}`)},
		validationCase{name: "pdb bad name", obj: obj(`{"apiVersion":"policy/v1","kind":"PodDisruptionBudget","metadata":{"name":"Web"},"spec":{"minAvailable":1,"selector":{"matchLabels":{"app":"web"}}}}`)},
		validationCase{name: "networkpolicy bad name", obj: obj(`{"apiVersion":"networking.k8s.io/v1","kind":"NetworkPolicy","metadata":{"name":"Deny"},"spec":{"podSelector":{}}}`)},
		validationCase{name: "statefulset uppercase name", obj: obj(`{"apiVersion":"apps/v1","kind":"StatefulSet","metadata":{"name":"Web"},"spec":{"serviceName":"web","selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":` + podSpecJSON + `}}}`)},
		validationCase{name: "pdb slash name", obj: obj(`{"apiVersion":"policy/v1","kind":"PodDisruptionBudget","metadata":{"name":"a%b"},"spec":{"minAvailable":1,"selector":{"matchLabels":{"app":"web"}}}}`)},
		validationCase{name: "label value with a space", obj: deploymentJSON("nginx", `{"matchLabels":{"app":"nginx"}}`, `{"app":"nginx","team":"web team"}`, ``)},
		validationCase{name: "two labels with the same bad value", obj: deploymentJSON("nginx", `{"matchLabels":{"app":"nginx"}}`, `{"app":"nginx","team":"web team","owner":"web team"}`, ``)},
		// Two labels with different bad values are not a case: the server
		// reports them in Go's map order, which varies; engine/apiserver
		// in key order.
		validationCase{name: "object label too long", obj: obj(`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","labels":{"v":"` + strings.Repeat("v", 64) + `"}}}`)},
		validationCase{name: "namespace uppercase", obj: obj(`{"apiVersion":"v1","kind":"Namespace","metadata":{"name":"Team"}}`)},
		validationCase{name: "namespace too long", obj: obj(`{"apiVersion":"v1","kind":"Namespace","metadata":{"name":"` + strings.Repeat("n", 64) + `"}}`)},
		validationCase{name: "configmap annotations too long with many keys", obj: obj(`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","annotations":{"a":"` + strings.Repeat("x", 131072) + `","b":"` + strings.Repeat("y", 131071) + `"}}}`)},
		validationCase{name: "daemonset selector and template changed", obj: workloadJSON("apps/v1", "DaemonSet", ``), old: obj(`{"apiVersion":"apps/v1","kind":"DaemonSet","metadata":{"name":"web"},"spec":{"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"nginx","image":"nginx:1.26"}]}}}}`)},
		validationCase{name: "volumeMount naming no volume", obj: pod(`{"volumes":[{"name":"data","emptyDir":{}}],"containers":[{"name":"c","image":"nginx","volumeMounts":[{"name":"data","mountPath":"/data"},{"name":"certs","mountPath":"/certs"}]}]}`)},
		validationCase{name: "volumeMount without name or mountPath", obj: pod(`{"containers":[{"name":"c","image":"nginx","volumeMounts":[{"readOnly":true}]}]}`)},
		validationCase{name: "init container volumeMount naming no volume", obj: pod(`{"containers":[{"name":"c","image":"nginx"}],"initContainers":[{"name":"i","image":"busybox","volumeMounts":[{"name":"x","mountPath":"/x"}]}]}`)},
		validationCase{name: "deployment volumeMount naming no volume", obj: obj(`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"nginx"},"spec":{"selector":` + app + `,"template":{"metadata":{"labels":` + labels + `},"spec":{"containers":[{"name":"nginx","image":"nginx","volumeMounts":[{"name":"cfg","mountPath":"/etc/cfg"}]}]}}}}`)},
		validationCase{name: "statefulset mounting its claim template", obj: obj(`{"apiVersion":"apps/v1","kind":"StatefulSet","metadata":{"name":"db"},"spec":{"serviceName":"db","selector":{"matchLabels":{"app":"db"}},"volumeClaimTemplates":[{"metadata":{"name":"data"},"spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"1Gi"}}}}],"template":{"metadata":{"labels":{"app":"db"}},"spec":{"containers":[{"name":"db","image":"postgres","volumeMounts":[{"name":"data","mountPath":"/var/lib/postgresql"},{"name":"other","mountPath":"/other"}]}]}}}}`)},
		validationCase{name: "ingress without rules or defaultBackend", obj: obj(`{"apiVersion":"networking.k8s.io/v1","kind":"Ingress","metadata":{"name":"web"},"spec":{"ingressClassName":"nginx"}}`)},
		validationCase{name: "ingress with empty rules", obj: obj(`{"apiVersion":"networking.k8s.io/v1","kind":"Ingress","metadata":{"name":"web"},"spec":{"rules":[]}}`)},
		validationCase{name: "ingress with only a defaultBackend", obj: obj(`{"apiVersion":"networking.k8s.io/v1","kind":"Ingress","metadata":{"name":"web"},"spec":{"defaultBackend":{"service":{"name":"web","port":{"number":80}}}}}`)},
		validationCase{name: "deployment annotation update", obj: func() map[string]any {
			o := dep(``)
			o["metadata"].(map[string]any)["annotations"] = map[string]any{"note": "x"}
			return o
		}(), old: dep(``)},
		validationCase{name: "deployment update recreate with rollingUpdate", obj: dep(`"strategy":{"type":"Recreate","rollingUpdate":{"maxSurge":1}},`), old: dep(``)},
	)
	// The deployment whose pod template restarts Never.
	for i := range cases {
		if cases[i].name == "deployment restartPolicy Never" {
			tmpl := cases[i].obj["spec"].(map[string]any)["template"].(map[string]any)
			tmpl["spec"].(map[string]any)["restartPolicy"] = "Never"
		}
	}
	return append(cases, ruleCases()...)
}
