package apiserver

import "strconv"

// validatePod is the part of ValidatePodCreate the package implements.
func validatePod(obj, old map[string]any) []fieldError {
	return validatePodSpec(objectAt(obj, "spec"), "spec", nil)
}

// validatePodSpec: at least one container, each container and init
// container with a name, an image and volumeMounts that name volumes of
// the pod or extraVolumes (a StatefulSet's volumeClaimTemplates).
func validatePodSpec(spec map[string]any, path string, extraVolumes []string) []fieldError {
	containers := listAt(spec, "containers")
	if len(containers) == 0 {
		return []fieldError{required(path+".containers", "")}
	}
	volumes := map[string]bool{}
	eachObject(spec, "volumes", func(v map[string]any) { volumes[stringAt(v, "name")] = true })
	for _, v := range extraVolumes {
		volumes[v] = true
	}
	names := map[string]bool{}
	errs := validateContainers(containers, path+".containers", names, volumes, false)
	return append(errs, validateContainers(listAt(spec, "initContainers"), path+".initContainers", names, volumes, true)...)
}

// validateContainers: each container has a name that is an RFC 1123
// label, unique among the containers and init containers, and an image.
// Regular containers come first and count even an empty name as taken.
func validateContainers(containers []any, path string, names, volumes map[string]bool, init bool) []fieldError {
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
		errs = append(errs, validateVolumeMounts(cm, p+".volumeMounts", volumes)...)
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
// does), then its pod spec, whose mounts may also name extraVolumes.
func validatePodTemplate(tmpl map[string]any, path string, extraVolumes ...string) []fieldError {
	errs := validateLabels(objectAt(tmpl, "metadata", "labels"), path+".labels")
	return append(errs, validatePodSpec(objectAt(tmpl, "spec"), path+".spec", extraVolumes)...)
}

// validateVolumeMounts is the part of ValidateVolumeMounts implemented:
// each mount names a volume of the pod and has a mountPath.
func validateVolumeMounts(container map[string]any, path string, volumes map[string]bool) []fieldError {
	var errs []fieldError
	for i, m := range listAt(container, "volumeMounts") {
		mm, _ := m.(map[string]any)
		p := path + "[" + strconv.Itoa(i) + "]"
		name := stringAt(mm, "name")
		if name == "" {
			errs = append(errs, required(p+".name", ""))
		}
		if !volumes[name] {
			errs = append(errs, fieldError{field: p + ".name", typ: TypeNotFound, value: badValue(name)})
		}
		if stringAt(mm, "mountPath") == "" {
			errs = append(errs, required(p+".mountPath", ""))
		}
	}
	return errs
}
