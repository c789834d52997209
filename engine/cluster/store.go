package cluster

import (
	"hash/maphash"
	"iter"
)

// storeBuckets is how many parts a kind's objects are copied in.
const storeBuckets = 256

// objectStore is the stored objects by kind and key, copied on write part
// by part: the timeline keeps a copy of the cluster after every command
// (Cluster.Clone), which copies the store's map of kinds, and a write
// copies only its kind's array of buckets and the bucket of the key it
// writes. Neither costs in proportion to everything stored, and listing
// a kind reads that kind's objects only. The objects themselves are
// shared: a stored object is never changed in place (a write stores a
// new one).
type objectStore struct {
	// owner marks the kinds and buckets this store may change in place:
	// those it made since it was last cloned.
	owner *byte
	kinds map[groupKind]*kindStore
	n     int
}

// kindStore is one kind's objects.
type kindStore struct {
	owner   *byte
	buckets [storeBuckets]*storeBucket
}

type storeBucket struct {
	owner   *byte
	objects map[objectKey]map[string]any
}

// storeSeed spreads keys over buckets; the order of buckets is never
// seen (whatever lists objects sorts them).
var storeSeed = maphash.MakeSeed()

func bucketOf(key objectKey) int { return int(maphash.Comparable(storeSeed, key) % storeBuckets) }

func kindOfKey(key objectKey) groupKind { return groupKind{key.Group, key.Kind} }

func newObjectStore() *objectStore {
	return &objectStore{owner: new(byte), kinds: map[groupKind]*kindStore{}}
}

// get is the object stored under key; nil when none is.
func (s *objectStore) get(key objectKey) map[string]any {
	if k := s.kinds[kindOfKey(key)]; k != nil {
		if b := k.buckets[bucketOf(key)]; b != nil {
			return b.objects[key]
		}
	}
	return nil
}

// set stores obj under key.
func (s *objectStore) set(key objectKey, obj map[string]any) {
	b := s.writable(key)
	if _, had := b.objects[key]; !had {
		s.n++
	}
	b.objects[key] = obj
}

// remove takes the object stored under key out.
func (s *objectStore) remove(key objectKey) {
	if s.get(key) == nil {
		return
	}
	delete(s.writable(key).objects, key)
	s.n--
}

// writable is the bucket of key, copied first (and its kind's array of
// buckets) unless this store made it.
func (s *objectStore) writable(key objectKey) *storeBucket {
	gk := kindOfKey(key)
	k := s.kinds[gk]
	if k == nil || k.owner != s.owner {
		nk := &kindStore{owner: s.owner}
		if k != nil {
			nk.buckets = k.buckets
		}
		k = nk
		s.kinds[gk] = k
	}
	i := bucketOf(key)
	b := k.buckets[i]
	if b != nil && b.owner == s.owner {
		return b
	}
	nb := &storeBucket{owner: s.owner}
	if b == nil {
		nb.objects = map[objectKey]map[string]any{}
	} else {
		nb.objects = make(map[objectKey]map[string]any, len(b.objects)+1)
		for key, o := range b.objects {
			nb.objects[key] = o
		}
	}
	k.buckets[i] = nb
	return nb
}

// clone is a copy of s; from now on both copy a kind's buckets and a
// bucket before they change them.
func (s *objectStore) clone() *objectStore {
	s.owner = new(byte)
	kinds := make(map[groupKind]*kindStore, len(s.kinds))
	for gk, k := range s.kinds {
		kinds[gk] = k
	}
	return &objectStore{owner: new(byte), kinds: kinds, n: s.n}
}

// len is how many objects are stored.
func (s *objectStore) len() int { return s.n }

// all yields every stored object, in no particular order.
func (s *objectStore) all() iter.Seq2[objectKey, map[string]any] {
	return func(yield func(objectKey, map[string]any) bool) {
		for _, k := range s.kinds {
			if !k.each(yield) {
				return
			}
		}
	}
}

// ofKind yields the stored objects of one group and kind, in no
// particular order.
func (s *objectStore) ofKind(group, kind string) iter.Seq2[objectKey, map[string]any] {
	return func(yield func(objectKey, map[string]any) bool) {
		if k := s.kinds[groupKind{group, kind}]; k != nil {
			k.each(yield)
		}
	}
}

func (k *kindStore) each(yield func(objectKey, map[string]any) bool) bool {
	for _, b := range k.buckets {
		if b == nil {
			continue
		}
		for key, o := range b.objects {
			if !yield(key, o) {
				return false
			}
		}
	}
	return true
}
