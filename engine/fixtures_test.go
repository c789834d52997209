package engine

import "strings"

// The documentation's walkthrough: the file changes the image and drops
// minReadySeconds, while kubectl scale set replicas on the live object.
const (
	walkthroughLastApplied = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  minReadySeconds: 5
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - image: nginx:1.14.2
        name: nginx
        ports:
        - containerPort: 80
`
	walkthroughLive = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  generation: 2
  uid: 0a1b2c3d
spec:
  replicas: 2
  minReadySeconds: 5
  progressDeadlineSeconds: 600
  revisionHistoryLimit: 10
  selector:
    matchLabels:
      app: nginx
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 25%
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - image: nginx:1.14.2
        imagePullPolicy: IfNotPresent
        name: nginx
        ports:
        - containerPort: 80
          protocol: TCP
        resources: {}
      restartPolicy: Always
status:
  replicas: 2
`
)

// walkthroughFile is the file of the walkthrough: the configuration last
// applied with the new image and without minReadySeconds.
var walkthroughFile = strings.NewReplacer("  minReadySeconds: 5\n", "", "image: nginx:1.14.2", "image: nginx:1.16.1").Replace(walkthroughLastApplied)

func boolp(b bool) *bool { return &b }
