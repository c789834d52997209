package cluster

import (
	"sort"
	"strings"
)

// Kind is what a cluster's discovery tells kubectl about a kind: its
// group, the version it serves, its resource name, its short names and
// whether its objects live in namespaces.
type Kind struct {
	Group      string   `json:"group"`
	Version    string   `json:"version"`
	Kind       string   `json:"kind"`
	Resource   string   `json:"resource"` // the plural, e.g. "deployments"
	ShortNames []string `json:"shortNames,omitempty"`
	Namespaced bool     `json:"namespaced"`
	// Custom is set for kinds a CustomResourceDefinition registered and
	// for kinds assumed without one.
	Custom bool `json:"custom,omitempty"`
	// assumed is set for a custom kind used without a
	// CustomResourceDefinition: the simulation guessed its scope.
	assumed bool
}

// groupResource is kubectl's "deployments.apps" spelling.
func (k *Kind) groupResource() string {
	if k.Group == "" {
		return k.Resource
	}
	return k.Resource + "." + k.Group
}

// kindGroup is the name printer's "deployment.apps" spelling.
func (k *Kind) kindGroup() string {
	if k.Group == "" {
		return strings.ToLower(k.Kind)
	}
	return strings.ToLower(k.Kind) + "." + k.Group
}

// qualifiedKind is the server's "Deployment.apps" spelling in messages.
func (k *Kind) qualifiedKind() string {
	if k.Group == "" {
		return k.Kind
	}
	return k.Kind + "." + k.Group
}

func (k *Kind) apiVersion() string {
	if k.Group == "" {
		return k.Version
	}
	return k.Group + "/" + k.Version
}

// builtinKinds, servedVersions and builtinGroups (zz_generated_kinds.go)
// are generated from k8s.io/kubernetes' discovery documents by
// oracle/kubernetes/cmd/genkinds (./scripts/generate).

// servesVersion reports whether a default cluster serves the built-in
// kind group/kind at version.
func servesVersion(group, kind, version string) bool {
	for _, v := range servedVersions[group+"/"+kind] {
		if v == version {
			return true
		}
	}
	return false
}

// kindRegistry is the discovery of the simulated cluster: the built-in
// kinds and those registered by CustomResourceDefinitions.
type kindRegistry struct {
	kinds []*Kind // sorted by group, kind; never modified in place
}

func newKindRegistry() *kindRegistry {
	r := &kindRegistry{}
	for i := range builtinKinds {
		k := builtinKinds[i]
		r.kinds = append(r.kinds, &k)
	}
	r.sort()
	return r
}

// clone shares the Kinds, which are replaced, never modified.
func (r *kindRegistry) clone() *kindRegistry {
	return &kindRegistry{kinds: append([]*Kind(nil), r.kinds...)}
}

func (r *kindRegistry) sort() {
	sort.Slice(r.kinds, func(i, j int) bool {
		a, b := r.kinds[i], r.kinds[j]
		if a.Group != b.Group {
			return a.Group < b.Group
		}
		return a.Kind < b.Kind
	})
}

// byGroupKind finds the kind of an object's apiVersion and kind.
func (r *kindRegistry) byGroupKind(group, kind string) *Kind {
	for _, k := range r.kinds {
		if k.Group == group && k.Kind == kind {
			return k
		}
	}
	return nil
}

// byResource resolves what a user types after `kubectl get`: a plural,
// a singular, a short name or a kind, optionally qualified by its group
// ("deployments.apps", "deploy.apps"), case-insensitive as kubectl's
// RESTMapper.
func (r *kindRegistry) byResource(arg string) *Kind {
	name, group := strings.ToLower(arg), ""
	if dot := strings.IndexByte(name, '.'); dot >= 0 {
		name, group = name[:dot], name[dot+1:]
	}
	for pass := 0; pass < 2; pass++ {
		for _, k := range r.kinds {
			if dot := strings.IndexByte(arg, '.'); dot >= 0 && k.Group != group && !strings.HasSuffix(group, "."+k.Group) {
				continue
			}
			if pass == 0 && (name == k.Resource || name == strings.ToLower(k.Kind)) {
				return k
			}
			if pass == 1 {
				for _, s := range k.ShortNames {
					if name == s {
						return k
					}
				}
			}
		}
	}
	return nil
}

// register adds or replaces a kind (a CustomResourceDefinition was
// written).
func (r *kindRegistry) register(k Kind) {
	for i, old := range r.kinds {
		if old.Group == k.Group && old.Kind == k.Kind {
			r.kinds[i] = &k
			return
		}
	}
	r.kinds = append(r.kinds, &k)
	r.sort()
}

// unregister removes a custom kind (its CustomResourceDefinition was
// deleted).
func (r *kindRegistry) unregister(group, kind string) {
	for i := range r.kinds {
		if r.kinds[i].Group == group && r.kinds[i].Kind == kind && r.kinds[i].Custom {
			r.kinds = append(r.kinds[:i], r.kinds[i+1:]...)
			return
		}
	}
}

// kindFromCRD reads the kind a CustomResourceDefinition registers; false
// when the object does not name one.
func kindFromCRD(crd map[string]any) (Kind, bool) {
	spec, _ := crd["spec"].(map[string]any)
	names, _ := spec["names"].(map[string]any)
	group, _ := spec["group"].(string)
	kind, _ := names["kind"].(string)
	plural, _ := names["plural"].(string)
	if kind == "" || plural == "" {
		return Kind{}, false
	}
	k := Kind{Group: group, Kind: kind, Resource: plural, Custom: true}
	k.Namespaced = spec["scope"] != "Cluster"
	if singular, _ := names["singular"].(string); singular != "" && singular != strings.ToLower(kind) {
		k.ShortNames = append(k.ShortNames, singular)
	}
	if shorts, ok := names["shortNames"].([]any); ok {
		for _, s := range shorts {
			if str, ok := s.(string); ok {
				k.ShortNames = append(k.ShortNames, str)
			}
		}
	}
	versions, _ := spec["versions"].([]any)
	for _, v := range versions {
		vm, _ := v.(map[string]any)
		name, _ := vm["name"].(string)
		if vm["storage"] == true || k.Version == "" {
			k.Version = name
		}
	}
	return k, true
}

func splitAPIVersion(apiVersion string) (group, version string) {
	if i := strings.IndexByte(apiVersion, '/'); i >= 0 {
		return apiVersion[:i], apiVersion[i+1:]
	}
	return "", apiVersion
}

// guessedResource is the plural kubectl's RESTMapper guesses for a kind
// it has no discovery for (UnsafeGuessKindToResource).
func guessedResource(kind string) string {
	k := strings.ToLower(kind)
	switch {
	case k == "":
		return k
	case strings.HasSuffix(k, "s"):
		return k + "es"
	case strings.HasSuffix(k, "y"):
		return k[:len(k)-1] + "ies"
	}
	return k + "s"
}
