package repetition

import (
	"math/rand/v2"
	"testing"
)

// pos is a test position: its value, and the hash the index sees (hash
// collisions between different values are made on purpose).
type pos struct{ v, h int }

func newIndex() *Index[pos] { return New(func(a, b *pos) bool { return a.v == b.v }) }

// scanCount is the count Node.Count must equal: the node's value among the nodes
// of its chain back to the newest that made progress, that one included.
func scanCount(n *Node[pos], progress map[*Node[pos]]bool) int {
	c := 0
	for q := n; q != nil; q = q.parent {
		if q.Value.v == n.Value.v {
			c++
		}
		if progress[q] {
			break
		}
	}
	return c
}

// TestCountsOnRandomTrees adds positions after random earlier nodes (a game
// going on, taken back, branching) and checks every count against a scan of the
// chain, with few values (many repetitions), colliding hashes and random progress.
func TestCountsOnRandomTrees(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		r := rand.New(rand.NewPCG(seed, 7))
		x := newIndex()
		progress := map[*Node[pos]]bool{}
		var nodes []*Node[pos]
		var tip *Node[pos]
		for i := 0; i < 600; i++ {
			switch k := r.IntN(20); {
			case k == 0:
				tip = nil // a new first position
			case k < 3 && len(nodes) > 0:
				tip = nodes[r.IntN(len(nodes))] // branch from anywhere
			case k < 5 && tip != nil:
				for j := r.IntN(4); j > 0 && tip.parent != nil; j-- {
					tip = tip.parent // take back a few
				}
			}
			v := r.IntN(5)
			n := new(Node[pos])
			prog := r.IntN(12) == 0
			x.Add(n, tip, pos{v: v, h: v % 3}, uint64(v%3), prog)
			progress[n] = prog || tip == nil
			if want := scanCount(n, progress); n.Count() != want {
				t.Fatalf("seed %d, add %d: count %d, want %d", seed, i, n.Count(), want)
			}
			if n.Parent() != tip {
				t.Fatalf("seed %d, add %d: parent changed", seed, i)
			}
			nodes = append(nodes, n)
			tip = n
		}
	}
}

// work adds n positions in a line of four repeating values (a shuffle of
// knights) without progress, taking back and replaying one position every
// eighth, and returns the pushes and pops the index made.
func work(n int) int {
	x := newIndex()
	var tip *Node[pos]
	for i := 0; i < n; i++ {
		if i%8 == 7 {
			tip = tip.parent // a takeback
		}
		nd := new(Node[pos])
		x.Add(nd, tip, pos{v: i % 4, h: i % 4}, uint64(i%4), i == 0)
		tip = nd
	}
	return x.ops
}

// TestLinearCost: going forward with takebacks costs a bounded number of index
// operations per position (the scan it replaces was quadratic).
func TestLinearCost(t *testing.T) {
	small, big := work(2000), work(8000)
	if big > 4*small+16 || big > 2*8000 {
		t.Errorf("index operations: %d for 2000 positions, %d for 8000: want linear growth, at most 2 per position", small, big)
	}
}

// TestBranchCost: adding after a node other than the last one added costs the
// nodes between the two (siblings: a few), and never more than about twice the
// new node's window, however far apart the two lines are.
func TestBranchCost(t *testing.T) {
	x := newIndex()
	var line []*Node[pos]
	var tip *Node[pos]
	add := func(parent *Node[pos], v int, progress bool) (*Node[pos], int) {
		before := x.ops
		n := new(Node[pos])
		x.Add(n, parent, pos{v: v, h: v}, uint64(v), progress)
		return n, x.ops - before
	}
	for i := 0; i < 3000; i++ {
		tip, _ = add(tip, i%4, i == 0)
		line = append(line, tip)
	}
	// Taking back 999 half-moves and playing on: 999 pops and a push.
	if _, ops := add(line[2000], 5, false); ops != 1000 {
		t.Fatalf("after taking back 999 nodes: %d operations, want 1000", ops)
	}
	// Then siblings, one after the other, from the same node: a pop and a push each.
	for i := 0; i < 100; i++ {
		if _, ops := add(line[2000], 5+i%3, false); ops != 2 {
			t.Fatalf("sibling %d: %d operations, want 2", i, ops)
		}
	}
	// Far apart: the middle and the end of the line, in turn.
	for i := 0; i < 50; i++ {
		for _, from := range []*Node[pos]{line[1500], line[2999]} {
			_, ops := add(from, 7, false)
			if window := from.n - from.start + 2; ops > 2*window+2 {
				t.Fatalf("after node %d: %d operations, want at most twice its window (%d)", from.n, ops, window)
			}
		}
	}
	// After a node with progress, whose window is short, far from the last one:
	// its window at most.
	p, _ := add(line[100], 8, true)
	for i := 0; i < 10; i++ {
		add(line[2999], 3, false)
		q, ops := add(p, 8, false)
		if q.Count() != 2 {
			t.Fatalf("count %d after a position's second occurrence in its window, want 2", q.Count())
		}
		if ops > 4 {
			t.Fatalf("after a node with progress far from the last node added: %d operations, want at most 4 (twice its window, 1, and 2)", ops)
		}
	}
}

// TestConcurrentAdds: values of one game played from several goroutines keep
// exact counts (run with -race).
func TestConcurrentAdds(t *testing.T) {
	x := newIndex()
	first := new(Node[pos])
	x.Add(first, nil, pos{v: 0}, 0, true)
	done := make(chan [2]int)
	for g := 0; g < 4; g++ {
		go func() {
			tip := first
			bad := 0
			for i := 1; i <= 500; i++ {
				n := new(Node[pos])
				v := i % 2
				x.Add(n, tip, pos{v: v}, uint64(v), false)
				if want := i/2 + 1; n.Count() != want {
					bad++
				}
				tip = n
			}
			done <- [2]int{g, bad}
		}()
	}
	for g := 0; g < 4; g++ {
		if r := <-done; r[1] != 0 {
			t.Errorf("goroutine %d: %d wrong counts", r[0], r[1])
		}
	}
}
