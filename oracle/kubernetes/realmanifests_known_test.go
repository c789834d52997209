package kubernetes

// disagreementClass groups the known disagreements of TestRealManifests
// by what the simulation lacks.
type disagreementClass string

// disagreement is why a document of the real manifests does not agree
// yet.
type disagreement struct {
	class disagreementClass
	why   string
}

func (d disagreement) String() string { return string(d.class) + ": " + d.why }

// knownDisagreements are the documents of ../shared/real-manifests on
// which the simulated cluster and the real server disagree today, by
// document ("path#N"). The list may only shrink; it is empty: the last
// eight, IPv6 and dual-stack Services, are refused alike since the real
// side runs the Service REST storage's allocator (realalloc_test.go) on a
// single-stack IPv4 cluster and the simulation checks the families as it
// does (apiserver.ServiceIPFamilies).
var knownDisagreements = map[string]disagreement{}
