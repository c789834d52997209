package cluster

import (
	"hash/maphash"
	"iter"
)

// storeBuckets is how many parts the store is copied in.
const storeBuckets = 256

// objectStore is the stored objects by key, copied on write part by
// part: the timeline keeps a copy of the cluster after every command
// (Cluster.Clone), which copies the store's fixed array of buckets, and a
// write copies only the bucket of the key it writes. Neither costs in
// proportion to everything stored. The objects themselves are shared:
// a stored object is never changed in place (a write stores a new one).
type objectStore struct {
	// owner marks the buckets this store may change in place: those it
	// made since it was last cloned.
	owner   *byte
	buckets [storeBuckets]*storeBucket
	n       int
}

type storeBucket struct {
	owner   *byte
	objects map[objectKey]map[string]any
}

// storeSeed spreads keys over buckets; the order of buckets is never
// seen (whatever lists objects sorts them).
var storeSeed = maphash.MakeSeed()

func bucketOf(key objectKey) int { return int(maphash.Comparable(storeSeed, key) % storeBuckets) }

func newObjectStore() *objectStore { return &objectStore{owner: new(byte)} }

// get is the object stored under key; nil when none is.
func (s *objectStore) get(key objectKey) map[string]any {
	if b := s.buckets[bucketOf(key)]; b != nil {
		return b.objects[key]
	}
	return nil
}

// set stores obj under key.
func (s *objectStore) set(key objectKey, obj map[string]any) {
	b := s.writable(bucketOf(key))
	if _, had := b.objects[key]; !had {
		s.n++
	}
	b.objects[key] = obj
}

// remove takes the object stored under key out.
func (s *objectStore) remove(key objectKey) {
	i := bucketOf(key)
	if b := s.buckets[i]; b == nil {
		return
	} else if _, ok := b.objects[key]; !ok {
		return
	}
	delete(s.writable(i).objects, key)
	s.n--
}

// writable is bucket i, copied first unless this store made it.
func (s *objectStore) writable(i int) *storeBucket {
	b := s.buckets[i]
	if b != nil && b.owner == s.owner {
		return b
	}
	nb := &storeBucket{owner: s.owner}
	if b == nil {
		nb.objects = map[objectKey]map[string]any{}
	} else {
		nb.objects = make(map[objectKey]map[string]any, len(b.objects)+1)
		for k, o := range b.objects {
			nb.objects[k] = o
		}
	}
	s.buckets[i] = nb
	return nb
}

// clone is a copy of s; from now on both copy a bucket before they
// change it.
func (s *objectStore) clone() *objectStore {
	s.owner = new(byte)
	return &objectStore{owner: new(byte), buckets: s.buckets, n: s.n}
}

// len is how many objects are stored.
func (s *objectStore) len() int { return s.n }

// all yields every stored object, in no particular order.
func (s *objectStore) all() iter.Seq2[objectKey, map[string]any] {
	return func(yield func(objectKey, map[string]any) bool) {
		for _, b := range s.buckets {
			if b == nil {
				continue
			}
			for k, o := range b.objects {
				if !yield(k, o) {
					return
				}
			}
		}
	}
}
