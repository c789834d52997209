package apiserver

// Core defaults mirror k8s.io/kubernetes pkg/apis/core/v1 for the kinds
// other than Pod.

func defaultService(obj map[string]any) {
	spec := ensureObject(obj, "spec")
	setValue(spec, "sessionAffinity", "None")
	switch stringAt(spec, "sessionAffinity") {
	case "None":
		delete(spec, "sessionAffinityConfig")
	case "ClientIP":
		if ip := objectAt(spec, "sessionAffinityConfig", "clientIP"); ip == nil || unset(ip, "timeoutSeconds", false) {
			spec["sessionAffinityConfig"] = map[string]any{"clientIP": map[string]any{"timeoutSeconds": int64(10800)}}
		}
	}
	setValue(spec, "type", "ClusterIP")
	eachObject(spec, "ports", func(p map[string]any) {
		setValue(p, "protocol", "TCP")
		if tp, ok := p["targetPort"]; !ok || tp == nil || tp == "" || tp == int64(0) || tp == float64(0) {
			if port, ok := p["port"]; ok && port != nil {
				p["targetPort"] = port
			} else {
				p["targetPort"] = int64(0)
			}
		}
	})
	typ := stringAt(spec, "type")
	if externallyAccessible(spec) {
		setValue(spec, "externalTrafficPolicy", "Cluster")
	}
	if typ == "NodePort" || typ == "LoadBalancer" || typ == "ClusterIP" {
		setPointer(spec, "internalTrafficPolicy", "Cluster")
	}
	if typ == "LoadBalancer" {
		setPointer(spec, "allocateLoadBalancerNodePorts", true)
		eachObject(objectAt(obj, "status", "loadBalancer"), "ingress", func(ing map[string]any) {
			if stringAt(ing, "ip") != "" {
				setPointer(ing, "ipMode", "VIP")
			}
		})
	}
}

// externallyAccessible is pkg/api/v1/service.ExternallyAccessible.
func externallyAccessible(spec map[string]any) bool {
	switch stringAt(spec, "type") {
	case "LoadBalancer", "NodePort":
		return true
	case "ClusterIP":
		return len(listAt(spec, "externalIPs")) > 0
	}
	return false
}

func defaultSecret(obj map[string]any) {
	setValue(obj, "type", "Opaque")
}

func defaultNamespace(obj map[string]any) {
	meta := objectAt(obj, "metadata")
	if name := stringAt(meta, "name"); name != "" {
		ensureObject(meta, "labels")["kubernetes.io/metadata.name"] = name
	}
	setValue(ensureObject(obj, "status"), "phase", "Active")
}

// defaultPVC is SetObjectDefaults_PersistentVolumeClaim.
func defaultPVC(obj map[string]any) {
	setValue(ensureObject(obj, "status"), "phase", "Pending")
	defaultPVCSpec(ensureObject(obj, "spec"))
}

func defaultReplicationController(obj map[string]any) {
	spec := ensureObject(obj, "spec")
	tmpl := objectAt(spec, "template")
	if labels := objectAt(tmpl, "metadata", "labels"); labels != nil {
		if len(objectAt(spec, "selector")) == 0 {
			spec["selector"] = labels
		}
		meta := ensureObject(obj, "metadata")
		if len(objectAt(meta, "labels")) == 0 {
			meta["labels"] = labels
		}
	}
	setPointer(spec, "replicas", int64(1))
	defaultPodTemplate(tmpl)
}

func defaultNetworkPolicy(obj map[string]any) {
	spec := ensureObject(obj, "spec")
	if len(listAt(spec, "policyTypes")) == 0 {
		types := []any{"Ingress"}
		if len(listAt(spec, "egress")) > 0 {
			types = append(types, "Egress")
		}
		spec["policyTypes"] = types
	}
	for _, dir := range []string{"ingress", "egress"} {
		eachObject(spec, dir, func(rule map[string]any) {
			eachObject(rule, "ports", func(p map[string]any) {
				setPointer(p, "protocol", "TCP")
			})
		})
	}
}

func defaultIngressClass(obj map[string]any) {
	if p := objectAt(obj, "spec", "parameters"); p != nil {
		setPointer(p, "scope", "Cluster")
	}
}

// defaultStorageClass is SetDefaults_StorageClass (storage/v1).
func defaultStorageClass(obj map[string]any) {
	setPointer(obj, "reclaimPolicy", "Delete")
	setPointer(obj, "volumeBindingMode", "Immediate")
}

// defaultPriorityClass is SetDefaults_PriorityClass (scheduling/v1).
func defaultPriorityClass(obj map[string]any) {
	setPointer(obj, "preemptionPolicy", "PreemptLowerPriority")
}

func defaultHPA(obj map[string]any) {
	spec := ensureObject(obj, "spec")
	setPointer(spec, "minReplicas", int64(1))
	if len(listAt(spec, "metrics")) == 0 {
		spec["metrics"] = []any{map[string]any{
			"type": "Resource",
			"resource": map[string]any{
				"name":   "cpu",
				"target": map[string]any{"type": "Utilization", "averageUtilization": int64(80)},
			},
		}}
	}
	if b := objectAt(spec, "behavior"); b != nil {
		b["scaleUp"] = scalingRules(objectAt(b, "scaleUp"), map[string]any{
			"stabilizationWindowSeconds": int64(0),
			"selectPolicy":               "Max",
			"policies": []any{
				map[string]any{"type": "Pods", "value": int64(4), "periodSeconds": int64(15)},
				map[string]any{"type": "Percent", "value": int64(100), "periodSeconds": int64(15)},
			},
		})
		b["scaleDown"] = scalingRules(objectAt(b, "scaleDown"), map[string]any{
			"selectPolicy": "Max",
			"policies": []any{
				map[string]any{"type": "Percent", "value": int64(100), "periodSeconds": int64(15)},
			},
		})
	}
}

// scalingRules is copyHPAScalingRules: the user's fields over the defaults.
func scalingRules(from, defaults map[string]any) map[string]any {
	if from == nil {
		return defaults
	}
	for _, k := range []string{"selectPolicy", "stabilizationWindowSeconds", "policies", "tolerance"} {
		if v, ok := from[k]; ok && v != nil {
			defaults[k] = v
		}
	}
	return defaults
}

// defaultLimitRange is SetDefaults_LimitRangeItem: a Container item's
// default limit is its max where unset, its default request its default
// limit, else its min. (Empty lists stay omitted, as the encoding omits
// them.)
func defaultLimitRange(obj map[string]any) {
	eachObject(objectAt(obj, "spec"), "limits", func(item map[string]any) {
		if stringAt(item, "type") != "Container" {
			return
		}
		fill := func(to, from string) {
			src := objectAt(item, from)
			for k, v := range src {
				dst := objectAt(item, to)
				if _, ok := dst[k]; ok {
					continue
				}
				if dst == nil {
					dst = map[string]any{}
					item[to] = dst
				}
				dst[k] = v
			}
		}
		fill("default", "max")
		fill("defaultRequest", "default")
		fill("defaultRequest", "min")
	})
}
