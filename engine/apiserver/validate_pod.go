package apiserver

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// validatePod is the part of ValidatePodCreate the package implements.
func validatePod(s Settings, obj, old map[string]any) []fieldError {
	return validatePodSpec(s, objectAt(obj, "spec"), "spec", nil)
}

// validatePodSpec: at least one container, each container and init
// container with a name, an image and volumeMounts that name volumes of
// the pod or extraVolumes (a StatefulSet's volumeClaimTemplates).
func validatePodSpec(s Settings, spec map[string]any, path string, extraVolumes []string) []fieldError {
	volumes := map[string]bool{}
	eachObject(spec, "volumes", func(v map[string]any) { volumes[stringAt(v, "name")] = true })
	for _, v := range extraVolumes {
		volumes[v] = true
	}
	names := map[string]bool{}
	var errs []fieldError
	if containers := listAt(spec, "containers"); len(containers) == 0 {
		errs = append(errs, required(path+".containers", ""))
	} else {
		errs = validateContainers(s, containers, path+".containers", names, volumes, false)
	}
	errs = append(errs, validateContainers(s, listAt(spec, "initContainers"), path+".initContainers", names, volumes, true)...)
	// validateRestartPolicy; defaulting leaves it set.
	switch rp := stringAt(spec, "restartPolicy"); rp {
	case "", "Always", "OnFailure", "Never":
	default:
		errs = append(errs, notSupported(path+".restartPolicy", rp, "Always", "OnFailure", "Never"))
	}
	return errs
}

// validateContainers: each container has a name that is an RFC 1123
// label, unique among the containers and init containers, and an image.
// Regular containers come first and count even an empty name as taken.
func validateContainers(s Settings, containers []any, path string, names, volumes map[string]bool, init bool) []fieldError {
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
		switch tmp := stringAt(cm, "terminationMessagePolicy"); tmp {
		case "", "File", "FallbackToLogsOnError":
		default:
			errs = append(errs, notSupported(p+".terminationMessagePolicy", tmp, "File", "FallbackToLogsOnError"))
		}
		errs = append(errs, validateContainerPorts(cm, p+".ports")...)
		errs = append(errs, validateVolumeMounts(cm, p+".volumeMounts", volumes)...)
		switch pp := stringAt(cm, "imagePullPolicy"); pp {
		case "", "Always", "IfNotPresent", "Never":
		default:
			errs = append(errs, notSupported(p+".imagePullPolicy", pp, "Always", "IfNotPresent", "Never"))
		}
		// ValidateSecurityContext: a privileged container needs
		// --allow-privileged.
		if priv, _ := objectAt(cm, "securityContext")["privileged"].(bool); priv && !s.AllowPrivileged {
			errs = append(errs, forbidden(p+".securityContext.privileged", "disallowed by cluster policy"))
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
// the template's labels and annotations (reported at <path>.labels and
// <path>.annotations, as the server does), then its pod spec, whose
// mounts may also name extraVolumes.
func validatePodTemplate(s Settings, tmpl map[string]any, path string, extraVolumes ...string) []fieldError {
	errs := validateLabels(objectAt(tmpl, "metadata", "labels"), path+".labels")
	errs = append(errs, validateAnnotations(objectAt(tmpl, "metadata", "annotations"), path+".annotations")...)
	return append(errs, validatePodSpec(s, objectAt(tmpl, "spec"), path+".spec", extraVolumes)...)
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

// validateContainerPorts is validateContainerPorts: a port's name an IANA
// service name used once, its containerPort and hostPort port numbers, its
// protocol one of the three (defaulting sets TCP when it is unset).
func validateContainerPorts(container map[string]any, path string) []fieldError {
	var errs []fieldError
	names := map[string]bool{}
	for i, p := range listAt(container, "ports") {
		pm, _ := p.(map[string]any)
		pp := path + "[" + strconv.Itoa(i) + "]"
		if name := stringAt(pm, "name"); name != "" {
			if msgs := portName(name); len(msgs) > 0 {
				for _, msg := range msgs {
					errs = append(errs, invalid(pp+".name", name, msg))
				}
			} else if names[name] {
				errs = append(errs, fieldError{field: pp + ".name", typ: TypeDuplicate, value: badValue(name)})
			} else {
				names[name] = true
			}
		}
		if n, _ := intAt(pm, "containerPort"); n == 0 {
			errs = append(errs, required(pp+".containerPort", ""))
		} else if !validPort(n) {
			errs = append(errs, invalid(pp+".containerPort", n, portRangeMsg))
		}
		if n, _ := intAt(pm, "hostPort"); n != 0 && !validPort(n) {
			errs = append(errs, invalid(pp+".hostPort", n, portRangeMsg))
		}
		errs = append(errs, protocol(pm, pp)...)
	}
	return errs
}

// protocol: a port's protocol, one of supportedPortProtocols.
func protocol(port map[string]any, path string) []fieldError {
	switch pr := stringAt(port, "protocol"); pr {
	case "", "TCP", "UDP", "SCTP":
		return nil
	default:
		return []fieldError{notSupported(path+".protocol", pr, "SCTP", "TCP", "UDP")}
	}
}

const portRangeMsg = "must be between 1 and 65535, inclusive"

func validPort(n int64) bool { return n >= 1 && n <= 65535 }

var (
	portNameCharset   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("^[-a-z0-9]+$") })
	portNameOneLetter = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("[a-z]") })
)

// portName is apimachinery's IsValidPortName (an IANA service name).
func portName(port string) []string {
	var errs []string
	if len(port) > 15 {
		errs = append(errs, "must be no more than 15 characters")
	}
	if !portNameCharset().MatchString(port) {
		errs = append(errs, "must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)")
	}
	if !portNameOneLetter().MatchString(port) {
		errs = append(errs, "must contain at least one letter (a-z)")
	}
	if strings.Contains(port, "--") {
		errs = append(errs, "must not contain consecutive hyphens")
	}
	if len(port) > 0 && (port[0] == '-' || port[len(port)-1] == '-') {
		errs = append(errs, "must not begin or end with a hyphen")
	}
	return errs
}
