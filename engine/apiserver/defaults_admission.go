package apiserver

// The defaulting of the admission and aggregation kinds:
// k8s.io/kubernetes pkg/apis/admissionregistration/v1/defaults.go
// (SetDefaults_ValidatingWebhook, SetDefaults_MutatingWebhook,
// SetDefaults_Rule, SetDefaults_ServiceReference) and
// k8s.io/kube-aggregator pkg/apis/apiregistration/v1/defaults.go.

// defaultWebhooks defaults each webhook of a Validating- or
// MutatingWebhookConfiguration; mutating ones also get their
// reinvocationPolicy.
func defaultWebhooks(mutating bool) func(map[string]any) {
	return func(obj map[string]any) {
		eachObject(obj, "webhooks", func(w map[string]any) {
			setPointer(w, "failurePolicy", "Fail")
			setPointer(w, "matchPolicy", "Equivalent")
			setPointer(w, "namespaceSelector", map[string]any{})
			setPointer(w, "objectSelector", map[string]any{})
			setPointer(w, "timeoutSeconds", int64(10))
			if mutating {
				setPointer(w, "reinvocationPolicy", "Never")
			}
			eachObject(w, "rules", func(r map[string]any) {
				setPointer(r, "scope", "*")
			})
			if svc := objectAt(w, "clientConfig", "service"); svc != nil {
				setPointer(svc, "port", int64(443))
			}
		})
	}
}

// defaultAPIService is the aggregator's SetDefaults_ServiceReference.
func defaultAPIService(obj map[string]any) {
	if svc := objectAt(obj, "spec", "service"); svc != nil {
		setPointer(svc, "port", int64(443))
	}
}
