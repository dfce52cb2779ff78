package pacosako

// chunks is a list stored in chunks of chunkLen elements. Growing it allocates one
// more chunk and never copies: a slice that grows by doubling holds its old and
// new arrays at once and leaves the old one to the garbage collector, which on a
// count search of tens of millions of states is gigabytes of peak memory for
// nothing. An element keeps its address for the life of the list.
type chunks[T any] struct {
	c [][]T // the chunks in order; all but the last are full
	n int   // number of elements
}

// chunkShift sets the chunk size: 4,096 elements, a few hundred kilobytes for
// search states, so that a small search needs one chunk and a large one wastes at
// most one partly filled.
const (
	chunkShift = 12
	chunkLen   = 1 << chunkShift
)

// len returns the number of elements.
func (l *chunks[T]) len() int { return l.n }

// at returns element i (0 <= i < l.len()).
func (l *chunks[T]) at(i int) *T { return &l.c[i>>chunkShift][i&(chunkLen-1)] }

// push appends an element and returns it for the caller to fill: after a reset its
// content is whatever was stored there before, so every field must be set.
func (l *chunks[T]) push() *T {
	if l.n == len(l.c)*chunkLen {
		l.c = append(l.c, make([]T, chunkLen))
	}
	e := l.at(l.n)
	l.n++
	return e
}

// reset empties the list and keeps its chunks for reuse (putSearcher drops the
// searchers of large searches).
func (l *chunks[T]) reset() { l.n = 0 }
