package cluster

import "testing"

func TestResourceNames(t *testing.T) {
	c := New(Options{})
	mustRun(t, c, "apply -f crd.yaml", map[string]string{"crd.yaml": crdCluster})
	cases := map[string]string{
		"deploy": "apps/Deployment", "deployments": "apps/Deployment", "deployment.apps": "apps/Deployment", "Deployment": "apps/Deployment",
		"deployments.v1.apps": "apps/Deployment", "svc": "/Service", "cm": "/ConfigMap", "po": "/Pod", "rs": "apps/ReplicaSet",
		"sts": "apps/StatefulSet", "ds": "apps/DaemonSet", "cj": "batch/CronJob", "hpa": "autoscaling/HorizontalPodAutoscaler",
		"pdb": "policy/PodDisruptionBudget", "ing": "networking.k8s.io/Ingress", "sa": "/ServiceAccount",
		"netpol": "networking.k8s.io/NetworkPolicy", "crd": "apiextensions.k8s.io/CustomResourceDefinition", "ns": "/Namespace",
		"pvc": "/PersistentVolumeClaim", "sc": "storage.k8s.io/StorageClass", "clusterrolebindings": "rbac.authorization.k8s.io/ClusterRoleBinding",
		"backups": "example.com/Backup", "backup": "example.com/Backup", "bk": "example.com/Backup", "backups.example.com": "example.com/Backup",
	}
	for arg, want := range cases {
		k := c.kinds.byResource(arg)
		if k == nil {
			t.Errorf("%s: unknown", arg)
			continue
		}
		if got := k.Group + "/" + k.Kind; got != want {
			t.Errorf("%s: %s, want %s", arg, got, want)
		}
	}
	for _, arg := range []string{"deploy.batch", "widgets", "deployments.example.com"} {
		if k := c.kinds.byResource(arg); k != nil {
			t.Errorf("%s resolved to %s/%s", arg, k.Group, k.Kind)
		}
	}
}
