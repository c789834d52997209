package apiserver

// Workload validation: the parts of k8s.io/kubernetes
// pkg/apis/apps/validation and pkg/apis/batch/validation listed in the
// package doc, in the order those functions report them.

func validateDeployment(s Settings, obj, old map[string]any) []fieldError {
	spec := objectAt(obj, "spec")
	errs := nonNegative(spec, "spec", "replicas")
	errs = append(errs, validateSelector(spec, "deployment")...)
	errs = append(errs, validateTemplateForReplicaSet(s, spec)...)
	strategy := objectAt(spec, "strategy")
	if stringAt(strategy, "type") == "Recreate" {
		if _, ok := strategy["rollingUpdate"]; ok && strategy["rollingUpdate"] != nil {
			errs = append(errs, forbidden("spec.strategy.rollingUpdate", "may not be specified when strategy `type` is 'Recreate'"))
		}
	}
	if old != nil {
		errs = append(errs, immutableSelector(spec, objectAt(old, "spec"))...)
	}
	return errs
}

func validateReplicaSet(s Settings, obj, old map[string]any) []fieldError {
	spec := objectAt(obj, "spec")
	errs := nonNegative(spec, "spec", "replicas")
	errs = append(errs, validateSelector(spec, "deployment")...)
	errs = append(errs, validateTemplateForReplicaSet(s, spec)...)
	if old != nil {
		errs = append(errs, immutableSelector(spec, objectAt(old, "spec"))...)
	}
	return errs
}

func validateDaemonSet(s Settings, obj, old map[string]any) []fieldError {
	spec := objectAt(obj, "spec")
	var errs []fieldError
	if old != nil {
		errs = append(errs, immutableSelector(spec, objectAt(old, "spec"))...)
	}
	sel, hasSel := spec["selector"].(map[string]any)
	if !selectorMatches(sel, hasSel, objectAt(spec, "template", "metadata", "labels")) {
		errs = append(errs, templateLabelsMismatch(spec))
	}
	if hasSel && selectorEmpty(sel) {
		errs = append(errs, invalid("spec.selector", selectorJSON(sel), "empty selector is invalid for daemonset"))
	}
	errs = append(errs, validatePodTemplate(s, objectAt(spec, "template"), "spec.template")...)
	errs = append(errs, restartAlways(spec)...)
	return errs
}

func validateStatefulSet(s Settings, obj, old map[string]any) []fieldError {
	spec := objectAt(obj, "spec")
	errs := nonNegative(spec, "spec", "replicas")
	errs = append(errs, validateSelector(spec, "statefulset")...)
	sel, hasSel := spec["selector"].(map[string]any)
	if !(hasSel && selectorEmpty(sel)) && !selectorMatches(sel, hasSel, objectAt(spec, "template", "metadata", "labels")) {
		errs = append(errs, templateLabelsMismatch(spec))
	}
	// The claim templates are volumes of the pods
	// (volumesToAddForTemplates).
	var claims []string
	eachObject(spec, "volumeClaimTemplates", func(c map[string]any) { claims = append(claims, stringAt(objectAt(c, "metadata"), "name")) })
	errs = append(errs, validatePodTemplate(s, objectAt(spec, "template"), "spec.template", claims...)...)
	errs = append(errs, restartAlways(spec)...)
	if old != nil {
		errs = append(errs, immutableSelector(spec, objectAt(old, "spec"))...)
	}
	return errs
}

// validateJob is ValidateJobSpec: the job spec, then a selector (the
// strategy generates one unless manualSelector is true) that matches the
// template's labels.
func validateJob(s Settings, obj, old map[string]any) []fieldError {
	spec := objectAt(obj, "spec")
	errs := validateJobSpec(s, spec, "spec")
	sel, hasSel := spec["selector"].(map[string]any)
	if !hasSel {
		errs = append(errs, required("spec.selector", ""))
	}
	if !selectorMatches(sel, hasSel, objectAt(spec, "template", "metadata", "labels")) {
		errs = append(errs, templateLabelsMismatch(spec))
	}
	return errs
}

func validateCronJob(s Settings, obj, old map[string]any) []fieldError {
	errs := validateJobSpec(s, objectAt(obj, "spec", "jobTemplate", "spec"), "spec.jobTemplate.spec")
	// Its Jobs are named after it with an 11-character suffix.
	if name := stringAt(objectAt(obj, "metadata"), "name"); old == nil && len(name) > 52 {
		errs = append(errs, invalid("metadata.name", name, "must be no more than 52 characters"))
	}
	return errs
}

// validateJobSpec is the part of validateJobSpec (batch validation) the
// package implements: counts not negative, the pod template, and the
// restart policy a Job allows.
func validateJobSpec(s Settings, spec map[string]any, path string) []fieldError {
	var errs []fieldError
	for _, k := range []string{"parallelism", "completions", "activeDeadlineSeconds", "backoffLimit", "ttlSecondsAfterFinished"} {
		errs = append(errs, nonNegative(spec, path, k)...)
	}
	tmplPath := path + ".template.spec"
	tmpl := objectAt(spec, "template", "spec")
	errs = append(errs, validatePodTemplate(s, objectAt(spec, "template"), path+".template")...)
	switch rp := stringAt(tmpl, "restartPolicy"); rp {
	case "", "Always":
		errs = append(errs, required(tmplPath+".restartPolicy", `valid values: "OnFailure", "Never"`))
	case "OnFailure", "Never":
		if rp != "Never" && objectAt(spec, "podFailurePolicy") != nil {
			errs = append(errs, invalid(tmplPath+".restartPolicy", rp, `only "Never" is supported when podFailurePolicy is specified`))
		}
	default:
		errs = append(errs, notSupported(tmplPath+".restartPolicy", rp, "OnFailure", "Never"))
	}
	return errs
}

// validateSelector: a selector is required and not empty.
func validateSelector(spec map[string]any, what string) []fieldError {
	sel, ok := spec["selector"].(map[string]any)
	if !ok {
		return []fieldError{required("spec.selector", "")}
	}
	if selectorEmpty(sel) {
		return []fieldError{invalid("spec.selector", selectorJSON(sel), "empty selector is invalid for "+what)}
	}
	return nil
}

// validateTemplateForReplicaSet is ValidatePodTemplateSpecForReplicaSet:
// a selector that is not empty must match the template's labels.
func validateTemplateForReplicaSet(s Settings, spec map[string]any) []fieldError {
	var errs []fieldError
	sel, hasSel := spec["selector"].(map[string]any)
	if !(hasSel && selectorEmpty(sel)) && !selectorMatches(sel, hasSel, objectAt(spec, "template", "metadata", "labels")) {
		errs = append(errs, templateLabelsMismatch(spec))
	}
	errs = append(errs, validatePodTemplate(s, objectAt(spec, "template"), "spec.template")...)
	return append(errs, restartAlways(spec)...)
}

func templateLabelsMismatch(spec map[string]any) fieldError {
	labels := objectAt(spec, "template", "metadata", "labels")
	var v any = rawJSON("null")
	if labels != nil {
		v = stringMap(labels)
	}
	return invalid("spec.template.metadata.labels", v, "`selector` does not match template `labels`")
}

func restartAlways(spec map[string]any) []fieldError {
	if rp := stringAt(objectAt(spec, "template", "spec"), "restartPolicy"); rp != "Always" {
		return []fieldError{notSupported("spec.template.spec.restartPolicy", rp, "Always")}
	}
	return nil
}

// immutableSelector is ValidateImmutableField on spec.selector.
func immutableSelector(spec, oldSpec map[string]any) []fieldError {
	sel, _ := spec["selector"].(map[string]any)
	oldSel, _ := oldSpec["selector"].(map[string]any)
	if (sel == nil) == (oldSel == nil) && selectorJSON(sel) == selectorJSON(oldSel) {
		return nil
	}
	var v any = rawJSON("null")
	if sel != nil {
		v = selectorJSON(sel)
	}
	return []fieldError{invalid("spec.selector", v, "field is immutable")}
}

func nonNegative(m map[string]any, path, key string) []fieldError {
	if n, ok := intAt(m, key); ok && n < 0 {
		return []fieldError{invalid(path+"."+key, n, "must be greater than or equal to 0")}
	}
	return nil
}

func selectorEmpty(sel map[string]any) bool {
	return len(objectAt(sel, "matchLabels")) == 0 && len(listAt(sel, "matchExpressions")) == 0
}

// selectorMatches is LabelSelectorAsSelector(sel).Matches(labels): a
// missing selector matches nothing, an empty one everything.
func selectorMatches(sel map[string]any, present bool, labels map[string]any) bool {
	if !present {
		return false
	}
	for k, v := range objectAt(sel, "matchLabels") {
		if got, ok := labels[k]; !ok || got != v {
			return false
		}
	}
	for _, e := range listAt(sel, "matchExpressions") {
		em, _ := e.(map[string]any)
		key := stringAt(em, "key")
		val, has := labels[key]
		in := false
		for _, x := range listAt(em, "values") {
			if has && x == val {
				in = true
			}
		}
		switch stringAt(em, "operator") {
		case "In":
			if !in {
				return false
			}
		case "NotIn":
			if in {
				return false
			}
		case "Exists":
			if !has {
				return false
			}
		case "DoesNotExist":
			if has {
				return false
			}
		}
	}
	return true
}

// validateReplicationController is ValidateReplicationControllerSpec
// (core validation): a selector that is not empty (defaulting copies the
// template's labels into an unset one, so a controller with neither is
// refused), replicas, and ValidatePodTemplateSpecForRC: a template whose
// labels the selector matches, restarting Always, without
// activeDeadlineSeconds.
func validateReplicationController(s Settings, obj, old map[string]any) []fieldError {
	spec := objectAt(obj, "spec")
	errs := nonNegative(spec, "spec", "minReadySeconds")
	sel := objectAt(spec, "selector")
	if len(sel) == 0 {
		errs = append(errs, required("spec.selector", ""))
	}
	if _, ok := intAt(spec, "replicas"); !ok {
		errs = append(errs, required("spec.replicas", ""))
	} else {
		errs = append(errs, nonNegative(spec, "spec", "replicas")...)
	}
	tmpl, ok := spec["template"].(map[string]any)
	if !ok {
		return append(errs, required("spec.template", ""))
	}
	if len(sel) > 0 {
		labels := objectAt(tmpl, "metadata", "labels")
		for k, v := range sel {
			if got, ok := labels[k]; !ok || got != v {
				errs = append(errs, templateLabelsMismatch(spec))
				break
			}
		}
	}
	errs = append(errs, validatePodTemplate(s, tmpl, "spec.template")...)
	errs = append(errs, restartAlways(spec)...)
	if !unset(objectAt(tmpl, "spec"), "activeDeadlineSeconds", false) {
		errs = append(errs, forbidden("spec.template.spec.activeDeadlineSeconds", "activeDeadlineSeconds in ReplicationController is not Supported"))
	}
	return errs
}
