package kubernetes

import (
	"context"
	"fmt"
	"io"
	"net"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/registry/generic"
	apistorage "k8s.io/apiserver/pkg/storage"
	"k8s.io/apiserver/pkg/storage/storagebackend"
	"k8s.io/apiserver/pkg/storage/storagebackend/factory"
	"k8s.io/client-go/tools/cache"
	"k8s.io/klog/v2"
	api "k8s.io/kubernetes/pkg/apis/core"
	"k8s.io/kubernetes/pkg/registry/core/service/ipallocator"
	"k8s.io/kubernetes/pkg/registry/core/service/portallocator"
	servicestorage "k8s.io/kubernetes/pkg/registry/core/service/storage"
)

// This file gives the real-manifest test the Service REST storage's own
// allocation (its BeginCreate hook: the IP family fields checked against
// the cluster's configuration, the cluster IPs, the node ports), on a
// cluster configured as kind and kubeadm configure one: single-stack IPv4
// (--service-cluster-ip-range 10.96.0.0/16 for kind), node ports
// 30000-32767. Only the addresses are stand-ins: a real allocator picks
// them at random, these give the lowest free one from 10.96.0.10 and
// 30000, as the simulated cluster does, so that the stored objects
// compare.

// serviceAllocation is a Service REST storage with a cluster's allocators;
// its store is never reached (only BeginCreate is called).
type serviceAllocation struct {
	rest  *servicestorage.REST
	ips   *lowestIPs
	ports *lowestPorts
}

func newServiceAllocation(t testing.TB) *serviceAllocation {
	t.Helper()
	// The allocator logs every address it commits.
	klog.LogToStderr(false)
	klog.SetOutput(io.Discard)
	ips := &lowestIPs{taken: map[string]bool{}}
	ports := &lowestPorts{taken: map[int]bool{}}
	opts := generic.RESTOptions{
		StorageConfig:  &storagebackend.ConfigForResource{},
		ResourcePrefix: "services",
		Decorator: func(*storagebackend.ConfigForResource, string, func(runtime.Object) (string, error), func() runtime.Object, func() runtime.Object, apistorage.AttrFunc, apistorage.IndexerFuncs, *cache.Indexers) (apistorage.Interface, factory.DestroyFunc, error) {
			return nil, func() {}, nil
		},
	}
	r, _, _, err := servicestorage.NewREST(opts, api.IPv4Protocol, map[api.IPFamily]ipallocator.Interface{api.IPv4Protocol: ips}, ports, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return &serviceAllocation{rest: r, ips: ips, ports: ports}
}

// reset frees every address, as on a fresh cluster.
func (a *serviceAllocation) reset() {
	a.ips.taken = map[string]bool{}
	a.ports.taken = map[int]bool{}
}

// begin runs the storage's BeginCreate on an internal Service; the
// returned function commits (success) or reverts the allocation.
func (a *serviceAllocation) begin(ctx context.Context, obj runtime.Object) (func(bool), error) {
	finish, err := a.rest.Store.BeginCreate(ctx, obj, &metav1.CreateOptions{})
	if err != nil {
		return nil, err
	}
	return func(ok bool) { finish(ctx, ok) }, nil
}

// lowestIPs is an IPv4 allocator over 10.96.0.0/16 handing out the lowest
// free address from 10.96.0.10.
type lowestIPs struct{ taken map[string]bool }

var serviceCIDR = func() net.IPNet {
	_, n, err := net.ParseCIDR("10.96.0.0/16")
	if err != nil {
		panic(err)
	}
	return *n
}()

func (a *lowestIPs) Allocate(ip net.IP) error {
	if !serviceCIDR.Contains(ip) {
		return &ipallocator.ErrNotInRange{IP: ip, ValidRange: serviceCIDR.String()}
	}
	if a.taken[ip.String()] {
		return ipallocator.ErrAllocated
	}
	a.taken[ip.String()] = true
	return nil
}

func (a *lowestIPs) AllocateNext() (net.IP, error) {
	for n := 10; n < 1<<16-1; n++ {
		ip := net.ParseIP(fmt.Sprintf("10.96.%d.%d", n/256, n%256))
		if !a.taken[ip.String()] {
			a.taken[ip.String()] = true
			return ip, nil
		}
	}
	return nil, ipallocator.ErrFull
}

func (a *lowestIPs) Release(ip net.IP) error { delete(a.taken, ip.String()); return nil }
func (a *lowestIPs) ForEach(f func(net.IP)) {
	for ip := range a.taken {
		f(net.ParseIP(ip))
	}
}
func (a *lowestIPs) CIDR() net.IPNet               { return serviceCIDR }
func (a *lowestIPs) IPFamily() api.IPFamily        { return api.IPv4Protocol }
func (a *lowestIPs) Has(ip net.IP) bool            { return a.taken[ip.String()] }
func (a *lowestIPs) Destroy()                      {}
func (a *lowestIPs) EnableMetrics()                {}
func (a *lowestIPs) DryRun() ipallocator.Interface { return a }

// lowestPorts is a node port allocator over 30000-32767 handing out the
// lowest free port.
type lowestPorts struct{ taken map[int]bool }

func (a *lowestPorts) Allocate(p int) error {
	if p < 30000 || p > 32767 {
		return &portallocator.ErrNotInRange{ValidPorts: "30000-32767"}
	}
	if a.taken[p] {
		return portallocator.ErrAllocated
	}
	a.taken[p] = true
	return nil
}

func (a *lowestPorts) AllocateNext() (int, error) {
	for p := 30000; p <= 32767; p++ {
		if !a.taken[p] {
			a.taken[p] = true
			return p, nil
		}
	}
	return 0, portallocator.ErrFull
}

func (a *lowestPorts) Release(p int) error { delete(a.taken, p); return nil }
func (a *lowestPorts) ForEach(f func(int)) {
	for p := range a.taken {
		f(p)
	}
}
func (a *lowestPorts) Has(p int) bool { return a.taken[p] }
func (a *lowestPorts) Destroy()       {}
func (a *lowestPorts) EnableMetrics() {}
