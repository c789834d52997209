package cluster

import (
	"testing"

	"github.com/applylens/applylens/engine/apiserver"
)

func TestErrorFormats(t *testing.T) {
	deploy := &Kind{Group: "apps", Version: "v1", Kind: "Deployment", Resource: "deployments", Namespaced: true}
	immutable := &apiserver.StatusError{Reason: "Invalid",
		Message: `Deployment.apps "web" is invalid: spec.selector: Invalid value: {"matchLabels":{"app":"other"}}: field is immutable`,
		Causes:  []apiserver.Cause{{Field: "spec.selector", Type: "FieldValueInvalid", Message: `Invalid value: {"matchLabels":{"app":"other"}}: field is immutable`}}}
	twoCauses := &apiserver.StatusError{Reason: "Invalid", Message: `Deployment.apps "web" is invalid: [a: Required value, b: Required value]`,
		Causes: []apiserver.Cause{{Field: "a", Message: "Required value"}, {Field: "b", Message: "Required value"}, {Field: "a", Message: "Required value"}}}
	applyWrap := func(e *cmdError) *cmdError {
		return e.withSource("patching", "web.yaml").wrap("error when applying patch:\n{}\nto:\nINFO\nfor: \"web.yaml\": ")
	}
	cases := []struct {
		name           string
		err            *cmdError
		single, inList string
	}{
		{"plain error gets the error prefix", errorf("the path %q does not exist", "x.yaml"), `error: the path "x.yaml" does not exist`, `the path "x.yaml" does not exist`},
		{"not found", notFound(deploy, "web"), `Error from server (NotFound): deployments.apps "web" not found`, `Error from server (NotFound): deployments.apps "web" not found`},
		{"already exists with source", statusError("AlreadyExists", `deployments.apps "web" already exists`).withSource("creating", "web.yaml"),
			`Error from server (AlreadyExists): error when creating "web.yaml": deployments.apps "web" already exists`,
			`Error from server (AlreadyExists): error when creating "web.yaml": deployments.apps "web" already exists`},
		{"invalid on create names the kind", fromAPIServer(immutable, deploy, "web").withSource("creating", "web.yaml"),
			"The Deployment \"web\" is invalid: spec.selector: Invalid value: {\"matchLabels\":{\"app\":\"other\"}}: field is immutable\n",
			`Error from server (Invalid): error when creating "web.yaml": Deployment.apps "web" is invalid: spec.selector: Invalid value: {"matchLabels":{"app":"other"}}: field is immutable`},
		{"invalid on apply: alone the causes, among others the whole wrapping", applyWrap(fromAPIServer(immutable, deploy, "web")),
			"The Deployment \"web\" is invalid: spec.selector: Invalid value: {\"matchLabels\":{\"app\":\"other\"}}: field is immutable\n",
			"Error from server (Invalid): error when applying patch:\n{}\nto:\nINFO\nfor: \"web.yaml\": error when patching \"web.yaml\": Deployment.apps \"web\" is invalid: spec.selector: Invalid value: {\"matchLabels\":{\"app\":\"other\"}}: field is immutable"},
		{"several causes, duplicates once", fromAPIServer(twoCauses, deploy, "web"),
			"The Deployment \"web\" is invalid: \n* a: Required value\n* b: Required value\n",
			`Error from server (Invalid): Deployment.apps "web" is invalid: [a: Required value, b: Required value]`},
		{"invalid without details", &cmdError{status: &serverStatus{Reason: "Invalid", Message: "the server rejected our request due to an error in our request"}},
			"The request is invalid: the server rejected our request due to an error in our request",
			"Error from server (Invalid): the server rejected our request due to an error in our request"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.err.single(); got != tc.single {
				t.Errorf("alone:\n got %q\nwant %q", got, tc.single)
			}
			if got := tc.err.standard(); got != tc.inList {
				t.Errorf("among several:\n got %q\nwant %q", got, tc.inList)
			}
		})
	}
}
