package gen

import "fmt"

// TypicalDeployment is an everyday apply: a Deployment of about 60 lines of
// YAML with two containers, whose file bumps an image, changes and adds env
// vars and drops a port, while the live object was scaled and defaulted.
func TypicalDeployment() Triple {
	file := func(image, level string, extraEnv bool) Obj {
		env := List{
			Obj{"name": "LOG_LEVEL", "value": level},
			Obj{"name": "DB_HOST", "value": "db.prod.svc"},
			Obj{"name": "DB_PASSWORD", "valueFrom": Obj{"secretKeyRef": Obj{"name": "db", "key": "password"}}},
		}
		if extraEnv {
			env = append(env, Obj{"name": "FEATURE_X", "value": "on"})
		}
		ports := List{Obj{"containerPort": 8080, "name": "http"}}
		if !extraEnv {
			ports = append(ports, Obj{"containerPort": 9090, "name": "metrics"})
		}
		return Obj{
			"apiVersion": "apps/v1",
			"kind":       "Deployment",
			"metadata": Obj{
				"name": "web", "namespace": "shop",
				"labels":      Obj{"app": "web", "tier": "frontend"},
				"annotations": Obj{"owner": "team-a"},
			},
			"spec": Obj{
				"replicas": 3,
				"selector": Obj{"matchLabels": Obj{"app": "web"}},
				"strategy": Obj{"type": "RollingUpdate", "rollingUpdate": Obj{"maxSurge": 1, "maxUnavailable": 0}},
				"template": Obj{
					"metadata": Obj{"labels": Obj{"app": "web", "tier": "frontend"}},
					"spec": Obj{
						"containers": List{
							Obj{
								"name": "web", "image": image, "args": List{"--port=8080"},
								"env": env, "ports": ports,
								"resources": Obj{
									"requests": Obj{"cpu": "250m", "memory": "128Mi"},
									"limits":   Obj{"cpu": "1", "memory": "512Mi"},
								},
								"volumeMounts":   List{Obj{"name": "config", "mountPath": "/etc/web"}},
								"readinessProbe": Obj{"httpGet": Obj{"path": "/ready", "port": "http"}},
							},
							Obj{
								"name": "log-shipper", "image": "fluent/fluent-bit:3.0",
								"volumeMounts": List{Obj{"name": "logs", "mountPath": "/var/log/web"}},
							},
						},
						"volumes": List{
							Obj{"name": "config", "configMap": Obj{"name": "web-config"}},
							Obj{"name": "logs", "emptyDir": Obj{}},
						},
					},
				},
			},
		}
	}
	original := file("shop/web:1.4.2", "info", false)
	modified := file("shop/web:1.5.0", "debug", true)
	live := Clone(original).(Obj)
	serverDefaults(newRNG(1), live)
	path(live, "spec")["replicas"] = 5
	return Triple{APIVersion: "apps/v1", Kind: "Deployment",
		Original: Encode(original), Modified: Encode(modified), Current: Encode(live)}
}

// LargeDeployment stresses the list merges: 500 containers, the first with
// 2000 env vars. The file edits a tenth of those env vars and a tenth of the
// containers' images.
func LargeDeployment() Triple { return ListsDeployment(500, 2000) }

// ListsDeployment is LargeDeployment's shape at another size: containers
// containers, the first with envVars env vars, a tenth of each edited.
func ListsDeployment(containers, envVars int) Triple {
	build := func(edited bool) Obj {
		var cs List
		for i := range containers {
			image := fmt.Sprintf("registry.example.com/svc-%03d:1.0", i)
			if edited && i%10 == 0 {
				image = fmt.Sprintf("registry.example.com/svc-%03d:1.1", i)
			}
			c := Obj{
				"name": fmt.Sprintf("c%03d", i), "image": image,
				"ports": List{Obj{"containerPort": 8000 + i, "name": fmt.Sprintf("p%d", i)}},
				"env":   List{Obj{"name": "INDEX", "value": fmt.Sprint(i)}},
			}
			if i == 0 {
				env := make(List, 0, envVars)
				for j := range envVars {
					v := fmt.Sprintf("value-%d", j)
					if edited && j%10 == 0 {
						v += "-edited"
					}
					env = append(env, Obj{"name": fmt.Sprintf("E%04d", j), "value": v})
				}
				c["env"] = env
			}
			cs = append(cs, c)
		}
		return Obj{
			"apiVersion": "apps/v1", "kind": "Deployment",
			"metadata": Obj{"name": "big", "labels": Obj{"app": "big"}},
			"spec": Obj{
				"replicas": 1,
				"selector": Obj{"matchLabels": Obj{"app": "big"}},
				"template": Obj{
					"metadata": Obj{"labels": Obj{"app": "big"}},
					"spec":     Obj{"containers": cs},
				},
			},
		}
	}
	original := build(false)
	live := Clone(original).(Obj)
	serverDefaults(newRNG(2), live)
	return Triple{APIVersion: "apps/v1", Kind: "Deployment",
		Original: Encode(original), Modified: Encode(build(true)), Current: Encode(live)}
}

// ContainersDeployment is a Deployment of n containers, each a name and
// an image tagged tag: the input of the benchmarks that check a cost
// grows linearly with the length of a keyed list (issue 17). Numbers are
// int64, as the JSON readers give them.
func ContainersDeployment(n int, tag string) Obj {
	containers := make(List, n)
	for i := range containers {
		containers[i] = Obj{"name": fmt.Sprintf("c-%d", i), "image": "nginx:" + tag}
	}
	return Obj{
		"apiVersion": "apps/v1",
		"kind":       "Deployment",
		"metadata":   Obj{"name": "many", "namespace": "default"},
		"spec": Obj{
			"selector": Obj{"matchLabels": Obj{"app": "many"}},
			"template": Obj{
				"metadata": Obj{"labels": Obj{"app": "many"}},
				"spec":     Obj{"containers": containers},
			},
		},
	}
}
