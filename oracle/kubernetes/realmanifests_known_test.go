package kubernetes

// disagreementClass groups the known disagreements of TestRealManifests
// by what the simulation lacks.
type disagreementClass string

const (
	allocation disagreementClass = "Service allocation"
)

// disagreement is why a document of the real manifests does not agree
// yet.
type disagreement struct {
	class disagreementClass
	why   string
}

func (d disagreement) String() string { return string(d.class) + ": " + d.why }

// Reasons shared by several documents.
var (
	ipv6Service = disagreement{allocation, "an IPv6 or dual-stack Service: the simulation gives it an IPv4 cluster IP, which the server's validation refuses (a single-stack IPv4 cluster's allocator refuses the family first; its message is not compared here)"}
)

// knownDisagreements are the documents of ../shared/real-manifests on
// which the simulated cluster and the real server disagree today, by
// document ("path#N"). The list may only shrink.
var knownDisagreements = map[string]disagreement{
	"istio/istio/samples/bookinfo/platform/kube/bookinfo-details-dualstack.yaml#1":           ipv6Service,
	"istio/istio/samples/bookinfo/platform/kube/bookinfo-dualstack.yaml#1":                   ipv6Service,
	"istio/istio/samples/bookinfo/platform/kube/bookinfo-dualstack.yaml#4":                   ipv6Service,
	"istio/istio/samples/bookinfo/platform/kube/bookinfo-ratings-discovery-dualstack.yaml#1": ipv6Service,
	"istio/istio/samples/bookinfo/platform/kube/bookinfo-ratings-dualstack.yaml#1":           ipv6Service,
	"istio/istio/samples/helloworld/helloworld-dual-stack.yaml#1":                            ipv6Service,
	"istio/istio/samples/tcp-echo/tcp-echo-dual-stack.yaml#1":                                ipv6Service,
	"istio/istio/samples/tcp-echo/tcp-echo-ipv6.yaml#1":                                      ipv6Service,
}
