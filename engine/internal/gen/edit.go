package gen

import (
	"fmt"
	"maps"
	"slices"
)

// podSpecOf finds the pod spec of a workload or pod, if any.
func podSpecOf(o Obj) (Obj, bool) {
	if s, ok := lookup(o, "spec", "template", "spec"); ok {
		return s, true
	}
	if o["kind"] == "Pod" {
		return lookup(o, "spec")
	}
	return nil, false
}

// randomContainer picks a container of the pod spec, or reports none.
func randomContainer(r rng, o Obj) (Obj, bool) {
	ps, ok := podSpecOf(o)
	if !ok {
		return nil, false
	}
	cs, _ := objs(ps, "containers")
	if len(cs) == 0 {
		return nil, false
	}
	return cs[r.IntN(len(cs))], true
}

// An editOp changes a document in one way; false means it did not apply.
type editOp func(r rng, o Obj) bool

// fileEdits are the changes a user makes to the configuration file between
// two applies. Several are deliberately the traps kubectl users hit:
// duplicate or missing merge keys, TCP/UDP twins, explicit nulls.
var fileEdits = []editOp{
	func(r rng, o Obj) bool { // new image
		c, ok := randomContainer(r, o)
		if ok {
			c["image"] = pick(r, images...)
		}
		return ok
	},
	func(r rng, o Obj) bool { // add a container, sometimes with a taken name
		ps, ok := podSpecOf(o)
		if ok {
			appendTo(ps, "containers", container(r, pick(r, containerNames...)))
		}
		return ok
	},
	func(r rng, o Obj) bool { // remove a container
		ps, ok := podSpecOf(o)
		if !ok {
			return false
		}
		_, idx := objs(ps, "containers")
		if len(idx) < 2 {
			return false
		}
		removeAt(ps, "containers", idx[r.IntN(len(idx))])
		return true
	},
	func(r rng, o Obj) bool { // reorder containers
		ps, ok := podSpecOf(o)
		if ok {
			shuffle(r, ps, "containers")
		}
		return ok
	},
	func(r rng, o Obj) bool { // add, change or remove an env var
		c, ok := randomContainer(r, o)
		if !ok {
			return false
		}
		env, idx := objs(c, "env")
		switch {
		case len(env) == 0 || r.chance(0.3):
			appendTo(c, "env", envVar(r, pick(r, envNames...)))
		case r.chance(0.4):
			removeAt(c, "env", idx[r.IntN(len(idx))])
		case r.chance(0.5):
			e := env[r.IntN(len(env))]
			name, ok := e["name"].(string)
			if !ok {
				return false // an earlier edit dropped its name
			}
			n := envVar(r, name)
			clear(e)
			for k, v := range n {
				e[k] = v
			}
		default:
			shuffle(r, c, "env")
		}
		return true
	},
	func(r rng, o Obj) bool { // ports: twins, removals, protocol flips
		c, ok := randomContainer(r, o)
		if !ok {
			return false
		}
		ports, idx := objs(c, "ports")
		switch {
		case len(ports) == 0 || r.chance(0.3):
			appendTo(c, "ports", containerPort(r, pick(r, portNumbers...), "TCP"))
		case r.chance(0.4):
			p := ports[r.IntN(len(ports))]
			appendTo(c, "ports", containerPort(r, asInt(p["containerPort"]), "UDP"))
		case r.chance(0.5):
			removeAt(c, "ports", idx[r.IntN(len(idx))])
		default:
			ports[r.IntN(len(ports))]["protocol"] = pick(r, "UDP", "TCP", "SCTP")
		}
		return true
	},
	func(r rng, o Obj) bool { // volumes: switch the source of a volume (retainKeys) or add/remove one
		ps, ok := podSpecOf(o)
		if !ok {
			return false
		}
		vs, idx := objs(ps, "volumes")
		switch {
		case len(vs) == 0 || r.chance(0.3):
			appendTo(ps, "volumes", volume(r, pick(r, volumeNames...)))
		case r.chance(0.5):
			v := vs[r.IntN(len(vs))]
			name, ok := v["name"].(string)
			if !ok {
				return false
			}
			n := volume(r, name)
			clear(v)
			for k, e := range n {
				v[k] = e
			}
		default:
			removeAt(ps, "volumes", idx[r.IntN(len(idx))])
		}
		return true
	},
	func(r rng, o Obj) bool { // volume mounts
		c, ok := randomContainer(r, o)
		if !ok {
			return false
		}
		vm, idx := objs(c, "volumeMounts")
		if len(vm) == 0 || r.chance(0.5) {
			appendTo(c, "volumeMounts", Obj{"name": pick(r, volumeNames...), "mountPath": pick(r, mountPaths...), "readOnly": true})
		} else {
			removeAt(c, "volumeMounts", idx[r.IntN(len(idx))])
		}
		return true
	},
	func(r rng, o Obj) bool { // resources
		c, ok := randomContainer(r, o)
		if !ok {
			return false
		}
		if r.chance(0.3) {
			delete(c, "resources")
		} else {
			c["resources"] = resources(r)
		}
		return true
	},
	func(r rng, o Obj) bool { // args and command are replaced whole
		c, ok := randomContainer(r, o)
		if !ok {
			return false
		}
		if r.chance(0.5) {
			c["args"] = List{"--mode=" + pick(r, "fast", "safe")}
		} else {
			delete(c, "args")
		}
		return true
	},
	func(r rng, o Obj) bool { // replicas: change, drop or null
		s, ok := lookup(o, "spec")
		if !ok || o["kind"] != "Deployment" {
			return false
		}
		switch r.IntN(3) {
		case 0:
			s["replicas"] = r.IntN(6)
		case 1:
			delete(s, "replicas")
		default:
			s["replicas"] = nil
		}
		return true
	},
	func(r rng, o Obj) bool { // strategy switch: the retainKeys case
		s, ok := lookup(o, "spec")
		if !ok || o["kind"] != "Deployment" {
			return false
		}
		switch r.IntN(3) {
		case 0:
			s["strategy"] = Obj{"type": "Recreate"}
		case 1:
			s["strategy"] = Obj{"type": "RollingUpdate", "rollingUpdate": Obj{"maxSurge": pick[any](r, 1, "30%"), "maxUnavailable": 0}}
		default:
			delete(s, "strategy")
		}
		return true
	},
	func(r rng, o Obj) bool { // finalizers: a merged list of strings
		m := path(o, "metadata")
		fs, _ := m["finalizers"].(List)
		switch {
		case len(fs) == 0 || r.chance(0.4):
			appendTo(m, "finalizers", pick(r, finalizerNames...))
		case r.chance(0.5):
			removeAt(m, "finalizers", r.IntN(len(fs)))
		default:
			shuffle(r, m, "finalizers")
		}
		return true
	},
	func(r rng, o Obj) bool { // labels and annotations
		m := path(o, "metadata", pick(r, "labels", "annotations"))
		k := pick(r, append(slices.Clone(labelKeys), annotationKeys...)...)
		switch r.IntN(3) {
		case 0:
			m[k] = pick(r, labelValues...)
		case 1:
			delete(m, k)
		default:
			m[k] = nil
		}
		return true
	},
	func(r rng, o Obj) bool { // tolerations are replaced whole
		ps, ok := podSpecOf(o)
		if !ok {
			return false
		}
		if r.chance(0.3) {
			delete(ps, "tolerations")
		} else {
			ps["tolerations"] = tolerations(r)
		}
		return true
	},
	func(r rng, o Obj) bool { // Service ports, including TCP/UDP twins
		s, ok := lookup(o, "spec")
		if !ok || o["kind"] != "Service" {
			return false
		}
		ps, idx := objs(s, "ports")
		switch {
		case len(ps) == 0 || r.chance(0.3):
			appendTo(s, "ports", servicePort(r, pick(r, portNumbers...), pick(r, "TCP", "UDP")))
		case r.chance(0.4):
			appendTo(s, "ports", servicePort(r, asInt(ps[0]["port"]), "UDP"))
		case r.chance(0.5) && len(ps) > 1:
			removeAt(s, "ports", idx[r.IntN(len(idx))])
		default:
			ps[r.IntN(len(ps))]["targetPort"] = pick[any](r, 9090, "metrics")
		}
		return true
	},
	func(r rng, o Obj) bool { // ConfigMap data
		d, ok := o["data"].(Obj)
		if !ok {
			return false
		}
		ks := slices.Sorted(maps.Keys(d))
		switch {
		case len(ks) == 0 || r.chance(0.4):
			d[pick(r, "mode", "level", "extra")] = pick(r, "slow", "warn", "1")
		case r.chance(0.5):
			delete(d, ks[r.IntN(len(ks))])
		default:
			d[ks[r.IntN(len(ks))]] = nil
		}
		return true
	},
	func(r rng, o Obj) bool { // an explicit null somewhere in a container
		c, ok := randomContainer(r, o)
		if !ok {
			return false
		}
		c[pick(r, "resources", "env", "ports", "imagePullPolicy", "args")] = nil
		return true
	},
	func(r rng, o Obj) bool { // duplicate merge key: the same env name twice
		c, ok := randomContainer(r, o)
		if !ok || !r.chance(0.5) {
			return false
		}
		env, _ := objs(c, "env")
		if len(env) == 0 {
			return false
		}
		d := Clone(env[0]).(Obj)
		d["value"] = "dup"
		delete(d, "valueFrom")
		appendTo(c, "env", d)
		return true
	},
	func(r rng, o Obj) bool { // an element missing its merge key
		if !r.chance(0.3) {
			return false
		}
		c, ok := randomContainer(r, o)
		if !ok {
			return false
		}
		if r.chance(0.5) {
			appendTo(c, "env", Obj{"value": "orphan"})
		} else {
			delete(c, "name")
		}
		return true
	},
	func(r rng, o Obj) bool { // unknown fields, as in a custom resource pasted by mistake
		if !r.chance(0.2) {
			return false
		}
		if r.chance(0.7) {
			path(o, "metadata")["x-note"] = "hand-written"
		} else {
			path(o, "spec")["extra"] = Obj{"enabled": true}
		}
		return true
	},
}

func asInt(v any) int {
	switch t := v.(type) {
	case int:
		return t
	case int64:
		return int(t)
	case float64:
		return int(t)
	}
	return 0
}

// applyEdits applies n random file edits.
func applyEdits(r rng, o Obj, n int) {
	for done, tries := 0, 0; done < n && tries < 10*n; tries++ {
		if fileEdits[r.IntN(len(fileEdits))](r, o) {
			done++
		}
	}
}

// serverDefaults fills in what the API server adds on create, including the
// shapes that differ from the file (quantities in canonical form).
func serverDefaults(r rng, o Obj) {
	m := path(o, "metadata")
	m["uid"] = fmt.Sprintf("%08x-0000-4000-8000-%012x", r.Uint32(), r.Uint64()&0xffffffffffff)
	m["resourceVersion"] = fmt.Sprint(1000 + r.IntN(100000))
	m["creationTimestamp"] = "2025-01-02T03:04:05Z"
	switch o["kind"] {
	case "Deployment":
		s := path(o, "spec")
		m["generation"] = 1 + r.IntN(5)
		if _, ok := s["replicas"]; !ok {
			s["replicas"] = 1
		}
		s["revisionHistoryLimit"] = 10
		s["progressDeadlineSeconds"] = 600
		st := path(s, "strategy")
		if _, ok := st["type"]; !ok {
			st["type"] = "RollingUpdate"
		}
		if st["type"] == "RollingUpdate" {
			ru := path(st, "rollingUpdate")
			if _, ok := ru["maxSurge"]; !ok {
				ru["maxSurge"] = "25%"
			}
			if _, ok := ru["maxUnavailable"]; !ok {
				ru["maxUnavailable"] = "25%"
			}
		}
		path(s, "template", "metadata")["creationTimestamp"] = nil
		o["status"] = Obj{"replicas": s["replicas"], "observedGeneration": 1, "conditions": List{
			Obj{"type": "Available", "status": "True", "reason": "MinimumReplicasAvailable"},
			Obj{"type": "Progressing", "status": "True", "reason": "NewReplicaSetAvailable"},
		}}
		path(m, "annotations")["deployment.kubernetes.io/revision"] = "1"
	case "DaemonSet":
		s := path(o, "spec")
		s["revisionHistoryLimit"] = 10
		us := path(s, "updateStrategy")
		if _, ok := us["type"]; !ok {
			us["type"] = "RollingUpdate"
		}
		ru := path(us, "rollingUpdate")
		ru["maxSurge"] = 0
		if _, ok := ru["maxUnavailable"]; !ok {
			ru["maxUnavailable"] = 1
		}
		path(s, "template", "metadata")["creationTimestamp"] = nil
	case "Service":
		s := path(o, "spec")
		s["clusterIP"] = fmt.Sprintf("10.96.%d.%d", r.IntN(256), 1+r.IntN(254))
		s["clusterIPs"] = List{s["clusterIP"]}
		s["sessionAffinity"] = "None"
		s["ipFamilies"] = List{"IPv4"}
		s["ipFamilyPolicy"] = "SingleStack"
		s["internalTrafficPolicy"] = "Cluster"
		if _, ok := s["type"]; !ok {
			s["type"] = "ClusterIP"
		}
		ps, _ := objs(s, "ports")
		for _, p := range ps {
			if _, ok := p["protocol"]; !ok {
				p["protocol"] = "TCP"
			}
			if _, ok := p["targetPort"]; !ok {
				p["targetPort"] = p["port"]
			}
			if s["type"] != "ClusterIP" {
				p["nodePort"] = 30000 + r.IntN(2767)
			}
		}
		o["status"] = Obj{"loadBalancer": Obj{}}
	}
	if ps, ok := podSpecOf(o); ok {
		ps["restartPolicy"] = "Always"
		ps["dnsPolicy"] = "ClusterFirst"
		ps["schedulerName"] = "default-scheduler"
		ps["securityContext"] = Obj{}
		if _, ok := ps["terminationGracePeriodSeconds"]; !ok {
			ps["terminationGracePeriodSeconds"] = 30
		}
		for _, key := range []string{"containers", "initContainers"} {
			cs, _ := objs(ps, key)
			for _, c := range cs {
				defaultContainer(c)
			}
		}
		vs, _ := objs(ps, "volumes")
		for _, v := range vs {
			for _, src := range []string{"configMap", "secret"} {
				if s, ok := v[src].(Obj); ok {
					if _, ok := s["defaultMode"]; !ok {
						s["defaultMode"] = 420
					}
				}
			}
		}
	}
}

func defaultContainer(c Obj) {
	if _, ok := c["imagePullPolicy"]; !ok {
		c["imagePullPolicy"] = "IfNotPresent"
	}
	c["terminationMessagePath"] = "/dev/termination-log"
	c["terminationMessagePolicy"] = "File"
	if _, ok := c["resources"]; !ok {
		c["resources"] = Obj{}
	}
	res, _ := c["resources"].(Obj)
	for _, k := range []string{"requests", "limits"} {
		q, _ := res[k].(Obj)
		for name, v := range q {
			q[name] = canonicalQuantity(v)
		}
	}
	ps, _ := objs(c, "ports")
	for _, p := range ps {
		if _, ok := p["protocol"]; !ok {
			p["protocol"] = "TCP"
		}
	}
}

// canonicalQuantity renders a file's quantity as the server stores it.
func canonicalQuantity(v any) any {
	switch t := v.(type) {
	case float64:
		return fmt.Sprintf("%dm", int(t*1000))
	case int:
		return fmt.Sprint(t)
	}
	return v
}

// driftOps are changes made to the live object by others since the last
// apply: controllers, admission webhooks and imperative commands.
var driftOps = []editOp{
	func(r rng, o Obj) bool { // kubectl scale
		s, ok := lookup(o, "spec")
		if ok && o["kind"] == "Deployment" {
			s["replicas"] = 1 + r.IntN(10)
		}
		return ok && o["kind"] == "Deployment"
	},
	func(r rng, o Obj) bool { // a sidecar injected by a mutating webhook
		ps, ok := podSpecOf(o)
		if !ok {
			return false
		}
		sc := Obj{"name": "istio-proxy", "image": "istio/proxyv2:1.22", "args": List{"proxy", "sidecar"},
			"ports": List{Obj{"containerPort": 15090, "name": "http-envoy-prom", "protocol": "TCP"}}}
		defaultContainer(sc)
		appendTo(ps, "containers", sc)
		appendTo(ps, "initContainers", Obj{"name": "istio-init", "image": "istio/proxyv2:1.22"})
		appendTo(ps, "volumes", Obj{"name": "istio-envoy", "emptyDir": Obj{"medium": "Memory"}})
		return true
	},
	func(r rng, o Obj) bool { // kubectl annotate / label
		m := path(o, "metadata", pick(r, "labels", "annotations"))
		m[pick(r, "owner", "team", "example.com/checksum", "app")] = pick(r, labelValues...)
		return true
	},
	func(r rng, o Obj) bool { // kubectl set image
		c, ok := randomContainer(r, o)
		if ok {
			c["image"] = pick(r, images...)
		}
		return ok
	},
	func(r rng, o Obj) bool { // kubectl set env
		c, ok := randomContainer(r, o)
		if ok {
			appendTo(c, "env", Obj{"name": pick(r, envNames...), "value": "from-kubectl-set-env"})
		}
		return ok
	},
	func(r rng, o Obj) bool { // a finalizer added by a controller
		appendTo(path(o, "metadata"), "finalizers", pick(r, finalizerNames...))
		return true
	},
	func(r rng, o Obj) bool { // tolerations added by admission
		ps, ok := podSpecOf(o)
		if ok {
			appendTo(ps, "tolerations", Obj{"key": "node.kubernetes.io/not-ready", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300})
		}
		return ok
	},
	func(r rng, o Obj) bool { // kubectl edit reordering a list
		ps, ok := podSpecOf(o)
		if ok {
			shuffle(r, ps, pick(r, "containers", "volumes"))
		}
		return ok
	},
	func(r rng, o Obj) bool { // ConfigMap edited in place
		d, ok := o["data"].(Obj)
		if ok {
			d["edited"] = "by hand"
		}
		return ok
	},
}

func applyDrift(r rng, o Obj, n int) {
	for done, tries := 0, 0; done < n && tries < 10*n; tries++ {
		if driftOps[r.IntN(len(driftOps))](r, o) {
			done++
		}
	}
}
