package svg

import (
	"bufio"
	"bytes"
	"image"
	"image/draw"
	"image/gif"
	"image/png"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
)

// historyGame reads the game of the history line name from the module's
// testdata/game_histories.tsv (<name>\t<start>\t<actions>; start "new" is the
// engine's new board, repetition draws off).
func historyGame(t testing.TB, name string) pacosako.Game {
	t.Helper()
	f, err := os.Open("../testdata/game_histories.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != 3 || fields[0] != name {
			continue
		}
		if fields[1] != "new" {
			t.Fatalf("%s starts from %q", name, fields[1])
		}
		actions, err := pacosako.ParseActions(fields[2])
		if err != nil {
			t.Fatal(err)
		}
		g, err := pacosako.NewGame(pacosako.StartingPosition(), pacosako.WithRepetitionLimit(0)).ApplyAll(actions)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	t.Fatalf("no history %s in ../testdata/game_histories.tsv", name)
	return pacosako.Game{}
}

// gifFrames decodes a GIF and returns every frame composed as a viewer shows
// it, with the delays.
func gifFrames(t testing.TB, data []byte) ([]*image.RGBA, *gif.GIF) {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not a GIF: %v", err)
	}
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var out []*image.RGBA
	for _, fr := range g.Image {
		draw.Draw(canvas, fr.Rect, fr, fr.Rect.Min, draw.Over)
		c := image.NewRGBA(canvas.Rect)
		copy(c.Pix, canvas.Pix)
		out = append(out, c)
	}
	return out, g
}

func TestGameGIFTmp(t *testing.T) {
	g := historyGame(t, "testdata::REPLAY_13103")
	var b bytes.Buffer
	rec := pacosako.Record{Game: g, Tags: []pacosako.Tag{{Name: "White", Value: "Ŝako Ada"}, {Name: "Black", Value: "Bob 一"}}}
	if err := GameGIF(&b, rec, Options{Size: 480, Coordinates: true}, GameAnimation{}); err != nil {
		t.Fatal(err)
	}
	os.WriteFile("/tmp/look/13103.gif", b.Bytes(), 0o644)
	frames, gg := gifFrames(t, b.Bytes())
	t.Logf("%d bytes, %d frames", b.Len(), len(frames)); _ = gg
	for i, f := range frames {
		if i%10 == 0 || i == len(frames)-1 {
			out, _ := os.Create(fmt.Sprintf("/tmp/look/13103-%02d.png", i))
			png.Encode(out, f)
			out.Close()
		}
	}
}
