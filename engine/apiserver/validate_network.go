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

// validateIngress: every HTTP path has a pathType (it has no default).
func validateIngress(obj, old map[string]any) []fieldError {
	var errs []fieldError
	for i, r := range listAt(objectAt(obj, "spec"), "rules") {
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
