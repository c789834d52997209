package cluster

import (
	"strings"
	"testing"
)

// TestServerDefaultsBeforeStrategy checks the order of the server's work:
// defaults while decoding, then the registry strategy. A replace with the
// same file leaves the generation alone (the strategy compares defaulted
// specs), and a Job's generated selector carries the object's uid.
func TestServerDefaultsBeforeStrategy(t *testing.T) {
	deploy := webDeployment("", "", "nginx:1.27")
	const job = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: pi
        image: perl:5.34
`
	files := map[string]string{"deploy.yaml": deploy, "job.yaml": job}
	c := New(Options{})
	mustRun(t, c, "create -f deploy.yaml", files)
	mustRun(t, c, "replace -f deploy.yaml", files)
	got := mustRun(t, c, "get deployment web -o yaml", files).Stdout
	if !strings.Contains(got, "generation: 1\n") {
		t.Errorf("replace with the same file bumped the generation:\n%s", got)
	}
	created := mustRun(t, c, "create -f job.yaml", files)
	after := string(created.Changes[0].After)
	uid := between(after, `"uid":"`, `"`)
	if uid == "" || !strings.Contains(after, `"batch.kubernetes.io/controller-uid":"`+uid+`"`) {
		t.Errorf("the Job's selector does not carry its uid %q:\n%s", uid, after)
	}
}

func between(s, start, end string) string {
	i := strings.Index(s, start)
	if i < 0 {
		return ""
	}
	s = s[i+len(start):]
	j := strings.Index(s, end)
	if j < 0 {
		return ""
	}
	return s[:j]
}
