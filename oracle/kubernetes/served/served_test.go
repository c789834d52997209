package served

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDefaultEnabledRule checks defaultEnabled against kube-apiserver's
// source (pkg/controlplane/instance.go): the lists of group versions
// enabled by default name stable versions only, and the default
// configuration enables no single resource of a version otherwise off (a
// legacy beta). When a Kubernetes version breaks the rule, this fails and
// defaultEnabled needs the exception.
func TestDefaultEnabledRule(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "k8s.io/kubernetes").Output()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "pkg", "controlplane", "instance.go"))
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	lists := regexp.MustCompile(`(?s)(\w*EnabledByDefault) = \[\]schema\.GroupVersion\{(.*?)\n\t\}`).FindAllStringSubmatch(src, -1)
	if len(lists) < 2 {
		t.Fatalf("found %d lists of versions enabled by default in instance.go, want the generic and the kube-apiserver one", len(lists))
	}
	for _, l := range lists {
		for _, gv := range regexp.MustCompile(`(\w+)\.SchemeGroupVersion`).FindAllStringSubmatch(l[2], -1) {
			if !defaultEnabled(gv[1]) {
				t.Errorf("%s enables %s, which defaultEnabled says is off", l[1], gv[1])
			}
		}
	}
	for _, fn := range []string{"DefaultGenericAPIResourceConfigSource", "DefaultAPIResourceConfigSource"} {
		body := regexp.MustCompile(`(?s)func ` + fn + `\(\).*?\n}`).FindString(src)
		if body == "" {
			t.Fatalf("no %s in instance.go", fn)
		}
		if strings.Contains(body, "EnableResources(") {
			t.Errorf("%s enables single resources (a legacy beta): defaultEnabled needs them", fn)
		}
	}
}
