package gen

import "fmt"

// Kinds the generator builds, as apiVersion and kind.
var Kinds = []struct{ APIVersion, Kind string }{
	{"apps/v1", "Deployment"},
	{"apps/v1", "DaemonSet"},
	{"v1", "Pod"},
	{"v1", "Service"},
	{"v1", "ConfigMap"},
}

// Small vocabularies keep merge keys colliding often enough to exercise
// matching, duplicates and reordering.
var (
	containerNames = []string{"app", "sidecar", "proxy", "log-shipper", "metrics"}
	images         = []string{"nginx:1.25", "nginx:1.27", "busybox:1.36", "envoyproxy/envoy:v1.30", "fluent/fluent-bit:3.0", "prom/statsd-exporter:v0.26"}
	envNames       = []string{"LOG_LEVEL", "PORT", "MODE", "DB_HOST", "DB_PASSWORD", "POD_IP", "FEATURE_X", "TZ"}
	portNumbers    = []int{53, 80, 443, 8080, 9090}
	volumeNames    = []string{"config", "data", "certs", "cache"}
	mountPaths     = []string{"/etc/app", "/var/lib/data", "/etc/tls", "/tmp/cache", "/var/log"}
	labelKeys      = []string{"app", "tier", "team", "version", "app.kubernetes.io/name"}
	labelValues    = []string{"web", "backend", "payments", "v1", "v2", "blue"}
	annotationKeys = []string{"prometheus.io/scrape", "prometheus.io/port", "description", "owner", "example.com/checksum"}
	finalizerNames = []string{"example.com/cleanup", "kubernetes.io/pvc-protection", "foregroundDeletion", "example.com/backup"}
	taintKeys      = []string{"dedicated", "gpu", "node.kubernetes.io/not-ready", "spot"}
)

// object builds the file a user would write for a kind.
func object(r rng, apiVersion, kind string) Obj {
	name := pick(r, "web", "api", "worker", "frontend")
	meta := Obj{"name": name}
	if r.chance(0.5) {
		meta["namespace"] = pick(r, "default", "prod", "team-a")
	}
	meta["labels"] = Obj{"app": name}
	if r.chance(0.4) {
		meta["annotations"] = annotations(r)
	}
	if r.chance(0.15) {
		meta["finalizers"] = finalizers(r)
	}
	o := Obj{"apiVersion": apiVersion, "kind": kind, "metadata": meta}
	switch kind {
	case "Deployment":
		o["spec"] = deploymentSpec(r, name)
	case "DaemonSet":
		o["spec"] = daemonSetSpec(r, name)
	case "Pod":
		o["spec"] = podSpec(r)
	case "Service":
		o["spec"] = serviceSpec(r, name)
	case "ConfigMap":
		o["data"] = configData(r)
	}
	if r.chance(0.05) {
		// A custom-resource-like field the schema does not know: harmless as
		// a scalar, an error wherever it must be looked up.
		if r.chance(0.5) {
			o["x-custom"] = pick[any](r, "on", 3, true)
		} else {
			path(o, "spec")["customConfig"] = Obj{"mode": "fast", "weights": List{1, 2}}
		}
	}
	return o
}

func annotations(r rng) Obj {
	a := Obj{}
	for range 1 + r.IntN(3) {
		k := pick(r, annotationKeys...)
		switch k {
		case "prometheus.io/scrape":
			a[k] = "true"
		case "prometheus.io/port":
			a[k] = "9090"
		default:
			a[k] = pick(r, "team-a", "checked", "a1b2c3", "Frontend of the shop")
		}
	}
	return a
}

func finalizers(r rng) List {
	var l List
	for range 1 + r.IntN(2) {
		l = append(l, pick(r, finalizerNames...))
	}
	return l
}

func selector(name string) Obj {
	return Obj{"matchLabels": Obj{"app": name}}
}

func template(r rng, name string) Obj {
	meta := Obj{"labels": Obj{"app": name}}
	if r.chance(0.3) {
		meta["annotations"] = annotations(r)
	}
	return Obj{"metadata": meta, "spec": podSpec(r)}
}

func deploymentSpec(r rng, name string) Obj {
	s := Obj{"selector": selector(name), "template": template(r, name)}
	if r.chance(0.8) {
		s["replicas"] = 1 + r.IntN(5)
	}
	switch r.IntN(4) {
	case 0:
		s["strategy"] = Obj{"type": "Recreate"}
	case 1:
		s["strategy"] = Obj{"type": "RollingUpdate", "rollingUpdate": Obj{
			"maxSurge": pick[any](r, 1, "25%", "50%"), "maxUnavailable": pick[any](r, 0, "25%"),
		}}
	}
	if r.chance(0.2) {
		s["minReadySeconds"] = r.IntN(30)
	}
	return s
}

func daemonSetSpec(r rng, name string) Obj {
	s := Obj{"selector": selector(name), "template": template(r, name)}
	if r.chance(0.5) {
		s["updateStrategy"] = Obj{"type": "RollingUpdate", "rollingUpdate": Obj{"maxUnavailable": pick[any](r, 1, "10%")}}
	}
	return s
}

func podSpec(r rng) Obj {
	s := Obj{}
	n := 1 + r.IntN(3)
	perm := r.Perm(len(containerNames))
	var cs List
	for i := range n {
		cs = append(cs, container(r, containerNames[perm[i]]))
	}
	s["containers"] = cs
	if r.chance(0.2) {
		s["initContainers"] = List{Obj{"name": "init", "image": "busybox:1.36", "command": List{"sh", "-c", "sleep 1"}}}
	}
	if r.chance(0.6) {
		s["volumes"] = volumes(r)
	}
	if r.chance(0.3) {
		s["tolerations"] = tolerations(r)
	}
	if r.chance(0.2) {
		s["nodeSelector"] = Obj{"kubernetes.io/os": "linux"}
	}
	if r.chance(0.2) {
		s["serviceAccountName"] = pick(r, "default", "app-sa")
	}
	if r.chance(0.1) {
		s["imagePullSecrets"] = List{Obj{"name": "regcred"}}
	}
	if r.chance(0.15) {
		s["topologySpreadConstraints"] = List{Obj{
			"maxSkew": 1, "topologyKey": pick(r, "topology.kubernetes.io/zone", "kubernetes.io/hostname"),
			"whenUnsatisfiable": "DoNotSchedule", "labelSelector": Obj{"matchLabels": Obj{"app": "web"}},
		}}
	}
	if r.chance(0.1) {
		s["terminationGracePeriodSeconds"] = pick(r, 10, 30, 60)
	}
	return s
}

func container(r rng, name string) Obj {
	c := Obj{"name": name, "image": pick(r, images...)}
	if r.chance(0.3) {
		c["args"] = List{"--port=" + fmt.Sprint(pick(r, portNumbers...)), pick(r, "--verbose", "--config=/etc/app/config.yaml")}
	}
	if r.chance(0.15) {
		c["command"] = List{pick(r, "/bin/app", "/usr/local/bin/entry")}
	}
	if r.chance(0.6) {
		var env List
		for _, i := range r.Perm(len(envNames))[:1+r.IntN(4)] {
			env = append(env, envVar(r, envNames[i]))
		}
		c["env"] = env
	}
	if r.chance(0.6) {
		var ps List
		for _, i := range r.Perm(len(portNumbers))[:1+r.IntN(2)] {
			ps = append(ps, containerPort(r, portNumbers[i], "TCP"))
		}
		c["ports"] = ps
	}
	if r.chance(0.4) {
		var vm List
		for _, i := range r.Perm(len(mountPaths))[:1+r.IntN(2)] {
			vm = append(vm, Obj{"name": pick(r, volumeNames...), "mountPath": mountPaths[i]})
		}
		c["volumeMounts"] = vm
	}
	if r.chance(0.5) {
		c["resources"] = resources(r)
	}
	if r.chance(0.2) {
		c["imagePullPolicy"] = pick(r, "Always", "IfNotPresent")
	}
	if r.chance(0.2) {
		c["livenessProbe"] = Obj{"httpGet": Obj{"path": "/healthz", "port": pick[any](r, 8080, "http")}, "initialDelaySeconds": 5}
	}
	return c
}

func envVar(r rng, name string) Obj {
	switch r.IntN(5) {
	case 0:
		return Obj{"name": name, "valueFrom": Obj{"secretKeyRef": Obj{"name": "app-secret", "key": "password"}}}
	case 1:
		return Obj{"name": name, "valueFrom": Obj{"fieldRef": Obj{"fieldPath": "status.podIP"}}}
	case 2:
		return Obj{"name": name, "valueFrom": Obj{"configMapKeyRef": Obj{"name": "app-config", "key": "mode"}}}
	default:
		return Obj{"name": name, "value": pick(r, "info", "debug", "8080", "db.prod", "UTC", "")}
	}
}

func containerPort(r rng, port int, protocol string) Obj {
	p := Obj{"containerPort": port}
	if protocol != "TCP" || r.chance(0.4) {
		p["protocol"] = protocol
	}
	if r.chance(0.3) {
		p["name"] = fmt.Sprintf("%c%d", protocol[0]+'a'-'A', port)
	}
	return p
}

func resources(r rng) Obj {
	res := Obj{}
	if r.chance(0.8) {
		// 0.5 is a number in the file and "500m" on the server: the
		// non-canonical quantity trap.
		res["requests"] = Obj{"cpu": pick[any](r, "100m", "250m", 0.5, "1"), "memory": pick(r, "64Mi", "128Mi", "1Gi")}
	}
	if r.chance(0.6) {
		res["limits"] = Obj{"cpu": pick[any](r, "500m", "1", 2), "memory": pick(r, "128Mi", "512Mi", "2Gi")}
	}
	return res
}

func volume(r rng, name string) Obj {
	switch r.IntN(3) {
	case 0:
		return Obj{"name": name, "configMap": Obj{"name": "app-config"}}
	case 1:
		return Obj{"name": name, "secret": Obj{"secretName": "app-tls", "defaultMode": pick(r, 420, 256)}}
	default:
		return Obj{"name": name, "emptyDir": Obj{}}
	}
}

func volumes(r rng) List {
	var l List
	for _, i := range r.Perm(len(volumeNames))[:1+r.IntN(3)] {
		l = append(l, volume(r, volumeNames[i]))
	}
	return l
}

func toleration(r rng) Obj {
	t := Obj{"key": pick(r, taintKeys...), "operator": pick(r, "Exists", "Equal"), "effect": pick(r, "NoSchedule", "NoExecute")}
	if t["operator"] == "Equal" {
		t["value"] = "true"
	}
	return t
}

func tolerations(r rng) List {
	var l List
	for range 1 + r.IntN(2) {
		l = append(l, toleration(r))
	}
	return l
}

func servicePort(r rng, port int, protocol string) Obj {
	p := Obj{"port": port}
	if protocol != "TCP" || r.chance(0.4) {
		p["protocol"] = protocol
	}
	if r.chance(0.6) {
		p["targetPort"] = pick[any](r, port, 8080, "http")
	}
	if r.chance(0.4) {
		p["name"] = fmt.Sprintf("%s-%d", map[string]string{"TCP": "tcp", "UDP": "udp"}[protocol], port)
	}
	return p
}

func serviceSpec(r rng, name string) Obj {
	s := Obj{"selector": Obj{"app": name}}
	var ps List
	for _, i := range r.Perm(len(portNumbers))[:1+r.IntN(2)] {
		ps = append(ps, servicePort(r, portNumbers[i], "TCP"))
	}
	if r.chance(0.2) {
		// DNS: the same number over TCP and UDP, the narrow-merge-key trap.
		ps = List{servicePort(r, 53, "TCP"), servicePort(r, 53, "UDP")}
	}
	s["ports"] = ps
	if r.chance(0.4) {
		s["type"] = pick(r, "ClusterIP", "NodePort", "LoadBalancer")
	}
	return s
}

func configData(r rng) Obj {
	d := Obj{}
	for range 1 + r.IntN(4) {
		d[pick(r, "mode", "level", "config.yaml", "feature.flags", "url")] = pick(r, "fast", "debug", "a: 1\nb: 2\n", "x=on", "https://example.com")
	}
	return d
}
