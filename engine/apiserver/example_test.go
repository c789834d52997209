package apiserver_test

import (
	"fmt"

	"github.com/applylens/applylens/engine/apiserver"
	"github.com/applylens/applylens/engine/jsonvalue"
)

// A create, in the server's order: defaults, the strategy, validation.
func Example() {
	obj, _ := jsonvalue.DecodeObject([]byte(`{"apiVersion":"apps/v1","kind":"Deployment",
	 "metadata":{"name":"nginx","uid":"u-1"},
	 "spec":{"strategy":{"type":"Recreate","rollingUpdate":{"maxSurge":1}},
	  "selector":{"matchLabels":{"app":"nginx"}},
	  "template":{"metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"name":"nginx","image":"nginx"}]}}}}`))
	set := apiserver.Default(obj)
	apiserver.PrepareForCreate(obj)
	fmt.Println(set[0], len(set))
	if err := apiserver.Validate(obj, nil); err != nil {
		fmt.Println(err.KubectlText())
	}
	// Output:
	// spec.progressDeadlineSeconds 11
	// The Deployment "nginx" is invalid: spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'
}
