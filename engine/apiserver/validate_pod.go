package apiserver

import "strconv"

// validatePod is the part of ValidatePodCreate the package implements.
func validatePod(obj, old map[string]any) []fieldError {
	return validatePodSpec(objectAt(obj, "spec"), "spec")
}

// validatePodSpec: at least one container, each with a name and an image.
func validatePodSpec(spec map[string]any, path string) []fieldError {
	containers := listAt(spec, "containers")
	if len(containers) == 0 {
		return []fieldError{required(path+".containers", "")}
	}
	var errs []fieldError
	for i, c := range containers {
		cm, _ := c.(map[string]any)
		p := path + ".containers[" + strconv.Itoa(i) + "]"
		if stringAt(cm, "name") == "" {
			errs = append(errs, required(p+".name", ""))
		}
		if stringAt(cm, "image") == "" {
			errs = append(errs, required(p+".image", ""))
		}
	}
	return errs
}
