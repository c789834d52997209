package ssaview

import (
	"fmt"

	"github.com/applylens/applylens/engine/api"
)

// prepareLive is a Deployment that kubectl apply (client-side) created and
// a controller scaled: a migration, a kept field and a conflict in one.
const prepareLive = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: prepare
  namespace: default
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"prepare","namespace":"default"},"spec":{"replicas":2,"selector":{"matchLabels":{"app":"prepare"}},"template":{"metadata":{"labels":{"app":"prepare"}},"spec":{"containers":[{"image":"nginx:1.26","name":"web"}]}}}}
  managedFields:
  - manager: kubectl-client-side-apply
    operation: Update
    apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:metadata:
        f:annotations:
          .: {}
          f:kubectl.kubernetes.io/last-applied-configuration: {}
      f:spec:
        f:selector: {}
        f:template:
          f:metadata:
            f:labels:
              .: {}
              f:app: {}
          f:spec:
            f:containers:
              k:{"name":"web"}:
                .: {}
                f:image: {}
                f:name: {}
  - manager: kube-controller-manager
    operation: Update
    apiVersion: apps/v1
    subresource: scale
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:replicas: {}
spec:
  replicas: 5
  selector:
    matchLabels: {app: prepare}
  template:
    metadata:
      labels: {app: prepare}
    spec:
      containers:
      - name: web
        image: nginx:1.26
`

const prepareFile = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: prepare
spec:
  replicas: 2
  selector:
    matchLabels: {app: prepare}
  template:
    metadata:
      labels: {app: prepare}
    spec:
      containers:
      - name: web
        image: nginx:1.27
        ports:
        - {containerPort: 80, protocol: TCP}
`

// Prepare computes one server-side apply (a migration and a conflict) and
// forgets it; what it does not run (the "both" view, a forced apply) is
// left to the first request, a small part of its time. A wasm's first
// computation pays for the engine's start (the browser compiles each
// function on its first call; the server-side schema is built on first
// use), several seconds on a slow phone; the bridge calls Prepare before
// it reports ready, so that the page's time limit counts computations
// only.
func Prepare() error {
	for _, req := range []api.ServerSideRequest{
		{Op: api.OpServerSide, Apply: ApplyServer, File: prepareFile, Live: prepareLive, LastAppliedFromLive: true},
	} {
		out, err := Compute(req)
		if err != nil {
			return fmt.Errorf("preparing the server-side engine (%s): %s", req.Apply, err.Message)
		}
		if len(out.Owners) == 0 {
			return fmt.Errorf("preparing the server-side engine (%s): no field has an owner", req.Apply)
		}
	}
	return nil
}
