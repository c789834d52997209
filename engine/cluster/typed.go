package cluster

// The API server stores built-in kinds as Go structs, so what it returns
// is their JSON encoding: a struct field without omitempty, or a struct
// (which omitempty never omits), is always there, as a zero value or {}.
// typedEncoding adds those fields to a stored object, for the kinds the
// documentation uses (TestStoredObjectsAreTyped checks it against the
// k8s.io/api types).

// zeroStatus are the status fields each kind's encoding always has.
var zeroStatus = map[string]map[string]any{
	"apps/Deployment":                     {},
	"apps/ReplicaSet":                     {"replicas": int64(0)},
	"apps/StatefulSet":                    {"replicas": int64(0), "availableReplicas": int64(0)},
	"apps/DaemonSet":                      {"currentNumberScheduled": int64(0), "desiredNumberScheduled": int64(0), "numberMisscheduled": int64(0), "numberReady": int64(0)},
	"batch/Job":                           {},
	"batch/CronJob":                       {},
	"/Pod":                                {},
	"/Service":                            {"loadBalancer": map[string]any{}},
	"/PersistentVolumeClaim":              {},
	"/Namespace":                          {},
	"networking.k8s.io/Ingress":           {"loadBalancer": map[string]any{}},
	"autoscaling/HorizontalPodAutoscaler": {"currentMetrics": nil, "desiredReplicas": int64(0)},
	"policy/PodDisruptionBudget":          {"currentHealthy": int64(0), "desiredHealthy": int64(0), "disruptionsAllowed": int64(0), "expectedPods": int64(0)},
	"/ResourceQuota":                      {},
	"apiregistration.k8s.io/APIService":   {},
	"/ReplicationController":              {"replicas": int64(0)},
}

// zeroSpec are the spec fields that are structs, for the kinds with one.
var zeroSpec = map[string][]string{
	"apps/Deployment":  {"strategy"},
	"apps/DaemonSet":   {"updateStrategy"},
	"apps/StatefulSet": {"updateStrategy"},
	"/Namespace":       {},
}

// podTemplatePaths are where a kind keeps its pod templates.
var podTemplatePaths = map[string][][]string{
	"apps/Deployment":        {{"spec", "template"}},
	"apps/ReplicaSet":        {{"spec", "template"}},
	"apps/StatefulSet":       {{"spec", "template"}},
	"apps/DaemonSet":         {{"spec", "template"}},
	"batch/Job":              {{"spec", "template"}},
	"batch/CronJob":          {{"spec", "jobTemplate", "spec", "template"}},
	"/ReplicationController": {{"spec", "template"}},
	"/PodTemplate":           {{"template"}},
}

func typedEncoding(k *Kind, obj map[string]any) {
	if k.Custom {
		return
	}
	gk := k.Group + "/" + k.Kind
	if fields, ok := zeroSpec[gk]; ok {
		spec := ensureMap(obj, "spec")
		for _, f := range fields {
			ensureMap(spec, f)
		}
	}
	if zero, ok := zeroStatus[gk]; ok {
		status := ensureMap(obj, "status")
		for f, v := range zero {
			if _, present := status[f]; !present {
				status[f] = copyZero(v)
			}
		}
	}
	if gk == "batch/CronJob" {
		if spec, ok := obj["spec"].(map[string]any); ok {
			if jt, ok := spec["jobTemplate"].(map[string]any); ok {
				ensureMap(jt, "metadata")
			}
		}
	}
	if gk == "/Pod" {
		if spec, ok := obj["spec"].(map[string]any); ok {
			typedPodSpec(spec)
		}
	}
	for _, path := range podTemplatePaths[gk] {
		var cur any = obj
		for _, f := range path {
			m, _ := cur.(map[string]any)
			cur = m[f]
		}
		tmpl, ok := cur.(map[string]any)
		if !ok {
			continue
		}
		ensureMap(tmpl, "metadata")
		if spec, ok := tmpl["spec"].(map[string]any); ok {
			typedPodSpec(spec)
		}
	}
	if gk == "/Service" {
		if spec, ok := obj["spec"].(map[string]any); ok {
			ports, _ := spec["ports"].([]any)
			for _, p := range ports {
				if pm, ok := p.(map[string]any); ok {
					if _, present := pm["targetPort"]; !present {
						pm["targetPort"] = int64(0)
					}
				}
			}
		}
	}
}

// typedPodSpec gives every container its resources, a struct.
func typedPodSpec(spec map[string]any) {
	for _, field := range []string{"initContainers", "containers", "ephemeralContainers"} {
		list, _ := spec[field].([]any)
		for _, c := range list {
			if cm, ok := c.(map[string]any); ok {
				ensureMap(cm, "resources")
			}
		}
	}
}

// ensureMap returns m[key] as a map, setting it to {} when absent or null.
func ensureMap(m map[string]any, key string) map[string]any {
	if v, ok := m[key].(map[string]any); ok {
		return v
	}
	if v, present := m[key]; present && v != nil {
		return map[string]any{} // not a map: validation's business
	}
	v := map[string]any{}
	m[key] = v
	return v
}

func copyZero(v any) any {
	if m, ok := v.(map[string]any); ok {
		out := make(map[string]any, len(m))
		for k, x := range m {
			out[k] = copyZero(x)
		}
		return out
	}
	return v
}
