package apiserver

import "github.com/applylens/applylens/engine/jsonvalue"

// AllocateService does, on a Service being created or updated, what the
// Service REST storage's allocators do in a single-stack IPv4 cluster
// (k8s.io/kubernetes pkg/registry/core/service/storage/alloc.go): the IP
// family fields, the cluster IP, and the node ports. Allocation is not
// defaulting, and the addresses are the cluster's to hand out, so the
// caller passes them: clusterIP is the next free address (used only when
// spec.clusterIP is unset), nodePort returns the next free node port
// (called only for ports that need one). It returns the paths it set,
// sorted. An ExternalName Service is left as it is.
func AllocateService(obj map[string]any, clusterIP string, nodePort func() int64) []string {
	if stringAt(obj, "kind") != "Service" || stringAt(obj, "apiVersion") != "v1" {
		return nil
	}
	spec := objectAt(obj, "spec")
	if spec == nil || stringAt(spec, "type") == "ExternalName" {
		return nil
	}
	before := jsonvalue.CopyObject(obj)
	headlessNoSelector := stringAt(spec, "clusterIP") == "None" && len(objectAt(spec, "selector")) == 0
	if unset(spec, "ipFamilyPolicy", false) {
		if headlessNoSelector {
			spec["ipFamilyPolicy"] = "RequireDualStack"
		} else {
			spec["ipFamilyPolicy"] = "SingleStack"
		}
	}
	if len(listAt(spec, "ipFamilies")) == 0 {
		families := []any{"IPv4"}
		if headlessNoSelector && stringAt(spec, "ipFamilyPolicy") != "SingleStack" {
			families = append(families, "IPv6")
		}
		spec["ipFamilies"] = families
	}
	if stringAt(spec, "clusterIP") == "" {
		if ips := listAt(spec, "clusterIPs"); len(ips) > 0 {
			spec["clusterIP"] = ips[0]
		} else {
			spec["clusterIP"] = clusterIP
		}
	}
	if len(listAt(spec, "clusterIPs")) == 0 {
		spec["clusterIPs"] = []any{spec["clusterIP"]}
	}
	typ := stringAt(spec, "type")
	allocate := typ == "NodePort" || typ == "LoadBalancer"
	if typ == "LoadBalancer" {
		if b, ok := spec["allocateLoadBalancerNodePorts"].(bool); ok && !b {
			allocate = false
		}
	}
	if allocate && nodePort != nil {
		eachObject(spec, "ports", func(p map[string]any) {
			if unset(p, "nodePort", true) {
				p["nodePort"] = nodePort()
			}
		})
	}
	if typ == "LoadBalancer" && stringAt(spec, "externalTrafficPolicy") == "Local" && nodePort != nil && unset(spec, "healthCheckNodePort", true) {
		spec["healthCheckNodePort"] = nodePort()
	}
	return changedPaths("v1", "Service", before, obj)
}
