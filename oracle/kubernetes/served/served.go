// Package served tells what a default Kubernetes 1.37 API server serves:
// the discovery documents k8s.io/kubernetes keeps in api/discovery
// (generated with every API enabled), filtered by kube-apiserver's
// default resource configuration. The real-manifest test builds
// kubectl's RESTMapper from it, and cmd/genkinds the simulated cluster's
// table of built-in kinds, so that a new Kubernetes version is a
// regeneration.
package served

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/restmapper"
)

// ownServers are the groups kube-apiserver's resource configuration does
// not list because other servers of the same process serve them, at v1:
// the apiextensions server (CustomResourceDefinitions) and the aggregator
// (APIServices).
var ownServers = map[string]bool{"apiextensions.k8s.io": true, "apiregistration.k8s.io": true}

// Discovery is what a default cluster's discovery answers.
type Discovery struct {
	// Groups are the served groups, versions and resources (no
	// subresources), core first, as restmapper.NewDiscoveryRESTMapper
	// takes them; each group's preferred version is the discovery's.
	Groups []*restmapper.APIGroupResources
	// BuiltinGroups are all the groups of the discovery documents, served
	// at the default configuration or not ("" is the core group).
	BuiltinGroups map[string]bool
}

// Load reads the discovery documents of the k8s.io/kubernetes module in
// use (located with `go list -m`).
func Load() (*Discovery, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "k8s.io/kubernetes").Output()
	if err != nil {
		return nil, fmt.Errorf("go list -m k8s.io/kubernetes: %w", err)
	}
	return LoadDir(filepath.Join(strings.TrimSpace(string(out)), "api", "discovery"))
}

// LoadDir reads the discovery documents in dir.
func LoadDir(dir string) (*Discovery, error) {
	read := func(name string, into any) error {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		if err := json.Unmarshal(data, into); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		return nil
	}
	served := func(gv schema.GroupVersion, resource string) bool {
		if ownServers[gv.Group] {
			return gv.Version == "v1"
		}
		return defaultEnabled(gv.Version)
	}
	resourcesOf := func(gv schema.GroupVersion, file string) ([]metav1.APIResource, error) {
		var list metav1.APIResourceList
		if err := read(file, &list); err != nil {
			return nil, err
		}
		var out []metav1.APIResource
		for _, r := range list.APIResources {
			if !strings.Contains(r.Name, "/") && served(gv, r.Name) {
				out = append(out, r)
			}
		}
		return out, nil
	}
	d := &Discovery{BuiltinGroups: map[string]bool{"": true}}
	coreResources, err := resourcesOf(schema.GroupVersion{Version: "v1"}, "api__v1.json")
	if err != nil {
		return nil, err
	}
	v1 := metav1.GroupVersionForDiscovery{GroupVersion: "v1", Version: "v1"}
	d.Groups = append(d.Groups, &restmapper.APIGroupResources{
		Group:              metav1.APIGroup{Name: "", Versions: []metav1.GroupVersionForDiscovery{v1}, PreferredVersion: v1},
		VersionedResources: map[string][]metav1.APIResource{"v1": coreResources},
	})
	var groups metav1.APIGroupList
	if err := read("apis.json", &groups); err != nil {
		return nil, err
	}
	for _, g := range groups.Groups {
		d.BuiltinGroups[g.Name] = true
		agr := &restmapper.APIGroupResources{Group: metav1.APIGroup{Name: g.Name}, VersionedResources: map[string][]metav1.APIResource{}}
		for _, v := range g.Versions {
			rs, err := resourcesOf(schema.GroupVersion{Group: g.Name, Version: v.Version}, "apis__"+g.Name+"__"+v.Version+".json")
			if err != nil {
				return nil, err
			}
			if len(rs) == 0 {
				continue
			}
			agr.Group.Versions = append(agr.Group.Versions, v)
			agr.VersionedResources[v.Version] = rs
		}
		if len(agr.Group.Versions) == 0 {
			continue
		}
		agr.Group.PreferredVersion = agr.Group.Versions[0]
		for _, v := range agr.Group.Versions {
			if v == g.PreferredVersion {
				agr.Group.PreferredVersion = v
			}
		}
		d.Groups = append(d.Groups, agr)
	}
	return d, nil
}

// defaultEnabled is kube-apiserver 1.37's default resource configuration
// (k8s.io/kubernetes pkg/controlplane/instance.go,
// DefaultAPIResourceConfigSource) as a rule: every stable version on,
// every alpha and beta version off (its lists of beta versions disabled by
// default name every beta the discovery documents have; no legacy beta is
// on by default any more). Importing the controlplane package instead
// would link the whole of kube-apiserver into the tests.
func defaultEnabled(version string) bool {
	return !strings.Contains(version, "alpha") && !strings.Contains(version, "beta")
}
