package apiserver

import "strconv"

// validateService: with several ports, each needs a name.
func validateService(obj, old map[string]any) []fieldError {
	ports := listAt(objectAt(obj, "spec"), "ports")
	if len(ports) < 2 {
		return nil
	}
	var errs []fieldError
	for i, p := range ports {
		pm, _ := p.(map[string]any)
		if stringAt(pm, "name") == "" {
			errs = append(errs, required("spec.ports["+strconv.Itoa(i)+"].name", ""))
		}
	}
	return errs
}

// validateIngress: rules or a defaultBackend, and every HTTP path has a
// pathType (it has no default).
func validateIngress(obj, old map[string]any) []fieldError {
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
