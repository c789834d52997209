package cluster

import (
	"fmt"
	"hash/fnv"

	"github.com/applylens/applylens/engine/jsonvalue"
)

// simulatedStatus is the status a healthy controller reports once all
// replicas are up. The ReplicaSet name's hash is an FNV hash of the pod
// template's JSON, not Kubernetes' pod-template-hash.
func simulatedStatus(k *Kind, obj map[string]any, now string) (map[string]any, bool) {
	replicas := int64(1)
	spec, _ := obj["spec"].(map[string]any)
	if v, ok := spec["replicas"].(int64); ok {
		replicas = v
	}
	gen := num(obj, "metadata", "generation")
	status := map[string]any{"replicas": replicas}
	if gen > 0 {
		status["observedGeneration"] = gen
	}
	if replicas > 0 {
		status["readyReplicas"] = replicas
		status["availableReplicas"] = replicas
	}
	switch k.Group + "/" + k.Kind {
	case "apps/Deployment":
		status["updatedReplicas"] = replicas
		name := metaString(obj, "name")
		status["conditions"] = []any{
			map[string]any{"type": "Available", "status": "True", "reason": "MinimumReplicasAvailable", "message": "Deployment has minimum availability.", "lastTransitionTime": now, "lastUpdateTime": now},
			map[string]any{"type": "Progressing", "status": "True", "reason": "NewReplicaSetAvailable", "message": fmt.Sprintf("ReplicaSet %q has successfully progressed.", name+"-"+templateHash(spec["template"])), "lastTransitionTime": now, "lastUpdateTime": now},
		}
	case "apps/ReplicaSet":
		status["fullyLabeledReplicas"] = replicas
	case "apps/StatefulSet":
		status["currentReplicas"] = replicas
		status["updatedReplicas"] = replicas
		status["collisionCount"] = int64(0)
	default:
		return nil, false
	}
	return status, true
}

func templateHash(tmpl any) string {
	data, _ := jsonvalue.Encode(tmpl)
	h := fnv.New32a()
	h.Write(data)
	const alphanums = "bcdfghjklmnpqrstvwxz2456789"
	v := h.Sum32()
	out := make([]byte, 10)
	for i := range out {
		out[i] = alphanums[v%uint32(len(alphanums))]
		v = v/uint32(len(alphanums)) + uint32(i)*7919
	}
	return string(out)
}
