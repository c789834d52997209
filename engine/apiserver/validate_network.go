package apiserver

import "strconv"

// validateService is the part of validateService (core validation)
// implemented, in its order: ports required (unless headless or
// ExternalName); each port named when there are several (an RFC 1123
// label, used once), its port number, protocol and targetPort; the
// selector's labels; sessionAffinity and type among their values; no
// nodePort on a ClusterIP Service.
func validateService(s Settings, obj, old map[string]any) []fieldError {
	spec := objectAt(obj, "spec")
	ports := listAt(spec, "ports")
	typ := stringAt(spec, "type")
	headless := stringAt(spec, "clusterIP") == "None"
	var errs []fieldError
	if len(ports) == 0 && !headless && typ != "ExternalName" {
		errs = append(errs, required("spec.ports", ""))
	}
	names := map[string]bool{}
	for i, p := range ports {
		pm, _ := p.(map[string]any)
		pp := "spec.ports[" + strconv.Itoa(i) + "]"
		name := stringAt(pm, "name")
		switch {
		case len(ports) > 1 && name == "":
			errs = append(errs, required(pp+".name", ""))
		case name != "":
			for _, msg := range dnsLabel(name) {
				errs = append(errs, invalid(pp+".name", name, msg))
			}
			if names[name] {
				errs = append(errs, fieldError{field: pp + ".name", typ: TypeDuplicate, value: badValue(name)})
			}
			names[name] = true
		}
		if n, _ := intAt(pm, "port"); !validPort(n) {
			errs = append(errs, invalid(pp+".port", n, portRangeMsg))
		}
		errs = append(errs, protocol(pm, pp)...)
		switch tp := pm["targetPort"].(type) {
		case string:
			for _, msg := range portName(tp) {
				errs = append(errs, invalid(pp+".targetPort", tp, msg))
			}
		default:
			if n, ok := intAt(pm, "targetPort"); ok && !validPort(n) {
				errs = append(errs, invalid(pp+".targetPort", n, portRangeMsg))
			}
		}
	}
	if sel := objectAt(spec, "selector"); sel != nil {
		errs = append(errs, validateLabels(sel, "spec.selector")...)
	}
	switch sa := stringAt(spec, "sessionAffinity"); sa {
	case "", "None", "ClientIP":
	default:
		errs = append(errs, notSupported("spec.sessionAffinity", sa, "ClientIP", "None"))
	}
	switch typ {
	case "", "ClusterIP", "NodePort", "LoadBalancer", "ExternalName":
	default:
		errs = append(errs, notSupported("spec.type", typ, "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"))
	}
	if typ == "ClusterIP" {
		for i, p := range ports {
			pm, _ := p.(map[string]any)
			if n, _ := intAt(pm, "nodePort"); n != 0 {
				errs = append(errs, forbidden("spec.ports["+strconv.Itoa(i)+"].nodePort", "may not be used when `type` is 'ClusterIP'"))
			}
		}
	}
	return errs
}

// validateIngress: rules or a defaultBackend, and every HTTP path has a
// pathType (it has no default).
func validateIngress(s Settings, obj, old map[string]any) []fieldError {
	var errs []fieldError
	spec := objectAt(obj, "spec")
	if len(listAt(spec, "rules")) == 0 && unset(spec, "defaultBackend", false) {
		// The server prints spec.rules as Go holds it: nil or empty.
		rules := rawJSON("null")
		if _, ok := spec["rules"].([]any); ok {
			rules = "[]"
		}
		errs = append(errs, invalid("spec", rules, "either `defaultBackend` or `rules` must be specified"))
	}
	for i, r := range listAt(spec, "rules") {
		rm, _ := r.(map[string]any)
		for j, p := range listAt(objectAt(rm, "http"), "paths") {
			pm, _ := p.(map[string]any)
			if unset(pm, "pathType", false) {
				errs = append(errs, required("spec.rules["+strconv.Itoa(i)+"].http.paths["+strconv.Itoa(j)+"].pathType", "pathType must be specified"))
			}
		}
	}
	return errs
}
