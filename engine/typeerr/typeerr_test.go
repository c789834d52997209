package typeerr

import (
	"regexp"
	"testing"
)

// TestExplain: the texts are the engine's (the API server's and kubectl's
// strategic merge) for inputs of engine/api's TestErrorsInPlainWords.
func TestExplain(t *testing.T) {
	goSyntax := regexp.MustCompile(`map\[|interface ?\{\}|%!|<nil>|\n`)
	for _, tc := range []struct {
		name, message, want string
	}{
		{"a number that is a map, in the file",
			"failed to create typed patch object (shop/orders; apps/v1, Kind=Deployment): .spec.replicas: expected numeric (int or float), got map[string]interface {}",
			"The API server cannot read the file as a Deployment of its schema: .spec.replicas must be a number, not a map."},
		{"several fields",
			"failed to create typed patch object (payments/payments-metrics; /v1, Kind=Service): errors:\n  .metadata.annotations.prometheus.io/scrape: expected string, got &value.valueUnstructured{Value:true}\n  .spec.ports[port=[],protocol=\"TCP\"].port: expected numeric (int or float), got []interface {}",
			"The API server cannot read the file as a Service of its schema: .metadata.annotations.prometheus.io/scrape must be a string, not a boolean; .spec.ports[port=[],protocol=\"TCP\"].port must be a number, not a list."},
		{"a map where a list goes",
			"failed to create typed patch object (production/checkout; apps/v1, Kind=Deployment): .spec.template.spec.containers: expected list, got &{map[a:map[b:[<nil>]]]}",
			"The API server cannot read the file as a Deployment of its schema: .spec.template.spec.containers must be a list, not a map."},
		{"the live object",
			"failed to create typed live object (default/cart; apps/v1, Kind=Deployment): .metadata.labels.app: expected string, got &value.valueUnstructured{Value:[]interface {}{map[string]interface {}{\"a\":1}}}",
			"The API server cannot read the live object as a Deployment of its schema: .metadata.labels.app must be a string, not a list."},
		{"the live object's managed fields",
			"failed to create manager for existing fields: failed to convert new object (cache/redis; apps/v1, Kind=Deployment) to smd typed: .metadata.creationTimestamp: expected any scalar, got &{map[a:map[b:[<nil>]]]}",
			"The API server cannot read the live object as a Deployment of its schema: .metadata.creationTimestamp must be a string, number or boolean, not a map."},
		{"list element types",
			"creating patch: metadata.finalizers: list element types are not identical: [[a b] [map[a:map[b:[<nil>]]] c]]",
			"kubectl cannot compute the patch: the list metadata.finalizers has elements of different kinds (a map or a list among plain values, say) in the file, the live object or last-applied, and its elements are compared one by one. Make every element of one kind."},
		{"a list against null",
			"applying patch locally: metadata.finalizers: expected a []interface {}, but received a %!s(<nil>)",
			"The API server cannot merge the patch into the live object at metadata.finalizers: one has a list there, the other null."},
		{"a merge key that is a map",
			"applying patch locally: spec.ports: runtime error: comparing uncomparable type map[string]interface {} (value map[name:dns port:[] protocol:UDP]): a merge key or merged list item must be a string, number or boolean",
			"The API server cannot merge the patch into the live object: in the list spec.ports a merge key, or an element of a list of plain values, is a map, where it must be a string, number or boolean."},
		{"a merged value that is a list, computing the patch",
			"creating patch: spec.template.spec.containers: runtime error: comparing uncomparable type []interface {} (value [1 [2]]): a merge key or merged list item must be a string, number or boolean",
			"kubectl cannot compute the patch: in the list spec.template.spec.containers a merge key, or an element of a list of plain values, is a list, where it must be a string, number or boolean."},
		{"no merge key",
			"creating patch: spec.template.spec.containers[name=api].ports: map: map[a:1] does not contain declared merge key: containerPort",
			"kubectl cannot compute the patch: an element of the list spec.template.spec.containers[name=api].ports has no containerPort, the key its elements are merged by. Give every element a containerPort."},
		{"duplicate merge keys",
			"creating patch: spec.template.spec.containers[name=worker].env: The order in patch list:\n[map[name:LOG_LEVEL value:debug] map[name:LOG_LEVEL value:info]]\n doesn't match $setElementOrder list:\n[map[name:LOG_LEVEL] map[name:LOG_LEVEL]]",
			"kubectl cannot compute the patch: the list spec.template.spec.containers[name=worker].env has two elements with the same merge key (or one without it), so the patch's elements cannot be put in the file's order ($setElementOrder). Give each element its own key."},
		{"another error", "creating patch: invalid JSON document", ""},
		{"plain already", "the namespace from the provided object \"a\" does not match the namespace \"b\".", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Explain(tc.message)
			if got != tc.want {
				t.Fatalf("Explain =\n%s\nwant\n%s", got, tc.want)
			}
			if goSyntax.MatchString(got) {
				t.Errorf("Go syntax or a line break in %q", got)
			}
		})
	}
}
