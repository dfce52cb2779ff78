package pacosako_test

import (
	"context"
	"fmt"

	"github.com/pacosako-go/pacosako"
)

// Solve finds the shortest forced Paco, every first move that forces it, and a
// proof of each. Here the quiet Qg6 (no Ŝako) leaves the lone black king no
// square from which it escapes: a sound puzzle, Paco in 3.
func ExampleSolve() {
	p := pacosako.MustParseFEN("8/8/Q7/8/8/3K3k/8/8 w 0 - - -")
	sol, err := pacosako.Solve(context.Background(), p, pacosako.SolveOptions{MaxN: 3, Proofs: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.N, len(sol.Moves), sol.Sound())
	fmt.Print(sol.Proofs[0])
	// The engine's chasing Paco needs Ŝako on every move: not in 3 here.
	chase, _ := pacosako.Solve(context.Background(), p, pacosako.SolveOptions{MaxN: 3, Chasing: true})
	fmt.Println(chase.N)
	// Output:
	// 3 1 true
	// Qg6
	//   Kg2
	//     Qxg2#
	//   Kh2
	//     Qg2+
	//       Kg1
	//         Qxg1#
	//       Kh1
	//         Qxh1#
	//       Kg3
	//         Qxg3#
	//       Kh3
	//         Qxh3#
	//   Kg3
	//     Qxg3#
	//   Kg4
	//     Qxg4#
	//   Kh4
	//     Qg4+
	//       Kg3
	//         Qxg3#
	//       Kh3
	//         Qxh3#
	//       Kg5
	//         Qxg5#
	//       Kh5
	//         Qxh5#
	// 0
}
