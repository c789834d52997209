package apiserver

// Workload defaults mirror k8s.io/kubernetes pkg/apis/apps/v1 and
// pkg/apis/batch/v1 (defaults.go and zz_generated.defaults.go), with the
// feature gates of a v1.37 cluster (MaxUnavailableStatefulSet on).

func defaultDeployment(obj map[string]any) {
	spec := ensureObject(obj, "spec")
	setPointer(spec, "replicas", int64(1))
	strategy := ensureObject(spec, "strategy")
	setValue(strategy, "type", "RollingUpdate")
	if stringAt(strategy, "type") == "RollingUpdate" {
		ru := ensureObject(strategy, "rollingUpdate")
		setPointer(ru, "maxUnavailable", "25%")
		setPointer(ru, "maxSurge", "25%")
	}
	setPointer(spec, "revisionHistoryLimit", int64(10))
	setPointer(spec, "progressDeadlineSeconds", int64(600))
	defaultPodTemplate(ensureObject(spec, "template"))
}

func defaultReplicaSet(obj map[string]any) {
	spec := ensureObject(obj, "spec")
	setPointer(spec, "replicas", int64(1))
	defaultPodTemplate(ensureObject(spec, "template"))
}

func defaultDaemonSet(obj map[string]any) {
	spec := ensureObject(obj, "spec")
	strategy := ensureObject(spec, "updateStrategy")
	setValue(strategy, "type", "RollingUpdate")
	if stringAt(strategy, "type") == "RollingUpdate" {
		ru := ensureObject(strategy, "rollingUpdate")
		setPointer(ru, "maxUnavailable", int64(1))
		setPointer(ru, "maxSurge", int64(0))
	}
	setPointer(spec, "revisionHistoryLimit", int64(10))
	defaultPodTemplate(ensureObject(spec, "template"))
}

func defaultStatefulSet(obj map[string]any) {
	spec := ensureObject(obj, "spec")
	setValue(spec, "podManagementPolicy", "OrderedReady")
	strategy := ensureObject(spec, "updateStrategy")
	if unset(strategy, "type", true) {
		strategy["type"] = "RollingUpdate"
		ensureObject(strategy, "rollingUpdate")
	}
	if ru := objectAt(strategy, "rollingUpdate"); ru != nil && stringAt(strategy, "type") == "RollingUpdate" {
		setPointer(ru, "partition", int64(0))
		setPointer(ru, "maxUnavailable", int64(1))
	}
	retention := ensureObject(spec, "persistentVolumeClaimRetentionPolicy")
	setValue(retention, "whenDeleted", "Retain")
	setValue(retention, "whenScaled", "Retain")
	setPointer(spec, "replicas", int64(1))
	setPointer(spec, "revisionHistoryLimit", int64(10))
	defaultPodTemplate(ensureObject(spec, "template"))
	eachObject(spec, "volumeClaimTemplates", func(pvc map[string]any) {
		defaultPVC(pvc)
	})
}

func defaultJob(obj map[string]any) {
	spec := ensureObject(obj, "spec")
	defaultJobSpec(obj, spec)
}

// defaultJobSpec is SetDefaults_Job; meta is the Job's object (nil for a
// CronJob's job template, which the server does not default).
func defaultJobSpec(obj, spec map[string]any) {
	if unset(spec, "completions", false) && unset(spec, "parallelism", false) {
		spec["completions"] = int64(1)
		spec["parallelism"] = int64(1)
	}
	setPointer(spec, "parallelism", int64(1))
	if unset(spec, "backoffLimit", false) {
		if unset(spec, "backoffLimitPerIndex", false) {
			spec["backoffLimit"] = int64(6)
		} else {
			spec["backoffLimit"] = int64(2147483647)
		}
	}
	tmpl := ensureObject(spec, "template")
	if labels := objectAt(tmpl, "metadata", "labels"); labels != nil {
		meta := ensureObject(obj, "metadata")
		if len(objectAt(meta, "labels")) == 0 {
			// The Job's labels become the very map of the template's
			// labels, so the labels PrepareForCreate adds to the template
			// show on the Job too, as on a real server.
			meta["labels"] = labels
		}
	}
	setPointer(spec, "completionMode", "NonIndexed")
	setPointer(spec, "suspend", false)
	if unset(spec, "podReplacementPolicy", false) {
		if unset(spec, "podFailurePolicy", false) {
			spec["podReplacementPolicy"] = "TerminatingOrFailed"
		} else {
			spec["podReplacementPolicy"] = "Failed"
		}
	}
	setPointer(spec, "manualSelector", false)
	defaultPodFailurePolicy(spec)
	defaultPodTemplate(tmpl)
}

func defaultPodFailurePolicy(spec map[string]any) {
	eachObject(objectAt(spec, "podFailurePolicy"), "rules", func(rule map[string]any) {
		eachObject(rule, "onPodConditions", func(c map[string]any) {
			setValue(c, "status", "True")
		})
	})
}

func defaultCronJob(obj map[string]any) {
	spec := ensureObject(obj, "spec")
	setValue(spec, "concurrencyPolicy", "Allow")
	setPointer(spec, "suspend", false)
	setPointer(spec, "successfulJobsHistoryLimit", int64(3))
	setPointer(spec, "failedJobsHistoryLimit", int64(1))
	jobSpec := ensureObject(ensureObject(spec, "jobTemplate"), "spec")
	defaultPodFailurePolicy(jobSpec)
	defaultPodTemplate(ensureObject(jobSpec, "template"))
}
