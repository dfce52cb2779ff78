// Package repetition counts how often each position of a game's history has
// occurred, for the repetition draw of both games of the module, in constant
// amortised time per position.
//
// A game's history is a chain of Nodes, each holding a position and pointing to
// the one before; a persistent game value keeps the newest node of its chain, so
// values that branch from a common history share its nodes. Positions can only
// repeat within a window: the newest node that made progress (a capture or a pawn
// move in chess, a new union or a promotion in Paco Ŝako: something that cannot be
// undone) and the nodes after it. A node's Count, the occurrences of its position
// in its window with itself, is fixed when the node is added and never changes,
// so reading it is free and needs no lock.
//
// To find the count, an Index shared by the values of one game maps position
// hashes to the newest node with that hash in one chain, the one it last added
// to. Adding after that chain's newest node costs a map look-up and update.
// Adding after another node (a value that was taken back, or one that branched)
// first moves the index there: it takes back the nodes since the two chains part
// and enters the other chain's, or, when that would be longer, builds the index
// afresh from the new node's window. So a move costs O(1) amortised while a game
// goes forward with takebacks, and never more than O(window) when values branch
// at will (the cost of comparing the position with every earlier one of its
// window). A node that makes progress starts the index afresh (its window holds
// nothing earlier), so the index holds at most one window's positions and its
// undo list.
//
// Positions are compared by the game's equality function only when their hashes
// agree; equal positions must have equal hashes.
package repetition

import "sync"

// Node is one position of a game's history. Nodes are filled by Index.Add and
// read-only afterwards; the zero Node is not part of any history.
type Node[T any] struct {
	Value  T        // the position
	parent *Node[T] // the node before, or nil for the first
	prev   *Node[T] // the newest earlier node of the chain with the same hash (perhaps outside the window), or nil
	hash   uint64
	n      int // 1 for the first node of a chain
	start  int // n of the first node of the window: the newest node that made progress
	count  int // occurrences of Value in the window, this node included
}

// Parent returns the node before n in its history, or nil for the first.
func (n *Node[T]) Parent() *Node[T] { return n.parent }

// Count returns how often n's position occurs in its window (the positions since
// the newest one that made progress, that one included), n's own occurrence
// included: 1 for a position new to the window.
func (n *Node[T]) Count() int { return n.count }

// depth returns n's number in its chain, 0 for nil (the empty chain).
func depth[T any](n *Node[T]) int {
	if n == nil {
		return 0
	}
	return n.n
}

// Index finds the earlier occurrences of a position for Add. It is shared by
// every value of one game and safe for concurrent use; its methods lock it.
//
// It holds the chain ending at tip: newest maps a hash to the newest node of that
// chain with the hash, counting the nodes numbered from on; undo[i] is what
// newest held for the hash of node from+i before that node was added, so nodes
// are taken back in constant time. len(undo) == depth(tip) - from + 1.
type Index[T any] struct {
	equal  func(a, b *T) bool
	mu     sync.Mutex
	tip    *Node[T]
	from   int
	newest map[uint64]*Node[T]
	peak   int // the most entries newest has held since it was made: clearing costs that
	undo   []*Node[T]
	ops    int        // pushes and pops made, for the tests of the cost
	path   []*Node[T] // the nodes moveTo and rebuild enter, newest first (empty between calls)
}

// New returns an empty index for a game whose positions equal compares (only
// positions with equal hashes are compared).
func New[T any](equal func(a, b *T) bool) *Index[T] {
	return &Index[T]{equal: equal, from: 1, newest: map[uint64]*Node[T]{}}
}

// Add fills n as the position v after parent (nil: the first position of a
// history), with hash the position's hash, and counts v's occurrences in its
// window (Node.Count). progress says that v starts a new window: it was reached
// by a move that cannot be undone, so no earlier position can equal it. n must be
// a zero Node not yet in any history; parent a node this index filled.
//
// Cost: O(1) amortised when parent is the node this index last filled or one of
// its recent ancestors (the ancestors are taken back first); at most O(w) for any
// parent, w the number of nodes of the new node's window (see the package
// documentation).
func (x *Index[T]) Add(n, parent *Node[T], v T, hash uint64, progress bool) {
	*n = Node[T]{Value: v, parent: parent, hash: hash, n: depth(parent) + 1, count: 1}
	x.mu.Lock()
	defer x.mu.Unlock()
	if progress || parent == nil {
		n.start = n.n
		x.reset(n.n, parent)
	} else {
		n.start = parent.start
		x.moveTo(parent)
	}
	n.prev = x.newest[hash]
	for c := n.prev; c != nil && c.n >= n.start; c = c.prev {
		if x.equal(&c.Value, &n.Value) {
			n.count = c.count + 1
			break
		}
	}
	x.push(n)
}

// Ops returns how many nodes the index has entered and taken back since New: its
// work, which tests of the cost compare between games of different lengths.
func (x *Index[T]) Ops() int {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.ops
}

// push enters n, a node after tip, as the new tip.
func (x *Index[T]) push(n *Node[T]) {
	x.ops++
	x.undo = append(x.undo, x.newest[n.hash])
	x.newest[n.hash] = n
	x.peak = max(x.peak, len(x.newest))
	x.tip = n
}

// pop takes back tip; the index must hold it (len(undo) > 0).
func (x *Index[T]) pop() {
	x.ops++
	last := len(x.undo) - 1
	if old := x.undo[last]; old != nil {
		x.newest[x.tip.hash] = old
	} else {
		delete(x.newest, x.tip.hash)
	}
	x.undo[last] = nil // no longer keeps the node alive
	x.undo = x.undo[:last]
	x.tip = x.tip.parent
}

// reset empties the index, to hold the chain ending at tip from node from on
// (none of tip's nodes when from is past it).
func (x *Index[T]) reset(from int, tip *Node[T]) {
	if x.peak > 64 {
		x.newest, x.peak = map[uint64]*Node[T]{}, 0 // a big map costs its size to clear
	} else {
		clear(x.newest)
	}
	clear(x.undo)
	x.undo = x.undo[:0]
	x.from, x.tip = from, tip
}

// moveTo makes the index hold the chain ending at t, whose window it needs: by
// taking back the nodes of its chain down to where the two chains meet and
// entering t's from there, or when that would cost more than t's window, by
// rebuilding it from t's window.
func (x *Index[T]) moveTo(t *Node[T]) {
	if x.tip == t {
		return
	}
	budget := t.n - t.start + 1
	a, b := x.tip, t
	for steps := 0; a != b; steps++ {
		da, db := depth(a), depth(b)
		if steps > budget || da >= db && len(x.undo) == 0 {
			x.rebuild(t) // cheaper, or the index does not reach back that far
			return
		}
		if da >= db {
			x.pop()
			a = x.tip
		}
		if db >= da {
			x.path = append(x.path, b)
			b = b.parent
		}
	}
	if len(x.undo) == 0 {
		x.from = depth(a) + 1 // holding none of a's nodes, it holds those from a's successor on
	}
	if x.from > t.start {
		x.rebuild(t) // t's window starts before the nodes the index holds
		return
	}
	x.enterPath()
}

// rebuild makes the index hold t's window and nothing else.
func (x *Index[T]) rebuild(t *Node[T]) {
	clear(x.path)
	x.path = x.path[:0]
	for b := t; b != nil && b.n >= t.start; b = b.parent {
		x.path = append(x.path, b)
	}
	x.reset(t.start, x.path[len(x.path)-1].parent)
	x.enterPath()
}

// enterPath pushes the nodes of path (listed newest first), oldest first, and
// empties it.
func (x *Index[T]) enterPath() {
	for i := len(x.path) - 1; i >= 0; i-- {
		x.push(x.path[i])
		x.path[i] = nil
	}
	x.path = x.path[:0]
}
