package apiserver

import (
	"encoding/base64"
	"reflect"
	"strconv"

	"github.com/applylens/applylens/engine/jsonvalue"
)

// strategies lists, by group and kind, what the registry strategies of
// k8s.io/kubernetes pkg/registry do (v1.37 feature gates: HPAGeneration on).
var strategies = map[[2]string]Strategy{
	{"apps", "Deployment"}:                       {Generation: true, StatusSubresource: true},
	{"apps", "ReplicaSet"}:                       {Generation: true, StatusSubresource: true},
	{"apps", "StatefulSet"}:                      {Generation: true, StatusSubresource: true},
	{"apps", "DaemonSet"}:                        {Generation: true, StatusSubresource: true},
	{"batch", "Job"}:                             {Generation: true, StatusSubresource: true},
	{"batch", "CronJob"}:                         {Generation: true, StatusSubresource: true},
	{"", "Pod"}:                                  {Generation: true, StatusSubresource: true},
	{"", "Service"}:                              {StatusSubresource: true},
	{"", "Namespace"}:                            {StatusSubresource: true},
	{"autoscaling", "HorizontalPodAutoscaler"}:   {Generation: true, StatusSubresource: true},
	{"policy", "PodDisruptionBudget"}:            {Generation: true, StatusSubresource: true},
	{"networking.k8s.io", "Ingress"}:             {Generation: true, StatusSubresource: true},
	{"networking.k8s.io", "NetworkPolicy"}:       {Generation: true},
	{"", "ConfigMap"}:                            {},
	{"", "Secret"}:                               {},
	{"", "ServiceAccount"}:                       {},
	{"", "ReplicationController"}:                {Generation: true, StatusSubresource: true},
	{"", "PersistentVolumeClaim"}:                {StatusSubresource: true},
	{"networking.k8s.io", "IngressClass"}:        {Generation: true},
	{"apps", "ControllerRevision"}:               {},
	{"rbac.authorization.k8s.io", "Role"}:        {},
	{"rbac.authorization.k8s.io", "RoleBinding"}: {},
	{"admissionregistration.k8s.io", "ValidatingWebhookConfiguration"}: {Generation: true},
	{"admissionregistration.k8s.io", "MutatingWebhookConfiguration"}:   {Generation: true},
	// status set to its zero value ({} once encoded, see
	// engine/cluster's typedEncoding); a local APIService (no
	// spec.service) would also get an Available condition, not simulated.
	{"apiregistration.k8s.io", "APIService"}: {StatusSubresource: true},
	{"", "ResourceQuota"}:                    {StatusSubresource: true},
	{"scheduling.k8s.io", "PriorityClass"}:   {Generation: true},
}

// StrategyFor returns the strategy of a kind (apiVersion's group, kind).
// Unknown kinds get the zero Strategy.
func StrategyFor(group, kind string) Strategy { return strategies[[2]string{group, kind}] }

func groupKind(obj map[string]any) (string, string) {
	apiVersion := stringAt(obj, "apiVersion")
	group := ""
	for i := 0; i < len(apiVersion); i++ {
		if apiVersion[i] == '/' {
			group = apiVersion[:i]
		}
	}
	return group, stringAt(obj, "kind")
}

// PrepareForCreate does what the kind's registry strategy does to a new
// object: status cleared (or set, for a Pod and a Namespace),
// metadata.generation 1 where the kind counts generations, and what the
// kind adds (a Job's generated selector and labels, from metadata.uid and
// name; a DaemonSet's templateGeneration; a Namespace's finalizer). The
// server runs it after defaulting, which happens when the request is
// decoded: call Default first, on the same value.
func PrepareForCreate(obj map[string]any) {
	group, kind := groupKind(obj)
	st, known := strategies[[2]string{group, kind}]
	if !known {
		return
	}
	convert(obj)
	if st.StatusSubresource {
		delete(obj, "status")
	}
	if st.Generation {
		ensureObject(obj, "metadata")["generation"] = int64(1)
	}
	switch kind {
	case "DaemonSet":
		if templateGeneration(obj) < 1 {
			setTemplateGeneration(obj, 1)
		}
	case "Job":
		generateJobSelector(obj)
	case "Pod":
		preparePod(obj)
	case "Namespace":
		obj["status"] = map[string]any{"phase": "Active"}
		spec := ensureObject(obj, "spec")
		has := false
		for _, f := range listAt(spec, "finalizers") {
			if f == "kubernetes" {
				has = true
			}
		}
		if !has {
			spec["finalizers"] = append(listAt(spec, "finalizers"), "kubernetes")
		}
	}
	unshareJobLabels(obj)
}

// generateJobSelector is the Job strategy's generateSelectorIfNeeded.
func generateJobSelector(obj map[string]any) {
	spec := ensureObject(obj, "spec")
	if manual, _ := spec["manualSelector"].(bool); manual {
		return
	}
	meta := objectAt(obj, "metadata")
	name, uid := stringAt(meta, "name"), stringAt(meta, "uid")
	labels := ensureObject(ensureObject(ensureObject(spec, "template"), "metadata"), "labels")
	for _, k := range []string{"job-name", "batch.kubernetes.io/job-name"} {
		if _, ok := labels[k]; !ok {
			labels[k] = name
		}
	}
	for _, k := range []string{"controller-uid", "batch.kubernetes.io/controller-uid"} {
		if _, ok := labels[k]; !ok {
			labels[k] = uid
		}
	}
	match := ensureObject(ensureObject(spec, "selector"), "matchLabels")
	if _, ok := match["batch.kubernetes.io/controller-uid"]; !ok {
		match["batch.kubernetes.io/controller-uid"] = uid
	}
}

// unshareJobLabels gives a Job's metadata.labels its own map again after
// Default made it the template's (see defaultJobSpec).
func unshareJobLabels(obj map[string]any) {
	meta := objectAt(obj, "metadata")
	labels := objectAt(meta, "labels")
	tmpl := objectAt(obj, "spec", "template", "metadata", "labels")
	if labels != nil && tmpl != nil && reflect.ValueOf(labels).UnsafePointer() == reflect.ValueOf(tmpl).UnsafePointer() {
		meta["labels"] = jsonvalue.CopyObject(labels)
	}
}

// preparePod is the Pod strategy's PrepareForCreate: phase Pending, the
// QoS class, and the PodScheduled condition of a gated pod.
func preparePod(obj map[string]any) {
	status := map[string]any{"phase": "Pending"}
	obj["status"] = status
	spec := objectAt(obj, "spec")
	if len(listAt(spec, "schedulingGates")) > 0 {
		status["conditions"] = []any{map[string]any{
			"type":    "PodScheduled",
			"status":  "False",
			"reason":  "SchedulingGated",
			"message": "Scheduling is blocked due to non-empty scheduling gates",
		}}
	}
	status["qosClass"] = qosClass(spec)
}

// PrepareForUpdate does what the kind's registry strategy does to an
// update through the main resource: status kept as it was in old (only
// the status subresource changes it), metadata.generation kept, and
// bumped when the spec changed (a Deployment: or its annotations; a
// DaemonSet also bumps spec.templateGeneration when its template changed).
// Call Default on obj first.
func PrepareForUpdate(obj, old map[string]any) {
	group, kind := groupKind(obj)
	st, known := strategies[[2]string{group, kind}]
	meta := ensureObject(obj, "metadata")
	oldMeta := objectAt(old, "metadata")
	if g, ok := oldMeta["generation"]; ok {
		meta["generation"] = g
	} else {
		delete(meta, "generation")
	}
	unshareJobLabels(obj)
	if !known {
		return
	}
	convert(obj)
	if st.StatusSubresource {
		if s, ok := old["status"]; ok {
			obj["status"] = jsonvalue.Copy(s)
		} else {
			delete(obj, "status")
		}
	}
	spec, oldSpec := objectAt(obj, "spec"), objectAt(old, "spec")
	switch kind {
	case "Namespace":
		if f, ok := oldSpec["finalizers"]; ok {
			ensureObject(obj, "spec")["finalizers"] = jsonvalue.Copy(f)
		}
		return
	case "DaemonSet":
		n := templateGeneration(old)
		if !semanticEqual(spec["template"], oldSpec["template"]) {
			setTemplateGeneration(obj, n+1)
			bumpGeneration(meta, oldMeta)
			return
		}
		setTemplateGeneration(obj, n)
	}
	if !st.Generation {
		return
	}
	changed := !semanticEqual(spec, oldSpec)
	if kind == "Deployment" && !semanticEqual(meta["annotations"], oldMeta["annotations"]) {
		changed = true
	}
	if changed {
		bumpGeneration(meta, oldMeta)
	}
}

func bumpGeneration(meta, oldMeta map[string]any) {
	n, _ := intAt(oldMeta, "generation")
	meta["generation"] = n + 1
}

// semanticEqual is apiequality.Semantic.DeepEqual on decoded values: null,
// absent and empty maps and lists are the same, and so are quantities of
// equal value written differently.
func semanticEqual(a, b any) bool {
	if isEmpty(a) && isEmpty(b) {
		return true
	}
	switch at := a.(type) {
	case map[string]any:
		bt, ok := b.(map[string]any)
		if !ok {
			return false
		}
		for k, v := range at {
			if !semanticEqual(v, bt[k]) {
				return false
			}
		}
		for k, v := range bt {
			if _, ok := at[k]; !ok && !isEmpty(v) {
				return false
			}
		}
		return true
	case []any:
		bt, ok := b.([]any)
		if !ok || len(at) != len(bt) {
			return false
		}
		for i := range at {
			if !semanticEqual(at[i], bt[i]) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
}

func isEmpty(v any) bool {
	switch t := v.(type) {
	case nil:
		return true
	case map[string]any:
		return len(t) == 0
	case []any:
		return len(t) == 0
	}
	return false
}

// templateGenerationAnnotation holds a DaemonSet's spec.templateGeneration
// in apps/v1, which has no such field.
const templateGenerationAnnotation = "deprecated.daemonset.template.generation"

func templateGeneration(obj map[string]any) int64 {
	s := stringAt(objectAt(obj, "metadata", "annotations"), templateGenerationAnnotation)
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0
	}
	return n
}

func setTemplateGeneration(obj map[string]any, n int64) {
	meta := ensureObject(obj, "metadata")
	if n == 0 {
		if a := objectAt(meta, "annotations"); a != nil {
			delete(a, templateGenerationAnnotation)
		}
		return
	}
	ensureObject(meta, "annotations")[templateGenerationAnnotation] = strconv.FormatInt(n, 10)
}

// convert does what the conversion of a decoded object to the server's
// internal type does that shows in what it stores: a Secret's stringData
// is written into data (base64) and dropped; a StatefulSet's
// volumeClaimTemplates get apiVersion and kind (apps/v1 conversion).
func convert(obj map[string]any) {
	if stringAt(obj, "kind") == "StatefulSet" && stringAt(obj, "apiVersion") == "apps/v1" {
		eachObject(objectAt(obj, "spec"), "volumeClaimTemplates", func(pvc map[string]any) {
			pvc["apiVersion"] = "v1"
			pvc["kind"] = "PersistentVolumeClaim"
		})
	}
	if stringAt(obj, "kind") == "Secret" && stringAt(obj, "apiVersion") == "v1" {
		sd := objectAt(obj, "stringData")
		if len(sd) > 0 {
			data := ensureObject(obj, "data")
			for k, v := range sd {
				s, _ := v.(string)
				data[k] = base64.StdEncoding.EncodeToString([]byte(s))
			}
		}
		delete(obj, "stringData")
	}
}
