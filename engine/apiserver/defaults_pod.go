package apiserver

// Pod defaults mirror k8s.io/kubernetes pkg/apis/core/v1: SetDefaults_Pod
// (a Pod only), SetDefaults_PodSpec and the generated SetObjectDefaults_Pod
// walk (every pod spec, in Pods and in templates).

// defaultPod is SetObjectDefaults_Pod.
func defaultPod(obj map[string]any) {
	spec := objectAt(obj, "spec")
	if spec == nil {
		// A Pod without a spec still gets the spec defaults: the Go
		// struct is always there.
		spec = map[string]any{}
		obj["spec"] = spec
	}
	defaultPodOnly(spec)
	defaultPodSpec(spec)
	defaultPodStatus(objectAt(obj, "status"))
}

// defaultPodOnly is SetDefaults_Pod, which runs for Pods but not for pod
// templates.
func defaultPodOnly(spec map[string]any) {
	if g, ok := intAt(spec, "terminationGracePeriodSeconds"); ok && g < 0 {
		spec["terminationGracePeriodSeconds"] = int64(1)
	}
	for _, list := range []string{"containers", "initContainers"} {
		eachObject(spec, list, func(c map[string]any) {
			res := objectAt(c, "resources")
			limits := objectAt(res, "limits")
			if limits == nil {
				return
			}
			req := objectAt(res, "requests")
			for k, v := range limits {
				if _, ok := req[k]; !ok {
					if req == nil {
						req = ensureObject(res, "requests")
					}
					req[k] = v
				}
			}
		})
	}
	setPointer(spec, "enableServiceLinks", true)
	if b, _ := spec["hostNetwork"].(bool); b {
		for _, list := range []string{"containers", "initContainers"} {
			eachObject(spec, list, func(c map[string]any) {
				eachObject(c, "ports", func(p map[string]any) {
					if unset(p, "hostPort", true) {
						if cp, ok := p["containerPort"]; ok {
							p["hostPort"] = cp
						}
					}
				})
			})
		}
	}
}

// defaultPodStatus is SetDefaults_PodStatus: podIP and podIPs agree.
func defaultPodStatus(st map[string]any) {
	if st == nil {
		return
	}
	ip := stringAt(st, "podIP")
	ips := listAt(st, "podIPs")
	switch {
	case ip != "" && len(ips) == 0:
		st["podIPs"] = []any{map[string]any{"ip": ip}}
	case ip == "" && len(ips) > 0:
		if first, ok := ips[0].(map[string]any); ok {
			if s := stringAt(first, "ip"); s != "" {
				st["podIP"] = s
			}
		}
	case ip != "" && len(ips) > 0:
		if first, ok := ips[0].(map[string]any); ok && stringAt(first, "ip") != ip {
			st["podIPs"] = []any{map[string]any{"ip": ip}}
		}
	}
}

// defaultPodTemplate defaults the pod spec of a template (templates get
// SetDefaults_PodSpec and the walk, not SetDefaults_Pod).
func defaultPodTemplate(tmpl map[string]any) {
	if tmpl == nil {
		return
	}
	spec := objectAt(tmpl, "spec")
	if spec == nil {
		spec = map[string]any{}
		tmpl["spec"] = spec
	}
	defaultPodSpec(spec)
}

// defaultPodSpec is SetDefaults_PodSpec and the generated walk over
// volumes and containers.
func defaultPodSpec(spec map[string]any) {
	if unset(spec, "serviceAccountName", true) {
		if sa := stringAt(spec, "serviceAccount"); sa != "" {
			spec["serviceAccountName"] = sa
		}
	}
	if name := stringAt(spec, "serviceAccountName"); name != "" {
		spec["serviceAccount"] = name
	}
	setValue(spec, "dnsPolicy", "ClusterFirst")
	setValue(spec, "restartPolicy", "Always")
	setPointer(spec, "securityContext", map[string]any{})
	setPointer(spec, "terminationGracePeriodSeconds", int64(30))
	setValue(spec, "schedulerName", "default-scheduler")

	eachObject(spec, "volumes", defaultVolume)
	for _, list := range []string{"initContainers", "containers", "ephemeralContainers"} {
		eachObject(spec, list, defaultContainer)
	}
}

// defaultContainer is SetDefaults_Container and the generated walk of a
// container: ports, env, probes, lifecycle handlers.
func defaultContainer(c map[string]any) {
	if unset(c, "imagePullPolicy", true) {
		if imageTag(stringAt(c, "image")) == "latest" {
			c["imagePullPolicy"] = "Always"
		} else {
			c["imagePullPolicy"] = "IfNotPresent"
		}
	}
	setValue(c, "terminationMessagePath", "/dev/termination-log")
	setValue(c, "terminationMessagePolicy", "File")
	eachObject(c, "ports", func(p map[string]any) {
		setValue(p, "protocol", "TCP")
	})
	eachObject(c, "env", func(e map[string]any) {
		from := objectAt(e, "valueFrom")
		if ref := objectAt(from, "fieldRef"); ref != nil {
			setValue(ref, "apiVersion", "v1")
		}
		if ref := objectAt(from, "fileKeyRef"); ref != nil {
			setPointer(ref, "optional", false)
		}
	})
	for _, probe := range []string{"livenessProbe", "readinessProbe", "startupProbe"} {
		if p := objectAt(c, probe); p != nil {
			setValue(p, "timeoutSeconds", int64(1))
			setValue(p, "periodSeconds", int64(10))
			setValue(p, "successThreshold", int64(1))
			setValue(p, "failureThreshold", int64(3))
			defaultHTTPGet(objectAt(p, "httpGet"))
			if g := objectAt(p, "grpc"); g != nil {
				setPointer(g, "service", "")
			}
		}
	}
	for _, hook := range []string{"postStart", "preStop"} {
		defaultHTTPGet(objectAt(c, "lifecycle", hook, "httpGet"))
	}
}

// defaultHTTPGet is SetDefaults_HTTPGetAction.
func defaultHTTPGet(h map[string]any) {
	if h == nil {
		return
	}
	setValue(h, "path", "/")
	setValue(h, "scheme", "HTTP")
}

// volumeFields are the fields of a Volume that are not its source.
var volumeFields = map[string]bool{"name": true}

// defaultVolume is SetDefaults_Volume and the generated walk of a volume
// source.
func defaultVolume(v map[string]any) {
	hasSource := false
	for k, val := range v {
		if !volumeFields[k] && val != nil {
			hasSource = true
			break
		}
	}
	if !hasSource {
		v["emptyDir"] = map[string]any{}
	}
	if img := objectAt(v, "image"); img != nil && unset(img, "pullPolicy", true) {
		// ImageVolume (GA): by tag, as for containers.
		if imageTag(stringAt(img, "reference")) == "latest" {
			img["pullPolicy"] = "Always"
		} else {
			img["pullPolicy"] = "IfNotPresent"
		}
	}
	if hp := objectAt(v, "hostPath"); hp != nil {
		setPointer(hp, "type", "")
	}
	if s := objectAt(v, "secret"); s != nil {
		setPointer(s, "defaultMode", int64(0o644))
	}
	if s := objectAt(v, "iscsi"); s != nil {
		setValue(s, "iscsiInterface", "default")
	}
	if s := objectAt(v, "rbd"); s != nil {
		setValue(s, "pool", "rbd")
		setValue(s, "user", "admin")
		setValue(s, "keyring", "/etc/ceph/keyring")
	}
	if s := objectAt(v, "downwardAPI"); s != nil {
		setPointer(s, "defaultMode", int64(0o644))
		defaultDownwardItems(s)
	}
	if s := objectAt(v, "configMap"); s != nil {
		setPointer(s, "defaultMode", int64(0o644))
	}
	if s := objectAt(v, "azureDisk"); s != nil {
		setPointer(s, "cachingMode", "ReadWrite")
		setPointer(s, "fsType", "ext4")
		setPointer(s, "readOnly", false)
		setPointer(s, "kind", "Shared")
	}
	if s := objectAt(v, "projected"); s != nil {
		setPointer(s, "defaultMode", int64(0o644))
		eachObject(s, "sources", func(src map[string]any) {
			if d := objectAt(src, "downwardAPI"); d != nil {
				defaultDownwardItems(d)
			}
			if t := objectAt(src, "serviceAccountToken"); t != nil {
				setPointer(t, "expirationSeconds", int64(3600))
			}
		})
	}
	if s := objectAt(v, "scaleIO"); s != nil {
		setValue(s, "storageMode", "ThinProvisioned")
		setValue(s, "fsType", "xfs")
	}
	if t := objectAt(v, "ephemeral", "volumeClaimTemplate"); t != nil {
		defaultPVCSpec(ensureObject(t, "spec"))
	}
}

func defaultDownwardItems(d map[string]any) {
	eachObject(d, "items", func(item map[string]any) {
		if ref := objectAt(item, "fieldRef"); ref != nil {
			setValue(ref, "apiVersion", "v1")
		}
	})
}

// defaultPVCSpec is SetDefaults_PersistentVolumeClaimSpec.
func defaultPVCSpec(spec map[string]any) {
	setPointer(spec, "volumeMode", "Filesystem")
}
