package api

import "fmt"

// prepareLive and prepareFile are a small update like the page's first
// visit shows (the documentation's walkthrough): a Deployment created by
// kubectl apply and scaled, a new image, a field removed from the file.
const prepareLive = `apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"prepare","namespace":"default"},"spec":{"minReadySeconds":5,"selector":{"matchLabels":{"app":"prepare"}},"template":{"metadata":{"labels":{"app":"prepare"}},"spec":{"containers":[{"image":"nginx:1.14.2","name":"web","ports":[{"containerPort":80}]}]}}}}
  name: prepare
  namespace: default
spec:
  minReadySeconds: 5
  replicas: 2
  selector:
    matchLabels:
      app: prepare
  template:
    metadata:
      labels:
        app: prepare
    spec:
      containers:
      - image: nginx:1.14.2
        imagePullPolicy: IfNotPresent
        name: web
        ports:
        - containerPort: 80
          protocol: TCP
`

const prepareFile = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: prepare
  namespace: default
spec:
  selector:
    matchLabels:
      app: prepare
  template:
    metadata:
      labels:
        app: prepare
    spec:
      containers:
      - name: web
        image: nginx:1.16.1 # a new image
        ports:
        - containerPort: 80
`

// Prepare computes one apply of a small Deployment, as a first visit
// asks for, in a Session of its own, so that the page's session sees
// nothing of it. The page's wasm runs it before it says it is ready: a fresh
// WebAssembly instance's first computation pays for compiling the code
// it runs (a third of a second in a browser on a busy machine, where the
// computation itself takes milliseconds), and the page is still building
// its editors then, so the first visit's own request finds the code
// compiled (wasm/internal/bridge.Prepare, docs/performance.md).
func Prepare() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("preparing the engine: %v", r)
		}
	}()
	scratch := new(Session)
	req := Request{Op: OpApply, File: prepareFile, Live: prepareLive, LastAppliedFromLive: true}
	resp := scratch.compute(&req)
	scratch.encode(resp)
	switch {
	case resp.Error != nil:
		return fmt.Errorf("preparing the engine: %s", resp.Error.Message)
	case resp.Result == nil || len(resp.Result.Steps) == 0:
		return fmt.Errorf("preparing the engine: no steps")
	}
	return nil
}
