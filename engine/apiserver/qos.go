package apiserver

import "math/big"

// qosClass is k8s.io/kubernetes pkg/apis/core/helper/qos.GetPodQOS for
// pods without pod-level resources: cpu and memory requests and limits of
// the containers and init containers.
func qosClass(spec map[string]any) string {
	requests := map[string]*big.Rat{}
	limits := map[string]*big.Rat{}
	guaranteed := true
	var containers []any
	containers = append(containers, listAt(spec, "containers")...)
	containers = append(containers, listAt(spec, "initContainers")...)
	for _, c := range containers {
		res := objectAt(c.(map[string]any), "resources")
		for name, q := range objectAt(res, "requests") {
			if name != "cpu" && name != "memory" {
				continue
			}
			if v, ok := parseQuantity(q); ok && v.Sign() > 0 {
				add(requests, name, v)
			}
		}
		found := map[string]bool{}
		for name, q := range objectAt(res, "limits") {
			if name != "cpu" && name != "memory" {
				continue
			}
			if v, ok := parseQuantity(q); ok && v.Sign() > 0 {
				found[name] = true
				add(limits, name, v)
			}
		}
		if !found["cpu"] || !found["memory"] {
			guaranteed = false
		}
	}
	if len(requests) == 0 && len(limits) == 0 {
		return "BestEffort"
	}
	if guaranteed {
		for name, req := range requests {
			if lim, ok := limits[name]; !ok || lim.Cmp(req) != 0 {
				guaranteed = false
				break
			}
		}
	}
	if guaranteed && len(requests) == len(limits) {
		return "Guaranteed"
	}
	return "Burstable"
}

func add(m map[string]*big.Rat, name string, v *big.Rat) {
	if s, ok := m[name]; ok {
		s.Add(s, v)
		return
	}
	m[name] = new(big.Rat).Set(v)
}
