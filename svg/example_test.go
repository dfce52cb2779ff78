package svg_test

import (
	"errors"
	"fmt"
	"log"
	"strings"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/svg"
)

// Draw the rules page's first diagram with its move Bxe4, Ne4xc3, Qc3xc6 drawn as
// its chain, 400 pixels wide, with coordinates.
func Example() {
	p := pacosako.MustParseFEN("4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -")
	m, err := p.ParseSAN("Bxe4,Ne4xc3,Qc3xc6")
	if err != nil {
		log.Fatal(err)
	}
	var b strings.Builder
	err = svg.Render(&b, p, svg.Options{
		Size:        400,
		Coordinates: true,
		Move:        m,
	})
	if err != nil {
		log.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	fmt.Println(lines[0])
	fmt.Println(lines[1])
	fmt.Println(strings.Count(b.String(), `<use class="piece`), "figures")
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" viewBox="0 0 880 880" width="400" height="400">
	// <desc>4k3/8/2q5/8/4o3/2w2B2/8/5K2 w 0 - - -</desc>
	// 8 figures
}

// The path of a move: where it starts and every square it places on; for the
// position after the move, its squares tinted as the last move.
func ExampleMovePath() {
	p := pacosako.MustParseFEN("4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -")
	m, _ := p.ParseSAN("Bxe4,Ne4xc3,Qc3xc6")
	path, err := svg.MovePath(p, m)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(path.Chain.Squares)
	after := svg.Options{LastMove: pacosako.SquareSet(path.Chain.Squares...)}
	fmt.Println(after.LastMove)

	// In the middle of the move the chain starts where the hand hovers.
	mid, _ := p.ApplyAll([]pacosako.Action{pacosako.Lift(pacosako.F3), pacosako.Place(pacosako.E4)})
	rest, _ := mid.ParseCoordinate("-c3c6")
	path, err = svg.MovePath(mid, rest)
	fmt.Println(path.Chain.Squares, err)

	// A move of the other game is an error.
	_, err = svg.MovePath(atomic.StartingPosition(), m)
	fmt.Println(errors.Is(err, svg.ErrInvalidOptions))
	// Output:
	// [f3 e4 c3 c6]
	// c3,c6,e4,f3
	// [e4 c3 c6] <nil>
	// true
}

// A rules-page diagram with marked squares, drawn with its marks as dots.
func ExampleString() {
	d, err := pacosako.ParseDiagram("fen:rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 a5,b7:")
	if err != nil {
		log.Fatal(err)
	}
	p, err := pacosako.Setup{Board: d.Board}.Position()
	if err != nil {
		log.Fatal(err)
	}
	s := svg.String(p, svg.Options{Dots: d.Marks, Orientation: pacosako.Black})
	fmt.Println(strings.Count(s, `<circle class="dot`), "dots,", len(s) > 10000)
	// Output:
	// 2 dots, true
}

// The rules page's chain played as an animation that loops: a still with the
// chain for renderers without SMIL, the carried figures moving in browsers.
func ExampleAnimate() {
	p := pacosako.MustParseFEN("4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -")
	m, err := p.ParseSAN("Bxe4,Ne4xc3,Qc3xc6")
	if err != nil {
		log.Fatal(err)
	}
	var b strings.Builder
	if err := svg.Animate(&b, p, m, svg.Options{Size: 400}, svg.Animation{}); err != nil {
		log.Fatal(err)
	}
	s := b.String()
	fmt.Println(strings.Count(s, `<g class="moving `), "moving figures,", strings.Contains(s, `dur="6400ms" repeatCount="indefinite"`))
	// Output:
	// 4 moving figures, true
}

// Two diagrams with captions side by side.
func ExampleSheet() {
	rules, _ := pacosako.ParseDiagram("fen:4k3/8/2q5/8/4O3/2w2B2/8/5K2:")
	p, err := pacosako.Setup{Board: rules.Board}.Position()
	if err != nil {
		log.Fatal(err)
	}
	var b strings.Builder
	err = svg.Sheet(&b, []svg.SheetItem{
		{Position: p, Caption: "White to move"},
		{Position: pacosako.StartingPosition(), Caption: "The start"},
	}, svg.SheetOptions{Columns: 2, Size: 600})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(strings.SplitN(b.String(), "\n", 2)[0])
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" viewBox="0 0 1720 960" width="600" height="334.88">
}

// The Atomic rules page's example: the position before 1.Nxb7, with the move
// (Options.Move): its path, the squares its blast reaches (tinted) and the
// pieces it removes (faded); the pawns on a7 and c6 stay.
func ExampleRender_atomic() {
	p := atomic.MustParseFEN("rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 w - - 0 1")
	m, err := p.ParseSAN("Nxb7")
	if err != nil {
		log.Fatal(err)
	}
	var b strings.Builder
	err = svg.Render(&b, p, svg.Options{
		Coordinates: true,
		Move:        m,
	})
	if err != nil {
		log.Fatal(err)
	}
	doc := b.String()
	fmt.Println(strings.Split(doc, "\n")[1])
	fmt.Println(strings.Count(doc, `class="blast `), "blast squares,", strings.Count(doc, `class="vanishing `), "vanishing pieces")
	// Output:
	// <desc>rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 w - - 0 1</desc>
	// 9 blast squares, 5 vanishing pieces
}

// An Atomic capture's path, the squares its blast reaches and those it empties.
func ExampleMovePath_atomic() {
	p := atomic.MustParseFEN("rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 w - - 0 1")
	m, _ := p.ParseSAN("Nxb7")
	path, err := svg.MovePath(p, m)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(path.Chain.Squares)
	fmt.Println(path.Blast)
	fmt.Println(path.Vanishing)
	// Output:
	// [a5 b7]
	// a6,a7,a8,b6,b7,b8,c6,c7,c8
	// a5,a8,b7,b8,c8
}
