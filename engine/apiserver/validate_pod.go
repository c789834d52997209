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
	errs := validateContainers(containers, path+".containers")
	return append(errs, validateContainers(listAt(spec, "initContainers"), path+".initContainers")...)
}

func validateContainers(containers []any, path string) []fieldError {
	var errs []fieldError
	for i, c := range containers {
		cm, _ := c.(map[string]any)
		p := path + "[" + strconv.Itoa(i) + "]"
		if stringAt(cm, "name") == "" {
			errs = append(errs, required(p+".name", ""))
		}
		if stringAt(cm, "image") == "" {
			errs = append(errs, required(p+".image", ""))
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
