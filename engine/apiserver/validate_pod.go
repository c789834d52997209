package apiserver

import "strconv"

// validatePod is the part of ValidatePodCreate the package implements.
func validatePod(obj, old map[string]any) []fieldError {
	return validatePodSpec(objectAt(obj, "spec"), "spec")
}

// validatePodSpec: at least one container, each container and init
// container with a name and an image.
func validatePodSpec(spec map[string]any, path string) []fieldError {
	containers := listAt(spec, "containers")
	if len(containers) == 0 {
		return []fieldError{required(path+".containers", "")}
	}
	names := map[string]bool{}
	errs := validateContainers(containers, path+".containers", names, false)
	return append(errs, validateContainers(listAt(spec, "initContainers"), path+".initContainers", names, true)...)
}

// validateContainers: each container has a name that is an RFC 1123
// label, unique among the containers and init containers, and an image.
// Regular containers come first and count even an empty name as taken.
func validateContainers(containers []any, path string, names map[string]bool, init bool) []fieldError {
	var errs []fieldError
	for i, c := range containers {
		cm, _ := c.(map[string]any)
		p := path + "[" + strconv.Itoa(i) + "]"
		name := stringAt(cm, "name")
		if name == "" {
			errs = append(errs, required(p+".name", ""))
		} else {
			for _, msg := range dnsLabel(name) {
				errs = append(errs, invalid(p+".name", name, msg))
			}
		}
		if stringAt(cm, "image") == "" {
			errs = append(errs, required(p+".image", ""))
		}
		if names[name] {
			errs = append(errs, fieldError{field: p + ".name", typ: TypeDuplicate, value: badValue(name)})
		} else if name != "" || !init {
			names[name] = true
		}
	}
	return errs
}

// validatePodTemplate is the part of ValidatePodTemplateSpec implemented:
// the template's label values (reported at <path>.labels, as the server
// does), then its pod spec.
func validatePodTemplate(tmpl map[string]any, path string) []fieldError {
	errs := validateLabels(objectAt(tmpl, "metadata", "labels"), path+".labels")
	return append(errs, validatePodSpec(objectAt(tmpl, "spec"), path+".spec")...)
}
