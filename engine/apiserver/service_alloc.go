package apiserver

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/applylens/applylens/engine/jsonvalue"
)

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
		spec["ipFamilies"] = []any{"IPv4"}
	}
	// A headless Service without a selector may ask for both families on
	// a single-stack cluster: the allocator adds the other one.
	if families := listAt(spec, "ipFamilies"); headlessNoSelector && len(families) < 2 && stringAt(spec, "ipFamilyPolicy") != "SingleStack" {
		other := "IPv6"
		if families[0] == "IPv6" {
			other = "IPv4"
		}
		spec["ipFamilies"] = append(families, other)
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

// ServiceIPFamilies checks a Service's IP family fields against the
// simulated cluster's configuration before AllocateService, as the
// Service REST storage's allocator does (initIPFamilyFields in
// pkg/registry/core/service/storage/alloc.go) on a single-stack IPv4
// cluster, the default of kind and kubeadm: IPv6 is not configured, so a
// Service asking for it (ipFamilies, an IPv6 clusterIPs entry) or for
// both families (ipFamilyPolicy: RequireDualStack) is refused, except a
// headless Service without a selector, which may name both. old is the
// stored Service on an update, nil on a create. The messages and their
// order are the allocator's: its pre-validation of the family fields
// (ValidateServiceClusterIPsRelatedFields, the part about families and
// the policy), then the policy against the number of families and
// addresses, then what the cluster lacks.
func ServiceIPFamilies(obj, old map[string]any) *StatusError {
	if stringAt(obj, "kind") != "Service" || stringAt(obj, "apiVersion") != "v1" {
		return nil
	}
	spec := objectAt(obj, "spec")
	if spec == nil || stringAt(spec, "type") == "ExternalName" {
		return nil
	}
	name := stringAt(objectAt(obj, "metadata"), "name")
	oldSpec := objectAt(old, "spec")
	if preferDualStackUnchanged(spec, oldSpec) {
		return nil
	}
	headlessNoSelector := stringAt(spec, "clusterIP") == "None" && len(objectAt(spec, "selector")) == 0
	policy := stringAt(spec, "ipFamilyPolicy")
	switch {
	case policy != "":
	case stringAt(oldSpec, "ipFamilyPolicy") != "":
		policy = stringAt(oldSpec, "ipFamilyPolicy")
	case headlessNoSelector:
		policy = "RequireDualStack"
	default:
		policy = "SingleStack"
	}
	families := listAt(spec, "ipFamilies")
	var errs []fieldError
	seen := map[any]bool{}
	for i, f := range families {
		p := "spec.ipFamilies[" + strconv.Itoa(i) + "]"
		if f != "IPv4" && f != "IPv6" {
			errs = append(errs, notSupported(p, f, "IPv4", "IPv6"))
		}
		if seen[f] {
			errs = append(errs, fieldError{field: p, typ: TypeDuplicate, value: badValue(f)})
		}
		seen[f] = true
	}
	switch policy {
	case "SingleStack", "PreferDualStack", "RequireDualStack":
	default:
		errs = append(errs, notSupported("spec.ipFamilyPolicy", policy, "PreferDualStack", "RequireDualStack", "SingleStack"))
	}
	// The addresses as normalizeClusterIPs leaves them: clusterIP alone
	// stands for clusterIPs; an update that leaves clusterIPs out keeps
	// the stored ones while clusterIP is unchanged.
	ips := listAt(spec, "clusterIPs")
	if len(ips) == 0 {
		if stringAt(spec, "clusterIP") != "" && stringAt(spec, "clusterIP") == stringAt(oldSpec, "clusterIP") && oldSpec != nil {
			ips = listAt(oldSpec, "clusterIPs")
		} else if stringAt(spec, "clusterIP") != "" {
			ips = []any{spec["clusterIP"]}
		}
	}
	// Each address of the family its ipFamilies entry names.
	if stringAt(spec, "clusterIP") != "None" {
		for i, ip := range ips {
			if i >= len(families) {
				break
			}
			s, _ := ip.(string)
			v6 := strings.Contains(s, ":")
			switch {
			case families[i] == "IPv4" && v6:
				errs = append(errs, invalid("spec.clusterIPs["+strconv.Itoa(i)+"]", s, "expected an IPv4 value as indicated by `ipFamilies["+strconv.Itoa(i)+"]`"))
			case families[i] == "IPv6" && !v6:
				errs = append(errs, invalid("spec.clusterIPs["+strconv.Itoa(i)+"]", s, "expected an IPv6 value as indicated by `ipFamilies["+strconv.Itoa(i)+"]`"))
			}
		}
	}
	if len(errs) > 0 {
		return statusError("Service", "", name, errs)
	}
	if policy == "SingleStack" {
		if len(ips) == 2 {
			errs = append(errs, invalid("spec.ipFamilyPolicy", policy, "must be 'RequireDualStack' or 'PreferDualStack' when multiple cluster IPs are specified"))
		}
		if len(families) == 2 {
			errs = append(errs, invalid("spec.ipFamilyPolicy", policy, "must be 'RequireDualStack' or 'PreferDualStack' when multiple IP families are specified"))
		}
	}
	for i, ip := range ips {
		s, _ := ip.(string)
		if s == "None" {
			break
		}
		if i >= len(families) && strings.Contains(s, ":") {
			errs = append(errs, invalid("spec.clusterIPs["+strconv.Itoa(i)+"]", ips, "IPv6 is not configured on this cluster"))
		}
	}
	if len(errs) > 0 {
		return statusError("Service", "", name, errs)
	}
	if headlessNoSelector {
		return nil
	}
	if policy == "RequireDualStack" {
		errs = append(errs, invalid("spec.ipFamilyPolicy", policy, "this cluster is not configured for dual-stack services"))
	}
	for i, f := range families {
		if f != "IPv4" {
			errs = append(errs, invalid("spec.ipFamilies["+strconv.Itoa(i)+"]", f, "not configured on this cluster"))
		}
	}
	return statusError("Service", "", name, errs)
}

// preferDualStackUnchanged is the allocator's
// isMatchingPreferDualStackClusterIPFields: an update that keeps a
// PreferDualStack Service's type, addresses and families is not checked
// again.
func preferDualStackUnchanged(spec, oldSpec map[string]any) bool {
	if oldSpec == nil || stringAt(spec, "ipFamilyPolicy") != "PreferDualStack" {
		return false
	}
	typ := stringAt(spec, "type")
	if typ != stringAt(oldSpec, "type") || (typ != "ClusterIP" && typ != "NodePort" && typ != "LoadBalancer") {
		return false
	}
	if p := stringAt(oldSpec, "ipFamilyPolicy"); p != "" && p != "PreferDualStack" {
		return false
	}
	return reflect.DeepEqual(listAt(spec, "clusterIPs"), listAt(oldSpec, "clusterIPs")) &&
		reflect.DeepEqual(listAt(spec, "ipFamilies"), listAt(oldSpec, "ipFamilies"))
}
