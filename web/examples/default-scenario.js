// The documentation's update walkthrough, shown on a first visit: the
// Deployment was created by `kubectl apply` with minReadySeconds 5 and
// image nginx:1.14.2, then `kubectl scale` set replicas to 2 on the live
// object only; now the file moves the image to nginx:1.16.1 and drops
// minReadySeconds. Expected: minReadySeconds cleared, image set, replicas
// kept at 2.

const lastAppliedJSON =
  '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"nginx-deployment","namespace":"default"},' +
  '"spec":{"minReadySeconds":5,"selector":{"matchLabels":{"app":"nginx"}},"template":{"metadata":{"labels":{"app":"nginx"}},' +
  '"spec":{"containers":[{"image":"nginx:1.14.2","name":"nginx","ports":[{"containerPort":80}]}]}}}}';

export const defaultScenario = {
  title: 'Documentation walkthrough: update a Deployment after kubectl scale',
  /** The last-applied pane follows the live object's annotation. */
  mode: /** @type {'derived'} */ ('derived'),

  lastApplied: `apiVersion: apps/v1
kind: Deployment
metadata:
  annotations: {}
  name: nginx-deployment
  namespace: default
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
`,

  file: `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  namespace: default
spec:
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.16.1
        ports:
        - containerPort: 80
`,

  /**
   * The same configuration file in Jsonnet, for the "Jsonnet" format of
   * the file pane: it evaluates to the object of file (checked by
   * engine/jsonnetinput's tests).
   */
  fileJsonnet: `// The documentation's walkthrough in Jsonnet: it evaluates to the
// same Deployment as the YAML example.
local app = 'nginx';
local labels = { app: app };

local container(name, image, port) = {
  name: name,
  image: image,
  ports: [{ containerPort: port }],
};

{
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: app + '-deployment',
    namespace: 'default',
  },
  spec: {
    selector: { matchLabels: labels },
    template: {
      metadata: { labels: labels },
      spec: {
        containers: [container(app, '%s:%s' % [app, '1.16.1'], 80)],
      },
    },
  },
}
`,

  live: `apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    deployment.kubernetes.io/revision: "1"
    kubectl.kubernetes.io/last-applied-configuration: |
      ${lastAppliedJSON}
  creationTimestamp: "2025-03-04T09:12:31Z"
  generation: 2
  name: nginx-deployment
  namespace: default
  resourceVersion: "48213"
  uid: 8f0b6e0e-6c1d-4d2a-9a57-3d1f0c2b7e51
spec:
  minReadySeconds: 5
  progressDeadlineSeconds: 600
  replicas: 2
  revisionHistoryLimit: 10
  selector:
    matchLabels:
      app: nginx
  strategy:
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 25%
    type: RollingUpdate
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
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: Always
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
status:
  availableReplicas: 2
  conditions:
  - lastTransitionTime: "2025-03-04T09:12:33Z"
    lastUpdateTime: "2025-03-04T09:12:33Z"
    message: Deployment has minimum availability.
    reason: MinimumReplicasAvailable
    status: "True"
    type: Available
  - lastTransitionTime: "2025-03-04T09:12:31Z"
    lastUpdateTime: "2025-03-04T09:12:33Z"
    message: ReplicaSet "nginx-deployment-647677fc66" has successfully progressed.
    reason: NewReplicaSetAvailable
    status: "True"
    type: Progressing
  observedGeneration: 2
  readyReplicas: 2
  replicas: 2
  updatedReplicas: 2
`,
};
