package uci_test

import (
	"context"
	"fmt"
	"time"

	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/uci"
)

// Ask an engine for its move after 1. e4 and print its evaluation as it
// searches. The engine's path is the caller's (here a Fairy-Stockfish build).
func Example() {
	ctx := context.Background()
	e, err := uci.Start(ctx, uci.Config{Path: "fairy-stockfish", Timeout: 5 * time.Second})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer e.Close()
	if err := e.SetOption(ctx, "Hash", "16"); err != nil {
		fmt.Println(err)
		return
	}
	g, _ := atomic.NewGame(atomic.StartingPosition()).PlayUCI("e2e4")
	res, err := e.Go(ctx, g, uci.Limits{MoveTime: 100 * time.Millisecond}, func(i uci.Info) {
		if i.Has(uci.HasScore | uci.HasPV) {
			fmt.Println(i.Depth, i.Score, i.PV)
		}
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("best:", res.BestMove)
}
