package kubernetes

import (
	"fmt"
	"math/rand/v2"
)

// gen builds realistic objects with a random choice of the fields users
// write, so that defaulting meets both set and unset fields.
type gen struct{ r *rand.Rand }

func newGen(seed uint64) *gen { return &gen{rand.New(rand.NewPCG(seed, 7))} }

func (g *gen) coin() bool         { return g.r.IntN(2) == 0 }
func (g *gen) pick(vs ...any) any { return vs[g.r.IntN(len(vs))] }
func (g *gen) maybe(m map[string]any, k string, vs ...any) {
	if g.coin() {
		m[k] = g.pick(vs...)
	}
}

var images = []any{"nginx", "nginx:latest", "nginx:1.27", "registry.k8s.io/pause:3.10",
	"busybox@sha256:" + "a5d0ce49aa801eeb8d1fa1f0b5a4bd5f1a4ec1a9d5d3e3a4b1b0c1d2e3f4a5b6",
	"localhost:5000/team/app:v2", "ghcr.io/org/app", "Nginx", ""}

func (g *gen) labels() map[string]any {
	return map[string]any{"app": g.pick("web", "db", "api")}
}

func (g *gen) probe() map[string]any {
	p := map[string]any{}
	switch g.r.IntN(4) {
	case 0:
		h := map[string]any{"port": g.pick(int64(8080), "http")}
		g.maybe(h, "path", "/healthz", "")
		g.maybe(h, "scheme", "HTTPS")
		p["httpGet"] = h
	case 1:
		p["tcpSocket"] = map[string]any{"port": int64(5432)}
	case 2:
		grpc := map[string]any{"port": int64(9090)}
		g.maybe(grpc, "service", "health")
		p["grpc"] = grpc
	default:
		p["exec"] = map[string]any{"command": []any{"cat", "/tmp/ok"}}
	}
	g.maybe(p, "timeoutSeconds", int64(5), int64(0))
	g.maybe(p, "periodSeconds", int64(20))
	g.maybe(p, "failureThreshold", int64(1))
	g.maybe(p, "initialDelaySeconds", int64(3))
	return p
}

func (g *gen) container(i int, init bool) map[string]any {
	c := map[string]any{"name": fmt.Sprintf("c%d", i), "image": g.pick(images...)}
	g.maybe(c, "imagePullPolicy", "Never", "Always", "")
	if g.coin() {
		var ports []any
		for j := 0; j < 1+g.r.IntN(2); j++ {
			p := map[string]any{"containerPort": int64(80 + j)}
			g.maybe(p, "protocol", "UDP", "TCP")
			g.maybe(p, "name", fmt.Sprintf("p%d", j))
			ports = append(ports, p)
		}
		c["ports"] = ports
	}
	if g.coin() {
		env := []any{map[string]any{"name": "A", "value": "1"}}
		if g.coin() {
			ref := map[string]any{"fieldPath": "metadata.name"}
			g.maybe(ref, "apiVersion", "v1")
			env = append(env, map[string]any{"name": "POD", "valueFrom": map[string]any{"fieldRef": ref}})
		}
		c["env"] = env
	}
	if g.coin() {
		res := map[string]any{}
		if g.coin() {
			res["limits"] = map[string]any{"cpu": g.pick("500m", int64(1)), "memory": "128Mi"}
		}
		if g.coin() {
			res["requests"] = map[string]any{"cpu": "250m"}
		}
		c["resources"] = res
	}
	for _, p := range []string{"livenessProbe", "readinessProbe", "startupProbe"} {
		if !init && g.r.IntN(3) == 0 {
			c[p] = g.probe()
		}
	}
	if !init && g.r.IntN(4) == 0 {
		h := map[string]any{"port": int64(80)}
		g.maybe(h, "path", "/stop")
		c["lifecycle"] = map[string]any{"preStop": map[string]any{"httpGet": h}}
	}
	g.maybe(c, "terminationMessagePolicy", "FallbackToLogsOnError")
	return c
}

func (g *gen) volume(i int) map[string]any {
	v := map[string]any{"name": fmt.Sprintf("v%d", i)}
	switch g.r.IntN(9) {
	case 0:
		v["emptyDir"] = map[string]any{}
	case 1:
		cm := map[string]any{"name": "cfg"}
		g.maybe(cm, "defaultMode", int64(0o400))
		v["configMap"] = cm
	case 2:
		s := map[string]any{"secretName": "s"}
		g.maybe(s, "defaultMode", int64(0o600))
		v["secret"] = s
	case 3:
		h := map[string]any{"path": "/var/log"}
		g.maybe(h, "type", "Directory", "")
		v["hostPath"] = h
	case 4:
		v["projected"] = map[string]any{"sources": []any{
			map[string]any{"serviceAccountToken": map[string]any{"path": "token"}},
			map[string]any{"downwardAPI": map[string]any{"items": []any{
				map[string]any{"path": "name", "fieldRef": map[string]any{"fieldPath": "metadata.name"}}}}},
		}}
	case 5:
		v["downwardAPI"] = map[string]any{"items": []any{
			map[string]any{"path": "labels", "fieldRef": map[string]any{"fieldPath": "metadata.labels"}}}}
	case 6:
		v["persistentVolumeClaim"] = map[string]any{"claimName": "data"}
	case 7:
		v["ephemeral"] = map[string]any{"volumeClaimTemplate": map[string]any{"spec": map[string]any{
			"accessModes": []any{"ReadWriteOnce"},
			"resources":   map[string]any{"requests": map[string]any{"storage": "1Gi"}}}}}
	default:
		// name only: the server makes it an emptyDir
	}
	return v
}

func (g *gen) podSpec() map[string]any {
	spec := map[string]any{}
	var cs []any
	for i := 0; i < 1+g.r.IntN(2); i++ {
		cs = append(cs, g.container(i, false))
	}
	spec["containers"] = cs
	if g.r.IntN(4) == 0 {
		spec["initContainers"] = []any{g.container(9, true)}
	}
	if g.coin() {
		var vs []any
		for i := 0; i < 1+g.r.IntN(3); i++ {
			vs = append(vs, g.volume(i))
		}
		spec["volumes"] = vs
		if g.coin() {
			c := cs[0].(map[string]any)
			c["volumeMounts"] = []any{map[string]any{"name": "v0", "mountPath": "/data"}}
		}
	}
	g.maybe(spec, "restartPolicy", "Always")
	g.maybe(spec, "dnsPolicy", "Default", "ClusterFirstWithHostNet")
	g.maybe(spec, "serviceAccountName", "builder")
	if g.r.IntN(5) == 0 {
		spec["serviceAccount"] = "legacy"
	}
	g.maybe(spec, "terminationGracePeriodSeconds", int64(5), int64(0), int64(-3))
	g.maybe(spec, "securityContext", map[string]any{"runAsNonRoot": true})
	g.maybe(spec, "schedulerName", "custom")
	g.maybe(spec, "enableServiceLinks", false)
	if g.r.IntN(5) == 0 {
		spec["hostNetwork"] = true
	}
	return spec
}

func (g *gen) template(labels map[string]any) map[string]any {
	return map[string]any{"metadata": map[string]any{"labels": labels}, "spec": g.podSpec()}
}

func (g *gen) meta(name string) map[string]any {
	m := map[string]any{"name": name}
	if g.coin() {
		m["labels"] = map[string]any{"team": "a"}
	}
	return m
}

func (g *gen) object(kind string) map[string]any {
	labels := g.labels()
	obj := map[string]any{"kind": kind, "metadata": g.meta("x")}
	spec := map[string]any{}
	switch kind {
	case "Pod":
		obj["apiVersion"] = "v1"
		spec = g.podSpec()
		g.maybe(spec, "restartPolicy", "OnFailure", "Never")
	case "Deployment", "ReplicaSet", "StatefulSet", "DaemonSet":
		obj["apiVersion"] = "apps/v1"
		spec["selector"] = map[string]any{"matchLabels": labels}
		spec["template"] = g.template(labels)
		if kind != "DaemonSet" {
			g.maybe(spec, "replicas", int64(3), int64(0))
		}
		g.maybe(spec, "revisionHistoryLimit", int64(2))
		switch kind {
		case "Deployment":
			switch g.r.IntN(4) {
			case 0:
				spec["strategy"] = map[string]any{"type": "Recreate"}
			case 1:
				ru := map[string]any{}
				g.maybe(ru, "maxSurge", int64(1), "50%")
				spec["strategy"] = map[string]any{"rollingUpdate": ru}
			case 2:
				spec["strategy"] = map[string]any{}
			}
			g.maybe(spec, "progressDeadlineSeconds", int64(60))
			g.maybe(spec, "minReadySeconds", int64(5))
		case "StatefulSet":
			spec["serviceName"] = "x"
			g.maybe(spec, "podManagementPolicy", "Parallel")
			switch g.r.IntN(4) {
			case 0:
				spec["updateStrategy"] = map[string]any{"type": "OnDelete"}
			case 1:
				spec["updateStrategy"] = map[string]any{"type": "RollingUpdate"}
			case 2:
				spec["updateStrategy"] = map[string]any{"rollingUpdate": map[string]any{"partition": int64(2)}}
			}
			if g.coin() {
				spec["persistentVolumeClaimRetentionPolicy"] = map[string]any{"whenDeleted": "Delete"}
			}
			if g.coin() {
				spec["volumeClaimTemplates"] = []any{map[string]any{
					"metadata": map[string]any{"name": "data"},
					"spec": map[string]any{"accessModes": []any{"ReadWriteOnce"},
						"resources": map[string]any{"requests": map[string]any{"storage": "1Gi"}}}}}
			}
		case "DaemonSet":
			switch g.r.IntN(3) {
			case 0:
				spec["updateStrategy"] = map[string]any{"type": "OnDelete"}
			case 1:
				spec["updateStrategy"] = map[string]any{"rollingUpdate": map[string]any{"maxUnavailable": "10%"}}
			}
		}
	case "Job":
		obj["apiVersion"] = "batch/v1"
		spec = g.jobSpec(labels)
	case "CronJob":
		obj["apiVersion"] = "batch/v1"
		spec["schedule"] = "*/5 * * * *"
		g.maybe(spec, "concurrencyPolicy", "Forbid")
		g.maybe(spec, "successfulJobsHistoryLimit", int64(1))
		g.maybe(spec, "suspend", true)
		spec["jobTemplate"] = map[string]any{"spec": g.jobSpec(labels)}
	case "Service":
		obj["apiVersion"] = "v1"
		spec["selector"] = labels
		var ports []any
		for j := 0; j < 1+g.r.IntN(2); j++ {
			p := map[string]any{"port": int64(80 + j)}
			g.maybe(p, "targetPort", int64(8080), "http", int64(0))
			g.maybe(p, "protocol", "UDP")
			g.maybe(p, "name", fmt.Sprintf("p%d", j))
			ports = append(ports, p)
		}
		spec["ports"] = ports
		g.maybe(spec, "type", "ClusterIP", "NodePort", "LoadBalancer")
		g.maybe(spec, "sessionAffinity", "ClientIP", "None")
		if g.r.IntN(4) == 0 {
			spec["externalIPs"] = []any{"192.0.2.1"}
		}
	case "Secret":
		obj["apiVersion"] = "v1"
		obj["stringData"] = map[string]any{"k": "v"}
		g.maybe(obj, "type", "kubernetes.io/tls", "")
		return obj
	case "ConfigMap":
		obj["apiVersion"] = "v1"
		g.maybe(obj, "data", map[string]any{"k": "v"})
		return obj
	case "ServiceAccount":
		obj["apiVersion"] = "v1"
		return obj
	case "Namespace":
		obj["apiVersion"] = "v1"
		return obj
	case "HorizontalPodAutoscaler":
		obj["apiVersion"] = "autoscaling/v2"
		spec["scaleTargetRef"] = map[string]any{"apiVersion": "apps/v1", "kind": "Deployment", "name": "x"}
		spec["maxReplicas"] = int64(5)
		g.maybe(spec, "minReplicas", int64(2))
		if g.coin() {
			spec["metrics"] = []any{map[string]any{"type": "Resource", "resource": map[string]any{
				"name": "memory", "target": map[string]any{"type": "AverageValue", "averageValue": "100Mi"}}}}
		}
		if g.coin() {
			b := map[string]any{}
			if g.coin() {
				b["scaleDown"] = map[string]any{"stabilizationWindowSeconds": int64(60)}
			}
			if g.coin() {
				b["scaleUp"] = map[string]any{"selectPolicy": "Min"}
			}
			spec["behavior"] = b
		}
	case "PodDisruptionBudget":
		obj["apiVersion"] = "policy/v1"
		spec["selector"] = map[string]any{"matchLabels": labels}
		spec["minAvailable"] = g.pick(int64(1), "50%")
	case "Ingress":
		obj["apiVersion"] = "networking.k8s.io/v1"
		path := map[string]any{"path": "/", "backend": map[string]any{"service": map[string]any{
			"name": "x", "port": map[string]any{"number": int64(80)}}}}
		g.maybe(path, "pathType", "Prefix", "ImplementationSpecific")
		spec["rules"] = []any{map[string]any{"host": "example.com", "http": map[string]any{"paths": []any{path}}}}
	case "NetworkPolicy":
		obj["apiVersion"] = "networking.k8s.io/v1"
		spec["podSelector"] = map[string]any{"matchLabels": labels}
		port := map[string]any{"port": int64(80)}
		g.maybe(port, "protocol", "UDP")
		if g.coin() {
			spec["ingress"] = []any{map[string]any{"ports": []any{port}}}
		}
		if g.coin() {
			spec["egress"] = []any{map[string]any{"ports": []any{map[string]any{"port": int64(53)}}}}
		}
		g.maybe(spec, "policyTypes", []any{"Egress"})
	default:
		panic(kind)
	}
	obj["spec"] = spec
	return obj
}

func (g *gen) jobSpec(labels map[string]any) map[string]any {
	spec := map[string]any{"template": g.template(labels)}
	spec["template"].(map[string]any)["spec"].(map[string]any)["restartPolicy"] = g.pick("Never", "OnFailure")
	g.maybe(spec, "completions", int64(3))
	g.maybe(spec, "parallelism", int64(2))
	g.maybe(spec, "backoffLimit", int64(2))
	if g.r.IntN(4) == 0 {
		spec["backoffLimitPerIndex"] = int64(1)
		spec["completionMode"] = "Indexed"
		spec["completions"] = int64(3)
	}
	if g.r.IntN(4) == 0 {
		spec["podFailurePolicy"] = map[string]any{"rules": []any{map[string]any{"action": "Ignore",
			"onPodConditions": []any{map[string]any{"type": "DisruptionTarget"}}}}}
	}
	return spec
}

// kinds lists the kinds the oracle generates.
var kinds = []string{"Pod", "Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job", "CronJob",
	"Service", "Secret", "ConfigMap", "ServiceAccount", "Namespace", "HorizontalPodAutoscaler",
	"PodDisruptionBudget", "Ingress", "NetworkPolicy"}
