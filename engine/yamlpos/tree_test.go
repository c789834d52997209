package yamlpos

import "testing"

// TestChunksGrow checks that Chunks keeps every element through the
// growth of its first block and the blocks after it.
func TestChunksGrow(t *testing.T) {
	var c Chunks[int32]
	for _, n := range []int{1, 0, 5, 31, 40, 500, 1000, 1, 3000} {
		first := c.Grow(n)
		for i := first; i < first+int32(n); i++ {
			if *c.At(i) != 0 {
				t.Fatalf("element %d is not new", i)
			}
			*c.At(i) = i + 1
		}
	}
	for i := int32(0); i < c.N; i++ {
		if *c.At(i) != i+1 {
			t.Fatalf("element %d is %d", i, *c.At(i))
		}
	}
}
