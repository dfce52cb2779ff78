package replaypage

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/records"
	"github.com/pacosako-go/pacosako/svg"
)

//go:embed page.tmpl
var pageTemplate string

//go:embed replay.js
var replayJS string

//go:embed replay.css
var replayCSS string

var tmpl = template.Must(template.New("replaypage").Parse(pageTemplate))

// ErrInvalidRecord is wrapped by the error of Write and WriteEmbed for a
// record of neither game: nil, or a type of the caller's that has the methods
// of records.Record.
var ErrInvalidRecord = errors.New("replaypage: not a record of either game")

// Write writes rec, a pacosako.Record or an atomic.Record, as a self-contained
// HTML document (UTF-8): the game's tags (Event names the page; the tags the
// game is read from — Result, Variant, FEN … — are left to what the page shows
// of the game, a Termination word kept), the move list of its main line
// (rec.Game's) with the result and the record's comments, NAGs and variations
// (rec.Comment, rec.Notes; variations to click through), and the board. Text
// from rec is escaped, its control characters made spaces (see the package doc
// for the bounds). The error wraps ErrInvalidRecord for a record of neither
// game; otherwise it is the writer's.
func Write(w io.Writer, rec records.Record) error {
	v, err := viewOf(rec, true)
	if err != nil {
		return err
	}
	return write(w, v)
}

// WriteEmbed writes rec as one <div> followed by one inline <script>, to be put
// into the body of another HTML page, as often as it likes, games of both games
// alike: the script draws into the <div> before it, listens to keys while the
// game has the focus (a click on it, or Tab), and adds the style sheet to the
// page's <head> once for every game on it (as <style id="psr-style">). It reads
// #ply=N, #flip and #selftest from the host page's fragment but does not change
// it. The errors are Write's.
func WriteEmbed(w io.Writer, rec records.Record) error {
	v, err := viewOf(rec, false)
	if err != nil {
		return err
	}
	return write(w, v)
}

// viewOf reads what the page shows of rec, a whole page or an embedded game
// (page): its game chosen once, by its type.
func viewOf(rec records.Record, page bool) (view, error) {
	switch rec := rec.(type) {
	case pacosako.Record:
		return pacoView(rec, page), nil
	case atomic.Record:
		return atomicView(rec, page), nil
	}
	return view{}, fmt.Errorf("%w: %T is neither a pacosako.Record nor an atomic.Record", ErrInvalidRecord, rec)
}

// write writes v, a whole page or an embedded game as v.Script.Page says.
func write(w io.Writer, v view) error {
	page := v.Script.Page
	defs, err := svg.Symbols(v.ID+"-", svg.Colors{})
	if err != nil {
		return err // the prefix is a letter and hex digits, the colours the defaults
	}
	if !page {
		v.Script.CSS = replayCSS
	}
	data, err := json.Marshal(v.Script)
	if err != nil {
		return err // plain data: no error
	}
	name := "game"
	if page {
		name = "page"
	}
	return tmpl.ExecuteTemplate(w, name, struct {
		view
		CSS     template.CSS
		Symbols template.HTML
		Script  template.JS
		Data    template.JS
	}{v, template.CSS(replayCSS), template.HTML(defs), template.JS(replayJS), template.JS(data)})
}
